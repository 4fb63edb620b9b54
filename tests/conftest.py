"""Fixtures for testing the built site in a real browser (any test under tests/ may use them).

Session-scoped (one per test process; with pytest-xdist, one per worker):

``built_site`` -> pathlib.Path
    The site, built once with ``sys.executable -m mkdocs build --strict`` into a temporary
    directory, with SITE_URL set to ``site_url`` below (so sitemap.xml and canonical links point
    at the local server, as they point at the real host when deployed). A failed build fails
    every test that uses it, with the whole build log.
``site_url`` -> str
    ``http://127.0.0.1:PORT/pe-site/``: a quiet stdlib ThreadingHTTPServer on a free port serving
    ``built_site`` under the sub-path /pe-site/ only (anything else is 404; /pe-site redirects to
    /pe-site/; a missing file, or a folder without index.html, gets the site's 404.html with
    status 404, as on the real host), with fixed MIME types for .svg .woff2 .js .mjs .json .webp
    and friends.
``site_pages`` -> list[str]
    Page paths from the built sitemap.xml, relative to ``site_url`` ("" is the home page, then
    e.g. "derivation/"), in sitemap order. ``site_url + path`` is the page's URL.
``site_page`` -> str
    One of the pages of mkdocs.yml's nav: a test that asks for it runs once per page (ids are
    the paths, "home" for ""). Collecting the tests builds nothing; the site is built when
    the first test that needs it runs. With pytest-xdist and ``--dist loadgroup`` (as
    ``./dev test`` runs), every test that uses ``built_site`` runs in the same worker, so
    the site is built once.
    Parametrized with module scope: a module's tests run grouped by page, so module-scoped
    fixtures that use ``site_page`` are set up once per page.
``browser`` -> playwright.sync_api.Browser
    Headless Chromium from $PE_CHROMIUM (default /usr/bin/chromium), launched with
    --no-sandbox --disable-gpu --disable-background-networking --disable-component-update
    --disable-sync. A missing executable FAILS the test with install instructions; never skips.

Function-scoped:

``open_page(path, *, color_scheme=None, viewport=None, wait_for_network_idle=False)`` -> LoadedPage
    Opens ``site_url + path`` in a fresh browser context (color_scheme "light"/"dark";
    viewport {"width": .., "height": ..}), waits for the load event and for KaTeX, and returns a
    ``helpers.site_harness.LoadedPage`` with ``.page`` (Playwright Page), ``.context``, ``.url``,
    ``.response`` / ``.status``, and the lists ``console_errors``, ``page_errors``,
    ``failed_requests`` (HTTP >= 400 and network errors from the local server, except requests
    the browser itself cancels when the page navigates away) and
    ``foreign_requests`` (every request to an origin other than the server's; those are
    aborted, never sent), which keep filling while the page lives; ``.request_problems()`` joins
    them; ``requested`` lists every URL the page asked for. Contexts are closed when the test
    ends.

The checks themselves live in helpers/site_harness.py, each returning a list of readable
problems: ``math_problems``, ``image_problems``, ``axe_violations`` (+ ``format_axe_violations``),
``overflow_problems``, ``scoped_request_problems``, ``math_script_problems``,
``wide_formula_problems``, ``LinkChecker(site_url).problems``, ``follow_link``,
``toggle_until`` / ``color_scheme``; and on the built files, before any script runs:
``raw_math_problems``, ``image_size_problems``, ``page_transfer``.
tests/site/test_harness_can_fail.py proves each can fail.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.site_harness import (
    REPO_ROOT,
    LoadedPage,
    SiteBuildError,
    SiteServer,
    build_site,
    chromium_path,
    launch_chromium,
    open_site_page,
    pages_from_sitemap,
)

from scripts.site.browser import pages_from_nav


class _SiteSession:
    """The one build and server of this test process, made on first use and torn down at exit."""

    def __init__(self) -> None:
        self._started = False
        self.tmp: Path | None = None
        self.server: SiteServer | None = None
        self.site_dir: Path | None = None
        self.base_url = ""
        self.pages: list[str] = []
        self.error: str | None = None

    def ensure(self) -> None:
        if self._started:
            return
        self._started = True
        self.tmp = Path(tempfile.mkdtemp(prefix="pe-site-test-"))
        self.site_dir = self.tmp / "site"
        # Bind first: the build needs the URL it will be served at (Material's instant
        # navigation only takes links it finds in sitemap.xml, port included).
        self.server = SiteServer(self.site_dir)
        self.base_url = self.server.base_url
        try:
            build_site(self.site_dir, self.base_url)
            sitemap = (self.site_dir / "sitemap.xml").read_text(encoding="utf-8")
            self.pages = pages_from_sitemap(sitemap, self.base_url)
        except (SiteBuildError, ValueError) as exc:
            self.error = str(exc)
            return
        self.server.start()

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)


_SESSION = pytest.StashKey[_SiteSession]()


def _site_session(config: pytest.Config) -> _SiteSession:
    if _SESSION not in config.stash:
        session = _SiteSession()
        config.stash[_SESSION] = session
        config.add_cleanup(session.close)
    return config.stash[_SESSION]


#: The pages, from mkdocs.yml's nav: known before anything is built, so collecting the
#: tests builds nothing (tests/site/test_pages.py checks the built sitemap lists the same).
NAV_PAGES = pages_from_nav((REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "site_page" not in metafunc.fixturenames:
        return
    # Module scope groups a module's tests page by page, so a module-scoped fixture built on
    # site_page (e.g. one loaded page shared by several checks) is made once per page.
    metafunc.parametrize(
        "site_page", NAV_PAGES, indirect=True, ids=[p or "home" for p in NAV_PAGES], scope="module"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the tiers (``./dev test --fast`` leaves out ``site``, ``build`` and ``training``).

    With pytest-xdist (``--dist loadgroup``), every test of the built site runs in one
    worker: the site is built once and served by one server, while the other workers run
    the tests that need no site."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "built_site" in fixtures:
            item.add_marker(pytest.mark.site)
            item.add_marker(pytest.mark.xdist_group("site"))
        if "full_build" in fixtures:
            item.add_marker(pytest.mark.build)
        if "tiny_sandbox" in fixtures:  # trains a tiny model (tests/pipeline)
            item.add_marker(pytest.mark.training)


@pytest.fixture(scope="session")
def built_site(request: pytest.FixtureRequest) -> Path:
    session = _site_session(request.config)
    session.ensure()
    if session.error:
        pytest.fail(session.error, pytrace=False)
    assert session.site_dir is not None
    return session.site_dir


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest, built_site: Path) -> str:
    return _site_session(request.config).base_url


@pytest.fixture(scope="session")
def site_pages(request: pytest.FixtureRequest, built_site: Path) -> list[str]:
    return list(_site_session(request.config).pages)


@pytest.fixture(scope="module")
def site_page(request: pytest.FixtureRequest, built_site: Path) -> str:
    return request.param


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    playwright = sync_playwright().start()
    try:
        browser = launch_chromium(playwright, path)
        yield browser
        browser.close()
    finally:
        playwright.stop()


@pytest.fixture
def open_page(browser: Any, site_url: str) -> Iterator[Callable[..., LoadedPage]]:
    opened: list[LoadedPage] = []

    def _open(
        path: str,
        *,
        color_scheme: str | None = None,
        viewport: dict[str, int] | None = None,
        wait_for_network_idle: bool = False,
    ) -> LoadedPage:
        loaded = open_site_page(
            browser,
            site_url,
            path,
            color_scheme=color_scheme,
            viewport=viewport,
            wait_for_network_idle=wait_for_network_idle,
        )
        opened.append(loaded)
        return loaded

    yield _open
    for loaded in opened:
        loaded.context.close()
