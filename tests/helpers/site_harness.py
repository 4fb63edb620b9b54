"""Drive the built site in Chromium and check what a reader gets (building and serving it:
scripts/site/browser.py).

Every check is a plain function returning a list of readable problems (empty when all is well), so
the real page tests and the meta-tests in tests/site/test_harness_can_fail.py run the very same code.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import urlopen

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Response
from playwright.sync_api import Error as PlaywrightError

from scripts.site.browser import (  # noqa: F401  (the tests import them from here too)
    DEFAULT_CHROMIUM,
    GZIP_TYPES,
    SUBPATH,
    SiteBuildError,
    SiteServer,
    build_site,
    chromium_path,
    pages_from_sitemap,
    start_chromium,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
AXE_JS = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
TEX_DELIMITERS = ("\\(", "\\)", "\\[", "\\]", "$$")


# --------------------------------------------------------------------------- browser


def require_chromium(path: str) -> str:
    """Return ``path`` if it is an executable; otherwise fail the test (never skip) saying how to fix it."""
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    pytest.fail(
        f"No Chromium executable at {path!r} (set by PE_CHROMIUM, default {DEFAULT_CHROMIUM}).\n"
        "The browser tests need one: run them with `./dev test`, which finds or installs it,\n"
        "or install it yourself (Debian: `apt-get install -y chromium-headless-shell`) and/or\n"
        "export PE_CHROMIUM=/path/to/chromium.",
        pytrace=False,
    )


def launch_chromium(playwright: Playwright, path: str) -> Browser:
    path = require_chromium(path)
    try:
        return start_chromium(playwright, path)
    except PlaywrightError as exc:
        pytest.fail(f"Chromium at {path!r} did not start:\n{exc}", pytrace=False)


def _origin(url: str) -> str | None:
    """scheme://host:port of ``url``; None for URLs that never reach the network (data:, about:)."""
    parts = urlsplit(url.removeprefix("blob:"))
    if parts.scheme in ("data", "about", "javascript", ""):
        return None
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class LoadedPage:
    """A page opened in its own browser context, with everything that went wrong while it ran.

    The lists keep filling while the page lives (e.g. after a reader clicks a link).
    """

    page: Page
    context: BrowserContext
    url: str
    response: Response | None
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    requested: list[str] = field(default_factory=list)  # every URL asked for, in order

    @property
    def status(self) -> int | None:
        return self.response.status if self.response is not None else None

    def request_problems(self) -> list[str]:
        """Console errors, uncaught exceptions, failed and foreign requests, one line each."""
        return (
            [f"console error: {m}" for m in self.console_errors]
            + [f"uncaught exception: {m}" for m in self.page_errors]
            + [f"failed request: {m}" for m in self.failed_requests]
            + [f"request to another origin: {m}" for m in self.foreign_requests]
        )


