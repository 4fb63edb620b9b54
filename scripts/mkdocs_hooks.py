"""MkDocs hooks: the site's generated artifacts and the pinned npm assets.

- Before every build (``mkdocs build`` and each rebuild of ``mkdocs serve``) the figure
  pipeline ``scripts/build_artifacts.py`` brings ``generated/`` up to date; it rebuilds only
  what changed and a failure stops the build with its one-line message. So a fresh clone
  never shows a missing image.
- Every non-Markdown file under ``generated/`` is added to the site at ``generated/...``
  (the figure fragments link to ``/generated/figures/...``). The Markdown fragments are
  included by pages with ``--8<-- "figures/NAME.md"`` and are not pages themselves.
- ``{{ pe:NAME }}`` in a page becomes ``NAME`` of ``generated/numbers.json`` or of a
  ``generated/numbers/*.json`` (the experiments' numbers); an unknown NAME
  fails the build naming it and the page. (Write ``\\{{ pe:NAME }}`` to show the syntax.)
- ``mkdocs serve`` also watches ``pe/``, ``scripts/`` and ``docs/examples/``.
- KaTeX comes from node_modules (installed by ``./dev`` from package-lock.json) and is
  added to the site's files under ``assets/vendor/``, so no page loads anything from
  another origin and no third-party code is committed.

``PE_GENERATED_DIR`` (environment) points all of this at another output folder (tests).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
BUILDER = ROOT / "scripts" / "build_artifacts.py"
WATCHED = [ROOT / "pe", ROOT / "experiments", ROOT / "scripts", ROOT / "docs" / "examples"]
PLACEHOLDER = re.compile(r"(\\?)\{\{\s*pe:([^}\s]*)\s*\}\}")

_numbers: dict[str, str] = {}


def generated_dir() -> Path:
    return Path(os.environ.get("PE_GENERATED_DIR") or ROOT / "generated").resolve()


def on_pre_build(config: MkDocsConfig) -> None:
    """Bring the generated artifacts up to date (a no-op run takes a fraction of a second)."""
    out = generated_dir()
    # No .pyc writes: `mkdocs serve` watches scripts/ and pe/ and would rebuild again.
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([sys.executable, str(BUILDER), "--out", str(out)], cwd=ROOT,
                          env=env, stderr=subprocess.PIPE, text=True, check=False)
    sys.stderr.write(proc.stderr)  # warnings, and the error of a failed run
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
        message = lines[-1].removeprefix("error: ") if lines else f"exit {proc.returncode}"
        raise PluginError(f"figure pipeline: {message}")
    _numbers.clear()
    # numbers.json (from pe) and numbers/*.json (e.g. the experiments'): one namespace.
    for path in [out / "numbers.json", *sorted((out / "numbers").glob("*.json"))]:
        try:
            numbers = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise PluginError(f"figure pipeline: cannot read {path}: {exc}") from None
        twice = sorted(set(numbers) & set(_numbers))
        if twice:
            raise PluginError(f"figure pipeline: {path.name} defines {', '.join(twice)} again")
        _numbers.update(numbers)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace ``{{ pe:NAME }}`` with the computed number; unknown names fail the build."""

    def substitute(match: re.Match[str]) -> str:
        escaped, name = match.group(1), match.group(2)
        if escaped:
            return match.group(0)[1:]
        if name not in _numbers:
            raise PluginError(
                f"{page.file.src_uri}: unknown number {{{{ pe:{name} }}}}: not in "
                f"generated/numbers.json (declared in scripts/artifacts/numbers.py)")
        return _numbers[name]

    return PLACEHOLDER.sub(substitute, markdown)


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    for path in WATCHED:
        if path.is_dir():
            server.watch(str(path))
    return server

# (package folder, files served, where they appear in the site)
VENDORED = [
    (
        NODE_MODULES / "katex" / "dist",
        ["katex.min.js", "katex.min.css", "contrib/auto-render.min.js", "fonts/*"],
        "assets/vendor/katex",
    ),
]


def on_files(files: Files, config: MkDocsConfig) -> Files:
    out = generated_dir()
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out)
        if path.is_file() and path.suffix != ".md" and not any(
                part.startswith(".") for part in rel.parts):
            files.append(File.generated(config, f"generated/{rel.as_posix()}",
                                        abs_src_path=str(path)))
    for source, patterns, dest in VENDORED:
        if not source.is_dir():
            raise PluginError(f"{source} is missing: run ./dev serve or `npm ci` first")
        for pattern in patterns:
            for path in sorted(source.glob(pattern)):
                uri = f"{dest}/{path.relative_to(source).as_posix()}"
                files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
