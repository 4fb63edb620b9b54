"""The site stage as plain functions from a finished page's HTML to its HTML.

Each pass takes the HTML Material for MkDocs wrote and returns it changed; none needs MkDocs.
The MkDocs hooks (mkdocs_hooks.py, meta_hooks.py) are thin adapters that call them on every
page, and the same passes (all but ``link_preview``, which needs the page's title,
description and card) run over a site MkDocs built without the hooks:

    .venv/bin/python -m scripts.site.passes SITE_DIR    (from the repository's root)

- ``typeset_maths``: the TeX in the page's text becomes KaTeX's HTML and MathML (katex_render.py).
- ``patch_theme``: Material's palette toggle runs while the header is parsed, its bundle once
  the page is painted (see ``patch_theme``).
- ``drop_unused_stylesheets``: mkdocstrings' stylesheet stays on the API reference pages
  (``typeset_maths`` drops KaTeX's from a page without maths).
- ``hoist_stylesheets``: a stylesheet linked in the body (a generated fragment's) moves into
  ``<head>``.
- ``name_dialogs``: Material's search dialog gets an accessible name.
- ``name_index_sections``: the nav of a section with an index page (a hub) is named after
  the section, not after its icon-only toggle.
- ``slim_notebook``: a notebook page loses what mkdocs-jupyter inlines for JupyterLab, and
  ``output_images`` moves its figures into files beside it (notebook_html.py).
- ``link_preview``: the OpenGraph and Twitter card tags a shared link shows (title,
  description, address, social card), every value escaped.

Markup a pass does not recognise raises :class:`MarkupError` naming the page, never a page
silently left as it was.
"""

from __future__ import annotations

import html as html_text
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from scripts.site.katex_render import (
    Formula,
    MathError,
    Typeset,
    Typesetter,
    katex_css,
    katex_stylesheet,
    subset_font,
    typeset_html,
    used_faces,
)
from scripts.site.notebook_html import is_notebook, output_images, slim_notebook

HERE = Path(__file__).resolve().parent
PALETTE_SCRIPT = HERE / "palette.js"
BUNDLE_LOADER = HERE / "bundle_loader.js"
KATEX_DIST = HERE.parents[1] / "node_modules" / "katex" / "dist"
KATEX_URI = "assets/katex"  # KaTeX's stylesheet and fonts in the site

MATERIAL_FORM = '<form class="md-header__option" data-md-component="palette">'
OUR_FORM = '<form class="md-header__option" data-pe-palette>'
JS_CLASS = '<script>document.documentElement.classList.replace("no-js", "js")</script>'
NO_JS = re.compile(r'<html[^>]*\bclass="no-js"')
BUNDLE = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')
#: The site's own deferred scripts (mkdocs.yml ``extra_javascript`` with ``defer``).
DEFERRED = re.compile(r'<script src="([^"]+)" defer></script>')
#: Material's repository link, whose component asks the forge's API for stars and forks:
#: another origin, so the link stays a plain link.
SOURCE_COMPONENT = ' data-md-component="source"'
SEARCH_DIALOG = re.compile(
    r'(<div class="md-search" data-md-component="search" role="dialog")(?![^>]*aria-label)')

#: A nav section with an index page (``navigation.indexes``): Material links the section's
#: name to the page and labels the nested nav by the toggle beside it, which shows an icon
#: only, so the nav landmark has no name (axe-core's rule landmark-unique).
INDEX_SECTION = re.compile(
    r'<a href="[^"]*" class="md-nav__link[^"]*">\s*<span class="md-ellipsis">\s*'
    r'(?P<name>[^<]*?)\s*</span>\s*</a>\s*'
    r'<label class="md-nav__link[^"]*" for="__nav_[\w]+" id="(?P<id>__nav_[\w]+_label)"')

Render = Callable[[list[Formula]], list[str]]


class MarkupError(ValueError):
    """A page's markup is not what a pass expects (the message names the page)."""


def add_to_head(html: str, tags: str, where: str = "page") -> str:
    """``tags`` at the end of the page's ``<head>``."""
    if "</head>" not in html:
        raise MarkupError(f"{where}: no </head> in the page")
    return html.replace("</head>", tags + "</head>", 1)


def drop_stylesheet(html: str, path: str) -> str:
    """The page without its ``<link rel="stylesheet">`` to ``path`` (relative to the site
    root, whatever the page's depth); a page without that link is returned as it is."""
    return re.sub(rf'<link rel="stylesheet" href="(?:\.\./)*{re.escape(path)}">', "", html)


_STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="[^"]*">\n?')


