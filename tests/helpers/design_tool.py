"""What the coordinate designer (docs/coordinate-designer.md) must show, computed with ``pe``,
and the tolerances its JavaScript (docs/javascripts/design/design.js) is held to.

Tolerances. Both engines evaluate the same float64 operations in the same order (the header of
design.js lists them). Every operation but ``pow``, ``sin`` and ``cos`` is one correctly
rounded IEEE operation, so bit-equal in both; those three are faithfully rounded in V8 and in
glibc (each result is one of the two doubles around the exact value), so the two engines'
results may differ by one ulp there, and by what that ulp becomes downstream. Writing EPS for
2**-52 (one ulp of 1; one ulp of x is at most EPS * |x|):

- omega: the two pows differ by < EPS relative; the product with the same 2 pi / shortest
  (or none, for the paper's ladder) adds at most EPS / 2 relative in each engine:
  ``OMEGA_REL = 2`` EPS.
- wavelength 2 pi / omega: one more rounding each, ``WAVELENGTH_REL = 3`` EPS; the turns over
  the range, span / wavelength, and the angle per resolution, resolution * omega, one more:
  ``DERIVED_REL = 4`` EPS.
- an encoding entry sin(x omega) or cos(x omega): the angle differs by at most 2 EPS |A|
  (omega) plus a rounding in each engine, 3 EPS |A|; sin and cos move by at most that, plus one
  ulp of a value of size <= 1 in each engine (2 EPS): ``entry_tol(A) = 3 EPS A + 2 EPS`` for
  the largest angle A.
- a cosine similarity of two rows with d/2 pairs (|row|**2 = d/2, entries <= 1): moving every
  entry by e moves the dot product by at most 2 sqrt(2) (d/2) e and each norm by sqrt(2) e
  relative, so the similarity by at most 4 sqrt(2) e < 6 e; the sums themselves, in different
  orders (NumPy's pairwise and BLAS against a loop), add at most d EPS / 2 relative per sum,
  three sums per engine: ``similarity_tol = 6 entry_tol + 3 d EPS``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import strategies as st

import pe
import pe.coordinates

EPS = 2.0**-52
OMEGA_REL = 2
WAVELENGTH_REL = 3
DERIVED_REL = 4
SLACK = 1e-9  # design.js's relative slack of the wrap and alias tests


def infinities(value: Any) -> Any:
    """The runner's "Infinity" strings back to floats (JSON has no infinity)."""
    if isinstance(value, dict):
        return {k: infinities(v) for k, v in value.items()}
    if isinstance(value, list):
        return [infinities(v) for v in value]
    if value in ("Infinity", "-Infinity"):
        return float(value)
    return value


def omega_of(s: dict[str, Any]) -> np.ndarray:
    """The frequencies pe gives for the page's settings."""
    if s["method"] == "rule":
        return pe.coordinates.frequencies_for(
            span=(s["lo"], s["hi"]), resolution=s["resolution"], d_model=s["d"]
        )
    if s["method"] == "wavelengths":
        return pe.coordinates.ladder(s["d"], shortest=s["shortest"], longest=s["longest"])
    return pe.frequencies(s["d"], base=s["base"])


def encode(x: Any, s: dict[str, Any]) -> np.ndarray:
    """The encoding of ``x`` (interleaved): pe.coordinates.continuous_encoding with the
    page's wavelengths, or the paper's frequencies applied to ``x`` as pe.encoding applies
    them to positions."""
    if s["method"] == "paper":
        angles = np.multiply.outer(np.asarray(x, dtype=np.float64), omega_of(s))
        out = np.empty(angles.shape[:-1] + (2 * angles.shape[-1],))
        out[..., 0::2], out[..., 1::2] = np.sin(angles), np.cos(angles)
        return out
    shortest, longest = (
        pe.coordinates.wavelengths_for(span=(s["lo"], s["hi"]), resolution=s["resolution"])
        if s["method"] == "rule"
        else (s["shortest"], s["longest"])
    )
    return pe.coordinates.continuous_encoding(x, s["d"], shortest=shortest, longest=longest)


