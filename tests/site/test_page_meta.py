"""What a search engine, a link preview and a reader looking for the source see on every built
page: the description (escaped), the canonical address, OpenGraph and Twitter card tags with
the page's social card, the repository and "edit this page" links, the licences in the footer,
and the notebook's download. Read from the built files, no browser."""

from __future__ import annotations

import html
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit
from xml.etree import ElementTree

import jinja2
import pytest
import yaml
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

from scripts.site import meta_hooks
from scripts.site.downloads import FOLDER, wheel_name
from scripts.site.passes import Preview, link_preview

MKDOCS_YML = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


class Head(HTMLParser):
    """The attributes of every meta, link and a element of a page, in order."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("meta", "link", "a"):
            self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def meta(self, key: str) -> list[str]:
        return [a.get("content", "") for t, a in self.tags
                if t == "meta" and key in (a.get("name"), a.get("property"))]

    def links(self, **want: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags
                if t in ("a", "link") and all(a.get(k) == v for k, v in want.items())]


def source_of(site_page: str) -> Path:
    """The file in docs/ a page is built from."""
    stem = site_page.rstrip("/") or "index"
    found = [p for p in (DOCS / f"{stem}.md", DOCS / f"{stem}.ipynb", DOCS / stem / "index.md")
             if p.is_file()]  # a section's hub: docs/learn/index.md is learn/
    assert found, f"no source in docs/ for {site_page!r}"
    return found[0]


def expected_description(source: Path) -> str:
    """The page's own description (front matter; a notebook's metadata), else the site's."""
    if source.suffix == ".md":
        front = re.match(r"\A---\n(.*?)\n---\n", source.read_text(encoding="utf-8"), re.DOTALL)
        own = yaml.safe_load(front.group(1)).get("description") if front else None
    else:
        own = json.loads(source.read_text(encoding="utf-8"))["metadata"].get("description")
    if own:
        return str(own)
    match = re.search(r"^site_description: (.*)$", MKDOCS_YML, re.MULTILINE)
    assert match
    return match.group(1)


def repository() -> str:
    default = re.search(r'^repo_url: !ENV \[REPO_URL, "([^"]+)"\]', MKDOCS_YML, re.MULTILINE)
    assert default, "mkdocs.yml takes repo_url from REPO_URL, with a default"
    return (os.environ.get("REPO_URL") or default.group(1)).rstrip("/")


@pytest.fixture(scope="module")
def page(built_site: Path, site_page: str) -> Head:
    return Head((built_site / site_page / "index.html").read_text(encoding="utf-8"))


def test_description_is_whole_and_canonical_address_right(
        page: Head, built_site_url: str, site_page: str) -> None:
    description = expected_description(source_of(site_page))
    assert page.meta("description") == [description]
    assert [link["href"] for link in page.links(rel="canonical")] == [built_site_url + site_page]


def test_link_preview_tags_and_social_card(
        page: Head, built_site: Path, built_site_url: str, site_page: str) -> None:
    description = expected_description(source_of(site_page))
    card = source_of(site_page).relative_to(DOCS).with_suffix("").as_posix().replace("/", "-")
    image = f"{built_site_url}generated/social/{card}.png"
    assert page.meta("og:url") == [built_site_url + site_page]
    assert page.meta("og:description") == page.meta("twitter:description") == [description]
    assert page.meta("og:image") == page.meta("twitter:image") == [image]
    assert page.meta("twitter:card") == ["summary_large_image"]
    (title,) = page.meta("og:title")
    assert title and page.meta("twitter:title") == [title]
    assert page.meta("og:image:alt") and page.meta("og:image:alt")[0].startswith(title)
    with Image.open(built_site / "generated" / "social" / f"{card}.png") as png:
        assert png.format == "PNG"
        assert [str(png.width)] == page.meta("og:image:width")
        assert [str(png.height)] == page.meta("og:image:height")


def test_every_page_has_a_description_of_its_own(built_site: Path, site_pages: list[str]) -> None:
    """Search results and link previews tell the pages apart: each page's description is
    its own (the home page may use the site's), one sentence, not too long to be shown."""
    site = re.search(r"^site_description: (.*)$", MKDOCS_YML, re.MULTILINE)
    assert site
    seen: dict[str, str] = {}
    for path in site_pages:
        (text,) = Head((built_site / path / "index.html").read_text(encoding="utf-8")).meta(
            "description")
        assert text not in seen, f"{path!r} repeats the description of {seen.get(text)!r}"
        seen[text] = path
        if path:
            assert text != site.group(1), f"{path!r} has the site's description"
            assert 80 <= len(text) <= 240, (path, len(text))
    assert len(seen) == len(site_pages) > 20


def test_no_two_pages_share_a_social_card(built_site: Path, site_pages: list[str]) -> None:
    cards: dict[bytes, str] = {}
    for path in site_pages:
        (image,) = Head((built_site / path / "index.html").read_text(encoding="utf-8")).meta(
            "og:image")
        data = (built_site / "generated" / "social" / image.rsplit("/", 1)[1]).read_bytes()
        assert data not in cards, f"{path!r} shows the card of {cards.get(data)!r}"
        cards[data] = path
    assert len(cards) == len(site_pages)


