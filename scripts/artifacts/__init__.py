"""The site's generated artifacts: one registry, drawing functions, and one builder.

- :mod:`artifacts.registry` declares every figure, table, proof fragment, number set and
  example output once (name, parameters, alt text, caption, the function that makes it).
- :mod:`artifacts.style` holds the light and dark themes every figure is drawn with.
- ``figures/`` (one module per family of figures), :mod:`artifacts.tables`,
  :mod:`artifacts.numbers`, :mod:`artifacts.proofs` turn ``pe`` data into a figure, a
  table, numbers or proof fragments; ``results/`` turns the experiments' runs
  (:mod:`artifacts.runs`) into tables and numbers. They know nothing about paths, theme
  files or caching.
- :mod:`artifacts.render` turns one artifact into file contents (run in worker processes);
  :mod:`artifacts.builder` decides what is stale, runs the work in parallel, writes files
  atomically and keeps the manifest. ``scripts/build_artifacts.py`` is its command line.
"""
