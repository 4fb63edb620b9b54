"""The site stage's passes (scripts/site/passes.py), plain functions from HTML to HTML: Material's
markup changed (the palette toggle run at parse time by scripts/site/palette.js, the bundle
deferred, the search dialog named; browser behaviour: test_pages.py), and all the passes run
without MkDocs over a site MkDocs built without our hooks."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.site_harness import build_site, raw_math_problems

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts" / "site"

from scripts.site.passes import (
    JS_CLASS,
    MATERIAL_FORM,
    OUR_FORM,
    MarkupError,
    drop_unused_stylesheets,
    hoist_stylesheets,
    name_dialogs,
    name_index_sections,
    patch_theme,
)

PAGE = (
    '<html lang="en" class="no-js"><head><title>t</title></head><body>'
    f'<header>{MATERIAL_FORM}<input id="__palette_0"><label for="__palette_1">x</label></form>'
    "</header><main>text</main>"
    '<script src="../assets/javascripts/bundle.0123abcd.min.js"></script>'
    '<script src="../js/ours.js" defer></script><script src="../js/more.js" defer></script></body>'
)


def test_palette_form_leaves_materials_component_for_ours() -> None:
    html = patch_theme(PAGE, "x.md")
    assert MATERIAL_FORM not in html and OUR_FORM in html
    # Our script follows the form at once, so it runs while only the header is parsed.
    after_form = html[html.index("</form>") + len("</form>"):]
    assert after_form.startswith("<script>") and "data-pe-palette" in after_form.split("</script>")[0]
    assert "\n//" not in after_form.split("</script>")[0], "comments are not inlined"
    # The bundle, then the site's deferred scripts in their order: preloaded at low priority,
    # run by the loader once the page is loaded and painted.
    src = "../assets/javascripts/bundle.0123abcd.min.js"
    for url in (src, "../js/ours.js", "../js/more.js"):
        assert f'<link rel="preload" href="{url}" as="script" fetchpriority="low">' in html
        assert f'<script src="{url}"' not in html
    loader = html[html.index(f'<script data-src="{src}" data-then="../js/ours.js ../js/more.js">'):]
    assert "first-contentful-paint" in loader.split("</script>")[0]
    assert "requestAnimationFrame" in loader.split("</script>")[0]  # and a frame after load
    # The bundle's first act (no-js -> js), done before anything is painted.
    assert html.startswith('<html lang="en" class="no-js"><head>' + JS_CLASS)


@pytest.mark.parametrize(
    ("broken", "says"),
    [
        (PAGE.replace(MATERIAL_FORM, "<form>"), "palette form"),
        (PAGE.replace("bundle.0123abcd.min.js", "other.js"), "bundle script"),
        (PAGE.replace(' class="no-js"', ""), "<html class"),
    ],
)
def test_unknown_markup_fails_the_build_naming_the_page(broken: str, says: str) -> None:
    with pytest.raises(MarkupError, match=re.escape(f"guide.md: Material's {says}")):
        patch_theme(broken, "guide.md")


def test_every_served_page_has_the_fast_palette_and_deferred_scripts(
    built_site: Path, site_page: str
) -> None:
    html = (built_site / site_page / "index.html").read_text(encoding="utf-8")
    assert 'data-md-component="palette"' not in html
    assert html.count(OUR_FORM) == 1
    assert html.count(JS_CLASS) == 1 and html.index(JS_CLASS) < html.index("<link")
    # Material's bundle and the site's deferred scripts are all run by the loader, after it.
    assert not re.findall(r"<script src=[^>]*>", html)
    loaders = re.findall(r'<script data-src="([^"]+)" data-then="([^"]*)">', html)
    assert len(loaders) == 1 and "/bundle." in loaders[0][0], loaders
    assert loaders[0][1].endswith("javascripts/a11y.js"), loaders


def test_every_served_page_links_only_the_stylesheets_it_uses(
    built_site: Path, site_page: str
) -> None:
    html = (built_site / site_page / "index.html").read_text(encoding="utf-8")
    head = html[:html.index("</head>")]
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', head)
    assert ("_mkdocstrings.css" in " ".join(sheets)) == ('class="doc doc-' in html), sheets
    assert ("katex.min.css" in " ".join(sheets)) == ('class="katex' in html), sheets
    # Past six, render-blocking stylesheets queue for a connection before the first paint.
    assert len(sheets) <= 6, sheets
    # One met in the body restyles and lays out the whole page again when it arrives.
    assert '<link rel="stylesheet"' not in html[len(head):], "a stylesheet linked in the body"


def test_stylesheets_in_the_body_move_to_the_head_once() -> None:
    sheet = '<link rel="stylesheet" href="../stylesheets/exercises.css">'
    other = '<link rel="stylesheet" href="../stylesheets/print.css">'
    page = (f"<head><title>t</title>{other}</head><body><p>a</p>{sheet}\n<p>b</p>{sheet}"
            f"{other}</body>")
    assert hoist_stylesheets(page) == (
        f"<head><title>t</title>{other}{sheet}</head><body><p>a</p><p>b</p></body>")
    plain = "<head></head><body><p>no sheet</p></body>"
    assert hoist_stylesheets(plain) == plain
    with pytest.raises(MarkupError, match="broken.md: no </head>"):
        hoist_stylesheets("<body>{sheet}</body>", "broken.md")


def test_a_stylesheet_is_dropped_only_where_it_is_unused() -> None:
    page = ('<head><link rel="stylesheet" href="../assets/_mkdocstrings.css"></head>'
            "<body>{}</body>")
    assert "_mkdocstrings" not in drop_unused_stylesheets(page.format("<p>prose</p>"))
    api = page.format('<div class="doc doc-object">')
    assert drop_unused_stylesheets(api) == api


def test_the_search_dialog_is_named_once() -> None:
    dialog = '<div class="md-search" data-md-component="search" role="dialog">'
    named = name_dialogs(dialog)
    assert named == dialog.replace('role="dialog"', 'role="dialog" aria-label="Search"')
    assert name_dialogs(named) == named  # Material's own name, or ours, is kept


def test_a_section_with_an_index_page_names_its_nav_once() -> None:
    """Material's markup for a nav section with an index page (navigation.indexes): the
    toggle that labels the nested nav shows an icon only; the nav gets the section's name."""
    section = ('<div class="md-nav__link md-nav__container">\n <a href="./" class="md-nav__link '
               'md-nav__link--active">\n <span class="md-ellipsis">\n Use it in a model\n </span>'
               '\n </a>\n <label class="md-nav__link md-nav__link--active" for="__nav_3" '
               'id="__nav_3_label" tabindex="">\n <span class="md-nav__icon md-icon"></span>'
               '\n </label>\n</div>\n<nav class="md-nav" data-md-level="1" '
               'aria-labelledby="__nav_3_label" aria-expanded="false">')
    named = name_index_sections(section)
    assert named == section.replace('aria-labelledby="__nav_3_label"',
                                    'aria-label="Use it in a model"')
    assert name_index_sections(named) == named
    plain = ('<label class="md-nav__link" for="__nav_5" id="__nav_5_label" tabindex="">Questions'
             '</label><nav class="md-nav" aria-labelledby="__nav_5_label">')
    assert name_index_sections(plain) == plain  # a section without an index page is named