def open_site_page(
    browser: Browser,
    base_url: str,
    path: str,
    *,
    color_scheme: str | None = None,
    viewport: dict[str, int] | None = None,
    wait_for_network_idle: bool = False,
    math_timeout_ms: float = 5000,
    font_delay_ms: float = 0,
    reduced_motion: bool = False,
) -> LoadedPage:
    """Open ``base_url + path`` in a fresh context, recording errors and requests; wait for the math.

    ``font_delay_ms`` holds every font back that long, as a slow network would.
    ``reduced_motion`` is a reader's "reduce motion" setting, under which Material turns off
    every CSS transition: a page then reaches its resting state at once after a resize or a
    change of scheme.

    Requests to any origin other than ``base_url``'s are recorded and aborted (never sent).
    The caller closes ``result.context``.
    """
    origin = _origin(base_url)
    options: dict[str, Any] = {}
    if color_scheme is not None:
        options["color_scheme"] = color_scheme
    if viewport is not None:
        options["viewport"] = viewport
    if reduced_motion:
        options["reduced_motion"] = "reduce"
    context = browser.new_context(**options)
    context.add_init_script(_RECORD_LAYOUT_SHIFTS_JS)
    url = base_url + path
    result = LoadedPage(page=context.new_page(), context=context, url=url, response=None)

    def foreign(u: str) -> bool:
        o = _origin(u)
        return o is not None and o != origin

    def on_request(request: Any) -> None:
        result.requested.append(request.url)
        if foreign(request.url):
            result.foreign_requests.append(f"{request.method} {request.url}")

    def on_failed(request: Any) -> None:
        # Foreign requests are reported (and aborted) above. ERR_ABORTED is the browser itself
        # cancelling a request because the page reloaded or navigated away mid-request; a
        # missing or broken file shows up as an HTTP status or another net:: error instead.
        if not foreign(request.url) and request.failure != "net::ERR_ABORTED":
            result.failed_requests.append(f"{request.method} {request.url}: {request.failure}")

    def on_response(response: Any) -> None:
        if response.status >= 400 and not foreign(response.url):
            result.failed_requests.append(
                f"{response.request.method} {response.url}: HTTP {response.status}"
            )

    def on_console(msg: Any) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            where = f" ({loc.get('url')}:{loc.get('lineNumber')})" if loc.get("url") else ""
            result.console_errors.append(f"{msg.text}{where}")

    in_flight: set[Any] = set()
    context.on("request", on_request)
    context.on("requestfailed", on_failed)
    context.on("response", on_response)
    context.on("request", lambda request: in_flight.add(request))
    context.on("requestfinished", lambda request: in_flight.discard(request))
    context.on("requestfailed", lambda request: in_flight.discard(request))
    context.route(foreign, lambda route: route.abort("blockedbyclient"))
    result.page.on("console", on_console)
    result.page.on("pageerror", lambda err: result.page_errors.append(str(err)))
    if font_delay_ms:
        context.route(
            "**/*.woff2",
            lambda route: (result.page.wait_for_timeout(font_delay_ms), route.continue_()),
        )

    try:
        result.response = result.page.goto(url, wait_until="load")
        if wait_for_network_idle:
            # Lets late requests (Material's bundle after the first paint, a lazy image) finish
            # or fail before anyone asserts.
            _wait_for_quiet_network(result, in_flight)
        wait_for_math(result.page, math_timeout_ms)
    except BaseException:
        context.close()
        raise
    return result


#: How long the network must stay quiet (no request in flight, none started) before a page
#: counts as loaded: Playwright's "networkidle" waits half a second, most of a page load's
#: time in the browser tests; the site's late requests (Material's bundle, started a frame
#: after the load event; its scripts after it) follow each other within a few milliseconds.
QUIET_MS = 150


def _wait_for_quiet_network(loaded: LoadedPage, in_flight: set[Any], timeout_s: float = 15) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        started = len(loaded.requested)
        loaded.page.wait_for_timeout(QUIET_MS)
        if not in_flight and len(loaded.requested) == started:
            return
        if time.monotonic() > deadline:
            pending = sorted(r.url for r in in_flight)
            pytest.fail(f"{loaded.url}: the network never went quiet for {QUIET_MS} ms within "
                        f"{timeout_s:g} s; still in flight: {pending}", pytrace=False)


# --------------------------------------------------------------------------- checks


def touch_external_links(loaded: LoadedPage, site_url: str) -> int:
    """Focus every link of the article to another origin and hover the first, what would set
    off a prefetch; the harness records (and aborts) any request that follows. Returns how
    many links there were. Focused without scrolling to each (a focus handler runs all the
    same); only the first is hovered (a hover scrolls the page and is a round trip to the
    browser; the links all share the same markup and handlers)."""
    links = loaded.page.locator("article a[href^='http']")
    hrefs = links.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    external = [i for i, href in enumerate(hrefs) if not href.startswith(site_url)]
    links.evaluate_all(
        "(links, external) => external.forEach((i) => links[i].focus({preventScroll: true}))",
        external)
    for i in external[:1]:
        links.nth(i).hover()
    loaded.page.wait_for_timeout(300)
    return len(external)


