"""MkDocs hooks: the site's generated artifacts, and the site stage's passes on every page.

The passes themselves (maths, theme, dialogs, notebook) are plain functions from HTML to HTML
in scripts/site/passes.py, which can also run over a site built without these hooks; here
they are only called, and their errors turned into MkDocs' build errors.

- Before every build (``mkdocs build`` and each rebuild of ``mkdocs serve``) the figure
  pipeline ``scripts/build_artifacts.py`` brings ``generated/`` up to date; it rebuilds only
  what changed and a failure stops the build with its one-line message. So a fresh clone
  never shows a missing image.
- Every non-Markdown file under ``generated/`` is known to MkDocs at ``generated/...`` (the
  figure fragments link to ``/generated/figures/...``), but only those a built page refers
  to are copied into the site (scripts/site/shipping.py): the run results, the scripts'
  outputs and the numbers are read at build time, never served. The Markdown fragments are
  included by pages with ``--8<-- "figures/NAME.md"`` and are not pages themselves. The
  theme's files no page loads are left out too (search languages the site does not use,
  Material's favicon).
- ``{{ pe:NAME }}`` in a page becomes ``NAME`` of ``generated/numbers.json`` or of a
  ``generated/numbers/*.json`` (the experiments' numbers). Every NAME is declared, written
  out, in a page module (``scripts/artifacts/pages/<page>.py``); a page may quote a number
  another page declares. An unknown NAME fails the build naming the page, the page's module
  and the modules that declare the closest names. (Write ``\\{{ pe:NAME }}`` to show the
  syntax.)
- The site serves ``pe`` as a wheel built from the same sources, at
  ``downloads/<wheel>`` (scripts/site/downloads.py), so that a page can say how to install
  it with one command: ``{{ site:wheel_url }}`` is its address (from ``site_url``, for
  ``pip install``), ``{{ site:wheel_file }}`` its file name (for a link,
  ``downloads/{{ site:wheel_file }}``); both come from ``pyproject.toml``, so no page types
  the version. ``site:`` names are the site stage's own values, not computed numbers (an
  unknown one fails the build); they are filled in the notebook too. The wheel is built
  (offline, cached by its inputs) only when a page links to it, and shipped like a
  generated file.
- ``mkdocs serve`` also watches ``pe/``, ``scripts/`` and ``docs/examples/``.
- Maths is typeset here, at build time, by KaTeX from node_modules (installed by ``./dev``
  from package-lock.json; see scripts/site/katex_render.py): every page, the API reference and
  the notebook included. A formula KaTeX rejects fails the build naming the page. The site
  serves KaTeX's stylesheet (``assets/katex/``) with only the fonts the formulas use, and a
  page preloads the fonts its own formulas use. No page runs a maths script.
- The notebook is executed here, once per build, and its page is made from the executed file,
  which is also the file served for download next to the page, outputs included
  (scripts/site/notebook_run.py; mkdocs-jupyter renders and copies it with ``execute: false``).
- The notebook page loses what mkdocs-jupyter inlines for JupyterLab (scripts/site/notebook_html.py).
- Material's palette toggle runs while the header is parsed, its bundle once the page is
  painted, and its search dialog is named; a page links only the stylesheets it uses
  (scripts/site/passes.py says why).
- A stylesheet one page needs (the explorer's, the notebook's) is linked by that page only:
  ``stylesheets:`` in its front matter; other pages do not download it.
- What a shared link shows and the way back to the repository: meta_hooks.py.

``PE_GENERATED_DIR`` (environment) points all of this at another output folder (tests).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from scripts.site import background
from scripts.site.downloads import FOLDER, WheelError, cached_wheel, wheel_name
from scripts.site.katex_render import MathError, Typeset, Typesetter
from scripts.site.notebook_html import NOTEBOOK_STYLESHEET, is_notebook, slim_notebook
from scripts.site.notebook_run import NotebookError, execute
from scripts.site.passes import (
    KATEX_DIST,
    MarkupError,
    add_to_head,
    finish_page,
    name_dialogs,
    name_index_sections,
    patch_theme,
    write_katex_assets,
)
from scripts.site.shipping import OnDemandFile, page_references, unused_theme_files

ROOT = Path(__file__).resolve().parents[2]
WATCHED = [ROOT / "pe", ROOT / "experiments", ROOT / "scripts", ROOT / "docs" / "examples"]
BARE_TABLE = re.compile(r"<table>.*?</table>", re.DOTALL)  # Markdown's; Material wraps these
PLACEHOLDER = re.compile(r"(\\?)\{\{\s*pe:([^}\s]*)\s*\}\}")
SITE_PLACEHOLDER = re.compile(r"(\\?)\{\{\s*site:([^}\s]*)\s*\}\}")

_numbers: dict[str, str] = {}
#: What the site stage, not the pipeline, fills in as ``{{ site:NAME }}``: the wheel's name
#: and address.
_site_values: dict[str, str] = {}
#: `mkdocs serve`: runs that would train do so in the background (see on_pre_build)
_serving = False
_training: subprocess.Popen[bytes] | None = None
_pending: dict[str, Any] = {"runs": [], "artifacts": {}}
#: touched when the background training ends; `mkdocs serve` watches it and rebuilds
TRAINED_STAMP = ".trained"
_typesetter: Typesetter | None = None
_page_maths: dict[str, Typeset] = {}  # page URL -> KaTeX classes and characters on it
_intro_only: set[str] = set()  # URLs of pages whose sections stay out of the search index
_executed_dir: Path | None = None  # the executed notebooks of this process's builds


def generated_dir() -> Path:
    return Path(os.environ.get("PE_GENERATED_DIR") or ROOT / "generated").resolve()


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def on_pre_build(config: MkDocsConfig) -> None:
    """Bring the generated artifacts up to date (a no-op run takes a fraction of a second).

    While serving, a training run whose kept result is stale (its inputs changed) does not
    hold up the pages: it trains in the background, its figures, tables and numbers show as
    pending, and the pages fill in (live reload) when it is done."""
    out = generated_dir()
    # No .pyc writes: `mkdocs serve` watches scripts/ and pe/ and would rebuild again.
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    defer = ["--defer-training"] if _serving else []
    proc = subprocess.run([sys.executable, "-m", "scripts.build_artifacts", "--out", str(out),
                           *defer], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
                          check=False)
    sys.stderr.write(proc.stderr)  # warnings, and the error of a failed run
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
        message = lines[-1].removeprefix("error: ") if lines else f"exit {proc.returncode}"
        raise PluginError(f"figure pipeline: {message}")
    if _serving:
        _show_pending(out, env)
    load_numbers(out)
    global _typesetter
    if _typesetter is None:
        try:
            _typesetter = Typesetter(out / ".katex-cache.json")
        except MathError as exc:
            raise PluginError(str(exc)) from None
    _page_maths.clear()


def load_numbers(out: Path) -> None:
    """numbers.json (from pe) and numbers/*.json (e.g. the experiments'): one namespace;
    while serving, not the numbers of runs now training (an earlier build's)."""
    _numbers.clear()
    for path in [out / "numbers.json", *sorted((out / "numbers").glob("*.json"))]:
        if _serving and path.stem in _pending["artifacts"]:
            continue
        try:
            numbers = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise PluginError(f"figure pipeline: cannot read {path}: {exc}") from None
        twice = sorted(set(numbers) & set(_numbers))
        if twice:
            raise PluginError(f"figure pipeline: {path.name} defines {', '.join(twice)} again")
        _numbers.update(numbers)


def _show_pending(out: Path, env: dict[str, str]) -> None:
    """Placeholders for what waits on training, and the training itself, in the background:
    the runs train into runs/ (not into ``out``, so no build waits for the builder's lock);
    the rebuild their end triggers takes their kept results."""
    global _training, _pending
    _pending = json.loads((out / ".pending.json").read_text(encoding="utf-8"))
    runs = _pending["runs"]
    if not runs:
        return
    note = (f'!!! note "Pending: {", ".join(runs)} training"\n    The inputs of these runs '
            "changed, so they are training in the background; this fills in when they "
            "finish.\n")
    for name, kind in _pending["artifacts"].items():
        if kind in ("figure", "table"):
            fragment = out / f"{kind}s" / f"{name}.md"
            fragment.parent.mkdir(parents=True, exist_ok=True)
            fragment.write_text(note, encoding="utf-8")
    if _training is None or _training.poll() is not None:
        print(f"training {len(runs)} runs in the background: {', '.join(runs)}", file=sys.stderr)
        # Ends with this process, however it ends (scripts/site/background.py).
        _training = background.start(
            [sys.executable, "-m", "scripts.build_artifacts", "--out", str(out / ".training"),
             "--only", ",".join(runs)], cwd=ROOT, env=env)

        def touch_when_done(proc: subprocess.Popen[bytes]) -> None:
            proc.wait()
            (out / TRAINED_STAMP).touch()

        threading.Thread(target=touch_when_done, args=(_training,), daemon=True).start()


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace ``{{ pe:NAME }}`` with the computed number; unknown names fail the build
    (while serving with runs pending, they read "pending")."""

    def substitute(match: re.Match[str]) -> str:
        escaped, name = match.group(1), match.group(2)
        if escaped:
            return match.group(0)[1:]
        if name not in _numbers and _serving and _pending["runs"]:
            return "(pending: training)"
        if name not in _numbers:
            raise PluginError(unknown_number(name, page.file.src_uri))
        return _numbers[name]

    return fill_site_values(PLACEHOLDER.sub(substitute, markdown), page.file.src_uri)


def fill_site_values(text: str, where: str) -> str:
    """``text`` (a page's Markdown, a notebook's JSON) with the site stage's
    ``{{ site:NAME }}`` filled in; an unknown NAME fails the build naming ``where``."""

    def substitute(match: re.Match[str]) -> str:
        escaped, name = match.group(1), match.group(2)
        if escaped:
            return match.group(0)[1:]
        if name not in _site_values:
            raise PluginError(f"unknown value {{{{ site:{name} }}}} in {where}: the site "
                              f"stage fills in {', '.join(sorted(_site_values))}")
        return _site_values[name]

    return SITE_PLACEHOLDER.sub(substitute, text)


def unknown_number(name: str, page: str) -> str:
    """The build error for ``{{ pe:NAME }}`` on ``page`` (``formula.md``) when no generated
    numbers file has NAME: where it should be declared, and where the closest names are."""
    import difflib

    from scripts.artifacts import pages  # declarations only: cheap, and only on an error

    module = pages.module_for(page)
    own = pages.source(module) if module else \
        f"scripts/artifacts/pages/{pages.module_name(page)}.py (no such module yet)"
    declared = pages.declared_numbers()
    where = f"unknown number {{{{ pe:{name} }}}} in {page}"
    if name in declared:  # declared, but no generated file has it
        return (f"{where}: declared in {declared[name]} but missing from "
                f"{generated_dir()}/numbers.json and numbers/*.json; rebuild the artifacts")
    close = difflib.get_close_matches(name, list(declared), n=3, cutoff=0.6)
    hint = ("; closest: " + ", ".join(f"{c} in {declared[c]}" for c in close)) if close else ""
    return f"{where}: not declared in {own} nor in any other page module{hint}"


FOLDED = re.compile(r'<details class="[\w -]*"')


def _exclude_section(html: str, anchor: str) -> str:
    """The h2 section ``anchor`` (to the next h2) kept out of the search index."""
    start = html.find(f'<h2 id="{anchor}">')
    if start < 0:
        return html
    end = html.find("<h2", start + 1)
    end = len(html) if end < 0 else end
    return f'{html[:start]}<div data-search-exclude>{html[start:end]}</div>{html[end:]}'


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
    # So do tables (results, mostly columns of numbers; their terms are in the prose; their
    # boxes are marked below) and the lists of references (titles of papers): with them the index was over 100 KiB
    # gzipped and pushed pages past their 300 KiB budget (tests/site/test_served_html.py).
    # Folded blocks (worked solutions, scripts, full configurations) are a reader's second
    # step, reached from the text around them, which the index keeps.
    html = FOLDED.sub(r"\g<0> data-search-exclude", html)
    # A page's exercises (the section before its references) are gathered on the teachers'
    # pages; the explanations they rest on are what search should find.
    html = _exclude_section(html, "exercises")
    # The teachers' pages (front matter ``search_intro_only: true``) gather those exercises:
    # their title and introduction are indexed, so that "problem set", "teacher" or
    # "solutions" finds them; the problems and solutions, one section each, are not (the
    # whole set in the index would push every page past its budget). Their sections are
    # dropped from the written index (on_post_build): a wrapper marked data-search-exclude
    # does not hold in Material's parser over the solutions' folded blocks.
    if page.meta.get("search_intro_only"):
        _intro_only.add(page.url)

    # The references (titles of papers and addresses, with a line of introduction on some
    # pages) are the sources a section cites; the section is what search should find.
    html = _exclude_section(html, "references")
    # Material wraps each table in its scrolling box when the page starts. A table that is a
    # child of the article makes the browser restyle the whole article for that (CSS rules
    # on siblings and child positions); inside a box of its own, only the table is restyled.
    html = BARE_TABLE.sub(r'<div class="pe-table" data-search-exclude>\g<0></div>', html)
    if is_notebook(html):
        # The notebook repeats the pages' explanations; the pages are what search finds.
        page.meta["search"] = {"exclude": True}
        return slim_notebook(html)
    return html


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
    """Link the page's own stylesheets, then the site stage's passes (scripts/site/passes.py:
    maths typeset, theme patched, dialogs named)."""
    own = "".join(f'<link rel="stylesheet" href="{get_relative_url(sheet, page.url)}">'
                  for sheet in page_stylesheets(page, config))
    assert _typesetter is not None
    root = "../" * page.url.count("/")  # the site root, relative to the page
    try:
        done = finish_page(add_to_head(output, own), _typesetter.render, root, page.file.src_uri)
    except (MarkupError, MathError) as exc:
        raise PluginError(str(exc)) from None
    _page_maths[page.url] = done.maths
    for name, data in done.files.items():  # a notebook's figures, beside its page
        folder = Path(config.site_dir) / page.url
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return done.html


def on_post_template(output_content: str, template_name: str, **kwargs: Any) -> str:
    # 404.html is rendered as a theme template, not as a page: no maths, the theme's passes.
    if template_name != "404.html":
        return output_content
    try:
        return name_index_sections(name_dialogs(patch_theme(output_content, template_name)))
    except MarkupError as exc:
        raise PluginError(str(exc)) from None


#: Characters of a section's text kept in the search index. A page fetches the index when
#: its reader first opens search (scripts/site/bundle_loader.js), so its size is the wait for
#: a first result on a phone; past this a section is found by its title and its opening,
#: where its terms are (77 of 369 sections are cut).
SEARCH_TEXT_CHARS = 1200
_TAG = re.compile(r"<[^>]+>")


def trim_search_index(path: Path, pages: set[str]) -> None:
    """The search index at ``path``, made smaller: of each page of ``pages`` (URLs,
    ``teachers/``) only its first entry (the title and the text before its first section);
    of every entry, the text without its markup, cut at a word to SEARCH_TEXT_CHARS. Runs
    after Material's search plugin has written the index (hooks come after the plugins)."""
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    index["docs"] = [d for d in index["docs"]
                     if not any(d["location"].startswith(f"{url}#") for url in pages)]
    for doc in index["docs"]:
        text = _TAG.sub("", doc["text"])
        if len(text) > SEARCH_TEXT_CHARS:
            text = text[:SEARCH_TEXT_CHARS].rsplit(" ", 1)[0] + " …"
        doc["text"] = text
    path.write_text(json.dumps(index, separators=(",", ":"), default=str),  # as Material writes it
                    encoding="utf-8")


def on_post_build(config: MkDocsConfig) -> None:
    """KaTeX's stylesheet and the fonts the formulas use, cut to the characters they show;
    the generated files the built pages refer to (read from the pages as written, link
    previews and the 404 page included)."""
    site = Path(config.site_dir)
    trim_search_index(site / "search" / "search_index.json", _intro_only)
    write_katex_assets(site, _page_maths.values())
    referred: set[str] = set()
    for html in site.rglob("*.html"):
        referred |= page_references(html.read_text(encoding="utf-8"),
                                    html.relative_to(site).as_posix(), config.site_url or "")
    for file in _on_demand:
        if file.dest_uri in referred:
            file.ship()
    if _wheel is not None and _wheel.dest_uri in referred:
        try:
            _wheel.abs_src_path = str(cached_wheel(generated_dir() / ".wheel"))
        except WheelError as exc:
            raise PluginError(str(exc)) from None
        _wheel.ship()
    assert _typesetter is not None
    _typesetter.save()


def on_shutdown() -> None:
    global _typesetter, _executed_dir
    if _training is not None:
        background.stop(_training)  # an interrupted run stays stale; the next serve trains it
    if _typesetter is not None:
        _typesetter.close()
        _typesetter = None
    if _executed_dir is not None:
        shutil.rmtree(_executed_dir, ignore_errors=True)
        _executed_dir = None


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    for path in WATCHED:
        if path.is_dir():
            server.watch(str(path))
    stamp = generated_dir() / TRAINED_STAMP  # touched when the background training is done
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.touch()  # MkDocs watches only what exists
    server.watch(str(stamp))
    return server

def execute_notebooks(files: Files, config: MkDocsConfig) -> None:
    """Execute every notebook page (mkdocs-jupyter's), and make its page and its download
    the executed file: the file's source becomes the executed copy (its ``src_uri``, and so
    its address and its "edit this page" link, stay those of docs/)."""
    global _executed_dir
    plugin = config.plugins.get("mkdocs-jupyter")
    settings: Any = getattr(plugin, "config", None) or {}
    if settings.get("execute"):
        raise PluginError("mkdocs-jupyter: set execute: false; the hooks execute the notebook "
                          "(scripts/site/notebook_run.py), once, for the page and the download")
    for file in files.documentation_pages():
        if not file.src_uri.endswith(".ipynb") or file.abs_src_path is None:
            continue
        if _executed_dir is None:
            _executed_dir = Path(tempfile.mkdtemp(prefix="pe-notebooks-"))
        target = _executed_dir / file.src_uri
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            text = execute(Path(file.abs_src_path), kernel_name=settings.get("kernel_name")
                           or "python3", allow_errors=bool(settings.get("allow_errors")))
        except NotebookError as exc:
            raise PluginError(f"notebook {exc}") from None
        target.write_text(fill_site_values(text, file.src_uri), encoding="utf-8")
        file.abs_src_path = str(target)


_on_demand: list[OnDemandFile] = []  # generated files, copied if a page refers to them
_wheel: OnDemandFile | None = None  # pe's wheel, built and copied if a page links to it


def add_wheel(files: Files, config: MkDocsConfig) -> None:
    """``downloads/<wheel>`` as a file links resolve to, and ``{{ site:wheel_file }}`` and
    ``{{ site:wheel_url }}`` (with no ``site_url``, only the file name)."""
    global _wheel
    name = wheel_name()
    _site_values.clear()
    _site_values["wheel_file"] = name
    if config.site_url:
        _site_values["wheel_url"] = urljoin(config.site_url, f"{FOLDER}/{name}")
    # Built when shipped (on_post_build): the path is a placeholder until then.
    wheel = OnDemandFile.generated(config, f"{FOLDER}/{name}",
                                   abs_src_path=str(generated_dir() / ".wheel" / name))
    assert isinstance(wheel, OnDemandFile)
    _wheel = wheel
    files.append(wheel)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    add_wheel(files, config)
    execute_notebooks(files, config)
    search: Any = getattr(config.plugins.get("search"), "config", None) or {}
    for unused in unused_theme_files(files, search.get("lang") or ["en"],
                                     str(config.theme.get("favicon") or "")):
        files.remove(unused)
    _on_demand.clear()
    out = generated_dir()
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out)
        if path.is_file() and path.suffix != ".md" and not any(
                part.startswith(".") for part in rel.parts):
            file = OnDemandFile.generated(config, f"generated/{rel.as_posix()}",
                                          abs_src_path=str(path))
            assert isinstance(file, OnDemandFile)
            _on_demand.append(file)
            files.append(file)
    if not KATEX_DIST.is_dir():
        raise PluginError(f"{KATEX_DIST} is missing: run ./dev serve or `npm ci` first")
    return files
