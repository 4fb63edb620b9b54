"""Every page of the built site, in headless Chromium, as a reader gets it from the host.

Each test runs once per page of mkdocs.yml's nav (the `site_page` fixture). The
read-only checks share one load of the page per view (light, dark, phone) to keep the suite
fast; the interactive ones (palette toggle, following links) get a page of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from helpers.page_files import OWN_FILES
from helpers.site_harness import (
    COLOUR_RULES,
    LinkChecker,
    LoadedPage,
    axe_violations,
    color_scheme,
    follow_link,
    format_axe_violations,
    image_problems,
    layout_shift_problems,
    math_problems,
    math_script_problems,
    maths_markup_problems,
    open_site_page,
    overflow_problems,
    repeated_shift_problems,
    scoped_request_problems,
    toggle_until,
    touch_external_links,
    wide_formula_problems,
)
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser

OpenPage = Callable[..., LoadedPage]
PHONE = {"width": 390, "height": 844}
SCHEME_OF = {"light": "default", "dark": "slate"}  # Material's body[data-md-color-scheme]


def fail_on(problems: list[str], what: str) -> None:
    """Fail with every problem listed, one per line, instead of only the first."""
    if problems:
        pytest.fail(f"{what}:\n" + "\n".join(f"  - {p}" for p in problems), pytrace=False)


def next_page(site_pages: list[str], page: str) -> str:
    """The page after ``page`` in the sitemap (wrapping): a link to follow."""
    return site_pages[(site_pages.index(page) + 1) % len(site_pages)]


DESKTOP = {"width": 1280, "height": 720}  # Playwright's default window


@dataclass
class SharedView:
    """One load of a page, shared by the read-only checks: opened on a phone in the light
    scheme (what moved while it loaded is noted at once, before any check resizes it), then
    set to each viewport and scheme a check asks for, as a reader resizing a window or
    changing the system's scheme would. One load per page instead of three: a load is about
    two seconds of the suite per page."""

    loaded: LoadedPage
    moved_on_load: list[str]

    def as_(self, viewport: dict[str, int], system: str) -> LoadedPage:
        page = self.loaded.page
        if page.viewport_size != viewport:
            page.set_viewport_size(viewport)
        page.emulate_media(color_scheme=system)
        # Without a saved choice Material follows the system's scheme, also when it changes
        # while the page is open (what lets one load serve both schemes' checks).
        try:
            page.wait_for_function(
                """(scheme) => document.body.dataset.mdColorScheme === scheme &&
                     document.getAnimations().every((a) => a.playState !== 'running')""",
                arg=SCHEME_OF[system],
                timeout=5000,
            )
        except PlaywrightError:
            pytest.fail(f"{self.loaded.url} did not follow the system's {system} scheme "
                        f"within 5 s (body shows {color_scheme(page)!r})", pytrace=False)
        # a frame with the new size and colours laid out and painted
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
        return self.loaded


@pytest.fixture(scope="module")
def shared_view(browser: Any, site_url: str, site_page: str) -> Iterator[SharedView]:
    # With the reader's "reduce motion" setting, which Material honours by turning its
    # transitions off: the checks read each view at rest, without waiting a quarter of a
    # second for the colours and the search box to finish moving after every change of view.
    def load() -> LoadedPage:
        return open_site_page(
            browser, site_url, site_page, viewport=PHONE, color_scheme="light",
            wait_for_network_idle=True, reduced_motion=True,
        )

    loaded = load()
    moved = repeated_shift_problems(loaded, load)
    try:
        yield SharedView(loaded, moved)
    finally:
        loaded.context.close()


@pytest.fixture
def light_view(shared_view: SharedView) -> LoadedPage:
    return shared_view.as_(DESKTOP, "light")


@pytest.fixture
def dark_view(shared_view: SharedView) -> LoadedPage:
    return shared_view.as_(DESKTOP, "dark")


@pytest.fixture
def phone_view(shared_view: SharedView) -> LoadedPage:
    return shared_view.as_(PHONE, "light")


@pytest.fixture(params=["light", "dark"])
def view(request: pytest.FixtureRequest, site_page: str) -> LoadedPage:
    """The page in the light, then the dark colour scheme (site_page named so it is parametrized)."""
    return request.getfixturevalue(f"{request.param}_view")


def test_page_loads_cleanly(view: LoadedPage) -> None:
    assert view.status == 200, f"{view.url} answered HTTP {view.status}"
    fail_on(view.request_problems(), f"{view.url} ({color_scheme(view.page)} scheme)")


def test_images_decode_and_have_alt_text(light_view: LoadedPage) -> None:
    fail_on(image_problems(light_view.page), f"images on {light_view.url}")


def test_math_is_typeset(light_view: LoadedPage) -> None:
    fail_on(math_problems(light_view.page), f"math on {light_view.url}")


def test_no_math_typesetting_script_is_requested(light_view: LoadedPage) -> None:
    # The maths arrives typeset in the HTML (tests/site/test_served_html.py checks that).
    fail_on(math_script_problems(light_view.requested), f"scripts of {light_view.url}")


def test_the_sitemap_lists_the_pages_with_their_own_files(site_pages: list[str]) -> None:
    # Or the test below would check only the other pages.
    assert set().union(*OWN_FILES.values()) <= set(site_pages)


def test_a_pages_own_files_are_requested_by_its_pages_only(
    light_view: LoadedPage, site_page: str, site_url: str
) -> None:
    """The explorer's, the checker's, the exercises' ... scripts and styles load only on the
    pages that use them (tests/site/test_harness_can_fail.py shows the check catching a page
    that requests what it should not)."""
    fail_on(
        [
            problem
            for prefix, owners in OWN_FILES.items()
            for problem in scoped_request_problems(
                light_view, site_url + prefix, expected=site_page in owners
            )
        ],
        f"files requested by {light_view.url}",
    )


@pytest.fixture(scope="module")
def link_checker(site_url: str) -> LinkChecker:
    """Shared by all pages, so each link target is fetched once."""
    return LinkChecker(site_url)


def test_internal_links_resolve(light_view: LoadedPage, link_checker: LinkChecker) -> None:
    fail_on(link_checker.problems(light_view.page), f"links on {light_view.url}")


def test_no_accessibility_violations(view: LoadedPage) -> None:
    scheme = color_scheme(view.page)
    # Every rule in the light scheme; in the dark one, the rules that read colours.
    violations = axe_violations(view.page, None if scheme == "default" else COLOUR_RULES)
    assert not violations, (
        f"axe-core found {len(violations)} violated rule(s) on {view.url} ({scheme} scheme):\n"
        + format_axe_violations(violations)
    )
    fail_on(maths_markup_problems(view.page), f"formulas on {view.url} ({scheme} scheme)")


def test_materials_bundle_runs_once_after_the_first_paint(light_view: LoadedPage) -> None:
    got = light_view.page.evaluate("""() => ({
      ran: window.__peMaterialAt || [],
      fcp: performance.getEntriesByName('first-contentful-paint').map(e => e.startTime),
      loaded: performance.getEntriesByType('navigation').map(e => e.loadEventEnd),
      scripts: document.querySelectorAll('script[src*="/bundle."]').length,
      fetched: performance.getEntriesByType('resource')
        .filter(e => /\\/bundle\\.[0-9a-f]+\\.min\\.js$/.test(e.name)).length,
      material: typeof document$ !== 'undefined'})""")
    assert got["material"] and got["scripts"] == 1 and got["fetched"] == 1, got
    assert len(got["ran"]) == 1 and len(got["fcp"]) == 1 and got["ran"][0] > got["fcp"][0], got
    # and after the page's images are in (the load event): a figure in the first screen is
    # painted before the bundle's start-up takes the main thread
    assert len(got["loaded"]) == 1 and got["ran"][0] > got["loaded"][0] > 0, got


def test_a_dark_system_gets_the_dark_scheme_on_load(open_page: OpenPage) -> None:
    # From the first paint (scripts/site/palette.js runs while the header is parsed): once,
    # on the home page, as every page has the same header (tests/site/test_site_passes.py).
    loaded = open_page("", color_scheme="dark")
    assert color_scheme(loaded.page) == "slate"


def test_nothing_moves_once_painted(shared_view: SharedView) -> None:
    fail_on(shared_view.moved_on_load, f"{shared_view.loaded.url} loading on a phone")


#: A page whose inline maths wraps on a phone: with KaTeX's own ``font-display: block``, its
#: lines were laid out with a fallback's widths and re-flowed when the fonts came (CI saw a
#: 0.032 shift here when its machine was busy).
MATHS_PAGE = "reference-variants/"


def test_fonts_arriving_late_move_nothing(browser: Any, site_url: str) -> None:
    late = open_site_page(browser, site_url, MATHS_PAGE, viewport=PHONE, font_delay_ms=600)
    try:
        late.page.wait_for_load_state("networkidle")
        fonts = late.page.evaluate(
            "() => performance.getEntriesByType('resource')"
            ".filter((r) => r.name.endsWith('.woff2')).length"
        )
        assert fonts > 0, "the page preloads no font: the check would show nothing"
        fail_on(layout_shift_problems(late.page), f"{late.url} with fonts 600 ms late")
    finally:
        late.context.close()


def test_no_horizontal_overflow_on_phone(phone_view: LoadedPage) -> None:
    fail_on(
        overflow_problems(phone_view.page),
        f"{phone_view.url} at {PHONE['width']}x{PHONE['height']}",
    )


#: The smallest text a page may show on a phone, in CSS pixels: Lighthouse's "legible font
#: sizes" threshold (it fails a page where much of the text is smaller).
LEGIBLE_PX = 12.0


def test_text_and_code_are_legible_on_a_phone(phone_view: LoadedPage) -> None:
    """Body text, and code inline or in blocks (Material's 0.85em is 10.9 px on a phone),
    are at least LEGIBLE_PX; KaTeX's own sizes (sub- and superscripts) are left to KaTeX."""
    small = phone_view.page.evaluate(
        """(least) => [...document.querySelectorAll('.md-typeset p, .md-typeset li, .md-typeset code')]
             .filter((el) => !el.closest('.katex, nav, footer')
                             && el.getClientRects().length
                             && parseFloat(getComputedStyle(el).fontSize) < least)
             .slice(0, 5)
             .map((el) => `${el.tagName.toLowerCase()} ${getComputedStyle(el).fontSize}: `
                          + el.textContent.trim().slice(0, 40))""",
        LEGIBLE_PX,
    )
    assert not small, f"{phone_view.url}: text under {LEGIBLE_PX} px on a phone: {small}"


def test_only_matrices_scroll_on_a_phone_and_they_are_reachable(phone_view: LoadedPage) -> None:
    fail_on(wide_formula_problems(phone_view.page), f"{phone_view.url} at {PHONE['width']} px")


#: The palette toggle in a browser, on one page of each kind (plain, maths, notebook, the
#: explorer's and the checker's scripts, the API reference, folded solutions): the toggle is
#: the same patched markup on every page, which tests/site/test_site_passes.py checks in
#: every served page's HTML.
PALETTE_PAGES = ["", "formula/", "notebook/", "explorer/", "checker/", "reference/",
                 "teachers-solutions/"]


@pytest.mark.parametrize("palette_page", PALETTE_PAGES, ids=[p or "home" for p in PALETTE_PAGES])
def test_palette_toggle_works_and_persists(
    open_page: OpenPage, palette_page: str, site_pages: list[str], site_url: str
) -> None:
    site_page = palette_page
    assert site_page in site_pages
    loaded = open_page(site_page, color_scheme="light")
    page = loaded.page
    seen = toggle_until(page, "slate")
    assert seen[0] == "default" and seen[-1] == "slate", f"toggle went through {seen}, never dark"

    target = site_url + next_page(site_pages, site_page)
    fail_on(follow_link(page, target), "following a link")
    assert color_scheme(page) == "slate", f"dark scheme lost on the way to {target}"
    page.reload()
    assert color_scheme(page) == "slate", f"dark scheme not remembered after reloading {target}"

    seen = toggle_until(page, "default")
    assert seen[-1] == "default", f"toggle went through {seen}, never back to light"
    fail_on(loaded.request_problems(), "while toggling and navigating")


def test_missing_page_gets_the_sites_404_page(open_page: OpenPage, site_url: str) -> None:
    # Under the sub-path the 404 page must still find its styles and scripts.
    loaded = open_page("no-such-page/", wait_for_network_idle=True)
    assert loaded.status == 404
    assert "404" in loaded.page.locator("article").inner_text()
    own = f"GET {loaded.url}: HTTP 404"
    others = [p for p in loaded.request_problems() if own not in p and "404 (Not Found)" not in p]
    fail_on(others, "the 404 page")


def test_external_links_are_not_fetched_before_a_click(
    light_view: LoadedPage, site_page: str, site_url: str
) -> None:
    """Citations are plain links: hovering or focusing one (what would trigger a prefetch)
    sends nothing to another origin. The harness aborts and records any such request.
    (On the page's shared light view, after the read-only checks above have used it.)"""
    loaded = light_view
    external = touch_external_links(loaded, site_url)
    if site_page.startswith("implementations"):
        assert external >= 10, "the implementations page cites its sources"
    fail_on(loaded.request_problems(), f"hovering the external links of {loaded.url}")


def test_code_toolbars_mounted_on_scroll_are_named(open_page: OpenPage) -> None:
    """Material adds a code block's toolbar (its copy button, in a <nav>) when the block first
    scrolls into view (content.lazy); a11y.js names each one after the block's place on the
    page, so a screen reader's list of landmarks tells them apart."""
    loaded = open_page("errata/", viewport=PHONE, wait_for_network_idle=True)
    page = loaded.page
    shown = "pre > code:not(details:not([open]) code)"
    blocks = page.locator(f".md-typeset {shown}")
    total = blocks.count()
    assert total >= 10, f"errata/ should show many code blocks, has {total}"
    navs = f"() => [...document.querySelectorAll('.md-typeset {shown}')].filter(c => c.closest('pre').querySelector('.md-code__nav')).length"
    assert page.evaluate(navs) < total, "every toolbar was mounted before any scrolling"
    for i in range(total):
        blocks.nth(i).scroll_into_view_if_needed()
    page.wait_for_function(f"() => ({navs})() === {total}", timeout=10000)
    named = page.evaluate(
        """(shown) => {
          const all = [...document.querySelectorAll('.md-typeset pre')];
          return [...document.querySelectorAll('.md-typeset ' + shown)].map(c => {
            const pre = c.closest('pre');
            return [pre.querySelector('.md-code__nav').getAttribute('aria-label'),
                    `Code block ${all.indexOf(pre) + 1}`];
          });
        }""",
        shown,
    )
    assert all(got == want for got, want in named), named
    assert len({got for got, _ in named}) == total, "two toolbars share a name"
    violations = axe_violations(page)
    assert not violations, "after mounting every toolbar:\n" + format_axe_violations(violations)
    fail_on(loaded.request_problems(), "errata/ while scrolling")