#: Installed in every page opened by open_site_page, before any of the page's own scripts.
_RECORD_LAYOUT_SHIFTS_JS = """
window.__peShifts = [];
// When Material's bundle ran (scripts/site/bundle_loader.js sends "pe:material" after it).
document.addEventListener('pe:material', () => {
  (window.__peMaterialAt = window.__peMaterialAt || []).push(performance.now());
});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const where = (n) => n ? `${n.nodeName.toLowerCase()}${n.id ? '#' + n.id : ''}${
      typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\\s+/).join('.') : ''}` : '?';
    const box = (r) => `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)})`;
    window.__peShifts.push({value: e.value, sources: e.sources.map(
      (s) => `${where(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`)});
  }
}).observe({type: 'layout-shift', buffered: true});
"""

#: Issue 9's target for the cumulative layout shift of a page as it loads (aim: none at all).
MAX_LAYOUT_SHIFT = 0.02


def layout_shift_problems(page: Page) -> list[str]:
    """The layout shifts since the page started loading, if they add up to more than
    MAX_LAYOUT_SHIFT (what moved, from where to where)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    shifts = page.evaluate("() => window.__peShifts || []")
    total = sum(s["value"] for s in shifts)
    if total <= MAX_LAYOUT_SHIFT:
        return []
    return [f"content moved after it was painted: layout shift {total:.3f} > {MAX_LAYOUT_SHIFT}"] + [
        f"shift {s['value']:.4f}: {src}" for s in shifts for src in s["sources"]
    ]


def repeated_shift_problems(loaded: LoadedPage, load: Callable[[], LoadedPage]) -> list[str]:
    """The layout shifts of ``loaded`` (:func:`layout_shift_problems`), measured again on a
    fresh load (``load()``) if there were any: only a shift that happens again is a problem.
    One that does not is named as a warning in the log. A busy machine's timing once moved
    the design page's table on a phone (0.0215 against 0.02, in a full run with both
    processors loaded; not again in 70 loads, with or without load); Lighthouse measures
    every page's shift on a slowed phone (``./dev bench pages``)."""
    moved = layout_shift_problems(loaded.page)
    if not moved:
        return []
    again = load()
    try:
        repeated = layout_shift_problems(again.page)
    finally:
        again.context.close()
    warnings.warn(f"{loaded.url} moved on a phone, "
                  f"{'and again on a second load' if repeated else 'not on a second load'}: "
                  f"{moved}", stacklevel=2)
    return repeated


def scoped_request_problems(loaded: LoadedPage, prefix: str, *, expected: bool) -> list[str]:
    """Requests of files under the URL ``prefix`` (e.g. one page's scripts): each one is a
    problem on a page that should not load them; none at all is one on a page that should."""
    got = [url for url in loaded.requested if url.startswith(prefix)]
    if expected:
        return [] if got else [f"{loaded.url} requested nothing under {prefix}"]
    return [f"{loaded.url} requested {url}" for url in got]


_MATH_PENDING_JS = """() => [...document.querySelectorAll('.arithmatex')]
    .every(el => el.querySelector('.katex, .katex-error'))"""


def wait_for_math(page: Page, timeout_ms: float = 5000) -> None:
    """Wait (briefly) until every .arithmatex element was typeset; math_problems reports if not.

    The site typesets at build time, so this returns at once there; it matters for pages that
    would typeset in the browser, which raw_math_problems and math_script_problems catch.
    """
    try:
        page.wait_for_function(_MATH_PENDING_JS, timeout=timeout_ms, polling=50)
    except PlaywrightError:
        pass


#: Scripts that typeset maths in the browser (KaTeX, its auto-render, MathJax).
MATH_SCRIPT = re.compile(r"(?i)/(katex(\.min)?\.m?js|auto-render(\.min)?\.js|mathjax|tex-\w+\.js)")


def math_script_problems(requests: list[str]) -> list[str]:
    """Requests for a maths-typesetting script: the HTML must arrive typeset."""
    return [
        f"requests a maths-typesetting script: {u}"
        for u in requests
        if MATH_SCRIPT.search(urlsplit(u).path)
    ]


