"""Build-time maths (scripts/site/katex_render.py and its MkDocs hook), without building the site."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts" / "site"

from scripts.site.katex_render import (
    KATEX_DIR,
    Formula,
    MathError,
    Typesetter,
    katex_stylesheet,
    subset_font,
    typeset_html,
    used_faces,
)


@pytest.fixture
def typesetter(tmp_path: Path) -> Iterator[Typesetter]:
    ts = Typesetter(tmp_path / "cache.json")
    yield ts
    ts.close()


def test_formulas_come_back_as_html_and_mathml(typesetter: Typesetter) -> None:
    inline, display = typesetter.render([Formula(r"\frac{1}{2}", False), Formula("x^2", True)])
    assert inline.startswith('<span class="katex">') and "<math" in inline
    assert '<annotation encoding="application/x-tex">\\frac{1}{2}</annotation>' in inline
    assert display.startswith('<span class="katex-display">') and 'display="block"' in display


def test_a_bad_formula_is_an_error_naming_it(typesetter: Typesetter) -> None:
    with pytest.raises(MathError, match=r"inline formula '\\\\frac\{1': KaTeX parse error"):
        typesetter.render([Formula("x", False), Formula(r"\frac{1", False)])
    # The process survives a bad formula.
    assert typesetter.render([Formula("y", False)])[0].startswith('<span class="katex">')


def test_results_are_cached_by_content(tmp_path: Path, typesetter: Typesetter) -> None:
    first = typesetter.render([Formula(r"\omega_i", False)])
    typesetter.save()
    offline = Typesetter(tmp_path / "cache.json", node="/nonexistent/node")
    assert offline.render([Formula(r"\omega_i", False)]) == first  # no process needed
    with pytest.raises(MathError, match="cannot start Node.js"):
        offline.render([Formula(r"\omega_j", False)])


def test_page_text_is_typeset_and_code_is_not(typesetter: Typesetter) -> None:
    page = (
        "<html><head><title>\\(t\\)</title></head><body>"
        '<p>Let <span class="arithmatex">\\(a &lt; b\\)</span>.</p>'
        '<div class="arithmatex">\\[\n\\sum_i x_i\n\\]</div><p>$$y$$</p>'
        "<pre><code>\\(not maths\\)</code></pre></body></html>"
    )
    out, used = typeset_html(page, typesetter.render)
    assert out.count('class="katex"') == 3 and out.count('class="katex-display"') == 2
    assert "<title>\\(t\\)</title>" in out and "<code>\\(not maths\\)</code>" in out
    assert "<mo>&lt;</mo>" in out  # the entity was unescaped for KaTeX, then escaped again
    assert {"katex", "mathnormal"} <= used.classes and {"a", "b", "∑"} <= used.chars
    # MathML for screen readers, without the TeX source KaTeX annotates it with.
    assert out.count("<math") == 3 and "<annotation" not in out and "\\sum" not in out


def test_stylesheet_declares_only_the_used_faces_as_woff2() -> None:
    css, faces = katex_stylesheet({"katex", "mord", "mathnormal"})
    assert sorted(f.woff2 for f in faces) == [
        "fonts/KaTeX_Main-Regular.woff2",
        "fonts/KaTeX_Math-Italic.woff2",
    ]
    assert css.count("@font-face") == 2 and ".woff)" not in css and ".ttf)" not in css
    assert css.count("font-display:optional") == 2 and "font-display:block" not in css
    full = (KATEX_DIR / "dist" / "katex.min.css").read_text(encoding="utf-8")
    sizes = used_faces(full, {"katex", "delimsizing", "size1", "mathbb"})
    assert {f.family for f in sizes} == {"KaTeX_Main", "KaTeX_Size1", "KaTeX_AMS"}


def test_fonts_are_cut_to_the_characters_shown() -> None:
    woff2 = KATEX_DIR / "dist" / "fonts" / "KaTeX_Main-Regular.woff2"
    small = subset_font(woff2, "sin(x)=12")
    assert small[:4] == b"wOF2" and len(small) < woff2.stat().st_size / 4
    assert subset_font(woff2, "sin(x)=12") == small  # deterministic


def load_hooks() -> Any:
    spec = importlib.util.spec_from_file_location(
        "pe_hooks_under_test", SCRIPTS / "mkdocs_hooks.py"
    )
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    return hooks


def a_page(src_uri: str, **meta: Any) -> SimpleNamespace:
    url = src_uri.rsplit(".", 1)[0] + "/"
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri), url=url, meta=meta)


def test_the_hook_fails_the_build_naming_page_and_formula(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hooks = load_hooks()
    from mkdocs.exceptions import PluginError

    monkeypatch.setattr(hooks, "_typesetter", Typesetter(None))
    page, config = a_page("broken.md"), SimpleNamespace(docs_dir=str(tmp_path))
    html = '<html><head></head><body><span class="arithmatex">\\(\\frac{1}\\)</span></body></html>'
    with pytest.raises(PluginError, match=r"broken\.md: KaTeX cannot typeset .*\\\\frac\{1\}"):
        hooks.on_post_page(html, page=page, config=config)
    from scripts.site.passes import MATERIAL_FORM

    good = ('<html class="no-js"><head></head><body>'
            f'<header>{MATERIAL_FORM}</form></header><span class="arithmatex">\\(x\\)</span>'
            '<script src="assets/javascripts/bundle.0a1b.min.js"></script></body></html>')
    out = hooks.on_post_page(good, page=page, config=config)
    assert 'rel="preload" href="../assets/katex/fonts/KaTeX_Math-Italic.woff2"' in out
    hooks._typesetter.close()


def test_a_page_links_its_own_stylesheets_and_a_missing_one_fails(tmp_path: Path) -> None:
    hooks = load_hooks()
    from mkdocs.exceptions import PluginError

    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "stylesheets" / "tool.css").write_text("p {}", encoding="utf-8")
    (tmp_path / "stylesheets" / "notebook.css").write_text("p {}", encoding="utf-8")
    config = SimpleNamespace(docs_dir=str(tmp_path))
    assert hooks.page_stylesheets(a_page("tool.md", stylesheets=["stylesheets/tool.css"]),
                                  config) == ["stylesheets/tool.css"]
    assert hooks.page_stylesheets(a_page("other.md"), config) == []
    assert hooks.page_stylesheets(a_page("notebook.ipynb"), config) == [hooks.NOTEBOOK_STYLESHEET]
    with pytest.raises(PluginError, match=r"tool\.md: no stylesheet \['stylesheets/gone\.css'\]"):
        hooks.page_stylesheets(a_page("tool.md", stylesheets=["stylesheets/gone.css"]), config)
