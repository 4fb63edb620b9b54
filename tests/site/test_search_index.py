"""What the search index leaves out: display maths, printed outputs and example scripts
(scripts/site/mkdocs_hooks.py); the prose stays in. And when a page loads it: only once the
reader opens search (scripts/site/bundle_loader.js), however they open it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.site_harness import LoadedPage


def test_scripts_and_outputs_stay_out_of_the_index_and_prose_stays_in(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    practice = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("practice/"))
    assert "register_buffer" in practice  # named in the prose
    assert "def sinusoidal_table" not in practice  # the script's source
    assert "max |diff|" not in practice  # a printed output


def test_the_teachers_pages_are_found_but_not_their_problems(built_site: Path) -> None:
    """Searching "problem set" or "solutions" finds the teachers' pages (their title and
    introduction are indexed); the problems, gathered from the pages' exercises, stay out, as
    they do on their own pages."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for page, words in (("teachers/", "problem set"), ("teachers-solutions/", "solutions")):
        entries = [d for d in index["docs"] if d["location"].startswith(page)]
        assert entries, f"{page} is not in the search index"
        assert words in " ".join(d["title"] + " " + d["text"] for d in entries).lower(), page
        assert not [d["location"] for d in entries if "#p-" in d["location"]], (
            f"{page}: problems in the search index")


def test_the_index_keeps_each_sections_opening_without_markup(tmp_path: Path) -> None:
    from scripts.site.mkdocs_hooks import SEARCH_TEXT_CHARS, trim_search_index

    long = "<p>" + "word " * SEARCH_TEXT_CHARS + "</p>"
    docs = [{"location": "a/", "title": "A", "text": "<p>Short <code>x</code>.</p>"},
            {"location": "a/#long", "title": "Long", "text": long},
            {"location": "t/", "title": "T", "text": "intro"},
            {"location": "t/#p-1", "title": "Problem", "text": "left out"}]
    path = tmp_path / "search_index.json"
    path.write_text(json.dumps({"config": {}, "docs": docs}), encoding="utf-8")
    trim_search_index(path, {"t/"})
    kept = {d["location"]: d["text"] for d in json.loads(path.read_text())["docs"]}
    assert set(kept) == {"a/", "a/#long", "t/"}
    assert kept["a/"] == "Short x."
    assert len(kept["a/#long"]) <= SEARCH_TEXT_CHARS + 2 and kept["a/#long"].endswith("word …")


def test_the_index_stays_a_short_wait_on_a_phone(built_site: Path) -> None:
    # What a reader's first search downloads (about a second on Lighthouse's slow 4G).
    import gzip
    size = len(gzip.compress((built_site / "search" / "search_index.json").read_bytes()))
    assert size <= 85 * 1024, f"search index {size / 1024:.0f} KiB gzipped"


INDEX = "search/search_index.json"
PHONE = {"width": 390, "height": 844}


def _open_search(page: object, how: str) -> None:
    if how == "click":
        page.locator("[data-md-component=search-query]").click()
    elif how == "tap":  # the phone's search button (the field is hidden until then)
        page.locator("label[for=__search]").first.click()
    else:  # Material's keyboard shortcut
        page.keyboard.press("/")


@pytest.mark.browser
@pytest.mark.parametrize("how", ["click", "tap", "key"])
def test_the_index_is_loaded_when_the_reader_opens_search(
    open_page: Callable[..., LoadedPage], site_url: str, how: str
) -> None:
    loaded = open_page("formula/", viewport=PHONE if how == "tap" else None,
                       wait_for_network_idle=True)
    requested = lambda: [u for u in loaded.requested if u == site_url + INDEX]
    assert requested() == [], "the page requested the search index before anyone searched"
    _open_search(loaded.page, how)
    loaded.page.keyboard.type("rotation")
    results = loaded.page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=10000)
    hrefs = results.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert any(h.startswith(site_url + "relative-position/") for h in hrefs), hrefs
    assert len(requested()) == 1
    assert loaded.request_problems() == []


@pytest.mark.browser
def test_an_address_with_a_search_opens_it_with_results(
    open_page: Callable[..., LoadedPage], site_url: str
) -> None:
    loaded = open_page("formula/?q=rotation")
    loaded.page.locator(".md-search-result__item a").first.wait_for(timeout=10000)
    assert [u for u in loaded.requested if u == site_url + INDEX]