_NOT_TEXT = re.compile(
    r"<(pre|code|kbd|samp|script|style|textarea|template|title)\b.*?</\1\s*>|<!--.*?-->|<[^>]+>",
    re.DOTALL | re.IGNORECASE,
)
_RAW_TEX = re.compile(r"\\[()\[\]]|\$\$|\\[A-Za-z]{2,}|[_^]\{")
_KATEX_SPAN = re.compile(r'<span class="katex(-display)?"')
_ARITHMATEX_OPEN = re.compile(r'<(span|div) class="arithmatex"[^>]*>')


def raw_math_problems(page_html: str) -> list[str]:
    """The HTML as served (before any script runs) must hold typeset maths and no raw TeX.

    Raw TeX is a delimiter or a TeX command in the text outside code, scripts and KaTeX's
    MathML annotation; an ``.arithmatex`` element must contain KaTeX's output.
    """
    html_text = page_html[max(page_html.find("<body"), 0) :]
    # KaTeX keeps each formula's TeX in its MathML annotation: that is not text on the page.
    html_text = re.sub(r"<annotation\b.*?</annotation>", "", html_text, flags=re.DOTALL)
    problems = []
    gaps = [0] + [i for m in _NOT_TEXT.finditer(html_text) for i in m.span()] + [len(html_text)]
    for start, end in zip(gaps[::2], gaps[1::2], strict=True):
        text = html_text[start:end]
        for m in _RAW_TEX.finditer(text):
            excerpt = " ".join(text[max(0, m.start() - 30) : m.end() + 30].split())
            problems.append(f'raw TeX {m.group(0)!r} in the served HTML: "{excerpt}"')
    for m in _ARITHMATEX_OPEN.finditer(html_text):
        if not _KATEX_SPAN.match(html_text, m.end()):
            excerpt = " ".join(html_text[m.end() : m.end() + 60].split())
            problems.append(f'math not typeset in the served HTML: "{excerpt}"')
    return problems


_MATH_JS = """(delimiters) => {
  const problems = [];
  // Text a reader sees as text: not code (which may show TeX on purpose) and not typeset math.
  const skip = 'pre, code, kbd, samp, script, style, noscript, textarea, template, .katex';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip)) continue;
    const text = node.textContent;
    // A delimiter that Markdown swallowed leaves bare TeX commands such as \\frac or x^{2}.
    const command = text.match(/\\\\[A-Za-z]{2,}|[_^]\\{/);
    if (command) {
      const excerpt = text.slice(Math.max(0, command.index - 30), command.index + 40);
      problems.push(`raw TeX command ${command[0]} left in the text: "${excerpt.trim()}"`);
    }
    for (const d of delimiters) {
      const at = text.indexOf(d);
      if (at >= 0) {
        const excerpt = text.slice(Math.max(0, at - 30), at + 40).replace(/\\s+/g, ' ').trim();
        problems.push(`raw TeX delimiter ${d} left in the text: "${excerpt}"`);
      }
    }
  }
  for (const el of document.querySelectorAll('.arithmatex')) {
    if (!el.querySelector('.katex')) {
      problems.push(`math not typeset by KaTeX: "${el.textContent.trim().slice(0, 80)}"`);
    }
  }
  for (const el of document.querySelectorAll('.katex-error')) {
    problems.push(`KaTeX error: ${el.title || el.textContent.slice(0, 80)}`);
  }
  return problems;
}"""


def math_problems(page: Page) -> list[str]:
    """Raw TeX delimiters or commands in visible text, .arithmatex without .katex, KaTeX errors."""
    return page.evaluate(_MATH_JS, list(TEX_DELIMITERS))


_IMAGES_JS = """async () => Promise.all([...document.images].map(async (img) => {
  // Material hides one image of each light/dark pair with CSS; decode() loads and decodes it anyway.
  if (img.loading === 'lazy') img.loading = 'eager';
  let error = null;
  try {
    await Promise.race([
      img.decode(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 5 s')), 5000)),
    ]);
  } catch (e) {
    error = String((e && e.message) || e);
  }
  return {src: img.getAttribute('src'), alt: img.getAttribute('alt'),
          complete: img.complete, width: img.naturalWidth, error};
}))"""


