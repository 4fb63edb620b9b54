"""Shared helpers of the pipeline tests (plain functions; the fixtures are in conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
BUILDER = SCRIPTS / "build_artifacts.py"

if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))  # the pipeline package `artifacts`

def run_builder(*args: str | Path, script: Path = BUILDER, timeout: float = 600,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``build_artifacts.py`` with ``args``; returns the finished process (text output)."""
    full_env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    return subprocess.run([sys.executable, str(script), *map(str, args)], cwd=script.parent.parent,
                          capture_output=True, text=True, timeout=timeout, env=full_env,
                          check=False)


def output_files(out: Path) -> dict[str, bytes]:
    """Every artifact file under ``out`` (not the manifest, lock or temporary files)."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)}


@dataclass
class Sandbox:
    root: Path

    @property
    def script(self) -> Path:
        return self.root / "scripts" / "build_artifacts.py"

    def run(self, *args: str | Path, **kw: object) -> subprocess.CompletedProcess[str]:
        return run_builder(*args, script=self.script, **kw)  # type: ignore[arg-type]

    def python(self, code: str) -> subprocess.CompletedProcess[str]:
        """Run ``code`` in a fresh interpreter that imports the sandbox's pipeline and pe."""
        return run_python(self.root, code)


def run_python(root: Path, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with ``root/scripts`` and ``root`` first on ``sys.path``."""
    prelude = f"import sys; sys.path[:0] = [{str(root / 'scripts')!r}, {str(root)!r}]\n"
    return subprocess.run([sys.executable, "-c", prelude + code], cwd=root,
                          capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
