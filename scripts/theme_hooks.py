"""MkDocs hook: Material's page markup, changed for a fast first load (scripts/bench_pages.py).

- **The palette toggle runs while the page is parsed.** Material's palette component restyles
  the whole document two or three times when it mounts (scripts/palette.js says why); on a
  page with thousands of formula elements that was most of its blocking time. The form is taken
  from Material's component (its ``data-md-component`` attribute renamed) and
  scripts/palette.js is inlined right after it: the same toggle, labels and stored preference,
  applied while the document is still only its header.
- **Material's bundle is deferred**, so it no longer blocks the parser: the page paints
  before the theme's script runs. (Our own scripts are deferred in mkdocs.yml, in order.)
  What the bundle does first, swapping the ``no-js`` class of ``<html>`` for ``js`` (which
  shows the search button and the boxes reserved for scripted content), is done by a
  one-line script at the top of ``<head>`` instead: done by the bundle after the first
  paint, it moved the page (a layout shift).

Done on the rendered HTML rather than by overriding Material's templates, so no theme code is
copied. If Material's markup changes so a patch finds nothing, the build fails saying so.
tests/site checks the toggle, the system preference and the stored choice in a browser.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

PALETTE_SCRIPT = Path(__file__).resolve().parent / "palette.js"
MATERIAL_FORM = '<form class="md-header__option" data-md-component="palette">'
OUR_FORM = '<form class="md-header__option" data-pe-palette>'
JS_CLASS = '<script>document.documentElement.classList.replace("no-js", "js")</script>'
NO_JS = re.compile(r'<html[^>]*\bclass="no-js"')
BUNDLE = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')


def _palette_script() -> str:
    lines = PALETTE_SCRIPT.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("//"))


def patch_theme(html: str, where: str) -> str:
    if MATERIAL_FORM not in html:
        raise PluginError(f"{where}: Material's palette form ({MATERIAL_FORM}) is not in the "
                          "page; scripts/theme_hooks.py needs updating for this Material")
    start = html.index(MATERIAL_FORM)
    end = html.index("</form>", start) + len("</form>")
    form = html[start:end].replace(MATERIAL_FORM, OUR_FORM, 1)
    html = f"{html[:start]}{form}<script>{_palette_script()}</script>{html[end:]}"
    html, found = BUNDLE.subn(r'<script src="\1" defer></script>', html, count=1)
    if not found:
        raise PluginError(f"{where}: Material's bundle script is not in the page; "
                          "scripts/theme_hooks.py needs updating for this Material")
    if not NO_JS.search(html) or "<head>" not in html:
        raise PluginError(f"{where}: Material's <html class=\"no-js\"> and <head> are not in "
                          "the page; scripts/theme_hooks.py needs updating for this Material")
    return html.replace("<head>", "<head>" + JS_CLASS, 1)


def on_post_page(output: str, page: Any, **kwargs: Any) -> str:
    return patch_theme(output, page.file.src_uri)


def on_post_template(output_content: str, template_name: str, **kwargs: Any) -> str:
    # 404.html is rendered as a theme template, not as a page.
    if template_name != "404.html":
        return output_content
    return patch_theme(output_content, template_name)