def image_problems(page: Page) -> list[str]:
    """Every <img> must decode (complete, naturalWidth > 0) and have non-empty alt text."""
    problems = []
    for img in page.evaluate(_IMAGES_JS):
        src = img["src"]
        if img["alt"] is None:
            problems.append(f"<img src={src!r}> has no alt attribute")
        elif not img["alt"].strip():
            problems.append(f"<img src={src!r}> has empty alt text")
        if img["error"] or not img["complete"] or img["width"] <= 0:
            why = img["error"] or f"complete={img['complete']}, naturalWidth={img['width']}"
            problems.append(f"<img src={src!r}> did not load and decode: {why}")
    return problems


_IMG_TAG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_ATTR = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")


def tag_attrs(tag: str) -> dict[str, str]:
    return {
        m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
        for m in _ATTR.finditer(tag)
    }


def image_size_problems(page_html: str) -> list[str]:
    """Every <img> in the served HTML reserves its box: positive integer width and height."""
    problems = []
    for tag in _IMG_TAG.findall(page_html):
        attrs = tag_attrs(tag)
        src = attrs.get("src", "")[:60]
        for dim in ("width", "height"):
            if not attrs.get(dim, "").isdigit() or int(attrs[dim]) <= 0:
                problems.append(f"<img src={src!r}> has no {dim} (its box is not reserved)")
    return problems


_REFERENCE = re.compile(r"<(link|script|img)\b[^>]*>", re.IGNORECASE)
_JS_IMPORT = re.compile(r"""(?:\bimport\s*\(?|\bfrom)\s*["'](\.{1,2}/[^"']+)["']""")
_MATERIAL_CONFIG = re.compile(r'<script id="__config"[^>]*>(.*?)</script>', re.DOTALL)
_FAKE_ORIGIN = "http://site.invalid"


def _transfer_size(path: Path) -> int:
    """Bytes on the wire: text gzipped (as the host sends it), other files as they are."""
    data = path.read_bytes()
    return (
        len(gzip.compress(data, compresslevel=6, mtime=0))
        if path.suffix in GZIP_TYPES
        else len(data)
    )


def page_transfer(site_dir: Path, page: str) -> dict[str, int]:
    """What a reader's browser downloads for ``page`` (a sitemap path, "" for home), from the
    built files: ``{site path: bytes transferred}``.

    The page, its stylesheets, preloads and scripts (with the modules they import), its images
    (of a light/dark pair only the larger: the browser loads the one shown), and Material's
    search worker, which every page loads (the search index waits until the reader opens
    search: scripts/site/bundle_loader.js). A reference to a missing file is reported as -1.
    """
    base = f"{_FAKE_ORIGIN}/{page}"
    found: dict[str, int] = {}

    def add(url: str) -> Path | None:
        parts = urlsplit(url)
        if parts.scheme == "data" or (
            parts.netloc and f"{parts.scheme}://{parts.netloc}" != _FAKE_ORIGIN
        ):
            return None
        rel = unquote(parts.path).lstrip("/")
        local = site_dir / rel
        if local.is_dir():
            local, rel = local / "index.html", rel + "index.html" if rel else "index.html"
        if rel not in found:
            found[rel] = _transfer_size(local) if local.is_file() else -1
        return local if local.is_file() else None

    page_url = base
    page_file = add(page_url)
    if page_file is None:
        return found
    html_text = page_file.read_text(encoding="utf-8")
    pairs: dict[str, list[str]] = {}
    scripts = []
    for tag in _REFERENCE.finditer(html_text):
        attrs = tag_attrs(tag.group(0))
        kind = tag.group(1).lower()
        ref = attrs.get("src" if kind != "link" else "href")
        if not ref or (
            kind == "link" and attrs.get("rel") not in ("stylesheet", "preload", "modulepreload")
        ):
            continue
        url = urljoin(page_url, ref)
        if kind == "img" and re.search(r"#only-(light|dark)$", ref):
            pairs.setdefault(re.sub(r"-(light|dark)(\.\w+)#only-\w+$", r"\2", url), []).append(url)
            continue
        local = add(url.split("#")[0])
        if kind == "script" and local is not None:
            scripts.append((url, local))
    for variants in pairs.values():
        sizes = {v: _transfer_size(site_dir / urlsplit(v).path.lstrip("/")) for v in variants}
        largest = max(sizes, key=lambda v: sizes[v])
        add(largest.split("#")[0])
    config = _MATERIAL_CONFIG.search(html_text)
    if config:
        settings = json.loads(config.group(1))
        if settings.get("search"):
            add(urljoin(page_url, settings["search"]))
    seen = set()
    while scripts:
        url, local = scripts.pop()
        if url in seen or not local.is_file():
            continue
        seen.add(url)
        for ref in _JS_IMPORT.findall(local.read_text(encoding="utf-8", errors="replace")):
            target = urljoin(url, ref)
            imported = add(target)
            if imported is not None:
                scripts.append((target, imported))
    return found


