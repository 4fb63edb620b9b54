"""Fixtures for the figure pipeline's tests.

``full_build`` -> Path
    Every artifact, current: the repository's generated/ (or $PE_GENERATED_DIR) brought up
    to date with two worker processes, once per session. The builder's content hashes make
    it the bytes of a clean build (test_serial_clean_build_is_byte_identical_to_the_parallel_one
    compares a sample with one); the site's build uses the same folder, so nothing is built
    twice. Training runs come from runs/ (tests/pipeline/test_kept_runs.py keeps that honest).
``sandbox`` -> Sandbox
    A throw-away copy of ``pe/``, ``experiments/`` and ``scripts/`` (and an empty ``docs/examples/``) whose
    sources a test may edit: the builder there hashes and imports the copy's files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.pipeline import ROOT, Sandbox, make_sandbox, run_builder


@pytest.fixture(scope="session")
def full_build() -> Path:
    out = Path(os.environ.get("PE_GENERATED_DIR") or ROOT / "generated").resolve()
    proc = run_builder("--out", out, "--jobs", "2", timeout=1800)
    if proc.returncode != 0:
        pytest.fail(f"the full build failed:\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    return out


@pytest.fixture
def sandbox(tmp_path: Path) -> Iterator[Sandbox]:
    yield make_sandbox(tmp_path / "repo")
