"""Material's markup as scripts/theme_hooks.py changes it: the palette toggle run at parse
time by scripts/palette.js, and Material's bundle deferred (browser behaviour: test_pages.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
sys.path.insert(0, str(SCRIPTS))

from theme_hooks import JS_CLASS, MATERIAL_FORM, OUR_FORM, patch_theme

PAGE = (
    '<html lang="en" class="no-js"><head><title>t</title></head><body>'
    f'<header>{MATERIAL_FORM}<input id="__palette_0"><label for="__palette_1">x</label></form>'
    "</header><main>text</main>"
    '<script src="../assets/javascripts/bundle.0123abcd.min.js"></script></body>'
)


def test_palette_form_leaves_materials_component_for_ours() -> None:
    html = patch_theme(PAGE, "x.md")
    assert MATERIAL_FORM not in html and OUR_FORM in html
    # Our script follows the form at once, so it runs while only the header is parsed.
    after_form = html[html.index("</form>") + len("</form>"):]
    assert after_form.startswith("<script>") and "data-pe-palette" in after_form.split("</script>")[0]
    assert "\n//" not in after_form.split("</script>")[0], "comments are not inlined"
    assert '<script src="../assets/javascripts/bundle.0123abcd.min.js" defer></script>' in html
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
    with pytest.raises(PluginError, match=re.escape(f"guide.md: Material's {says}")):
        patch_theme(broken, "guide.md")


def test_every_served_page_has_the_fast_palette_and_deferred_scripts(
    built_site: Path, site_page: str
) -> None:
    html = (built_site / site_page / "index.html").read_text(encoding="utf-8")
    assert 'data-md-component="palette"' not in html
    assert html.count(OUR_FORM) == 1
    assert html.count(JS_CLASS) == 1 and html.index(JS_CLASS) < html.index("<link")
    scripts = [line.strip() for line in html.splitlines() if line.strip().startswith("<script src=")]
    assert scripts and all(s.endswith(" defer></script>") for s in scripts), scripts
