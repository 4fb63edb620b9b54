"""Each page requests only the scripts and styles it uses: the explorer's modules and
stylesheet are requested by the explorer page and by no other page of the sitemap, the
checker's by the checker page, the notebook's stylesheet by the notebook page alone (tests/site/test_harness_can_fail.py shows
the check catching a page that requests what it should not)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers.site_harness import LoadedPage, scoped_request_problems

pytestmark = pytest.mark.browser

EXPLORER_PAGE = "explorer/"
EXPLORER_SCRIPTS = "javascripts/explorer/"
#: A page's own files (URL prefix under the site) -> the one page that requests them.
OWN_FILES = {
    EXPLORER_SCRIPTS: EXPLORER_PAGE,
    "stylesheets/explorer.css": EXPLORER_PAGE,
    "stylesheets/notebook.css": "notebook/",
    "javascripts/checker/": "checker/",
    "stylesheets/checker.css": "checker/",
    "javascripts/homework.js": "homework/",
    "javascripts/design/": "coordinate-designer/",
    "stylesheets/design.css": "coordinate-designer/",
    "stylesheets/solutions-print.css": "teachers-solutions/",
}


def test_the_sitemap_lists_the_pages_with_their_own_files(site_pages: list[str]) -> None:
    # Or the test below would check only the other pages.
    assert set(OWN_FILES.values()) <= set(site_pages)


def test_a_pages_own_files_are_requested_by_that_page_only(
    open_page: Callable[..., LoadedPage], site_page: str, site_url: str
) -> None:
    loaded = open_page(site_page, wait_for_network_idle=True)
    problems = [
        problem
        for prefix, owner in OWN_FILES.items()
        for problem in scoped_request_problems(
            loaded, site_url + prefix, expected=site_page == owner
        )
    ]
    assert not problems, "\n".join(problems)
