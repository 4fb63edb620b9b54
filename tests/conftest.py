"""Fixtures for testing the built site in a real browser (any test under tests/ may use them).

Session-scoped (one per test process; with pytest-xdist, one per worker, but one build):

``built_site`` -> pathlib.Path
    The site, built once per test run with ``sys.executable -m mkdocs build --strict`` into a
    temporary directory (with pytest-xdist, the first worker that needs it builds it and the
    others wait for it), with SITE_URL set to ``built_site_url``. A failed build fails every
    test that uses it, with the whole build log.
``built_site_url`` -> str
    The address the site is built for (its canonical links, sitemap and link previews).
``site_url`` -> str
    ``http://127.0.0.1:PORT/pe-site/``, this process's own: a quiet stdlib ThreadingHTTPServer on a free port serving
    ``built_site`` under the sub-path /pe-site/ only (anything else is 404; /pe-site redirects to
    /pe-site/; a missing file, or a folder without index.html, gets the site's 404.html with
    status 404, as on the real host), with fixed MIME types for .svg .woff2 .js .mjs .json .webp
    and friends.
``site_pages`` -> list[str]
    Page paths from the built sitemap.xml, relative to ``built_site_url`` ("" is the home page, then
    e.g. "derivation/"), in sitemap order. ``site_url + path`` is the page's URL.
``site_page`` -> str
    One of the pages of mkdocs.yml's nav: a test that asks for it runs once per page (ids are
    the paths, "home" for ""). Collecting the tests builds nothing; the site is built when
    the first test that needs it runs. With pytest-xdist and ``--dist loadgroup`` (as
    ``./dev test`` runs), a page's tests run in one worker; the pages spread over workers.
    Parametrized with module scope: a module's tests run grouped by page, so module-scoped
    fixtures that use ``site_page`` are set up once per page.
``browser`` -> playwright.sync_api.Browser
    Headless Chromium from $PE_CHROMIUM (default: Debian's chromium-headless-shell, else
    /usr/bin/chromium), launched with
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

import fcntl
import os
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

from scripts.artifacts.builder import COMPILE_CACHE_VARIABLE
from scripts.artifacts.runs import compile_cache_folder
from scripts.site.browser import pages_from_nav

# JAX's compiled programs kept on disk and shared by every process of the tests (both
# workers, the pipeline's training subprocesses): compiling, not training, is most of a tiny
# run's time (about 8 of 9 parts), and the tests train the same small models in several
# processes. A loaded program is the one a compile would give, so results are unchanged; the
# training itself still runs. In generated/ (not committed), so a later run starts warm; in
# a folder named after the machine and libraries (as the build's), so a program compiled on
# one processor (a generated/ restored by CI from another machine) is never loaded on another.
# The builds the tests start in throw-away folders keep theirs there too (not each in its own).
os.environ.setdefault(COMPILE_CACHE_VARIABLE, str(REPO_ROOT / "generated" / ".jax-cache"))
os.environ.setdefault("JAX_COMPILATION_CACHE_DIR",
                      str(compile_cache_folder(Path(os.environ[COMPILE_CACHE_VARIABLE]))))
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", "0")
# The tests' own models (tests/experiments) compiled with LLVM's optimisations off: they are
# tiny and train for seconds, so compiling is most of their time, and a fresh clone starts
# with an empty cache (the training tier from an empty cache: 95 s -> 72 s on two cores).
# No fast-math either way, so the arithmetic is the same. The builds the tests start train
# with the build's own flags (scripts/artifacts/runs.py sets them), so the one run
# retrained from scratch is still compared with its kept result as the build trains it.
os.environ.setdefault("XLA_FLAGS", "--xla_backend_optimization_level=0")

#: The address the site is built for: what its canonical links, sitemap and link previews
#: name. Pages link to each other relatively, so every worker serves the one build from a
#: port of its own (``site_url``).
BUILT_URL = "http://127.0.0.1:8000/pe-site/"


class _SiteSession:
    """The site of this test run, built once (with pytest-xdist: by the first worker that
    needs it, the others wait for it) and served by a server of this process's own."""

    def __init__(self, shared: Path) -> None:
        self.shared = shared  # a folder every worker of this run sees
        self.site_dir = shared / "site"
        self.server: SiteServer | None = None
        self.pages: list[str] = []
        self.error: str | None = None
        self._started = False

    def ensure(self) -> None:
        if self._started:
            return
        self._started = True
        result = self.shared / "site-build-result.txt"
        with open(self.shared / "site-build.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one build; the others wait for it here
            if not result.exists():
                try:
                    build_site(self.site_dir, BUILT_URL)
                    result.write_text("ok", encoding="utf-8")
                except SiteBuildError as exc:
                    result.write_text(str(exc), encoding="utf-8")
        outcome = result.read_text(encoding="utf-8")
        if outcome != "ok":
            self.error = outcome
            return
        try:
            sitemap = (self.site_dir / "sitemap.xml").read_text(encoding="utf-8")
            self.pages = pages_from_sitemap(sitemap, BUILT_URL)
        except (OSError, ValueError) as exc:
            self.error = str(exc)
            return
        self.server = SiteServer(self.site_dir).start()

    @property
    def base_url(self) -> str:
        return self.server.base_url if self.server is not None else ""

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


_SESSION = pytest.StashKey[_SiteSession]()


def _site_session(config: pytest.Config, factory: pytest.TempPathFactory) -> _SiteSession:
    if _SESSION not in config.stash:
        base = factory.getbasetemp()
        # pytest-xdist gives each worker a folder of its own inside the run's folder.
        shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
        session = _SiteSession(shared)
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


def _join_group(item: pytest.Item, group: str) -> None:
    """Put ``item`` in an xdist group: ``--dist loadgroup`` schedules by a ``@group`` suffix
    of the node id. pytest-xdist 3.8 adds it to ``item._nodeid``, which pytest 9 no longer
    reads (its node ids are ``item._id``), so every group marker was ignored and a module's
    or a page's tests spread over the workers, each making the module's fixtures again."""
    item.add_marker(pytest.mark.xdist_group(group))
    if not getattr(item.config.option, "loadgroup", False) or "@" in item.nodeid:
        return
    from _pytest.nodeid import NodeId

    item._id = NodeId.parse(f"{item.nodeid}@{group}")  # type: ignore[attr-defined]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the tiers (``./dev test --fast`` leaves out ``site``, ``build`` and ``training``).

    With pytest-xdist (``--dist loadgroup``), a page's tests run in one worker, so the
    module-scoped loads of that page are made once (the site itself is built once); the
    other tests run grouped by module."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        module = f"module-{item.nodeid.split('::')[0]}"
        if "built_site" in fixtures:
            item.add_marker(pytest.mark.site)
            # A page's tests stay together (they share its loads); pages spread over workers.
            params = getattr(getattr(item, "callspec", None), "params", {})
            page = params.get("site_page")
            _join_group(item, module if page is None else f"page-{page}")
        else:
            # A module's tests stay together, so its module-scoped fixtures (trained tiny
            # models, checker verdicts) are made once, not once per worker.
            _join_group(item, module)
        if "full_build" in fixtures:
            item.add_marker(pytest.mark.build)
        if {"tiny_sandbox", "tiny_trained"} & set(fixtures):  # a tiny model (tests/pipeline)
            item.add_marker(pytest.mark.training)
        if "browser" in fixtures:  # Chromium, whether or not the module says so
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def built_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    session = _site_session(request.config, tmp_path_factory)
    session.ensure()
    if session.error:
        pytest.fail(session.error, pytrace=False)
    assert session.site_dir is not None
    return session.site_dir


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest, built_site: Path) -> str:
    return request.config.stash[_SESSION].base_url


@pytest.fixture(scope="session")
def built_site_url() -> str:
    return BUILT_URL


@pytest.fixture(scope="session")
def site_pages(request: pytest.FixtureRequest, built_site: Path) -> list[str]:
    return list(request.config.stash[_SESSION].pages)


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
