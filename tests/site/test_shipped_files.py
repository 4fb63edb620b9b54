"""Every file the built site ships is used: reached from a page (a link, an image, a
stylesheet, a script, a preloaded font, a link preview's card), from what those load (a
stylesheet's fonts, a module's imports, a script's source map), or one of the files a host,
a search engine or the theme's search asks for by name. Nothing else: no run results, no
scripts' printed outputs, no example sources, no unused theme files. Read from the built
files, no browser.

The crawler here is the test's own; it does not reuse the hooks' code that decides what to
copy (scripts/site/shipping.py)."""

from __future__ import annotations

import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

#: Asked for by name, not linked: the sitemaps (search engines), the 404 page (the host),
#: the search index (Material's search worker, from the site's root), the API inventory
#: (mkdocstrings: other documentation sites link to the API reference through it).
STANDARD = ("sitemap.xml", "sitemap.xml.gz", "404.html", "search/search_index.json",
            "objects.inv", "robots.txt")
ATTRIBUTES = ("href", "src", "content", "poster", "data")
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]"""
                     r"""|[#@]\s*sourceMappingURL=([^\s*]+)""")
JS_URL = re.compile(
    r"""(?:\bimport\s*\(\s*|\bimport\s+(?:[\w*{}\s,$]+\s+from\s+)?|\bfrom\s+)["']([^"']+)["']"""
    r"""|new\s+URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url"""
    r"""|[#@]\s*sourceMappingURL=(\S+)""")


class _Html(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.addresses: list[str] = []
        self._config = False
        self.config = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "meta":  # a meta's content is an address only for a link preview's image
            image = values.get("property", values.get("name", "")).endswith(":image")
            self.addresses += [values["content"]] if image and values.get("content") else []
            return
        self.addresses += [values[a] for a in ATTRIBUTES if values.get(a)]
        for key in ("srcset", "imagesrcset"):
            self.addresses += [p.split()[0] for p in values.get(key, "").split(",") if p.split()]
        self._config = tag == "script" and values.get("id") == "__config"

    def handle_data(self, data: str) -> None:
        if self._config:
            self.config += data

    def handle_endtag(self, tag: str) -> None:
        self._config = False


def references(site: Path, path: str, site_url: str) -> set[str]:
    """The site's files (paths from its root) that the file at ``path`` refers to."""
    file = site / path
    text = file.read_text(encoding="utf-8", errors="replace")
    found: list[str] = []
    if file.suffix == ".html":
        parser = _Html()
        parser.feed(text)
        found = parser.addresses
        if parser.config:  # Material's settings: the search worker's script, from "base"
            config = json.loads(parser.config)
            found.append(posixpath.join(config.get("base", "."), config["search"]))
    elif file.suffix == ".css":
        found = [a or b or c for a, b, c in CSS_URL.findall(text)]
    elif file.suffix in (".js", ".mjs"):
        found = [a or b or c for a, b, c in JS_URL.findall(text)]
    base = urlsplit(site_url)
    out = set()
    for address in found:
        parts = urlsplit(address.strip())
        if parts.scheme or parts.netloc:
            if f"{parts.scheme}://{parts.netloc}" != f"{base.scheme}://{base.netloc}" or \
                    not parts.path.startswith(base.path):
                continue  # another site's
            target = parts.path[len(base.path):]
        elif parts.path.startswith("/"):
            target = parts.path.removeprefix(base.path.rstrip("/")).lstrip("/")
        elif not parts.path:
            continue  # an anchor on the same page
        else:
            target = posixpath.join(posixpath.dirname(path), parts.path)
        target = posixpath.normpath(unquote(target)).lstrip("/")
        if (site / target).is_dir():
            target = posixpath.join(target, "index.html")
        if target != "." and (site / target).is_file():
            out.add(target)
    return out


def unreached(site: Path, site_url: str, pages: list[str]) -> list[str]:
    """The files of the built ``site`` nothing reaches from ``pages`` (paths from the site's
    root to their folders, as in the sitemap) and the standard files."""
    todo = [f"{p}index.html" for p in pages] + [s for s in STANDARD if (site / s).is_file()]
    seen = set(todo)
    while todo:
        for target in references(site, todo.pop(), site_url) - seen:
            seen.add(target)
            todo.append(target)
    everything = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    return sorted(everything - seen)


def test_every_shipped_file_is_used(built_site: Path, built_site_url: str,
                                    site_pages: list[str]) -> None:
    assert site_pages
    assert unreached(built_site, built_site_url, site_pages) == []
    # What the hooks could ship but must not: the pipeline's run results and outputs.
    shipped = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*")}
    assert not [p for p in shipped if re.match(
        r"generated/(runs|examples|numbers|tables|proofs)\b|generated/numbers\.json|"
        r"examples/|data/|assets/javascripts/lunr/", p)]
    assert any(p.startswith("generated/figures/") for p in shipped)
    assert any(p.startswith("generated/social/") for p in shipped)


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("orphan", ["generated/runs/run-x.json", "examples/a.py",
                                    "assets/javascripts/lunr/min/lunr.de.min.js"])
def test_the_crawl_finds_an_orphan_and_follows_what_pages_load(tmp_path: Path, orphan: str) -> None:
    url = "http://127.0.0.1:1/pe/"
    site = _site(tmp_path, {
        "index.html": '<link rel="stylesheet" href="css/a.css"><a href="p/#x">p</a>'
                      '<meta property="og:image" content="http://127.0.0.1:1/pe/card.png">'
                      '<script id="__config" type="application/json">'
                      '{"base": ".", "search": "w/search.js"}</script>',
        "p/index.html": '<img srcset="../i.webp 1x, ../i2.webp 2x"><script type="module" '
                        'src="../js/m.js"></script><a href="https://example.org/x.json">x</a>',
        "css/a.css": "@font-face{src:url('../f.woff2')}/*# sourceMappingURL=a.css.map*/",
        "css/a.css.map": "", "f.woff2": "",
        "card.png": "", "i.webp": "", "i2.webp": "", "w/search.js": "//# sourceMappingURL=s.map",
        "w/s.map": "", "js/m.js": 'import { a } from "./n.js"; import("./v/w.js");',
        "js/n.js": 'const u = new URL("../d.bin", import.meta.url);', "js/v/w.js": "",
        "d.bin": "", "sitemap.xml": "", "404.html": '<a href="/pe/">home</a>',
        orphan: "{}",
    })
    assert unreached(site, url, [""]) == [orphan]
