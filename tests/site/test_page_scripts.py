"""Each page requests only the scripts it uses: the explorer's modules are requested by the
explorer page and by no other page of the sitemap (tests/site/test_harness_can_fail.py shows
the check catching a page that requests them)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers.site_harness import LoadedPage, scoped_request_problems

pytestmark = pytest.mark.browser

EXPLORER_PAGE = "explorer/"
EXPLORER_SCRIPTS = "javascripts/explorer/"


def test_the_sitemap_lists_the_explorer(site_pages: list[str]) -> None:
    assert EXPLORER_PAGE in site_pages  # or the test below checks only the other pages


def test_explorer_scripts_are_requested_by_the_explorer_page_only(
    open_page: Callable[..., LoadedPage], site_page: str, site_url: str
) -> None:
    loaded = open_page(site_page, wait_for_network_idle=True)
    problems = scoped_request_problems(
        loaded, site_url + EXPLORER_SCRIPTS, expected=site_page == EXPLORER_PAGE
    )
    assert not problems, "\n".join(problems)
