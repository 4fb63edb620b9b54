"""Shared helpers of the pipeline tests (plain functions; the fixtures are in conftest.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"



def run_builder(*args: str | Path, root: Path = ROOT, timeout: float = 600,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the builder of the repository at ``root`` (``python -m scripts.build_artifacts``)
    with ``args``; returns the finished process (text output)."""
    full_env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    return subprocess.run([sys.executable, "-m", "scripts.build_artifacts", *map(str, args)],
                          cwd=root,
                          capture_output=True, text=True, timeout=timeout, env=full_env,
                          check=False)


def output_files(out: Path) -> dict[str, bytes]:
    """Every artifact file under ``out`` (not the manifest, lock or temporary files)."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)}


@dataclass
class Sandbox:
    root: Path

    def run(self, *args: str | Path, **kw: object) -> subprocess.CompletedProcess[str]:
        return run_builder(*args, root=self.root, **kw)  # type: ignore[arg-type]

    def python(self, code: str) -> subprocess.CompletedProcess[str]:
        """Run ``code`` in a fresh interpreter that imports the sandbox's pipeline and pe."""
        return run_python(self.root, code)


def make_sandbox(root: Path) -> Sandbox:
    """A throw-away copy of ``pe/``, ``experiments/`` and ``scripts/`` (and an empty
    ``docs/examples/``) at ``root``, whose sources a test may edit."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("pe", "experiments", "scripts"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    (root / "docs" / "examples").mkdir(parents=True)
    return Sandbox(root)


def run_python(root: Path, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in ``root``, which (``-c``) imports first from there."""
    return subprocess.run([sys.executable, "-c", "import sys\n" + code], cwd=root,
                          capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
