"""The interactive explorer (docs/explorer.md) in headless Chromium, checked against ``pe``.

The page exposes its numbers through ``window.peExplorer`` (documented at the top of
docs/javascripts/explorer/api.js) and shows them in elements with data-testid attributes;
these tests drive the real controls (keyboard, typed values, URL) and compare both with
``pe.encoding`` in float64 within 1e-12.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import numpy as np
import pytest
from helpers.site_harness import (
    LoadedPage,
    axe_violations,
    follow_link,
    format_axe_violations,
    overflow_problems,
    toggle_until,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import pe

pytestmark = pytest.mark.browser

OpenPage = Callable[..., LoadedPage]
#: The explorer's contract: every number it shows or exposes is within this of pe. Justified
#: in the header of docs/javascripts/explorer/math.js: the two engines' omegas differ by at
#: most one ulp (below), which moves an angle below 8192 by at most 9.1e-13.
TOL = 1e-12
EPS = float(np.finfo(np.float64).eps)  # 2**-52: the largest relative gap between float64s
PHONE = {"width": 390, "height": 844}
STATE_KEYS = ["pos", "len", "d", "base", "layout", "dims", "j", "a", "b", "shift", "pairs", "k"]


# --------------------------------------------------------------------------- helpers


def query(**params: Any) -> str:
    """?key=value... with lists written as the page writes them (comma-separated)."""
    flat = {k: ",".join(map(str, v)) if isinstance(v, list) else v for k, v in params.items()}
    return "?" + urlencode(flat, safe=",")


def open_explorer(
    open_page: OpenPage, q: str = "", *, load_all: bool = True, **kwargs: Any
) -> LoadedPage:
    """The explorer, started; with ``load_all`` every view is loaded (below the fold they
    otherwise load when scrolled near), so their controls can be driven at once."""
    loaded = open_page("explorer/" + q, **kwargs)
    wait_started(loaded.page)
    if load_all:
        loaded.page.evaluate("() => peExplorer.flush()")
    return loaded


def wait_started(page: Any) -> None:
    page.wait_for_function("() => window.peExplorer && window.peExplorer.updateCount > 0")


def settle(page: Any) -> None:
    """Load the views not loaded yet and wait until every view has caught up."""
    page.evaluate("() => peExplorer.flush()")
    page.wait_for_function("() => window.peExplorer.pending === 0")


def explorer_modules(loaded: LoadedPage) -> list[str]:
    """The explorer's modules the page requested so far, as paths below javascripts/explorer/."""
    folder = "/javascripts/explorer/"
    return [url.split(folder, 1)[1] for url in loaded.requested if folder in url]


