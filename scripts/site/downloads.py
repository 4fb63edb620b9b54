"""The ``pe`` package as the site serves it: a wheel built from the sources the site was built
from, so that one ``pip install`` of its address installs the code behind every number on
the pages (``pip install pe`` installs an unrelated project of the public index; this
distribution is ``pyproject.toml``'s ``project.name``).

- The file's name comes from ``pyproject.toml`` (:func:`wheel_name`), so no page types the
  version: the hooks fill it in (``{{ site:wheel_url }}``, ``{{ site:wheel_file }}``) and check
  the built file has that name.
- The build is PEP 517's, by ``pyproject.toml``'s own backend (``build-system``), run by uv
  (``uv build``: the installer ``./dev`` already uses, which builds the editable install the
  same way) with ``--offline``: the backend comes from uv's cache, which ``./dev`` filled
  when it installed ``pe`` (the environment's own setuptools is the one ``venv`` seeds, too
  old for the SPDX licence of PEP 639). So a site build needs no network.
- Deterministic: the sources are copied to a temporary folder (what the backend reads and
  nothing else: no ``build/`` or ``*.egg-info`` left in the repository) with fixed file
  modes, and ``SOURCE_DATE_EPOCH`` is a fixed date, so the bytes depend on the sources only,
  not on when, from which commit or under which umask they were built: an unchanged package
  keeps one file for one name. The wheel's entries are written in sorted order by the backend.
- :func:`cached_wheel` keeps the last build under a key of its inputs; a build with the same
  inputs reuses it (``mkdocs serve`` rebuilds often).

``python -m scripts.site.downloads OUT`` builds the wheel into the folder OUT and prints its path.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
#: 1980-01-01 00:00 UTC, the earliest time a zip entry can hold: every entry's date.
SOURCE_DATE_EPOCH = "315532800"
#: Where the site serves the wheel, from its root.
FOLDER = "downloads"


class WheelError(Exception):
    """A one-line, user-facing failure of the wheel's build."""


def _project(root: Path) -> dict[str, object]:
    meta = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return dict(meta["project"])


def distribution_name(root: Path = ROOT) -> str:
    """``pe-sinusoidal``: what pip knows the package as (``import pe`` imports it)."""
    return str(_project(root)["name"])


def wheel_name(root: Path = ROOT) -> str:
    """The file name the build gives the wheel (``pe_sinusoidal-0.1.0-py3-none-any.whl``):
    the normalised name and version (the binary distribution format's rules) of a pure
    Python package."""
    project = _project(root)
    name = canonicalize_name(str(project["name"])).replace("-", "_")
    return f"{name}-{Version(str(project['version']))}-py3-none-any.whl"


def sources(root: Path = ROOT) -> list[Path]:
    """What the backend reads: ``pyproject.toml``, the readme and licence files it names, and
    the packages' files (without compiled bytecode), sorted."""
    meta = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    project = meta["project"]
    files = [root / "pyproject.toml", root / project["readme"],
             *(root / name for name in project.get("license-files", []))]
    for package in meta["tool"]["setuptools"]["packages"]:
        folder = root / package.replace(".", "/")
        files += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                  and p.suffix != ".pyc"]
    return sorted(set(files))


def inputs_key(root: Path = ROOT) -> str:
    """A digest of everything the wheel's bytes depend on that this side can see: the
    sources, the fixed date and uv's version (which picks the backend)."""
    h = hashlib.sha256(f"{SOURCE_DATE_EPOCH}\0{_uv_version()}\0".encode())
    for path in sources(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _uv_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("uv")
    except PackageNotFoundError:
        return "missing"


def build_wheel(out: Path, root: Path = ROOT) -> Path:
    """Build the wheel into the folder ``out`` (see the module's docstring); its path."""
    want = wheel_name(root)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pe-wheel-") as tmp:
        src = Path(tmp) / "src"
        for path in sources(root):
            target = src / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            target.chmod(0o644)
        for folder in [src, *(p for p in src.rglob("*") if p.is_dir())]:
            folder.chmod(0o755)
        built = Path(tmp) / "dist"
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.run(
            [sys.executable, "-m", "uv", "build", "--wheel", "--offline", "--no-config",
             "--python", sys.executable, "--out-dir", str(built), str(src)],
            capture_output=True, text=True, env=env, check=False, timeout=600)
        if proc.returncode != 0:
            lines = [ln for ln in (proc.stderr + proc.stdout).strip().splitlines() if ln.strip()]
            raise WheelError(
                "cannot build the wheel of pe offline (its build backend, pyproject.toml's "
                "build-system, comes from uv's cache, which ./dev fills when it installs pe: "
                f"run ./dev once with a network): {' | '.join(lines[-3:])}")
        wheels = sorted(p.name for p in built.glob("*.whl"))
        if wheels != [want]:
            raise WheelError(f"the build made {wheels}, not {want}")
        target = out / want
        tmp_target = out / f".{want}.tmp"
        shutil.copyfile(built / want, tmp_target)
        os.replace(tmp_target, target)
    return target


def cached_wheel(cache: Path, root: Path = ROOT) -> Path:
    """The wheel, from ``cache/<key>/`` when the inputs are those of the last build, else
    built there (older builds removed)."""
    key = inputs_key(root)
    path = cache / key / wheel_name(root)
    if path.is_file():
        return path
    for old in cache.glob("*") if cache.is_dir() else []:
        if old.is_dir() and old.name != key:
            shutil.rmtree(old, ignore_errors=True)
    return build_wheel(cache / key, root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path, help="the folder to write the wheel into")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        path = build_wheel(args.out)
    except WheelError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(path)
    print(f"{path.stat().st_size} bytes in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
