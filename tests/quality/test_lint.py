"""Static checks over the whole repository: ruff's lint rules and mypy --strict on pe, experiments and scripts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.static  # a tier of its own (mypy from cold takes a minute)
BIN = Path(sys.executable).parent


def run(*cmd: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, check=False, capture_output=True, text=True)


def test_ruff_lint_is_clean() -> None:
    result = run(BIN / "ruff", "check", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_pe_experiments_and_scripts() -> None:
    result = run(BIN / "mypy")  # files and --strict come from pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_would_catch_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")  # unused import
    result = run(BIN / "ruff", "check", "--no-cache", "--isolated", bad)
    assert result.returncode != 0 and "F401" in result.stdout
