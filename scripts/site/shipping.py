"""What the built site ships: the files its pages use, and nothing else.

- A generated file (``generated/...``: figures, social cards, but also the experiments'
  run results, the example scripts' printed outputs and the numbers, which pages include or
  read at build time and never link) is copied into the site only when a built page refers
  to it: an image, a link, a preloaded file, a link preview's card. The hooks add every one
  of them to MkDocs' files as an :class:`OnDemandFile` (so that pages' links to them are
  checked and rewritten as usual) and, once every page is written, copy those the pages
  refer to (:func:`page_references`).
- Of the theme's files, :func:`unused_theme_files` are left out: the search worker's
  language support for languages the site's search does not use, Material's own favicon
  when the site has its own, and source maps their minified file does not name.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

from mkdocs.structure.files import File, Files

#: Attributes whose value is the address of a file the page uses or links.
URL_ATTRIBUTES = ("href", "src", "content", "poster", "data")
SEARCH_SUPPORT = "assets/javascripts/lunr/"
MATERIAL_FAVICON = "assets/images/favicon.png"


class OnDemandFile(File):
    """A file MkDocs knows (links to it resolve) but copies only when :meth:`ship` is called."""

    def copy_file(self, dirty: bool = False) -> None:
        """Not copied with the other static files: see :meth:`ship`."""

    def ship(self) -> None:
        File.copy_file(self)


class _Addresses(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta":  # a meta's content is an address only for a link preview's image
            values = dict(attrs)
            if (values.get("property") or values.get("name") or "").endswith(":image"):
                self.found.append(values.get("content") or "")
            return
        for name, value in attrs:
            if not value:
                continue
            if name in URL_ATTRIBUTES:
                self.found.append(value)
            elif name in ("srcset", "imagesrcset"):
                self.found += [part.split()[0] for part in value.split(",") if part.split()]


def page_references(html: str, page_url: str, site_url: str) -> set[str]:
    """The site's files ``html`` (the page at ``page_url``, e.g. ``formula/index.html``,
    relative to the site's root) refers to, as paths from the site's root: relative
    addresses, and absolute ones under ``site_url`` (a link preview's image). Other origins,
    anchors and ``data:`` are not files of the site."""
    parser = _Addresses()
    parser.feed(html)
    base = urlsplit(site_url)
    found = set()
    for address in parser.found:
        parts = urlsplit(address.strip())
        if parts.scheme or parts.netloc:
            if (parts.scheme, parts.netloc) != (base.scheme, base.netloc) or \
                    not parts.path.startswith(base.path):
                continue
            path = parts.path[len(base.path):]
        elif parts.path.startswith("/"):
            path = parts.path[len(base.path):] if parts.path.startswith(base.path) \
                else parts.path.lstrip("/")
        else:
            path = posixpath.join(posixpath.dirname("/" + page_url + "x"), parts.path)
        path = posixpath.normpath("/" + unquote(path)).lstrip("/")
        if path and path != ".":
            found.add(path)
    return found


def search_support(langs: Iterable[str]) -> set[str]:
    """The files of :data:`SEARCH_SUPPORT` Material's search worker loads for the search
    languages ``langs`` (its ``importScripts``: a segmenter for Japanese, Hindi and Thai, a
    stemmer per language other than English, and the multi-language glue for several)."""
    langs = list(langs)
    needed = set()
    for lang in langs:
        if lang == "ja":
            needed.add("tinyseg.js")
        elif lang in ("hi", "th"):
            needed.add("wordcut.js")
        if lang != "en":
            needed.add(f"min/lunr.{lang}.min.js")
    if len(langs) > 1:
        needed.add("min/lunr.multi.min.js")
    if needed:
        needed.add("min/lunr.stemmer.support.min.js")
    return {SEARCH_SUPPORT + name for name in needed}


def orphan_source_map(file: File, files: Files) -> bool:
    """``file`` is a source map (``X.map``) that ``X`` does not name (Material's stylesheets
    come with maps their minified files no longer point to)."""
    if not file.src_uri.endswith(".map"):
        return False
    source = files.get_file_from_path(file.src_uri.removesuffix(".map"))
    name = posixpath.basename(file.src_uri)
    return source is None or f"sourceMappingURL={name}".encode() not in source.content_bytes


def unused_theme_files(files: Files, langs: Iterable[str], favicon: str) -> list[File]:
    """The theme's files no page of this site loads (see the module's docstring)."""
    needed = search_support(langs)
    return [f for f in files if f.src_uri.startswith(SEARCH_SUPPORT) and f.src_uri not in needed
            or f.src_uri == MATERIAL_FAVICON and favicon != MATERIAL_FAVICON
            or f.src_uri.startswith("assets/") and orphan_source_map(f, files)]
