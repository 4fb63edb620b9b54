"""``pe.encoding`` against a 50-digit mpmath reference, entry by entry.

The float64 bound (derived in ``pe_reference.float64_bound``) is

    |pe - exact| <= (3 + (2i/d) ln(base)) ulp(theta) + 4 ulp(value),

i.e. a few ulp *of the angle* theta = pos * omega_i: the error is that of forming
pos * omega_i in float64, which grows with the position. Lower precisions must equal the
float64 result rounded once.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import pe_reference as ref
from hypothesis import given
from hypothesis import strategies as st

import pe
from pe import Layout

BASES = (10000.0, 100.0, 2.0, 1.5, 500000.0)
LAYOUTS = ("interleaved", "split")
# Any block of positions up to 10**6 away from 0, odd and even widths, any base.
ANY_BLOCK = {
    "start": st.integers(-(10**6), 10**6),
    "d": st.integers(1, 40),
    "base": st.sampled_from(BASES) | st.floats(1.01, 1e6),
    "layout": st.sampled_from(LAYOUTS),
}


def _worst_ratio(start: int, length: int, d: int, base: float, layout: Layout) -> float:
    """The largest error / bound over a block; <= 1 means every entry is within the bound."""
    got = pe.encoding(length, d, base=base, start=start, layout=layout)
    worst = 0.0
    for r in range(length):
        pos = start + r
        for c in range(d):
            err = abs(ref.PRECISION.mpf(float(got[r, c])) - ref.entry(pos, c, d, base, layout))
            worst = max(worst, float(err) / ref.float64_bound(pos, c, d, base, layout))
    return worst


@given(**ANY_BLOCK)
def test_random_positions_within_float64_bound(
    start: int, d: int, base: float, layout: Layout
) -> None:
    assert _worst_ratio(start, 3, d, base, layout) <= 1.0


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("d", [7, 64])
def test_large_positions_within_float64_bound(d: int, base: float) -> None:
    assert _worst_ratio(10**6 - 4, 5, d, base, "interleaved") <= 1.0


def test_bound_is_not_vacuous() -> None:
    """The bound is tight enough to catch angles formed in single precision."""
    start, d, base = 10**6 - 4, 16, 10000.0
    got = pe.encoding(5, d, base=base, start=start)
    angles32 = np.multiply.outer(
        np.arange(start, start + 5, dtype=np.float32),
        pe.frequencies(d, base=base).astype(np.float32),
    ).astype(np.float64)
    sloppy = got.copy()
    sloppy[:, 0::2] = np.sin(angles32)
    ratios = [
        abs(float(sloppy[r, c]) - float(ref.entry(start + r, c, d, base)))
        / ref.float64_bound(start + r, c, d, base)
        for r in range(5)
        for c in range(0, d, 2)
    ]
    assert max(ratios) > 1.0
    # And the real result uses a sizeable part of it: the bound is not loose by orders of magnitude.
    assert _worst_ratio(start, 5, d, base, "interleaved") > 0.05


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@given(**ANY_BLOCK)
def test_low_precision_is_float64_rounded_once(
    dtype: type[np.floating], start: int, d: int, base: float, layout: Layout
) -> None:
    low = pe.encoding(6, d, base=base, start=start, layout=layout, dtype=dtype)
    high = pe.encoding(6, d, base=base, start=start, layout=layout)
    assert low.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(low, high.astype(dtype))