#: The axe-core rules whose verdict depends on the colours (the others read the markup,
#: which is the same in both schemes).
COLOUR_RULES = ("color-contrast", "link-in-text-block")


#: Left out of axe's runs: KaTeX's visual layout of each formula, thousands of nested boxes on
#: a page of maths (half of axe's time on such a page). Screen readers read the formula's
#: MathML beside it, which axe checks; ``maths_markup_problems`` checks what axe would have
#: found in the boxes: hidden from screen readers, nothing to focus, and drawn in the colour
#: of the text around them (whose contrast axe checks) on no background of their own.
AXE_EXCLUDE = (".katex-html",)


def axe_violations(page: Page, rules: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Run axe-core (from node_modules, injected inline) on the page, every rule or only
    ``rules``, outside AXE_EXCLUDE; return its violations."""
    if not AXE_JS.is_file():
        pytest.fail(f"{AXE_JS} is missing: run `./dev test` (or `npm ci`) first", pytrace=False)
    if not page.evaluate("() => typeof window.axe === 'object'"):  # once per page: 0.2 s
        page.add_script_tag(path=str(AXE_JS))
    only = {"runOnly": {"type": "rule", "values": list(rules)}} if rules else {}
    return page.evaluate(
        """async ([only, exclude]) => (await axe.run(
              {include: [document], exclude: exclude.map((s) => [s])},
              {resultTypes: ['violations'], ...only}))
            .violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                        nodes: v.nodes.map(n => ({target: n.target.join(' '),
                                                  html: n.html, summary: n.failureSummary}))}))""",
        [only, list(AXE_EXCLUDE)],
    )


_MATHS_MARKUP_JS = """() => {
  const out = [];
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
  for (const root of document.querySelectorAll('.katex')) {
    const text = getComputedStyle(root.parentElement).color;
    const boxes = root.querySelector(':scope > .katex-html');
    if (!boxes) continue;
    if (boxes.getAttribute('aria-hidden') !== 'true')
      out.push(`${name(boxes)} is not hidden from screen readers`);
    for (const el of [root, ...boxes.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (el.matches('a, button, input, select, textarea, [tabindex]'))
        out.push(`${name(el)} can take the focus inside a formula`);
      if (style.color !== text)
        out.push(`${name(el)} is drawn in ${style.color}, its text in ${text}`);
      if (style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.opacity !== '1')
        out.push(`${name(el)} has background ${style.backgroundColor}, opacity ${style.opacity}`);
    }
  }
  return out;
}"""


def maths_markup_problems(page: Page) -> list[str]:
    """What axe would find in the formulas' visual boxes it leaves out (AXE_EXCLUDE)."""
    problems: list[str] = page.evaluate(_MATHS_MARKUP_JS)
    return sorted(set(problems))


def format_axe_violations(violations: list[dict[str, Any]], max_nodes: int = 5) -> str:
    """One paragraph per violated rule: impact, rule, what to fix, and the offending elements."""
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:max_nodes]:
            summary = " ".join((node["summary"] or "").split())
            lines.append(f"    at {node['target']}: {node['html'][:160]}")
            lines.append(f"       {summary[:400]}")
        if len(v["nodes"]) > max_nodes:
            lines.append(f"    ... and {len(v['nodes']) - max_nodes} more elements")
    return "\n".join(lines)


