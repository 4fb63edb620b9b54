"""Fixtures for the figure pipeline's tests.

``full_build`` -> Path
    One clean build of every artifact with two worker processes, into a temporary folder
    (never the repository's generated/), shared by the whole session.
``sandbox`` -> Sandbox
    A throw-away copy of ``pe/``, ``experiments/`` and ``scripts/`` (and an empty ``docs/examples/``) whose
    sources a test may edit: the builder there hashes and imports the copy's files.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.pipeline import ROOT, SCRIPTS, Sandbox, run_builder  # also puts scripts/ on sys.path


@pytest.fixture(scope="session")
def full_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("generated-parallel")
    proc = run_builder("--out", out, "--jobs", "2", timeout=1800)  # trains every run
    if proc.returncode != 0:
        pytest.fail(f"the full build failed:\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    return out


@pytest.fixture
def sandbox(tmp_path: Path) -> Iterator[Sandbox]:
    root = tmp_path / "repo"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "pe", root / "pe", ignore=ignore)
    shutil.copytree(ROOT / "experiments", root / "experiments", ignore=ignore)
    shutil.copytree(SCRIPTS, root / "scripts", ignore=ignore)
    (root / "docs" / "examples").mkdir(parents=True)
    yield Sandbox(root)