def test_the_passes_finish_a_site_built_without_the_hooks(tmp_path: Path) -> None:
    """A Material site (with a palette toggle, as ours) with arithmatex's TeX in it, then scripts/site/passes.py run as a
    program (no MkDocs imported): the maths typeset, the theme patched, the dialog named."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        "# Home\n\nInline \\(x^2\\) and\n\n$$\n\\sin(\\omega t)\n$$\n", encoding="utf-8")
    (tmp_path / "docs" / "deep").mkdir()
    (tmp_path / "docs" / "deep" / "page.md").write_text("# Deep\n\n\\(y\\)\n", encoding="utf-8")
    toggle = [{"scheme": s, "toggle": {"icon": "material/brightness-7", "name": f"to {s}"}}
              for s in ("default", "slate")]
    config = {"site_name": "stock", "theme": {"name": "material", "palette": toggle},
              "markdown_extensions": [{"pymdownx.arithmatex": {"generic": True}}]}
    (tmp_path / "mkdocs.yml").write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    site = tmp_path / "site"
    build_site(site, "http://127.0.0.1:8000/stock/", config_file=tmp_path / "mkdocs.yml")
    home = site / "index.html"
    assert raw_math_problems(home.read_text(encoding="utf-8")), "the stock build has raw TeX"

    run = subprocess.run([sys.executable, "-m", "scripts.site.passes", str(site)],
                         cwd=SCRIPTS.parents[1], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    for page, root in ((home, ""), (site / "deep" / "page" / "index.html", "../../")):
        html = page.read_text(encoding="utf-8")
        assert raw_math_problems(html) == []
        assert '<span class="katex">' in html
        assert OUR_FORM in html and MATERIAL_FORM not in html and JS_CLASS in html
        assert 'role="dialog" aria-label="Search"' in html
        assert f'href="{root}assets/katex/fonts/KaTeX_Math-Italic.woff2"' in html
    assert (site / "assets" / "katex" / "fonts" / "KaTeX_Math-Italic.woff2").is_file()
    assert "KaTeX_Math" in (site / "assets" / "katex" / "katex.min.css").read_text("utf-8")
    # Run twice, the theme pass finds its own markup and says so (no silent double patch).
    again = subprocess.run([sys.executable, "-m", "scripts.site.passes", str(site)],
                           cwd=SCRIPTS.parents[1], capture_output=True, text=True, check=False)
    assert again.returncode == 1 and "palette form" in again.stderr


def test_a_notebooks_figures_move_into_files_beside_it() -> None:
    from scripts.site.notebook_html import output_images

    png = b"\x89PNG\r\n\x1a\nnot really a picture"
    inline = base64.b64encode(png).decode()
    html = (f'<p><img alt="A figure" height="10" src="data:image/png;base64,{inline}" '
            'width="20"/></p>')
    out, files = output_images(html)
    assert list(files.values()) == [png] and "base64" not in out
    (name,) = files
    assert re.fullmatch(r"output-[0-9a-f]{16}\.png", name)
    assert f'<img alt="A figure" height="10" loading="lazy" src="{name}" width="20"/>' in out
    assert output_images(out) == (out, {})  # nothing left to move


def test_the_served_notebook_inlines_no_figure(built_site: Path) -> None:
    page = built_site / "notebook" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert not re.search(r'<img [^>]*src="data:', html)  # (the notebook's code may say data:)
    names = re.findall(r'<img [^>]*loading="lazy" src="(output-[0-9a-f]{16}\.png)"', html)
    assert len(names) >= 3 and all((page.parent / n).read_bytes()[:4] == b"\x89PNG" for n in names)