def similarities(x0: float, xs: Any, s: dict[str, Any]) -> np.ndarray:
    e0 = encode(x0, s)
    rows = encode(xs, s)
    return np.asarray(rows @ e0 / (np.linalg.norm(rows, axis=-1) * np.linalg.norm(e0)))


def entry_tol(xs: Any, omega: np.ndarray) -> float:
    largest_angle = float(np.max(np.abs(xs))) * float(np.max(omega))
    return 3 * EPS * largest_angle + 2 * EPS


def similarity_tol(xs: Any, omega: np.ndarray, d: int) -> float:
    return 6 * entry_tol(xs, omega) + 3 * d * EPS


def assert_relative(actual: Any, expected: Any, rel: float, what: str) -> None:
    """|actual - expected| <= rel * EPS * |expected|, elementwise."""
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    assert a.shape == e.shape, f"{what}: shape {a.shape} != {e.shape}"
    worst = float(np.max(np.abs(a - e) / (EPS * np.abs(e)))) if a.size else 0.0
    assert worst <= rel, f"{what}: page and pe differ by {worst:.3g} EPS relative > {rel}"


def clear_of(value: float, threshold: float, tol: float) -> bool:
    """Whether ``value`` is farther than ``tol`` from ``threshold``, so that both engines'
    comparisons with it must agree."""
    return abs(value - threshold) > tol


def check(js: dict[str, Any], s: dict[str, Any]) -> None:
    """Every number of one design(raw) result (the page's) against pe, for the settings
    ``s`` (the page's parsed settings, which the caller checks separately)."""
    omega = omega_of(s)
    label = repr(s)
    assert_relative(js["omega"], omega, OMEGA_REL, f"omega {label}")
    lam = 2 * np.pi / omega
    span, r = s["hi"] - s["lo"], s["resolution"]
    pairs = js["pairs"]
    assert_relative([p["wavelength"] for p in pairs], lam, WAVELENGTH_REL, f"wavelengths {label}")
    assert_relative([p["turns"] for p in pairs], span / lam, DERIVED_REL, f"turns {label}")
    assert_relative(
        [p["stepAngle"] for p in pairs], r * omega, DERIVED_REL, f"angle per step {label}"
    )
    for p, wavelength in zip(pairs, lam, strict=True):
        limit = 2 * r * (1 - SLACK)
        if clear_of(wavelength, limit, WAVELENGTH_REL * EPS * wavelength):
            assert p["aliases"] == (wavelength < limit), f"alias flag of pair {p['k']} {label}"
        if p["aliases"]:
            f = r / wavelength
            folded = abs(f - round(f))
            if folded > 0 and clear_of(f % 1, 0.5, 8 * EPS * f):
                # f is known to 5 EPS relative, so folded to 5 EPS f absolute.
                rel = 5 * EPS * f / folded + 2 * EPS
                assert math.isclose(p["apparent"], r / folded, rel_tol=rel), f"apparent {label}"

    longest = float(np.max(lam))
    tol = WAVELENGTH_REL * EPS * longest
    if clear_of(longest, span * (1 + SLACK), tol) and clear_of(
        longest, 2 * span * (1 - SLACK), tol
    ):
        wrap = (
            "wraps"
            if longest <= span * (1 + SLACK)
            else "folds"
            if longest < 2 * span * (1 - SLACK)
            else "none"
        )
        assert js["wrap"] == wrap, f"wrap {js['wrap']} != {wrap} {label}"
    x0 = s["reference"]
    for x in js["wrapsAt"]:
        m = round(abs(x - x0) / longest)
        expected = x0 + math.copysign(m * longest, x - x0)
        assert abs(x - expected) <= 4 * EPS * (abs(x0) + m * longest) + math.ulp(x), (
            f"wrap at {x} != {expected} {label}"
        )

    xs = np.asarray(js["xs"])
    n = len(xs)
    assert n == min(1201, max(241, math.ceil(2 * span / r) + 1)), f"samples {label}"
    np.testing.assert_array_max_ulp(xs, np.linspace(s["lo"], s["hi"], n), maxulp=1)
    sims = similarities(x0, xs, s)
    stol = similarity_tol(np.append(xs, x0), omega, s["d"])
    err = float(np.max(np.abs(np.asarray(js["similarity"]) - sims)))
    assert err <= stol, f"similarity curve: max |page - pe| = {err:.3g} > {stol:.3g} {label}"

    at = js["neighbour"]["at"]
    assert at == (x0 + r if x0 + r <= s["hi"] else x0 - r)
    assert abs(js["neighbour"]["similarity"] - similarities(x0, [at], s)[0]) <= stol
    assert abs(js["ends"] - similarities(s["lo"], [s["hi"]], s)[0]) <= stol

    # The peak around the reference (similarity >= 1/2) and the highest value outside it:
    # consistent with pe's curve wherever pe's values are clear of 1/2.
    lobe, far = js["lobe"], js["far"]
    inside = np.zeros(n, dtype=bool)
    if lobe is not None:
        a, b = lobe["first"], lobe["last"]
        inside[a : b + 1] = True
        assert np.all(sims[a : b + 1] >= 0.5 - stol), f"peak {label}"
        for edge in (a - 1, b + 1):
            if 0 <= edge < n:
                assert sims[edge] < 0.5 + stol, f"the peak stops early at {edge} {label}"
    else:
        step = (s["hi"] - s["lo"]) / (n - 1)
        i0 = min(n - 1, max(0, round((x0 - s["lo"]) / step)))
        assert sims[i0] < 0.5 + stol, f"no peak, yet pe's similarity at {i0} is {sims[i0]} {label}"
    if inside.all():
        assert far is None
    else:
        assert far is not None
        assert abs(far["similarity"] - float(np.max(sims[~inside]))) <= 2 * stol, f"far {label}"
        assert not inside[far["index"]] and far["at"] == xs[far["index"]]


