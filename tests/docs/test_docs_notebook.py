"""The notebook page: stored without outputs, executed at build, and self-contained.

mkdocs-jupyter executes docs/notebook.ipynb at every build (execute: true, cache: false), so
the page always shows what the current ``pe`` computes. Here the notebook is executed with
nbclient, and the HTML that mkdocs-jupyter makes from the executed notebook is checked for
anything that would load from another origin, images without a text alternative, and maths
that the site's KaTeX would not find.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from docscan import DOCS, ROOT
from mkdocs.config import load_config
from nbclient import NotebookClient

NOTEBOOK = DOCS / "notebook.ipynb"


@pytest.fixture(scope="module")
def plugin_config() -> dict:
    config = load_config(str(ROOT / "mkdocs.yml"))
    return dict(config["plugins"]["mkdocs-jupyter"].config)


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> Path:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        allow_errors=False,
        resources={"metadata": {"path": str(DOCS)}},
    ).execute()
    path = tmp_path_factory.mktemp("nb") / "notebook.ipynb"
    nbformat.write(nb, path)
    return path


def test_stored_without_outputs() -> None:
    # Outputs are made at build time; a stored output could be stale.
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code
    assert all(not c.outputs and c.execution_count is None for c in code)


def test_build_executes_it_every_time(plugin_config) -> None:
    assert plugin_config["execute"] is True
    assert (
        plugin_config["cache"] is False
    )  # a cache keyed on the notebook alone goes stale when pe changes
    assert plugin_config["allow_errors"] is False  # a failing cell fails the build
    assert plugin_config["include_requirejs"] is False


def test_executes_without_error(executed) -> None:
    nb = nbformat.read(executed, as_version=4)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    # The checks print their verdicts; every one of them must hold.
    assert "True" in text and "False" not in text


def test_markdown_maths_uses_delimiters_the_site_renders() -> None:
    # nbconvert turns \( \) and \[ \] into plain brackets and leaves $...$ for MathJax, which
    # this site does not load; the site's KaTeX renders $$...$$ blocks.
    nb = nbformat.read(NOTEBOOK, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        src = cell.source
        assert not re.search(r"\\[()\[\]]", src), src
        assert not re.search(r"(?<!\$)\$(?!\$)", src), f"single-$ maths: {src}"


class _Resources(HTMLParser):
    """Collects URLs the page would load, and images without alt text."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.images_without_alt = 0
        self.images = 0
        self.scripts: list[str] = []
        self.mermaid_elements = 0
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("src", "href", "data", "poster", "srcset"):
            if attrs.get(name) and tag in {
                "script",
                "link",
                "img",
                "iframe",
                "source",
                "video",
                "audio",
                "embed",
                "object",
                "track",
                "image",
                "use",
            }:
                self.urls.append(attrs[name])
        if tag == "img":
            self.images += 1
            self.images_without_alt += not (attrs.get("alt") or "").strip()
        self.mermaid_elements += "jp-Mermaid" in (attrs.get("class") or "").split()
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


@pytest.fixture(scope="module")
def page_html(executed, plugin_config) -> str:
    from mkdocs_jupyter.convert import nb2html

    return nb2html(
        str(executed),
        execute=False,
        kernel_name=plugin_config["kernel_name"],
        include_requirejs=plugin_config["include_requirejs"],
        custom_mathjax_url=plugin_config["custom_mathjax_url"],
        allow_errors=plugin_config["allow_errors"],
    )


def test_page_loads_nothing_from_another_origin(page_html) -> None:
    found = _Resources()
    found.feed(page_html)
    foreign = [u for u in found.urls if re.match(r"(?i)^(https?:)?//", u.strip())]
    assert not foreign, foreign
    # mkdocs-jupyter's template carries a Mermaid loader that imports from a CDN, but only
    # when the page holds a Mermaid diagram; this notebook has none.
    for script in found.scripts:
        if re.search(r"(?i)https?://", script):
            assert 'querySelectorAll(".jp-Mermaid > pre.mermaid")' in script
            assert "if (!diagrams.length)" in script
    assert found.mermaid_elements == 0


def test_every_plot_has_alt_text(page_html) -> None:
    found = _Resources()
    found.feed(page_html)
    assert found.images >= 3
    assert found.images_without_alt == 0


def test_display_maths_reaches_the_page(page_html) -> None:
    # The build typesets $$...$$ in the page body with KaTeX (scripts/site/katex_render.py);
    # tests/site checks that the served notebook page holds typeset maths and no raw TeX.
    blocks = re.findall(r"\$\$(.+?)\$\$", page_html, re.DOTALL)
    assert any(r"\omega_i" in b for b in blocks)


def test_links_point_at_pages_of_the_site() -> None:
    # mkdocs-jupyter does not rewrite links in notebook cells the way MkDocs rewrites "x.md"
    # links on pages, so the notebook links to built URLs: from notebook/ to ../<page>/.
    nb = nbformat.read(NOTEBOOK, as_version=4)
    links = [
        target
        for cell in nb.cells
        if cell.cell_type == "markdown"
        for target in re.findall(r"\]\(([^)\s]+)\)", cell.source)
    ]
    assert links
    for target in links:
        m = re.fullmatch(r"\.\./([\w-]+)/(#[\w-]+)?", target)
        assert m, f"{target!r}: link to ../<page>/ (a built page URL), not to a .md file"
        assert (DOCS / f"{m.group(1)}.md").is_file(), f"{target!r}: no docs/{m.group(1)}.md"
