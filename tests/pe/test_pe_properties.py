"""Properties of ``pe`` that hold for every input, checked with hypothesis."""

from __future__ import annotations

import math

import numpy as np
from helpers import pe_reference as ref
from hypothesis import given
from hypothesis import strategies as st

import pe
from pe import Layout

widths = st.integers(1, 64)
even_widths = st.integers(1, 32).map(lambda h: 2 * h)
bases = st.sampled_from([10000.0, 100.0, 2.0]) | st.floats(1.0, 1e6, exclude_min=True)
layouts = st.sampled_from(["interleaved", "split"])
starts = st.integers(-(10**6), 10**6)


def _split_order(d: int) -> np.ndarray:
    """Columns of the interleaved layout in the order of the split layout."""
    return np.concatenate([np.arange(0, d, 2), np.arange(1, d, 2)])


@given(length=st.integers(0, 24), d=widths, base=bases, start=starts, layout=layouts)
def test_shape_dtype_and_bounded(
    length: int, d: int, base: float, start: int, layout: Layout
) -> None:
    enc = pe.encoding(length, d, base=base, start=start, layout=layout)
    assert enc.shape == (length, d)
    assert enc.dtype == np.float64
    assert np.all(np.abs(enc) <= 1.0)


@given(d=widths, base=bases)
def test_row_zero_is_sin0_cos0(d: int, base: float) -> None:
    expected = [0.0, 1.0] * (d // 2) + [0.0] * (d % 2)  # odd d ends with the unpaired sine
    assert pe.encoding(1, d, base=base)[0].tolist() == expected
    # Position 0 reached from a negative start is the same row.
    assert pe.encoding(4, d, base=base, start=-2)[2].tolist() == expected


@given(length=st.integers(0, 16), d=widths, base=bases, start=starts)
def test_split_is_a_column_permutation_of_interleaved(
    length: int, d: int, base: float, start: int
) -> None:
    inter = pe.encoding(length, d, base=base, start=start)
    split = pe.encoding(length, d, base=base, start=start, layout="split")
    np.testing.assert_array_equal(split, inter[:, _split_order(d)])


@given(length=st.integers(0, 16), d=widths, base=bases, shift=st.integers(0, 2000))
def test_start_shifts_rows(length: int, d: int, base: float, shift: int) -> None:
    np.testing.assert_array_equal(
        pe.encoding(length, d, base=base, start=shift),
        pe.encoding(length + shift, d, base=base)[shift:],
    )


@given(length=st.integers(0, 16), d=widths, base=bases, start=starts, back=st.integers(0, 50))
def test_start_shifts_rows_anywhere(
    length: int, d: int, base: float, start: int, back: int
) -> None:
    # The same at large and negative positions, starting `back` rows earlier.
    np.testing.assert_array_equal(
        pe.encoding(length, d, base=base, start=start),
        pe.encoding(length + back, d, base=base, start=start - back)[back:],
    )


def _rotation_tolerance(base: float, *positions: int) -> float:
    # Entries carry about (3 + ln b) ulp of their angle (see pe_reference.float64_bound);
    # R carries the same for k, and the 2-term products add a few ulp of 1.
    scale = sum(abs(q) for q in positions) + 2
    return 8 * (3 + math.log(base)) * ref.U * scale


@given(
    d=even_widths,
    base=bases,
    pos=st.integers(-(10**4), 10**4),
    k=st.integers(-(10**4), 10**4),
    layout=layouts,
)
def test_rotation_moves_rows_in_both_conventions(
    d: int, base: float, pos: int, k: int, layout: Layout
) -> None:
    rot = pe.rotation(k, d, base=base, layout=layout)
    here = pe.encoding(1, d, base=base, start=pos, layout=layout)[0]
    there = pe.encoding(1, d, base=base, start=pos + k, layout=layout)[0]
    tol = _rotation_tolerance(base, pos, k, pos + k)
    np.testing.assert_allclose(rot @ here, there, rtol=0, atol=tol)  # column vectors
    np.testing.assert_allclose(here @ rot.T, there, rtol=0, atol=tol)  # row vectors


@given(d=even_widths, base=bases, k=st.integers(-(10**5), 10**5), m=st.integers(-(10**5), 10**5))
def test_rotation_is_orthogonal_and_composes(d: int, base: float, k: int, m: int) -> None:
    rot = pe.rotation(k, d, base=base)
    eye = np.eye(d)
    np.testing.assert_allclose(rot @ rot.T, eye, rtol=0, atol=8 * ref.U)
    np.testing.assert_allclose(rot.T @ rot, eye, rtol=0, atol=8 * ref.U)
    np.testing.assert_array_equal(pe.rotation(-k, d, base=base), rot.T)
    tol = _rotation_tolerance(base, k, m, k + m)
    np.testing.assert_allclose(
        pe.rotation(m, d, base=base) @ rot, pe.rotation(k + m, d, base=base), rtol=0, atol=tol
    )


@given(d=even_widths, base=bases, k=st.integers(-100, 100))
def test_rotation_split_is_interleaved_permuted(d: int, base: float, k: int) -> None:
    order = _split_order(d)
    inter = pe.rotation(k, d, base=base)
    np.testing.assert_array_equal(
        pe.rotation(k, d, base=base, layout="split"), inter[np.ix_(order, order)]
    )


@given(d=widths, base=bases)
def test_frequencies_and_wavelengths(d: int, base: float) -> None:
    freqs = pe.frequencies(d, base=base)
    waves = pe.wavelengths(d, base=base)
    assert freqs.shape == waves.shape == ((d + 1) // 2,)
    assert freqs[0] == 1.0
    assert waves[0] == 2 * np.pi
    assert np.all(np.diff(freqs) <= 0) and np.all(np.diff(waves) >= 0)
    np.testing.assert_allclose(freqs * waves, 2 * np.pi, rtol=8 * ref.U, atol=0)


@given(d=widths, base=st.floats(1.01, 1e6))
def test_wavelengths_stay_below_2pi_base(d: int, base: float) -> None:
    # Even odd d's extra wavelength: 2i/d < 1 for every i < ceil(d/2).
    assert np.all(pe.wavelengths(d, base=base) < 2 * np.pi * base)


@given(d=even_widths, base=bases)
def test_last_wavelength_for_even_d(d: int, base: float) -> None:
    ctx = ref.PRECISION
    exact = 2 * ctx.pi * ctx.power(ctx.mpf(base), ctx.mpf(d - 2) / d)
    rel = (4 + math.log(base)) * ref.U  # the exponent's rounding, pow and the product by 2*pi
    got = pe.wavelengths(d, base=base)[-1]
    assert abs(ctx.mpf(float(got)) - exact) <= rel * exact


@given(d=st.integers(2, 64), base=st.floats(1.01, 1e6))
def test_frequencies_strictly_decrease(d: int, base: float) -> None:
    assert np.all(np.diff(pe.frequencies(d, base=base)) < 0)


@given(d=widths, layout=layouts)
def test_length_zero_is_empty(d: int, layout: Layout) -> None:
    for dtype in (np.float64, np.float32, np.float16):
        enc = pe.encoding(0, d, layout=layout, dtype=dtype)
        assert enc.shape == (0, d)
        assert enc.dtype == np.dtype(dtype)


@given(d=even_widths, base=bases, pos=st.integers(-(10**4), 10**4), k=st.integers(-(10**4), 10**4))
def test_dot_product_and_norm_numerically(d: int, base: float, pos: int, k: int) -> None:
    """The identities proven in pe.symbolic, on pe's numbers."""
    here = pe.encoding(1, d, base=base, start=pos)[0]
    there = pe.encoding(1, d, base=base, start=pos + k)[0]
    expected = np.sum(np.cos(k * pe.frequencies(d, base=base)))
    tol = _rotation_tolerance(base, pos, k, pos + k) * d
    assert abs(here @ there - expected) <= tol
    assert abs(here @ here - d / 2) <= 8 * ref.U * d
