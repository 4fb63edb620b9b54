#!/usr/bin/env python3
"""Regenerate every figure, table, proof, number and example output the site shows.

    python scripts/build_artifacts.py [--force] [--jobs N] [--check] [--list]
                                      [--only NAME] [--quiet] [--timings] [--verbose]
                                      [--out DIR]

Output goes to generated/ (not committed). Only artifacts whose inputs changed are rebuilt;
`mkdocs serve` and `mkdocs build` run this first through scripts/site/mkdocs_hooks.py. The
artifacts are declared in scripts/artifacts/registry.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The pipeline package, and the pe next to it (not some other installed copy).
sys.path[:0] = [str(HERE), str(HERE.parent)]

from artifacts.builder import main

if __name__ == "__main__":
    sys.exit(main())
