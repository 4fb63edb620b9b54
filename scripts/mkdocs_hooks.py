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
- Maths is typeset here, at build time, by KaTeX from node_modules (installed by ``./dev``
  from package-lock.json; see scripts/katex_render.py): every page, the API reference and
  the notebook included. A formula KaTeX rejects fails the build naming the page. The site
  serves KaTeX's stylesheet (``assets/katex/``) with only the fonts the formulas use, and a
  page preloads the fonts its own formulas use. No page runs a maths script.
- The notebook page loses what mkdocs-jupyter inlines for JupyterLab (scripts/notebook_html.py).
- A stylesheet one page needs (the explorer's, the notebook's) is linked by that page only:
  ``stylesheets:`` in its front matter; other pages do not download it.

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

from katex_render import (
    MathError,
    Typeset,
    Typesetter,
    katex_css,
    katex_stylesheet,
    subset_font,
    typeset_html,
    used_faces,
)
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from notebook_html import NOTEBOOK_STYLESHEET, is_notebook, slim_notebook

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
BUILDER = ROOT / "scripts" / "build_artifacts.py"
WATCHED = [ROOT / "pe", ROOT / "experiments", ROOT / "scripts", ROOT / "docs" / "examples"]
BARE_TABLE = re.compile(r"<table>.*?</table>", re.DOTALL)  # Markdown's; Material wraps these
PLACEHOLDER = re.compile(r"(\\?)\{\{\s*pe:([^}\s]*)\s*\}\}")

KATEX_DIST = NODE_MODULES / "katex" / "dist"
KATEX_URI = "assets/katex"  # the stylesheet and fonts in the site

_numbers: dict[str, str] = {}
_typesetter: Typesetter | None = None
_page_maths: dict[str, Typeset] = {}  # page URL -> KaTeX classes and characters on it


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
    global _typesetter
    if _typesetter is None:
        try:
            _typesetter = Typesetter(out / ".katex-cache.json")
        except MathError as exc:
            raise PluginError(str(exc)) from None
    _page_maths.clear()


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


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    # Display formulas, printed outputs and example scripts stay out of the search index:
    # TeX and columns of numbers are no search terms, the scripts' names are in the prose
    # around them, and the index, which every page loads, is a quarter of a page's weight
    # (the scripts alone were a quarter of the index).
    html = html.replace('<div class="arithmatex">', '<div class="arithmatex" data-search-exclude>')
    html = html.replace('<div class="language-python highlight"><pre>',
                        '<div class="language-python highlight"><pre data-search-exclude>')
    html = html.replace('<div class="language-text highlight"><pre>',
                        '<div class="language-text highlight"><pre data-search-exclude>')
    # Material wraps each table in its scrolling box when the page starts. A table that is a
    # child of the article makes the browser restyle the whole article for that (CSS rules
    # on siblings and child positions); inside a box of its own, only the table is restyled.
    html = BARE_TABLE.sub(r'<div class="pe-table">\g<0></div>', html)
    return slim_notebook(html) if is_notebook(html) else html


def page_stylesheets(page: Page, config: MkDocsConfig) -> list[str]:
    """The stylesheets of this page alone: its front matter's ``stylesheets`` (paths in docs/),
    and the notebook's for the notebook page. A missing file fails the build."""
    sheets = list(page.meta.get("stylesheets", []))
    if page.file.src_uri.endswith(".ipynb"):
        sheets.append(NOTEBOOK_STYLESHEET)
    missing = [s for s in sheets if not (Path(config.docs_dir) / s).is_file()]
    if missing:
        raise PluginError(f"{page.file.src_uri}: no stylesheet {missing} in {config.docs_dir}")
    return sheets


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Link the page's own stylesheets; typeset its maths, and preload the fonts its
    formulas use."""
    own = "".join(f'<link rel="stylesheet" href="{get_relative_url(sheet, page.url)}">'
                  for sheet in page_stylesheets(page, config))
    output = output.replace("</head>", own + "</head>", 1)
    assert _typesetter is not None
    try:
        output, used = typeset_html(output, _typesetter.render)
    except MathError as exc:
        raise PluginError(f"{page.file.src_uri}: KaTeX cannot typeset a formula: {exc}") from None
    _page_maths[page.url] = used
    if not used.classes:
        return output
    css = katex_css()
    links = "".join(
        f'<link rel="preload" href="{get_relative_url(f"{KATEX_URI}/{face.woff2}", page.url)}" '
        'as="font" type="font/woff2" crossorigin>'
        for face in used_faces(css, used.classes))
    return output.replace("</head>", links + "</head>", 1)


def on_post_build(config: MkDocsConfig) -> None:
    """KaTeX's stylesheet with the fonts the site's formulas use, cut down to the characters
    they show, into the built site."""
    css, faces = katex_stylesheet(set().union(*(m.classes for m in _page_maths.values())))
    chars = set().union(*(m.chars for m in _page_maths.values()))
    dest = Path(config.site_dir) / KATEX_URI
    (dest / "fonts").mkdir(parents=True, exist_ok=True)
    (dest / "katex.min.css").write_text(css, encoding="utf-8")
    for face in faces:
        (dest / face.woff2).write_bytes(subset_font(KATEX_DIST / face.woff2, chars))
    assert _typesetter is not None
    _typesetter.save()


def on_shutdown() -> None:
    global _typesetter
    if _typesetter is not None:
        _typesetter.close()
        _typesetter = None


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    for path in WATCHED:
        if path.is_dir():
            server.watch(str(path))
    return server

def on_files(files: Files, config: MkDocsConfig) -> Files:
    out = generated_dir()
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out)
        if path.is_file() and path.suffix != ".md" and not any(
                part.startswith(".") for part in rel.parts):
            files.append(File.generated(config, f"generated/{rel.as_posix()}",
                                        abs_src_path=str(path)))
    if not KATEX_DIST.is_dir():
        raise PluginError(f"{KATEX_DIST} is missing: run ./dev serve or `npm ci` first")
    return files
