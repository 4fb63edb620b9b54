"""The coordinate designer computes what ``pe`` computes: docs/javascripts/design/design.js runs
in Node (it is pure: no DOM) on generated settings and every number of its result is compared
with ``pe.coordinates`` (and ``pe.frequencies`` for the paper's ladder) within the tolerances
derived in tests/helpers/design_tool.py; it refuses, with one sentence, exactly the settings
pe refuses. tests/design_tool/test_design_page.py checks the page itself in Chromium."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.design_tool import FIELD_NAMES, check, infinities, parsed, valid_raw
from helpers.node import run_node_json
from hypothesis import given, settings
from hypothesis import strategies as st

import pe
import pe.coordinates

# The page's JavaScript run in Node against pe: outside ./dev test --fast.
pytestmark = pytest.mark.port

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "design_tool" / "run_design.mjs"
FIELDS = ("lo", "hi", "resolution", "d", "base", "shortest", "longest", "reference")


def run_js(raws: list[dict[str, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = infinities(run_node_json(RUNNER, stdin=json.dumps(raws)))
    return out


def pe_refuses(s: dict[str, Any]) -> bool:
    """Whether pe raises for these settings (the page's own limits aside)."""
    try:
        if s["method"] == "paper":
            pe.coordinates.wavelengths_for(span=(s["lo"], s["hi"]), resolution=s["resolution"])
            pe.frequencies(s["d"], base=s["base"])
            if s["d"] % 2 or s["d"] < 4:
                return True  # the page asks for whole pairs, and two of them, on every ladder
        elif s["method"] == "wavelengths":
            pe.coordinates.wavelengths_for(span=(s["lo"], s["hi"]), resolution=s["resolution"])
            pe.coordinates.ladder(s["d"], shortest=s["shortest"], longest=s["longest"])
        else:
            pe.coordinates.frequencies_for(
                span=(s["lo"], s["hi"]), resolution=s["resolution"], d_model=s["d"]
            )
    except (ValueError, TypeError):
        return True
    return False


def assert_one_sentence(message: str, raw: dict[str, str]) -> None:
    assert message and message[0].isupper() and message.endswith("."), (raw, message)
    assert message.count(". ") == 0, f"more than one sentence: {message!r}"
    own = re.sub(r"“[^”]*”", "", message)  # the reader's own text, quoted, may say anything
    assert not re.search(r"NaN|undefined|null|Error", own), message


@settings(max_examples=20, deadline=None)
@given(st.lists(valid_raw(), min_size=1, max_size=10))
def test_the_pages_numbers_are_pes(raws: list[dict[str, str]]) -> None:
    for raw, js in zip(raws, run_js(raws), strict=True):
        s = parsed(raw)
        assert js["error"] is None, (raw, js["error"])
        got = js["settings"]
        for k in ("lo", "hi", "resolution", "d", "reference"):
            assert got[k] == s[k], f"{k}: the page read {got[k]!r} from {raw[k]!r}"
        if s["method"] == "rule":
            assert (got["shortest"], got["longest"]) == pe.coordinates.wavelengths_for(
                span=(s["lo"], s["hi"]), resolution=s["resolution"]
            )
        check(js, s)


# Settings around pe's limits: ranges that may be empty or reversed, resolutions that may be
# zero, negative or too long, widths that may be odd or too small, bases and wavelengths that
# may be out of order.
@st.composite
def edge_raw(draw: st.DrawFn) -> dict[str, str]:
    lo = draw(st.sampled_from([-1.0, 0.0, 2.5]))
    hi = lo + draw(st.sampled_from([-1.0, 0.0, 1.0, 40.0]))
    span = hi - lo
    resolution = draw(st.sampled_from([-0.5, 0.0, 0.01, 1.0, 1.5])) * max(span, 1.0)
    shortest = draw(st.sampled_from([-1.0, 0.0, 0.5, 3.0]))
    return {
        "method": draw(st.sampled_from(["rule", "wavelengths", "paper"])),
        "lo": repr(lo),
        "hi": repr(hi),
        "resolution": repr(resolution),
        "d": str(draw(st.integers(-2, 9))),
        "base": repr(draw(st.sampled_from([0.5, 1.0, 100.0]))),
        "shortest": repr(shortest),
        "longest": repr(draw(st.sampled_from([0.5, 3.0, 80.0]))),
        "reference": "",
    }


@settings(max_examples=12, deadline=None)
@given(st.lists(edge_raw(), min_size=1, max_size=40))
def test_the_page_refuses_what_pe_refuses_in_one_sentence(raws: list[dict[str, str]]) -> None:
    for raw, js in zip(raws, run_js(raws), strict=True):
        refused = pe_refuses(parsed(raw))
        assert (js["error"] is not None) == refused, (raw, js["error"])
        if refused:
            assert_one_sentence(js["error"], raw)
        else:
            check(js, parsed(raw))


BAD_TEXT = st.sampled_from(
    ["", " ", "abc", "1,5", "0x10", "1e999", "-1e400", "NaN", "Infinity", "1..2", "--1", "2 3", "½"]
)


@settings(max_examples=10, deadline=None)
@given(
    st.lists(
        st.tuples(valid_raw(), st.sampled_from(sorted(FIELD_NAMES)), BAD_TEXT),
        min_size=1,
        max_size=20,
    )
)
def test_a_field_that_is_no_number_is_named(cases: list[tuple[dict[str, str], str, str]]) -> None:
    raws = [raw | {field: text} for raw, field, text in cases]
    for (_, field, _), raw, js in zip(cases, raws, run_js(raws), strict=True):
        assert js["error"] is not None, raw
        assert_one_sentence(js["error"], raw)
        assert FIELD_NAMES[field] in js["error"], js["error"]
        assert js["field"] == field, (raw, js["field"])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"reference": "-5"}, "reference value"),
        ({"d": "4096"}, "widths up to"),
        ({"lo": "-1e308", "hi": "1.7e308"}, "too long"),
        ({"method": "nerf"}, "method"),
        ({"resolution": "1e-320"}, "double precision"),
        (
            {"method": "wavelengths", "hi": "1e300", "resolution": "1e299", "shortest": "1e-10"},
            "double precision",
        ),
    ],
)
def test_the_pages_own_limits_are_named(change: dict[str, str], words: str) -> None:
    raw = {
        "method": "rule",
        "lo": "0",
        "hi": "10",
        "resolution": "0.5",
        "d": "8",
        "base": "10000",
        "shortest": "1",
        "longest": "20",
        "reference": "",
    } | change
    (js,) = run_js([raw])
    assert js["error"] is not None and words in js["error"], js["error"]
    assert_one_sentence(js["error"], raw)