def hoist_stylesheets(html: str, where: str = "page") -> str:
    """Stylesheets linked in the body (a generated fragment's, such as the exercises') move to
    the end of ``<head>``, each once. Met by the parser in the body, a stylesheet restyled and
    laid out the whole page again when it arrived, after the first paint: on the pages with
    exercises, half a second of a phone's blocking time (scripts/bench/pages.py)."""
    if "</head>" not in html:
        raise MarkupError(f"{where}: no </head> in the page")
    head, body = html.split("</head>", 1)
    found = [m.group(0).strip() for m in _STYLESHEET_LINK.finditer(body)]
    if not found:
        return html
    new = "".join(dict.fromkeys(link for link in found if link not in head))
    return f"{head}{new}</head>{_STYLESHEET_LINK.sub('', body)}"


def drop_unused_stylesheets(html: str) -> str:
    """mkdocstrings links its stylesheet from every page; only the API reference pages use it.
    Every render-blocking stylesheet is one more request before the first paint, and past six
    they queue for a connection (HTTP/1.1)."""
    if 'class="doc doc-' in html:
        return html
    return drop_stylesheet(html, "assets/_mkdocstrings.css")


# ---------------------------------------------------------------- theme

def _inline_script(path: Path) -> str:
    """A script of ours to inline in a page, without its comment lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("//"))


def patch_theme(html: str, where: str = "page") -> str:
    """Material's page changed for a fast first load (scripts/bench/pages.py).

    - The palette toggle runs while the page is parsed: Material's palette component restyles
      the whole document two or three times when it mounts (palette.js says why); on a page
      with thousands of formula elements that was most of its blocking time. The form is
      Material's (its ``data-md-component`` renamed) and palette.js is inlined right after it.
      (A site without a palette toggle has no form to change.)
    - The repository link stays a plain link: as Material's component it would fetch the
      repository's stars and forks from the forge, another origin.
    - Material's bundle no longer blocks the parser or the first paint: it is preloaded at low
      priority from ``<head>`` and run by bundle_loader.js once the page is loaded and painted
      (the loader says why). The site's deferred scripts run after it, in their order: a
      deferred script that ran before the first paint took the page's first layout into its
      own task, which Lighthouse then counted as blocking time (one run in three or four on
      the longest page). What it does first, swapping ``no-js`` for ``js`` on ``<html>``
      (which shows the search button and the boxes reserved for scripted content), is done by
      a one-line script at the top of ``<head>``: done by the bundle after the first paint, it
      moved the page (a layout shift).

    Done on the rendered HTML rather than by overriding Material's templates, so no theme code
    is copied; markup this does not recognise raises :class:`MarkupError`.
    """
    if MATERIAL_FORM in html:
        start = html.index(MATERIAL_FORM)
        end = html.index("</form>", start) + len("</form>")
        form = html[start:end].replace(MATERIAL_FORM, OUR_FORM, 1)
        html = f"{html[:start]}{form}<script>{_inline_script(PALETTE_SCRIPT)}</script>{html[end:]}"
    elif 'id="__palette_' in html:  # a toggle, but not in the form this pass knows
        raise MarkupError(f"{where}: Material's palette form ({MATERIAL_FORM}) is not in the "
                          "page; scripts/site/passes.py needs updating for this Material")
    after = DEFERRED.findall(html)  # run by the loader, after the bundle
    html = DEFERRED.sub("", html)
    bundle = BUNDLE.search(html)
    if bundle is None:
        raise MarkupError(f"{where}: Material's bundle script is not in the page; "
                          "scripts/site/passes.py needs updating for this Material")
    src = bundle.group(1)
    loader = (f'<script data-src="{src}" data-then="{" ".join(after)}">'
              f'{_inline_script(BUNDLE_LOADER)}</script>')
    html = html[:bundle.start()] + loader + html[bundle.end():]
    preloads = "".join(f'<link rel="preload" href="{url}" as="script" fetchpriority="low">'
                       for url in [src, *after])
    html = add_to_head(html, preloads, where)
    html = html.replace(SOURCE_COMPONENT, "")
    if not NO_JS.search(html) or "<head>" not in html:
        raise MarkupError(f"{where}: Material's <html class=\"no-js\"> and <head> are not in "
                          "the page; scripts/site/passes.py needs updating for this Material")
    return html.replace("<head>", "<head>" + JS_CLASS, 1)


def name_dialogs(html: str) -> str:
    """Material's search overlay is a ``role="dialog"`` without a name (axe-core's rule
    aria-dialog-name): it is named "Search", unless Material already names it."""
    return SEARCH_DIALOG.sub(r'\1 aria-label="Search"', html, count=1)


def name_index_sections(html: str) -> str:
    """The nested nav of a section with an index page is named after the section, as the
    link beside it is ("Learn"), instead of by its toggle, an unnamed icon (``aria-label``
    on the nav: a <label> may not carry one, axe-core's rule aria-prohibited-attr)."""
    for m in INDEX_SECTION.finditer(html):
        html = html.replace(f'aria-labelledby="{m.group("id")}"',
                            f'aria-label="{m.group("name")}"')
    return html


# ---------------------------------------------------------------- link previews

@dataclass(frozen=True)
class Preview:
    """What a shared link to a page shows (plain text; :func:`link_preview` escapes it)."""

    site_name: str
    title: str
    description: str
    url: str  # the page's canonical address
    image: str  # the social card's absolute address
    image_alt: str
    image_size: tuple[int, int]


def link_preview(html: str, preview: Preview, where: str = "page") -> str:
    """OpenGraph and Twitter card tags for ``preview`` at the end of the page's head."""
    width, height = preview.image_size
    properties = [("og:type", "website"), ("og:site_name", preview.site_name),
                  ("og:title", preview.title), ("og:description", preview.description),
                  ("og:url", preview.url), ("og:image", preview.image),
                  ("og:image:type", "image/png"), ("og:image:width", str(width)),
                  ("og:image:height", str(height)), ("og:image:alt", preview.image_alt)]
    names = [("twitter:card", "summary_large_image"), ("twitter:title", preview.title),
             ("twitter:description", preview.description), ("twitter:image", preview.image),
             ("twitter:image:alt", preview.image_alt)]
    tags = [f'<meta property="{k}" content="{html_text.escape(v)}">' for k, v in properties]
    tags += [f'<meta name="{k}" content="{html_text.escape(v)}">' for k, v in names]
    return add_to_head(html, "".join(tags), where)


# ---------------------------------------------------------------- maths

def typeset_maths(html: str, render: Render, root: str, where: str = "page"
                  ) -> tuple[str, Typeset]:
    """The page with its maths typeset, preloading the KaTeX fonts its formulas use, and what
    they use (for the site's subset fonts). ``root``: the site root relative to the page
    (``""``, ``"../"``)."""
    try:
        html, used = typeset_html(html, render)
    except MathError as exc:
        raise MathError(f"{where}: KaTeX cannot typeset a formula: {exc}") from None
    if not used.classes:  # no formula: no KaTeX stylesheet to wait for
        return drop_stylesheet(html, f"{KATEX_URI}/katex.min.css"), used
    links = "".join(f'<link rel="preload" href="{root}{KATEX_URI}/{face.woff2}" '
                    'as="font" type="font/woff2" crossorigin>'
                    for face in used_faces(katex_css(), used.classes))
    return add_to_head(html, links, where), used


def write_katex_assets(site_dir: Path, used: Iterable[Typeset]) -> None:
    """KaTeX's stylesheet with the fonts the site's formulas use, cut down to the characters
    they show, into the built site."""
    used = list(used)
    css, faces = katex_stylesheet(set().union(*(m.classes for m in used)))
    chars = set().union(*(m.chars for m in used))
    dest = site_dir / KATEX_URI
    (dest / "fonts").mkdir(parents=True, exist_ok=True)
    (dest / "katex.min.css").write_text(css, encoding="utf-8")
    for face in faces:
        (dest / face.woff2).write_bytes(subset_font(KATEX_DIST / face.woff2, chars))


# ---------------------------------------------------------------- a built site

@dataclass
class FinishedPage:
    html: str
    maths: Typeset  # what its formulas use (for the site's subset fonts)
    files: dict[str, bytes]  # files to write beside the page (a notebook's figures)


def finish_page(html: str, render: Render, root: str, where: str = "page") -> FinishedPage:
    """Every pass a page needs, in order."""
    files: dict[str, bytes] = {}
    if is_notebook(html):
        html, files = output_images(slim_notebook(html))
    html, used = typeset_maths(html, render, root, where)
    html = hoist_stylesheets(drop_unused_stylesheets(html), where)
    html = name_index_sections(name_dialogs(patch_theme(html, where)))
    return FinishedPage(html, used, files)


def finish_site(site_dir: Path, typesetter: Typesetter) -> list[Path]:
    """Run the passes over every page of a site built without the hooks; the pages done."""
    pages = sorted(p for p in site_dir.rglob("*.html") if KATEX_URI not in p.as_posix())
    used = []
    for page in pages:
        rel = page.relative_to(site_dir)
        root = "../" * (len(rel.parts) - 1)
        done = finish_page(page.read_text(encoding="utf-8"), typesetter.render, root,
                           rel.as_posix())
        page.write_text(done.html, encoding="utf-8")
        for name, data in done.files.items():
            (page.parent / name).write_bytes(data)
        used.append(done.maths)
    write_katex_assets(site_dir, used)
    return pages


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python -m scripts.site.passes SITE_DIR  (a site built by MkDocs without the hooks)",
              file=sys.stderr)
        return 2
    typesetter = Typesetter()
    try:
        pages = finish_site(Path(argv[0]), typesetter)
    except (MarkupError, MathError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        typesetter.close()
    print(f"{len(pages)} pages done", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