def test_repository_and_edit_links_and_licences_in_the_footer(
        page: Head, built_site: Path, site_page: str) -> None:
    repo = repository()
    # Material shows it twice: in the header and in the navigation drawer.
    assert {a["href"] for a in page.links() if "md-source" in a.get("class", "")} == {repo}
    source = source_of(site_page).relative_to(DOCS).as_posix()
    assert [a["href"] for a in page.links(rel="edit")] == [f"{repo}/edit/main/docs/{source}"]
    text = (built_site / site_page / "index.html").read_text(encoding="utf-8")
    footer = text[text.index('<div class="md-copyright">'):]
    footer = html.unescape(re.sub(r"<[^>]+>", "", footer[:footer.index("</div>")]))
    assert "MIT licence" in footer and "CC BY 4.0" in footer
    hrefs = {a["href"] for a in page.links()}
    assert {f"{repo}/blob/main/LICENSE", f"{repo}/blob/main/LICENSE-docs.md",
            f"{repo}/issues/new"} <= hrefs  # the licences, and where to report a mistake


def test_the_licence_files_are_the_named_licences() -> None:
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    docs = (ROOT / "LICENSE-docs.md").read_text(encoding="utf-8")
    assert "CC BY 4.0" in docs and "https://creativecommons.org/licenses/by/4.0/legalcode" in docs


def test_the_notebook_is_served_as_executed_and_linked(built_site: Path,
                                                      built_site_url: str) -> None:
    """The download is the executed notebook: the source's cells (with the site's values
    filled in: the address of pe's wheel), each code cell after the imports with its outputs,
    the figures among them; no record of when it ran."""
    served = json.loads((built_site / "notebook" / "notebook.ipynb").read_text(encoding="utf-8"))
    source = json.loads((DOCS / "notebook.ipynb").read_text(encoding="utf-8"))
    wheel_url = f"{built_site_url}{FOLDER}/{wheel_name()}"
    assert ["".join(c["source"]) for c in served["cells"]] == [
        "".join(c["source"]).replace("{{ site:wheel_url }}", wheel_url)
        for c in source["cells"]]
    code = [c for c in served["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] for c in code[1:]), "a code cell is served without its outputs"
    figures = [o for c in code for o in c["outputs"]
               if "image/png" in o.get("data", {}) or
               'src="data:image/png;base64,' in "".join(o.get("data", {}).get("text/html", ""))]
    assert len(figures) >= 3
    assert not [c for c in served["cells"] if "execution" in c.get("metadata", {})]
    links = Head((built_site / "notebook" / "index.html").read_text(encoding="utf-8")).links(
        href="notebook.ipynb")
    assert links and all("download" in a for a in links)


FAVICON = DOCS / "images" / "favicon.svg"


def test_every_page_shows_the_sites_own_favicon(
        page: Head, built_site: Path, site_page: str) -> None:
    icons = [link["href"] for link in page.links(rel="icon")]
    assert len(icons) == 1, icons
    assert not urlsplit(icons[0]).scheme and not icons[0].startswith("/"), icons  # this site's
    served = (built_site / site_page / icons[0]).resolve()
    assert served == (built_site / "images" / "favicon.svg").resolve()
    assert served.read_bytes() == FAVICON.read_bytes()


def test_the_favicon_is_a_small_self_contained_svg(built_site: Path) -> None:
    assert re.search(r"^  favicon: images/favicon\.svg\b", MKDOCS_YML, re.MULTILINE)
    svg = ElementTree.fromstring(FAVICON.read_bytes())
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 32 32"
    assert len(FAVICON.read_bytes()) < 2048
    # Nothing it loads: no links, images, styles or fonts from anywhere.
    assert not re.search(rb"href|<image|<style|@import|url\(", FAVICON.read_bytes())
    text = (built_site / "404.html").read_text(encoding="utf-8")
    assert [urlsplit(a["href"]).path.endswith("/images/favicon.svg")
            for a in Head(text).links(rel="icon")] == [True]
    assert not (built_site / "assets" / "images" / "favicon.png").exists()  # Material's


@pytest.mark.parametrize("text", ['The "quoted" <b>bold</b> & \'single\'', "plain"])
def test_descriptions_survive_the_theme_and_the_preview(text: str) -> None:
    """Material's template inserts the description as it is (no autoescape): escaped by the
    hook, any text comes out whole; so do the preview's tags."""
    config = SimpleNamespace(site_description=text, repo_url="https://example.org/r",
                             copyright="<a href=\"{repo}/LICENSE\">MIT</a>")
    meta_hooks.on_config(config)  # type: ignore[arg-type]
    theme = jinja2.Environment(autoescape=False).from_string(
        '<head><meta name="description" content="{{ config.site_description }}"></head>')
    page = theme.render(config=config)
    assert Head(page).meta("description") == [text]
    assert config.copyright == '<a href="https://example.org/r/LICENSE">MIT</a>'
    preview = Preview("site", text, text, "https://h/p/", "https://h/c.png", text, (1200, 630))
    tags = Head(link_preview(page, preview))
    assert tags.meta("og:description") == tags.meta("twitter:title") == [text]
    assert tags.meta("og:image:alt") == [text]
