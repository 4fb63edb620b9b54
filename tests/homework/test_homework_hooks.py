"""scripts/site/homework_hooks.py: the sheet's address is the page's canonical address, made
from site_url; a build without site_url fails naming the page instead of printing no address."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from scripts.artifacts.homework_sheet import ADDRESS
from scripts.site.homework_hooks import on_page_content


def page(url: str | None) -> Any:
    return SimpleNamespace(canonical_url=url, file=SimpleNamespace(src_uri="homework.md"))


def test_the_placeholder_becomes_the_pages_address() -> None:
    html = f"<p>Check your answers at {ADDRESS}</p>"
    out = on_page_content(html, page("https://example.org/a&b/homework/"), None, None)  # type: ignore[arg-type]
    assert out == ('<p>Check your answers at <span class="pe-sheet-address">'
                   "https://example.org/a&amp;b/homework/</span></p>")


def test_other_pages_are_left_alone() -> None:
    assert on_page_content("<p>x</p>", page(None), None, None) == "<p>x</p>"  # type: ignore[arg-type]


def test_no_site_url_is_a_build_error() -> None:
    with pytest.raises(PluginError, match="homework.md.*site_url is not set"):
        on_page_content(ADDRESS, page(None), None, None)  # type: ignore[arg-type]