_OVERFLOW_JS = """() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth <= width) return {width, scrollWidth: root.scrollWidth, culprits: []};
  // Name the outermost elements that stick out on the right and are not inside a scroll box.
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    [...el.classList].slice(0, 3).map(c => '.' + c).join('');
  const culprits = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.right <= width + 0.5 || clipped(el)) continue;
    const parent = el.parentElement;
    if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 0.5) continue;
    culprits.push(`${describe(el)} reaches x=${Math.round(r.right)}`);
    if (culprits.length >= 8) break;
  }
  return {width, scrollWidth: root.scrollWidth, culprits};
}"""


_WIDE_FORMULAS_JS = """async () => {
  for (const d of document.querySelectorAll('details:not([open])')) d.open = true;
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r)));
  // The scroller is div.arithmatex on a phone, the formula's own .katex-display when wider.
  const wide = () => [...document.querySelectorAll('div.arithmatex, .md-typeset .katex-display')]
    .filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => ({tex: ((el.querySelector('.katex-mathml') || el).textContent || '').trim(),
                 width: el.scrollWidth, room: el.clientWidth,
                 matrix: el.querySelector('.mtable') !== null,
                 tabindex: el.getAttribute('tabindex'), role: el.getAttribute('role'),
                 label: el.getAttribute('aria-label')}));
  // The page's script reacts to the blocks opening a frame or two later (as a reader, who
  // opens a block and then presses Tab, would find): give it up to a second, then report.
  let found = wide();
  for (let i = 0; i < 30 && found.some(f => f.tabindex !== '0' || !f.role || !f.label); i++) {
    await frame();
    found = wide();
  }
  return found;
}"""


def wide_formula_problems(page: Page) -> list[str]:
    """Display formulas that scroll sideways (collapsed blocks opened first): each must hold
    a matrix (only those are allowed to be wider than the screen), be reachable by keyboard
    (tabindex=0) and carry a role and a name for screen readers."""
    problems = []
    for f in page.evaluate(_WIDE_FORMULAS_JS):
        what = f"formula {f['width']} px wide in {f['room']} px: {f['tex'][:70]!r}"
        if not f["matrix"]:
            problems.append(f"{what} scrolls but holds no matrix: lay it out over lines")
        if f["tabindex"] != "0":
            problems.append(f"{what} scrolls but is not keyboard-focusable (tabindex=0)")
        if not f["role"] or not (f["label"] or "").strip():
            problems.append(f"{what} scrolls but has no role and name for screen readers")
    return problems


def overflow_problems(page: Page) -> list[str]:
    """The document must not scroll sideways: documentElement.scrollWidth <= clientWidth."""
    info = page.evaluate(_OVERFLOW_JS)
    if info["scrollWidth"] <= info["width"]:
        return []
    head = f"document is {info['scrollWidth']} px wide in a {info['width']} px viewport"
    return [head] + [f"  sticks out: {c}" for c in info["culprits"]]


_LINKS_JS = """() => [...document.querySelectorAll('a[href]')]
    .filter(a => !a.closest('.md-search'))  // search results are built at run time
    .map(a => ({href: a.href, raw: a.getAttribute('href'),
                local: a.hash !== '' && a.href.split('#')[0] === location.href.split('#')[0],
                found: a.hash === '' || document.getElementById(decodeURIComponent(a.hash.slice(1))) !== null}))"""

_ID_RE = re.compile(r"""\b(?:id|name)=["']?([^"'\s>]+)""")