def test_a_wrapping_design_is_named_where_it_wraps() -> None:
    """Wavelengths of one's own, the longest a third of the range: the slowest pair comes back
    to the reference's angle twice inside it, at the reference plus one and two longest
    wavelengths (as pe's own wavelengths say), and the shortest, below twice the resolution,
    aliases."""
    raw = {
        "method": "wavelengths",
        "lo": "0",
        "hi": "80",
        "resolution": "1",
        "d": "8",
        "base": "10000",
        "shortest": "0.7",
        "longest": "30",
        "reference": "",
    }
    (js,) = run_js([raw])
    s = parsed(raw)
    check(js, s)
    lam = 2 * math.pi / pe.coordinates.ladder(8, shortest=0.7, longest=30.0)
    assert js["wrap"] == "wraps" and js["wrapCount"] == 2
    assert js["wrapsAt"] == pytest.approx([lam[-1], 2 * lam[-1]], rel=1e-15)
    assert [p["aliases"] for p in js["pairs"]] == [bool(x < 2.0) for x in lam]


def test_wraps_beyond_counting_are_counted_not_walked() -> None:
    """A range of 1e300 wavelengths of 20: the wraps are counted, only the first few listed
    (walking them one by one would never end)."""
    raw = {
        "method": "wavelengths",
        "lo": "-1e300",
        "hi": "1e300",
        "resolution": "1e299",
        "d": "8",
        "base": "10000",
        "shortest": "1",
        "longest": "20",
        "reference": "",
    }
    (js,) = run_js([raw])
    longest = float(2 * math.pi / pe.coordinates.ladder(8, shortest=1.0, longest=20.0)[-1])
    assert js["wrapCount"] == pytest.approx(math.floor(2e300 / longest), rel=1e-14)
    assert 0 < len(js["wrapsAt"]) <= 100
    check(js, parsed(raw))
