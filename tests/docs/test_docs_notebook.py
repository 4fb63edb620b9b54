"""The notebook page: stored without outputs, executed at build, and self-contained.

The hooks execute docs/notebook.ipynb at every build (scripts/site/notebook_run.py), and
mkdocs-jupyter (execute: false, cache: false) renders the executed file and serves it for
download, so the page and the file always show what the current ``pe`` computes. Here the
notebook is executed the same way, the executed file is checked to be the same at every
execution, and the HTML that mkdocs-jupyter makes from it is checked for anything that
would load from another origin, images without a text alternative, and maths that the
site's KaTeX would not find.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from docscan import DOCS, ROOT
from mkdocs.config import load_config

from scripts.site import mkdocs_hooks
from scripts.site.notebook_run import NotebookError, execute, merge_streams, settle

NOTEBOOK = DOCS / "notebook.ipynb"


@pytest.fixture(scope="module")
def plugin_config() -> dict:
    config = load_config(str(ROOT / "mkdocs.yml"))
    return dict(config["plugins"]["mkdocs-jupyter"].config)


@pytest.fixture(scope="module")
def executed(tmp_path_factory, plugin_config) -> Path:
    path = tmp_path_factory.mktemp("nb") / "notebook.ipynb"
    path.write_text(execute(NOTEBOOK, kernel_name=plugin_config["kernel_name"],
                            allow_errors=plugin_config["allow_errors"]), encoding="utf-8")
    return path


def test_stored_without_outputs() -> None:
    # Outputs are made at build time; a stored output could be stale.
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code
    assert all(not c.outputs and c.execution_count is None for c in code)


def test_build_executes_it_every_time(plugin_config) -> None:
    # The hooks execute it, once; mkdocs-jupyter would execute it a second time.
    assert plugin_config["execute"] is False
    assert "execute_notebooks(files, config)" in Path(mkdocs_hooks.__file__).read_text()
    assert (
        plugin_config["cache"] is False
    )  # a cache keyed on the notebook alone goes stale when pe changes
    assert plugin_config["allow_errors"] is False  # a failing cell fails the build
    assert plugin_config["include_requirejs"] is False
    assert plugin_config["include_source"] is True  # the executed file, to download


def test_the_executed_file_is_the_same_at_every_execution(executed, plugin_config) -> None:
    again = execute(NOTEBOOK, kernel_name=plugin_config["kernel_name"])
    assert executed.read_text(encoding="utf-8") == again
    nb = nbformat.reads(again, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.outputs for c in code[1:]), "a code cell after the imports printed nothing"
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    assert not [c for c in nb.cells if "execution" in c.metadata]  # no timestamps


def test_streams_are_merged_in_order_and_timing_dropped() -> None:
    out = [nbformat.v4.new_output("stream", name="stdout", text="a\n"),
           nbformat.v4.new_output("stream", name="stdout", text="b\n"),
           nbformat.v4.new_output("display_data", data={"text/plain": "fig"}),
           nbformat.v4.new_output("stream", name="stdout", text="c\n"),
           nbformat.v4.new_output("stream", name="stderr", text="w\n"),
           nbformat.v4.new_output("stream", name="stdout", text="d\n")]
    merged = merge_streams(out)
    assert [(o.output_type, o.get("name"), o.get("text")) for o in merged] == [
        ("stream", "stdout", "a\nb\n"), ("display_data", None, None),
        ("stream", "stdout", "c\n"), ("stream", "stderr", "w\n"), ("stream", "stdout", "d\n")]
    cell = nbformat.v4.new_code_cell("1", metadata={"execution": {"iopub.status.busy": "x"},
                                                    "tags": ["keep"]})
    nb = settle(nbformat.v4.new_notebook(cells=[cell]))
    assert nb.cells[0].metadata == {"tags": ["keep"]}


def test_a_failing_cell_names_the_notebook(tmp_path: Path, plugin_config) -> None:
    bad = tmp_path / "bad.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 / 0")]), bad)
    with pytest.raises(NotebookError, match=r"bad\.ipynb: a cell failed: .*ZeroDivisionError"):
        execute(bad, kernel_name=plugin_config["kernel_name"])


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