class LinkChecker:
    """Checks that same-origin links resolve (HTTP 200) and that their #fragments exist.

    Targets are fetched once per checker (share one across pages). Fragments of the page
    itself are looked up in the live DOM; those of other pages in their served HTML.
    """

    def __init__(self, base_url: str) -> None:
        self.origin = _origin(base_url)
        self._fetched: dict[str, tuple[int | str, set[str]]] = {}

    def _fetch(self, url: str) -> tuple[int | str, set[str]]:
        if url not in self._fetched:
            try:
                with urlopen(url, timeout=10) as response:
                    body = response.read().decode("utf-8", errors="replace")
                    ids = (
                        set(_ID_RE.findall(body))
                        if "html" in response.headers.get("Content-Type", "")
                        else set()
                    )
                    self._fetched[url] = (response.status, ids)
            except HTTPError as err:
                self._fetched[url] = (err.code, set())
            except (URLError, OSError) as err:
                self._fetched[url] = (str(err), set())
        return self._fetched[url]

    def problems(self, page: Page) -> list[str]:
        problems = []
        for link in page.evaluate(_LINKS_JS):
            if _origin(link["href"]) != self.origin:
                continue  # links to other sites are fine; requests to them are not (checked elsewhere)
            if link["local"]:
                if not link["found"]:
                    problems.append(f"link {link['raw']!r}: no element with that id on this page")
                continue
            url, _, fragment = link["href"].partition("#")
            status, ids = self._fetch(url)
            if status != 200:
                problems.append(f"link {link['raw']!r} -> {url}: HTTP {status}")
            elif fragment and unquote(fragment) not in ids:
                problems.append(f"link {link['raw']!r}: {url} has no id {unquote(fragment)!r}")
        return sorted(set(problems))


def color_scheme(page: Page) -> str | None:
    return page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")


def click_palette_toggle(page: Page) -> None:
    """Click the palette toggle (Material's form, run by scripts/site/palette.js): the one label left
    un-hidden, naming the next palette."""
    page.locator("form[data-pe-palette] label:not([hidden])").click(timeout=5000)


def toggle_until(page: Page, scheme: str, max_clicks: int = 3) -> list[str | None]:
    """Click the palette toggle until the body shows ``scheme``; return the schemes seen."""
    seen = [color_scheme(page)]
    for _ in range(max_clicks):
        if seen[-1] == scheme:
            break
        click_palette_toggle(page)
        seen.append(color_scheme(page))
    return seen


_MARK_LINK_JS = """(target) => {
  // Prefer a plain link to the page (not an anchor in it, not the skip link) that a reader can see.
  const links = [...document.querySelectorAll('a[href]')]
    .filter(a => a.href.split('#')[0] === target && !a.target && !a.hasAttribute('download'))
    .filter(a => !a.classList.contains('md-skip'));
  links.sort((a, b) => Number(a.hash !== '') - Number(b.hash !== ''));
  const shown = (a) => {
    const r = a.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && a.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  };
  const visible = links.find(shown);
  const chosen = visible || links[0];
  if (!chosen) return null;
  for (const a of document.querySelectorAll('[data-pe-nav]')) a.removeAttribute('data-pe-nav');
  chosen.setAttribute('data-pe-nav', '');
  return {visible: Boolean(visible), href: chosen.getAttribute('href')};
}"""


def _without_query(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def follow_link(page: Page, target_url: str) -> list[str]:
    """Click a link to ``target_url`` like a reader and wait for that page to load; problems
    if the page has no such link or the click led elsewhere."""
    marked = page.evaluate(_MARK_LINK_JS, target_url)
    if marked is None:
        return [f"no link to {target_url} on {page.url}"]
    link = page.locator("[data-pe-nav]")
    with page.expect_navigation(wait_until="load", timeout=10000):
        if marked["visible"]:
            link.click(timeout=3000)
        else:
            # Hidden (e.g. in a collapsed nav section): a DOM click follows it all the same.
            link.dispatch_event("click")
    if _without_query(page.url) != _without_query(target_url):
        return [f"clicking {marked['href']!r} led to {page.url}, not {target_url}"]
    wait_for_math(page)
    return []
