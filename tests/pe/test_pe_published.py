"""Worked examples published alongside the paper's formula, checked against ``pe``.

Each published table is compared at the precision it is printed: ``pe``'s value, rounded to
the printed number of decimals, must give the printed string. Where the expected numbers
are not printed, they come from the formula evaluated with mpmath (``pe_reference``), never
from typed numbers. Published values that disagree with the formula are pinned as errata:
the test shows what the formula gives instead, so a regression in ``pe`` that happened to
reproduce the erratum would fail.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import pe_reference as ref

import pe

# A widely reproduced worked example: d_model = 4, base 10000, positions 0..4, printed as
# strings so that the printed precision is part of the data.
TABLE_D4_BASE_10000 = (
    ("0", "1", "0", "1"),
    ("0.8415", "0.5403", "0.00999983", "0.99995"),
    ("0.9093", "-0.4161", "0.0199987", "0.99980"),
    ("0.1411", "-0.9899", "0.0299955", "0.99955"),
    ("-0.7568", "-0.6536", "0.0399893", "0.99920"),
)
# cos(3) = -0.98999...; the table truncated it to -0.9899 instead of rounding to -0.9900.
TABLE_D4_ERRATA = {(3, 1)}


def _decimals(printed: str) -> int:
    return len(printed.split(".")[1]) if "." in printed else 0


def _as_printed(value: float, printed: str) -> str:
    text = f"{value:.{_decimals(printed)}f}"
    return "0" if text == "-0" else text


@pytest.mark.parametrize(
    ("row", "col"), [(r, c) for r in range(5) for c in range(4) if (r, c) not in TABLE_D4_ERRATA]
)
def test_d4_base_10000_table_at_printed_precision(row: int, col: int) -> None:
    printed = TABLE_D4_BASE_10000[row][col]
    value = float(pe.encoding(5, 4)[row, col])
    assert _as_printed(value, printed) == printed
    # The reference agrees, so the comparison is about the formula, not float64 luck.
    assert _as_printed(float(ref.entry(row, col, 4, 10000.0)), printed) == printed


def test_d4_base_10000_erratum_is_truncation_not_rounding() -> None:
    (row, col) = next(iter(TABLE_D4_ERRATA))
    printed = TABLE_D4_BASE_10000[row][col]
    value = float(pe.encoding(5, 4)[row, col])
    assert _as_printed(value, printed) == "-0.9900" != printed
    assert f"{np.trunc(value * 1e4) / 1e4:.4f}" == printed
    assert abs(value - float(ref.PRECISION.cos(3))) < 1e-15


def test_d4_row_zero_is_exact() -> None:
    assert pe.encoding(5, 4)[0].tolist() == [0.0, 1.0, 0.0, 1.0]


@pytest.mark.parametrize("base", [100.0, 10000.0])
def test_d4_positions_0_to_4_match_mpmath(base: float) -> None:
    """The same example with base 100 (another tutorial's choice) and 10000, against mpmath."""
    got = pe.encoding(5, 4, base=base)
    expected = ref.matrix(range(5), 4, base)
    for r in range(5):
        for c in range(4):
            assert abs(got[r, c] - float(expected[r][c])) <= ref.float64_bound(r, c, 4, base)
    # At 4 decimals, the way such tables are printed, they agree digit for digit.
    as_printed = [[f"{float(v):.4f}" for v in row] for row in expected]
    assert [[f"{v:.4f}" for v in row] for row in got.tolist()] == as_printed


def test_d4_base_100_second_pair_has_wavelength_20_pi() -> None:
    # base**(-2/4) = 1/10 for base 100: the second pair turns ten times slower.
    assert pe.frequencies(4, base=100.0)[1] == pytest.approx(0.1, rel=4 * ref.U)
    assert pe.wavelengths(4, base=100.0)[1] == pytest.approx(20 * np.pi, rel=4 * ref.U)


def test_d6_length_20_matches_mpmath() -> None:
    """The small d_model = 6, 20-position example, every entry within the float64 bound."""
    got = pe.encoding(20, 6)
    assert got.shape == (20, 6)
    expected = ref.matrix(range(20), 6, 10000.0)
    for r in range(20):
        for c in range(6):
            assert abs(got[r, c] - float(expected[r][c])) <= ref.float64_bound(r, c, 6, 10000.0)


def test_d6_float32_is_float64_rounded_once() -> None:
    # Frameworks build this example in float32; pe rounds its float64 result once instead.
    got32 = pe.encoding(20, 6, dtype=np.float32)
    expected = ref.matrix(range(20), 6, 10000.0)
    for r in range(20):
        for c in range(6):
            exact = float(expected[r][c])
            assert abs(float(got32[r, c]) - exact) <= float(np.spacing(np.float32(abs(exact))))


def test_d50_position_0_alternates_0_and_1() -> None:
    assert pe.encoding(1, 50)[0].tolist() == [0.0, 1.0] * 25


def test_d50_position_5_matches_mpmath() -> None:
    got = pe.encoding(6, 50)[5]
    for c in range(50):
        exact = float(ref.entry(5, c, 50, 10000.0))
        assert abs(got[c] - exact) <= ref.float64_bound(5, c, 50, 10000.0)


def test_d50_position_5_published_values() -> None:
    """A published row for position 5, d = 50: [-0.96, 0.28, -0.85, 0.52, ..., 5e-4, 1].

    The first pair and the last entry are right. The second pair and the last sine are not
    what the formula gives: the second frequency is 10000**(-2/50), so the pair is
    (sin, cos)(5 / 10000**0.04) = (-0.31, -0.95); the published -0.85 is sin(5 / 10000**0.02),
    the exponent of the dimension index instead of the pair index. The last sine has
    frequency 10000**(-48/50), giving 7.2e-4; the published 5e-4 is sin(5 / 10000), a
    wavelength the encoding never reaches.
    """
    row = pe.encoding(6, 50)[5]
    assert [f"{v:.2f}" for v in row[:2]] == ["-0.96", "0.28"]
    assert f"{row[-1]:.2f}" == "1.00"
    # Errata: what the formula gives instead.
    assert [f"{v:.2f}" for v in row[2:4]] == ["-0.31", "-0.95"]
    assert f"{row[-2]:.1e}" == "7.2e-04"
    ctx = ref.PRECISION
    assert f"{float(ctx.sin(5 / ctx.power(10000, ctx.mpf(1) / 50))):.2f}" == "-0.85"
    assert f"{float(ctx.sin(ctx.mpf(5) / 10000)):.0e}" == "5e-04"