# ------------------------------------------------------------------ generated settings

FIELD_NAMES = {"lo": "lower end", "hi": "upper end", "resolution": "resolution", "d": "width"}


# Inputs at many scales: a span from 1e-6 to 1e6, the range anywhere within 100 spans of
# zero, a resolution from 1e-7 of the span to just under it.
UNIT = st.floats(-100.0, 100.0)
SPAN = st.integers(-6, 6).flatmap(lambda e: st.floats(1.0, 10.0).map(lambda m: m * 10.0**e))


@st.composite
def valid_raw(draw: st.DrawFn, max_width: int = 256) -> dict[str, str]:
    span = draw(SPAN)
    lo = draw(UNIT) * span
    hi = lo + span
    resolution = span * 10.0 ** draw(st.floats(-7.0, -0.001))
    raw = {
        "method": draw(st.sampled_from(["rule", "wavelengths", "paper"])),
        "lo": repr(lo),
        "hi": repr(hi),
        "resolution": repr(resolution),
        "d": str(2 * draw(st.integers(2, max_width // 2))),
    }
    shortest = span * 10.0 ** draw(st.floats(-5.0, 1.0))
    raw |= {
        "base": repr(10.0 ** draw(st.floats(0.01, 6.0))),
        "shortest": repr(shortest),
        "longest": repr(shortest * 10.0 ** draw(st.floats(0.01, 4.0))),
    }
    t = draw(st.none() | st.floats(0.0, 1.0))
    raw["reference"] = "" if t is None else repr(min(hi, max(lo, lo + t * (hi - lo))))
    return raw


def parsed(raw: dict[str, str]) -> dict[str, Any]:
    s: dict[str, Any] = {k: float(raw[k]) for k in ("lo", "hi", "resolution")}
    s |= {
        "method": raw["method"],
        "d": int(raw["d"]),
        "reference": float(raw["reference"]) if raw["reference"] else s["lo"],
    }
    for k in ("base", "shortest", "longest"):
        s[k] = float(raw[k])
    return s
