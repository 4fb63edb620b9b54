"""Regenerate every figure, table, proof, number and example output the site shows.

    python -m scripts.build_artifacts [--force] [--jobs N] [--check] [--list]
                                      [--only NAME] [--quiet] [--timings] [--verbose]
                                      [--out DIR]

Run it from the repository's root: with ``-m`` the root's own ``pe`` and ``scripts`` are
imported. Output goes to generated/ (not committed). Only artifacts whose inputs changed are
rebuilt; `mkdocs serve` and `mkdocs build` run this first through scripts/site/mkdocs_hooks.py.
The artifacts are declared in scripts/artifacts/pages/ (one module per page), collected by
scripts/artifacts/registry.py.
"""

from __future__ import annotations

import sys

from scripts.artifacts.builder import main

if __name__ == "__main__":
    sys.exit(main())