def state(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.peExplorer.state")


def row(st: dict[str, Any], p: int) -> np.ndarray:
    """Row ``p`` of the encoding for the page's state, from pe (any p, via start=)."""
    return pe.encoding(1, st["d"], base=st["base"], start=p, layout=st["layout"])[0]


def shown_text(page: Any, name: str) -> str:
    return page.locator(f"[data-testid={name}]").inner_text()


def number_in(text: str) -> float:
    """The number after the last '=' (or the whole text), as written by the page."""
    part = text.rsplit("=", 1)[-1]
    match = re.search(r"-?\d+(\.\d+)?(e[-+]?\d+)?", part)
    assert match, f"no number in {text!r}"
    return float(match.group(0))


def assert_close(actual: Any, expected: Any, what: str, tol: float = TOL) -> None:
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    assert a.shape == e.shape, f"{what}: shape {a.shape} != {e.shape}"
    err = float(np.max(np.abs(a - e))) if a.size else 0.0
    assert err <= tol, f"{what}: max |browser - pe| = {err:.3g} > {tol:g}"


def assert_within_ulps(actual: Any, expected: Any, ulps: int, what: str) -> None:
    """|actual - expected| <= ulps units in the last place of the larger of the two.

    For two faithfully rounded implementations of one function (each result is one of the two
    float64s around the exact value, as V8's and glibc's ``pow`` are: measured at most 0.84
    and 0.62 ulp from a 40-digit reference), the results differ by at most one ulp. They are
    not correctly rounded, so which of the two each returns depends on the engine's version:
    bit-equality is not a property of the explorer, one ulp is.
    """
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    assert a.shape == e.shape, f"{what}: shape {a.shape} != {e.shape}"
    gap = np.spacing(np.maximum(np.abs(a), np.abs(e)))
    worst = float(np.max(np.abs(a - e) / gap)) if a.size else 0.0
    assert worst <= ulps, f"{what}: browser and pe differ by {worst:g} ulp > {ulps}"


def rounding_bound(positions: list[int], d: int, base: float) -> float:
    """A bound on one engine's float64 error in the rows at ``positions``, per entry.

    The terms of tests/pe/pe_reference.py's per-entry bound at the largest angle ((3 + ln base)
    ulp(angle) for forming it, 4 ulp of a value of size 1 for sin/cos), plus d EPS for the
    sums over d terms that a cosine or a distance adds up (standard dot-product bound).
    """
    theta = max(abs(p) for p in positions)  # omega_0 = 1 is the largest frequency
    return (3 + math.log(base)) * math.ulp(float(theta)) + 4 * math.ulp(1.0) + d * EPS


def no_problems(loaded: LoadedPage) -> None:
    problems = loaded.request_problems()
    assert not problems, "\n".join(problems)


def check_against_pe(page: Any, rng: random.Random) -> dict[str, Any]:
    """Compare every exposed and displayed number of the current state with pe."""
    settle(page)
    st = state(page)
    d, L = st["d"], st["len"]
    matrix = pe.encoding(L, d, base=st["base"], layout=st["layout"])
    label = json.dumps(st)

    assert_close(page.evaluate("() => peExplorer.vector()"), matrix[st["pos"]], f"vector {label}")
    rows = sorted({0, L - 1, st["pos"], *(rng.randrange(L) for _ in range(3))})
    got = page.evaluate("(rows) => rows.map(p => peExplorer.matrixRow(p))", rows)
    assert_close(got, matrix[rows], f"matrix rows {rows} {label}")
    assert_within_ulps(
        page.evaluate("() => peExplorer.frequencies()"),
        pe.frequencies(d, base=st["base"]),
        1,
        f"omega {label}",
    )
    lam = pe.wavelengths(d, base=st["base"])
    got_lam = np.array(page.evaluate("() => peExplorer.wavelengths()"))
    # 2 pi * pow(base, 2i/d): the pows differ by <= 1 ulp (relative <= EPS), and each engine's
    # product with 2 pi is rounded once more (<= EPS/2 relative each).
    assert np.max(np.abs(got_lam - lam) / lam) <= 2 * EPS, f"wavelengths {label}"

    # Displayed: the inspected value, the norm, the wave readouts, the wavelengths listed.
    assert_close(
        number_in(shown_text(page, "pe-x-value")), matrix[st["pos"], st["j"]], "shown PE value"
    )
    assert_close(
        number_in(shown_text(page, "pe-x-norm")), np.linalg.norm(matrix[st["pos"]]), "shown norm"
    )
    for el in page.locator("[data-testid=pe-x-wave-value]").all():
        dim = int(el.get_attribute("data-dim"))
        shown = float(el.inner_text().split()[0])
        assert_close(shown, matrix[st["pos"], dim], f"shown wave value of dimension {dim}")
    for el in page.locator("[data-testid=pe-x-wavelength]").all():
        i = int(el.get_attribute("data-pair"))
        assert abs(float(el.inner_text()) - lam[i]) <= 2 * EPS * lam[i], (
            f"shown wavelength of pair {i}"
        )

    # Two positions (the shifted pair may lie beyond the last row).
    cmp = page.evaluate("() => peExplorer.compare()")
    pairs = [
        (st["a"], st["b"], cmp),
        (st["a"] + st["shift"], st["b"] + st["shift"], cmp["shifted"]),
    ]
    for (p, q, res), suffix in zip(pairs, ["ab", "shift"], strict=True):
        x, y = row(st, p), row(st, q)
        den = np.linalg.norm(x) * np.linalg.norm(y)
        if den > 0:
            cos = float(x @ y / den)
            assert_close(res["cosine"], cos, f"cosine {p}->{q}")
            assert_close(
                float(shown_text(page, f"pe-x-cos-{suffix}")), cos, f"shown cosine {p}->{q}"
            )
        dist = float(np.linalg.norm(x - y))
        assert_close(res["distance"], dist, f"distance {p}->{q}")
        assert_close(
            float(shown_text(page, f"pe-x-dist-{suffix}")), dist, f"shown distance {p}->{q}"
        )

    # Rotation: R(k) PE(pos) against pe.rotation (even d) or the same blocks by hand (odd d).
    rot = page.evaluate("() => peExplorer.rotation()")
    pos, k = st["pos"], st["k"]
    x, y = row(st, pos), row(st, pos + k)
    half = d // 2
    if d % 2 == 0:
        expected = pe.rotation(k, d, base=st["base"], layout=st["layout"]) @ x
        paired = np.arange(d)
    else:
        n_sin = (d + 1) // 2
        si = np.arange(0, 2 * half, 2) if st["layout"] == "interleaved" else np.arange(half)
        ci = si + 1 if st["layout"] == "interleaved" else n_sin + np.arange(half)
        t = k * pe.frequencies(d, base=st["base"])[:half]
        expected = np.full(d, np.nan)
        expected[si] = np.cos(t) * x[si] + np.sin(t) * x[ci]
        expected[ci] = -np.sin(t) * x[si] + np.cos(t) * x[ci]
        paired = np.sort(np.concatenate([si, ci]))
        unpaired = (d - 1) if st["layout"] == "interleaved" else half
        assert rot["rotated"][unpaired] is None, "the unpaired column must be left out"
    got_rot = np.array([rot["rotated"][j] for j in paired], dtype=np.float64)
    assert_close(got_rot, expected[paired], f"R(k) PE(pos) {label}")
    assert_close(got_rot, y[paired], f"R(k) PE(pos) lands on PE(pos + k) {label}")
    if half:
        # The page measures its residual against its own row pos + k; ours uses pe's, which
        # is within TOL of the page's, so the two maxima are within TOL of each other.
        residual = float(np.max(np.abs(got_rot - y[paired])))
        assert abs(rot["maxResidual"] - residual) <= TOL
        # Shown to two significant digits (relative rounding <= 0.05).
        assert float(shown_text(page, "pe-x-residual")) == pytest.approx(
            rot["maxResidual"], rel=0.06, abs=1e-300
        )
    return st


# --------------------------------------------------------------------------- exactness


def test_default_view_matches_pe(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page)
    st = check_against_pe(loaded.page, random.Random(0))
    assert (st["a"], st["b"], st["a"] + st["shift"], st["b"] + st["shift"]) == (7, 8, 22, 23)
    # The demonstration: same offset, same similarity and distance, up to rounding. Each of
    # the four rows has entries off by at most delta; a cosine of two rows with |x|^2 = d/2
    # moves by at most 2 sqrt(2) delta, a distance by at most 2 sqrt(d) delta, and the page
    # shows the difference of two of them.
    cmp = loaded.page.evaluate("() => peExplorer.compare()")
    d, shifted = st["d"], [st["a"] + st["shift"], st["b"] + st["shift"]]
    delta = rounding_bound([st["a"], st["b"], *shifted], d, st["base"])
    assert abs(cmp["difference"]["cosine"]) <= 2 * (2 * math.sqrt(2) * delta)
    assert abs(cmp["difference"]["distance"]) <= 2 * (2 * math.sqrt(d) * delta)
    ms = loaded.page.evaluate("() => peExplorer.lastUpdateMs")
    assert isinstance(ms, (int, float)) and math.isfinite(ms) and ms >= 0
    no_problems(loaded)


URL_CASES = [
    {"pos": 0, "len": 1, "d": 1, "base": 10000, "layout": "interleaved", "k": 0},
    {
        "pos": 57,
        "len": 300,
        "d": 7,
        "base": 100,
        "layout": "split",
        "dims": [0, 3, 4, 6],
        "pairs": [0, 1, 2, 3],
        "a": 3,
        "b": 250,
        "shift": 299,
        "k": -200,
    },
    {
        "pos": 4095,
        "len": 4096,
        "d": 2048,
        "base": 10000,
        "layout": "interleaved",
        "j": 2047,
        "a": 4095,
        "b": 0,
        "shift": 4095,
        "k": 4095,
        "pairs": [0, 1, 511, 1023],
    },
    {
        "pos": 4000,
        "len": 4096,
        "d": 1023,
        "base": 1e6,
        "layout": "split",
        "j": 1022,
        "dims": [0, 511, 512, 1022],
        "pairs": [0, 511],
        "a": 1,
        "b": 4095,
        "shift": 4000,
        "k": -4095,
    },
    {
        "pos": 1234,
        "len": 2048,
        "d": 333,
        "base": 1.0001,
        "layout": "interleaved",
        "k": 2047,
        "pairs": [166, 0],
    },
]


@pytest.mark.parametrize(
    "params", URL_CASES, ids=lambda p: f"d{p['d']}-{p['layout']}-base{p['base']}"
)
def test_url_parameters_match_pe(open_page: OpenPage, params: dict[str, Any]) -> None:
    loaded = open_explorer(open_page, query(**params))
    st = state(loaded.page)
    for key, value in params.items():
        assert st[key] == value, f"{key}: page has {st[key]!r}, link said {value!r}"
    assert shown_text(loaded.page, "pe-x-message") == "", "a valid link must not produce a message"
    check_against_pe(loaded.page, random.Random(1))
    no_problems(loaded)


def test_many_random_parameter_sets_match_pe(open_page: OpenPage) -> None:
    """30 random states (odd d, base 100, split, positions up to 4095), set through the API."""
    loaded = open_explorer(open_page)
    rng = random.Random(20240601)
    seen_odd = seen_split = seen_base100 = False
    for n in range(30):
        length = rng.choice([1, 2, 17, 100, 1024, 4096, rng.randint(1, 4096)])
        d = rng.choice([1, 2, 3, 127, 128, 512, 1023, rng.randint(1, 2048)])
        base = rng.choice([100.0, 10000.0, 2.0, 1e6, round(rng.uniform(1.001, 1e6), 3)])
        layout = (
            rng.choice(["interleaved", "split"]) if n % 3 else ("split" if n % 2 else "interleaved")
        )
        patch = {"len": length, "d": d, "base": base, "layout": layout}
        patch |= {
            "pos": rng.randrange(length),
            "j": rng.randrange(d),
            "a": rng.randrange(length),
            "b": rng.randrange(length),
            "shift": rng.randrange(length),
            "k": rng.randint(-(length - 1), length - 1),
            "dims": rng.sample(range(d), min(d, 4)),
            "pairs": rng.sample(range((d + 1) // 2), min((d + 1) // 2, 4)),
        }
        messages = loaded.page.evaluate("(p) => peExplorer.set(p)", patch)
        assert messages == [], f"valid values produced messages: {messages}"
        st = check_against_pe(loaded.page, rng)
        assert {k: st[k] for k in patch} == patch
        seen_odd |= d % 2 == 1
        seen_split |= layout == "split"
        seen_base100 |= base == 100.0
    assert seen_odd and seen_split and seen_base100
    no_problems(loaded)


# --------------------------------------------------------------------------- controls


def test_keyboard_and_typed_values_drive_the_page(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page)
    page = loaded.page
    start = state(page)["pos"]
    page.focus("#pe-x-pos-range")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert state(page)["pos"] == start + 3
    assert page.input_value("#pe-x-pos-number") == str(start + 3), "the value must be visible"
    page.keyboard.press("End")
    assert state(page)["pos"] == state(page)["len"] - 1

    page.focus("#pe-x-d-number")
    page.keyboard.press("Control+a")
    page.keyboard.type("129")
    page.keyboard.press("Enter")
    assert state(page)["d"] == 129
    assert page.input_value("#pe-x-d-range") == "129"

    page.focus("#pe-x-len-number")
    page.keyboard.press("Control+a")
    page.keyboard.type("640")
    page.keyboard.press("Tab")
    assert state(page)["len"] == 640

    page.focus("#pe-x-layout-interleaved")
    page.keyboard.press("ArrowDown")
    assert state(page)["layout"] == "split"

    page.focus("#pe-x-base-range")
    page.keyboard.press("Home")
    low = state(page)["base"]
    assert 1 < low < 1.1
    page.focus("#pe-x-base-number")
    page.keyboard.press("Control+a")
    page.keyboard.type("100")
    page.keyboard.press("Enter")
    assert state(page)["base"] == 100

    page.fill("#pe-x-dims", "5, 6 100")
    page.keyboard.press("Enter")
    assert state(page)["dims"] == [5, 6, 100]
    page.fill("#pe-x-pairs", "64, 0")
    page.keyboard.press("Enter")
    assert state(page)["pairs"] == [64, 0]

    page.focus("#pe-x-k-range")
    page.keyboard.press("PageUp")
    page.focus("#pe-x-shift-number")
    page.keyboard.press("ArrowUp")
    st = check_against_pe(page, random.Random(2))
    assert (st["d"], st["len"], st["layout"], st["base"]) == (129, 640, "split", 100)
    no_problems(loaded)


def test_views_off_screen_catch_up_after_a_change(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page, viewport={"width": 1280, "height": 720})
    page = loaded.page
    page.evaluate("() => window.scrollTo(0, 0)")
    # The page's visibility observer reports asynchronously, after a rendering step. An
    # observer made now reports after that same step, and after the page's (made first), so
    # awaiting it replaces a guessed delay that a slow machine could outrun.
    assert not page.evaluate(
        """() => new Promise((resolve) => {
          const el = document.querySelector('[data-pe-x-slot=rotation]');
          const seen = new IntersectionObserver(([entry]) => {
            seen.disconnect();
            resolve(entry.isIntersecting);
          }, { rootMargin: "64px 0px" });
          seen.observe(el);
        })"""
    ), "the rotation view must be off screen for this test"
    page.focus("#pe-x-base-range")
    page.keyboard.press("ArrowRight")
    # The rotation view is far below: its redraw waits for idle time or for the reader.
    # (Read together: an idle period between two reads could draw the last pending view.)
    pending, before = page.evaluate("() => [peExplorer.pending, peExplorer.deferredTimes.length]")
    assert pending >= 1
    # Every view is loaded: idle time alone brings them up to date (no flush).
    page.wait_for_function("() => window.peExplorer.pending === 0")
    assert page.evaluate("() => peExplorer.deferredTimes.length") > before
    assert state(page)["base"] != 10000
    check_against_pe(page, random.Random(7))
    no_problems(loaded)


def test_out_of_range_and_malformed_typed_values_are_clamped_or_rejected(
    open_page: OpenPage,
) -> None:
    loaded = open_explorer(open_page)
    page = loaded.page
    message = page.locator("[data-testid=pe-x-message]")

    page.fill("#pe-x-len-number", "99999")
    page.keyboard.press("Enter")
    assert state(page)["len"] == 4096
    assert "4096" in message.inner_text() and message.is_visible()
    assert page.input_value("#pe-x-len-number") == "4096"

    before = state(page)["d"]
    page.fill("#pe-x-d-number", "")
    page.keyboard.press("Enter")
    assert state(page)["d"] == before
    assert "whole number" in message.inner_text()
    assert page.input_value("#pe-x-d-number") == str(before)

    page.fill("#pe-x-base-number", "1")
    page.keyboard.press("Enter")
    assert state(page)["base"] == 10000
    assert "greater than 1" in message.inner_text()

    page.fill("#pe-x-dims", "3, x, 99999, 4")
    page.keyboard.press("Enter")
    assert state(page)["dims"] == [3, 4]
    assert "not a whole number" in message.inner_text() and "outside" in message.inner_text()

    # A valid change clears the message.
    page.focus("#pe-x-pos-range")
    page.keyboard.press("ArrowRight")
    assert not message.is_visible()
    check_against_pe(page, random.Random(3))
    no_problems(loaded)


def test_malformed_link_gives_a_visible_message_and_a_working_page(open_page: OpenPage) -> None:
    bad = "?pos=abc&len=99999&d=0&base=0.5&layout=diagonal&dims=1,x,99999&k=1.5&pairs=&zzz=1&a=-4"
    loaded = open_explorer(open_page, bad)
    page = loaded.page
    message = page.locator("[data-testid=pe-x-message]")
    assert message.is_visible()
    assert message.get_attribute("role") == "status"
    text = message.inner_text()
    for expected in [
        "position",
        "4096",
        "d_model",
        "greater than 1",
        "layout",
        "zzz",
        "offset k",
        "position A",
    ]:
        assert expected in text, f"{expected!r} missing from the message: {text}"
    st = state(page)
    assert (st["len"], st["d"], st["base"], st["layout"], st["dims"], st["a"]) == (
        4096,
        1,
        10000,
        "interleaved",
        [],
        0,
    )
    assert st["pos"] == 20 and st["k"] == 5 and st["pairs"] == []
    check_against_pe(page, random.Random(4))
    # Everything is drawn: every canvas has pixels.
    blank = page.evaluate(
        """() => [...document.querySelectorAll('canvas')].filter(c => {
             const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
             for (let i = 3; i < d.length; i += 4) if (d[i]) return false;
             return true; }).map(c => c.getAttribute('aria-label'))"""
    )
    assert blank == [], f"blank canvases: {blank}"
    no_problems(loaded)


# --------------------------------------------------------------------------- URL and navigation


def test_state_round_trips_through_the_url(open_page: OpenPage, site_url: str) -> None:
    loaded = open_explorer(open_page)
    page = loaded.page
    page.evaluate(
        "() => peExplorer.set({d: 77, base: 123.5, layout: 'split', pos: 42, dims: [1, 76], k: -9})"
    )
    page.wait_for_function("() => location.search === peExplorer.query()")
    url = page.url
    saved = state(page)
    assert "d=77" in url and "base=123.5" in url and "dims=1,76" in url

    again = open_explorer(open_page, url.removeprefix(site_url + "explorer/"))
    assert state(again.page) == saved
    check_against_pe(again.page, random.Random(5))
    no_problems(loaded)
    no_problems(again)


def test_state_survives_leaving_and_coming_back(open_page: OpenPage, site_url: str) -> None:
    loaded = open_explorer(open_page, query(len=300, d=65))
    page = loaded.page
    page.focus("#pe-x-pos-range")
    page.keyboard.press("ArrowRight")
    page.evaluate("() => peExplorer.set({layout: 'split', k: 17})")
    page.wait_for_function("() => location.search === peExplorer.query()")
    saved = state(page)

    # Away to the home page, then back with the browser's back button: the URL restores it.
    assert follow_link(page, site_url) == []
    assert page.evaluate("() => window.peExplorer === undefined")
    page.go_back()
    page.wait_for_function("() => window.peExplorer && window.peExplorer.updateCount > 0")
    assert state(page) == saved

    # Away again, then back through the navigation link (no query): the session restores it.
    assert follow_link(page, site_url) == []
    assert follow_link(page, site_url + "explorer/") == []
    page.wait_for_function("() => window.peExplorer && window.peExplorer.updateCount > 0")
    assert state(page) == saved
    page.wait_for_function("() => location.search === peExplorer.query()")
    # Live and exact after the round trips; the controls still drive it.
    updates = page.evaluate("() => peExplorer.updateCount")
    page.focus("#pe-x-pos-range")
    page.keyboard.press("ArrowRight")
    assert state(page)["pos"] == saved["pos"] + 1
    assert page.evaluate("() => peExplorer.updateCount") == updates + 1
    check_against_pe(page, random.Random(6))
    no_problems(loaded)


def test_address_and_views_off_screen_wait_for_the_frame_that_shows_a_change(
    open_page: OpenPage,
) -> None:
    """Changes in one task: the address is written once, with the last state, and neither it
    nor the redraw of a view off screen runs before the next frame (either delayed the paint
    of the change by tens of ms at d_model 2048)."""
    loaded = open_explorer(open_page, query(len=2048, d=2048))
    page = loaded.page
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => location.search === peExplorer.query()")
    settle(page)
    log = page.evaluate(
        """() => new Promise((resolve) => {
          const x = peExplorer._owner, log = [], replace = history.replaceState.bind(history);
          history.replaceState = (...args) => { log.push(['address', String(args[2])]); return replace(...args); };
          const draw = x.drawDeferred.bind(x);
          x.drawDeferred = (name) => { log.push(['off screen', name]); return draw(name); };
          for (const base of [2000, 3000, 4000]) peExplorer.set({ base });
          log.push(['changed', peExplorer.query()]);
          requestAnimationFrame(() => log.push(['frame', '']));
          const done = () => (x.pending.size ? setTimeout(done, 50) : setTimeout(() => resolve(log), 300));
          done();
        })"""
    )
    kinds = [kind for kind, _ in log]
    assert kinds[:2] == ["changed", "frame"], log
    written = [url for kind, url in log if kind == "address"]
    assert len(written) == 1 and written[0].startswith(dict(log)["changed"]), log
    assert "off screen" in kinds, "the base changes every view: some were off screen"
    assert page.evaluate("() => location.search") == dict(log)["changed"]
    assert state(page)["base"] == 4000
    no_problems(loaded)


def test_other_pages_are_left_alone(open_page: OpenPage) -> None:
    loaded = open_page("", wait_for_network_idle=True)
    assert loaded.page.evaluate("() => window.peExplorer === undefined")
    assert [u for u in loaded.requested if "/javascripts/explorer/" in u] == []
    no_problems(loaded)


def test_explorer_starts_when_reached_by_a_link(open_page: OpenPage, site_url: str) -> None:
    """Loaded by its own page only, the explorer starts when a reader follows a link to it."""
    loaded = open_page("", wait_for_network_idle=True)
    page = loaded.page
    assert explorer_modules(loaded) == []
    assert follow_link(page, site_url + "explorer/") == []
    wait_started(page)
    assert "main.js" in explorer_modules(loaded), explorer_modules(loaded)
    assert page.evaluate("() => peExplorer.updateCount") == 1
    page.focus("#pe-x-pos-range")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => peExplorer.updateCount") == 2
    check_against_pe(page, random.Random(1))
    no_problems(loaded)


def test_views_below_the_fold_load_when_scrolled_near(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page, load_all=False, viewport=PHONE)
    page = loaded.page
    page.wait_for_load_state("networkidle")
    # The vector view comes with the controller; the rotation view, screens below, waits.
    views = page.evaluate("() => peExplorer.loaded")
    assert "vector" in views and "rotation" not in views, views
    assert not [m for m in explorer_modules(loaded) if m.startswith("views/rotation")]
    assert page.locator("[data-testid=pe-x-residual]").count() == 0
    assert page.evaluate("() => peExplorer.pending") >= 1, "a view not loaded is pending"

    # The reader scrolls down: the rotation view is imported, built and drawn on its own.
    page.evaluate("() => document.querySelector('[data-pe-x-slot=rotation]').scrollIntoView()")
    page.wait_for_function("() => peExplorer.loaded.includes('rotation')")
    assert "views/rotation.js" in explorer_modules(loaded)
    residual = page.locator("[data-testid=pe-x-residual]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=pe-x-residual]').textContent !== ''"
    )
    expected = page.evaluate("() => peExplorer.rotation().maxResidual")
    assert float(residual.inner_text()) == pytest.approx(expected, rel=0.06, abs=1e-300)
    drawn = page.evaluate(
        """() => { const c = document.querySelector('[data-pe-x-slot=rotation] canvas');
             const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
             for (let i = 3; i < d.length; i += 4) if (d[i]) return true;
             return false; }"""
    )
    assert drawn, "the rotation canvas is blank"
    check_against_pe(page, random.Random(8))
    no_problems(loaded)


# --------------------------------------------------------------------------- without JavaScript


def test_without_javascript_the_page_explains_and_links(
    browser: Any, site_url: str, built_site: Any
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "explorer/")
        notice = page.locator("[data-pe-x-nojs]")
        assert notice.is_visible()
        assert "needs JavaScript" in notice.inner_text()
        links = notice.locator("a[href]")
        assert links.count() >= 7, "the static figures of every view, and a page"
        assert "heatmap" in notice.inner_text()
        for href in links.evaluate_all("(as) => as.map(a => a.href)"):
            assert href.startswith(site_url), href
            rel = href.removeprefix(site_url).split("#")[0]
            assert (built_site / rel / "index.html").is_file() or (built_site / rel).is_file(), href
        assert not page.locator("[data-pe-explorer]").is_visible()
        for heading in [
            "The vector at one position",
            "The whole matrix",
            "Two positions compared",
            "The rotation",
        ]:
            assert page.get_by_role("heading", name=heading).is_visible()
    finally:
        context.close()


# --------------------------------------------------------------------------- accessibility and layout


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_clean(open_page: OpenPage, scheme: str) -> None:
    # Odd d shows the notes about the unpaired column; a bad value shows the status message.
    loaded = open_explorer(open_page, "?d=9&len=40&pos=abc", color_scheme=scheme)
    violations = axe_violations(loaded.page)
    assert not violations, format_axe_violations(violations)
    no_problems(loaded)


def test_canvases_are_named_images_with_numbers_beside_them(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page)
    page = loaded.page
    canvases = page.evaluate(
        "() => [...document.querySelectorAll('canvas')].map(c => [c.getAttribute('role'), c.getAttribute('aria-label')])"
    )
    assert len(canvases) >= 6
    for role, label in canvases:
        assert role == "img" and label and len(label) > 30, (role, label)
    before = page.evaluate(
        "() => document.querySelector('.pe-x-view canvas').getAttribute('aria-label')"
    )
    page.focus("#pe-x-pos-range")
    page.keyboard.press("ArrowRight")
    settle(page)
    after = page.evaluate(
        "() => document.querySelector('.pe-x-view canvas').getAttribute('aria-label')"
    )
    assert before != after, "the summary must follow the state"
    no_problems(loaded)


RESERVED_JS = """() => {
  const ids = ['the-vector-at-one-position', 'the-whole-matrix'];
  const tops = () => ids.map((id) => document.getElementById(id).getBoundingClientRect().top);
  const built = tops();
  // What the script builds at once: the panel, the position bar, the vector view.
  const parts = '[data-pe-explorer], [data-pe-x-slot=position], [data-pe-x-slot=vector]';
  for (const el of document.querySelectorAll(parts)) el.replaceChildren();
  const reserved = tops();
  const off = document.createElement('style');
  off.textContent = '[data-pe-explorer], [data-pe-x-slot] { min-height: 0 !important; }';
  document.head.append(off);
  const bare = tops();
  return {built, reserved, bare};
}"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 720}], ids=["phone", "desktop"])
def test_room_for_the_explorer_is_kept_before_it_is_built(
    open_page: OpenPage, viewport: dict[str, int]
) -> None:
    """The page keeps room (explorer.css) for what the script builds when it starts, so the
    text below does not move then (no layout shift). Emptied again, the parts take the room
    they had before the script ran; without that room the headings below would jump."""
    loaded = open_explorer(open_page, load_all=False, viewport=viewport)
    tops = loaded.page.evaluate(RESERVED_JS)
    for built, reserved, bare in zip(tops["built"], tops["reserved"], tops["bare"], strict=True):
        assert abs(built - reserved) <= 8, tops
        assert built - bare > 300, tops  # the check would catch a missing reservation
    no_problems(loaded)


def test_phone_layout_has_no_horizontal_overflow(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page, query(len=1024, d=1023, layout="split"), viewport=PHONE)
    assert overflow_problems(loaded.page) == []
    widths = loaded.page.evaluate(
        "() => [...document.querySelectorAll('canvas')].map(c => c.getBoundingClientRect().right)"
    )
    assert widths and max(widths) <= PHONE["width"]
    no_problems(loaded)


def test_every_bar_of_the_vector_has_the_colour_of_its_sign(open_page: OpenPage) -> None:
    """The bar chart of PE(pos), for generated states: where a bar is at least 3 px wide and
    4 px tall (and not beside the outlined one), the pixel in its middle is the colour of its
    value's sign (each bar is filled on its own: a single path of them all took hundreds of ms
    to paint at d_model 2048)."""
    page = open_explorer(open_page, load_all=False).page
    colours = page.evaluate(
        """() => { const x = peExplorer._owner.colors; return [x.pos, x.neg]; }"""
    )
    rgb = [[int(c[k : k + 2], 16) for k in (1, 3, 5)] for c in colours]
    # The middle of every bar, in canvas pixels, and the value it shows.
    probe = """async () => {
      await peExplorer.flush();
      const v = peExplorer._owner.views.get('vector'), c = v.canvas, sc = v.sc;
      const r = c.width / c.clientWidth, px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const width = (sc.x(1) - sc.x(0) - 1) * r; // less the gap between bars
      return peExplorer.vector().map((value, j) => {
        const x = Math.floor(sc.x(j) * r), y = Math.floor((sc.y(0) + sc.y(value)) / 2 * r);
        const k = 4 * (y * c.width + x);
        // Beside the inspected dimension its outline may cover a bar's middle: left out.
        const near = Math.abs(j - peExplorer.state.j) <= 1;
        return [j, value, near ? 0 : width, Math.abs(sc.y(value) - sc.y(0)) * r, [px[k], px[k + 1], px[k + 2]]];
      });
    }"""

    @settings(
        max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(
        d=hs.integers(1, 160),
        pos=hs.integers(0, 99),
        base=hs.sampled_from([10.0, 100.0, 10000.0, 1e6]),
        layout=hs.sampled_from(["interleaved", "split"]),
    )
    def bars_have_their_sign(d: int, pos: int, base: float, layout: str) -> None:
        patch = {"d": d, "pos": pos, "base": base, "layout": layout}
        assert page.evaluate("(p) => peExplorer.set(p)", patch) == []
        for j, value, width, height, pixel in page.evaluate(probe):
            if width < 3 or height < 4:
                continue
            expected = rgb[0] if value > 0 else rgb[1]
            assert max(abs(a - b) for a, b in zip(pixel, expected, strict=True)) <= 2, (
                f"bar {j} (PE = {value}) at d={d}, pos={pos}: pixel {pixel}, expected {expected}"
            )
            checked.append(j)

    checked: list[int] = []
    bars_have_their_sign()
    assert checked, "no bar was wide and tall enough to check"


def test_palette_toggle_redraws_with_the_new_colours(open_page: OpenPage) -> None:
    loaded = open_explorer(open_page, query(pos=0), color_scheme="light")
    page = loaded.page
    # Pixel (0, 0) of the heatmap is PE[0, 0] = sin(0) = 0: the neutral middle of the scale.
    corner = "() => Array.from(document.querySelector('.pe-x-heatmap').getContext('2d').getImageData(0, 0, 1, 1).data)"
    light = page.evaluate(corner)
    count = page.evaluate("() => peExplorer.updateCount")
    assert toggle_until(page, "slate")[-1] == "slate"
    page.wait_for_function(f"() => peExplorer.updateCount > {count}")
    settle(page)
    dark = page.evaluate(corner)
    assert sum(light[:3]) > 600 and sum(dark[:3]) < 200, (light, dark)
    no_problems(loaded)


# --------------------------------------------------------------------------- the tolerances


def test_ulp_check_allows_one_ulp_and_no_more() -> None:
    omega = np.array([1.0, 0.01, 1e-4, 2.0**-30])
    assert_within_ulps(np.nextafter(omega, 0), omega, 1, "one ulp below")
    assert_within_ulps(np.nextafter(omega, 2), omega, 1, "one ulp above")
    two_off = np.nextafter(np.nextafter(omega, 2), 2)
    with pytest.raises(AssertionError, match="differ by 2 ulp > 1"):
        assert_within_ulps(two_off, omega, 1, "two ulps")
    with pytest.raises(AssertionError, match="shape"):
        assert_within_ulps(omega[:2], omega, 1, "shape")


def test_rounding_bound_grows_with_the_angle_and_the_width() -> None:
    small = rounding_bound([7, 8], 128, 10000.0)
    assert 0 < small < 1e-13, "positions below 16: a few ulp of 16 plus the sums"
    assert rounding_bound([4095], 128, 10000.0) > 100 * small / 2
    assert rounding_bound([7, 8], 2048, 10000.0) > small
