"""pe.coordinates: the wavelength rule, the encodings' properties, and the errors.

All computations are float64. Where two routes to the same angle A are compared, they
differ by the rounding of the frequencies (pow, a few eps relative) times A, so the
tolerance is a small multiple of eps * (1 + |A|).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import pe
import pe.coordinates
from pe import coordinates

EPS = float(np.finfo(np.float64).eps)

finite = st.floats(-1e6, 1e6, allow_nan=False)
positive = st.floats(1e-3, 1e3, allow_nan=False)
widths = st.integers(2, 64).map(lambda n: 2 * n)


# --- the rule ----------------------------------------------------------------------------


@given(lo=finite, length=positive, fraction=st.floats(1e-4, 0.9))
def test_wavelengths_for_rule(lo: float, length: float, fraction: float) -> None:
    hi = lo + length
    assume(hi > lo)
    resolution = fraction * (hi - lo)
    shortest, longest = coordinates.wavelengths_for(span=(lo, hi), resolution=resolution)
    assert shortest == 2 * resolution
    assert longest == 2 * (hi - lo)


@given(d=widths, lo=st.floats(-100, 100), length=st.floats(0.1, 100),
       fraction=st.floats(1e-3, 0.5))
def test_frequencies_for_endpoints_and_half_turns(
    d: int, lo: float, length: float, fraction: float
) -> None:
    hi, resolution = lo + length, fraction * length
    omega = pe.coordinates.frequencies_for(span=(lo, hi), resolution=resolution, d_model=d)
    assert omega.shape == (d // 2,)
    assert np.all(np.diff(omega) < 0)  # highest frequency first
    # The slowest pair turns by exactly half a circle over the span, the fastest by half a
    # circle over one resolution step.
    assert omega[-1] * (hi - lo) == pytest.approx(math.pi, rel=1e-12)
    assert omega[0] * resolution == pytest.approx(math.pi, rel=1e-12)


@given(d=widths)
def test_ladder_is_geometric(d: int) -> None:
    omega = coordinates.ladder(d, shortest=0.5, longest=5000.0)
    ratios = omega[1:] / omega[:-1]
    assert np.allclose(ratios, ratios[0], rtol=1e-12, atol=0)


@given(d=widths)
def test_paper_ladder_is_a_special_case(d: int) -> None:
    omega = coordinates.ladder(
        d, shortest=2 * math.pi, longest=2 * math.pi * 10000.0 ** ((d - 2) / d))
    assert np.allclose(omega, pe.frequencies(d), rtol=32 * EPS, atol=0)


@given(d=widths, length=st.integers(1, 200), layout=st.sampled_from(["interleaved", "split"]))
def test_continuous_at_integers_is_the_paper(d: int, length: int, layout: str) -> None:
    x = np.arange(length)
    ours = pe.coordinates.continuous_encoding(
        x, d, shortest=2 * math.pi, longest=2 * math.pi * 10000.0 ** ((d - 2) / d),
        layout=layout)  # type: ignore[arg-type]
    paper = pe.encoding(length, d, layout=layout)  # type: ignore[arg-type]
    assert np.all(np.abs(ours - paper) <= 32 * EPS * (1.0 + length))


@given(lo=st.floats(-10, 10), length=st.floats(0.5, 50), d=widths)
def test_slowest_pair_distance_grows_over_the_span(lo: float, length: float, d: int) -> None:
    hi = lo + length
    shortest, longest = coordinates.wavelengths_for(span=(lo, hi), resolution=length / 100)
    table = pe.coordinates.continuous_encoding(np.linspace(lo, hi, 101), d, shortest=shortest,
                                   longest=longest)
    slow = table[:, -2:]  # the last pair: lowest frequency
    dist = np.linalg.norm(slow - slow[0], axis=1)
    assert np.all(np.diff(dist) > -1e-12)
    assert dist[-1] == pytest.approx(2.0, abs=1e-9)  # lo and hi on opposite points


def test_span_may_be_an_array() -> None:
    assert coordinates.wavelengths_for(span=np.array([0.0, 3.0]), resolution=0.5) == (1.0, 6.0)


def test_shape_follows_x() -> None:
    kw = {"shortest": 1.0, "longest": 10.0}
    assert pe.coordinates.continuous_encoding(0.3, 6, **kw).shape == (6,)
    assert pe.coordinates.continuous_encoding(np.zeros((2, 3, 4)), 6, **kw).shape == (2, 3, 4, 6)
    assert pe.coordinates.continuous_encoding([], 6, **kw).shape == (0, 6)


# --- periodic ----------------------------------------------------------------------------


@given(x=st.floats(-1000, 1000), d=widths, period=st.floats(0.5, 400))
def test_periodic_repeats_after_a_period(x: float, d: int, period: float) -> None:
    a = pe.coordinates.periodic_encoding(x, d, period=period)
    b = pe.coordinates.periodic_encoding(x + period, d, period=period)
    # Largest angle: (|x| + period) * 2*pi * (d/2) / period.
    size = (abs(x) + period) * math.pi * d / period
    assert np.all(np.abs(a - b) <= 8 * EPS * (1.0 + size))


def test_midnight_is_next_to_eleven_pm() -> None:
    hours = pe.coordinates.periodic_encoding(np.arange(24.0), 8, period=24.0)
    assert np.linalg.norm(hours[23] - hours[0]) == pytest.approx(
        np.linalg.norm(hours[1] - hours[2]), abs=1e-12)


# --- Fourier features ---------------------------------------------------------------------


def test_gaussian_matrix_is_seeded_and_scaled() -> None:
    a = coordinates.gaussian_matrix(2, 512, scale=10.0, seed=3)
    assert np.array_equal(a, coordinates.gaussian_matrix(2, 512, scale=10.0, seed=3))
    assert a.shape == (2, 256)
    assert 8.0 < a.std() < 12.0


def test_fourier_features_with_a_ladder_matrix_is_continuous_encoding() -> None:
    x = np.linspace(-3, 3, 50)
    omega = coordinates.ladder(8, shortest=0.5, longest=20.0)
    ff = coordinates.fourier_features(x[:, None], (omega / (2 * math.pi))[None, :])
    split = pe.coordinates.continuous_encoding(x, 8, shortest=0.5, longest=20.0, layout="split")
    assert np.allclose(ff, split, rtol=0, atol=1e-13)


# --- grids ---------------------------------------------------------------------------------


@given(shape=st.lists(st.integers(1, 6), min_size=1, max_size=4), d=st.integers(1, 40))
def test_grid_concat_blocks_and_zero_remainder(shape: list[int], d: int) -> None:
    k = len(shape)
    assume(d >= 2 * k)
    table = pe.coordinates.grid_encoding(shape, d)
    assert table.shape == (*shape, d)
    w = 2 * (d // (2 * k))
    assert not table[..., k * w :].any()  # leftover columns are zero and last
    for axis, n in enumerate(shape):
        block = np.moveaxis(table[..., axis * w : (axis + 1) * w], axis, 0)
        one_d = pe.encoding(n, w)
        # The block varies along its own axis only, as the 1-D encoding of that index.
        want = one_d.reshape((n,) + (1,) * (k - 1) + (w,))
        assert np.array_equal(block, np.broadcast_to(want, block.shape))


def test_remainder_example_from_the_docstring() -> None:
    table = pe.coordinates.grid_encoding((4, 5, 6), 100)
    assert not table[..., 96:].any()
    assert table[..., :96].any(axis=(0, 1, 2)).all()


@given(rows=st.integers(1, 8), cols=st.integers(1, 8), d=widths)
def test_grid_concat_dot_depends_on_offset_only(rows: int, cols: int, d: int) -> None:
    assume(d % 4 == 0)
    t = pe.coordinates.grid_encoding((rows + 4, cols + 4), d)
    base = t[0, 0] @ t[rows, cols]
    moved = t[3, 3] @ t[rows + 3, cols + 3]
    assert moved == pytest.approx(base, abs=1e-9)


def test_sum_is_symmetric_on_a_square_grid_but_concat_is_not() -> None:
    summed = pe.coordinates.grid_encoding((6, 6), 16, combine="sum")
    concat = pe.coordinates.grid_encoding((6, 6), 16)
    assert np.allclose(summed[1, 4], summed[4, 1])
    assert not np.allclose(concat[1, 4], concat[4, 1])
    assert summed.shape == concat.shape == (6, 6, 16)


def test_grid_accepts_coordinates() -> None:
    ys = np.array([0.0, 0.5, 2.0])
    t = pe.coordinates.grid_encoding((ys, 4), 8)
    assert t.shape == (3, 4, 8)
    assert np.allclose(t[:, 0, :4], pe.coordinates.continuous_encoding(
        ys, 4, shortest=2 * math.pi, longest=2 * math.pi * 100.0))


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: coordinates.wavelengths_for(span=(1.0, 1.0), resolution=0.1), ValueError,
         "lo < hi"),
        (lambda: coordinates.wavelengths_for(span=(0.0, math.inf), resolution=0.1), ValueError,
         r"span\[1\] must be a finite"),
        (lambda: coordinates.wavelengths_for(span=(0.0, 1.0), resolution=0.0), ValueError,
         "resolution must be a finite real number > 0"),
        (lambda: coordinates.wavelengths_for(span=(0.0, 1.0), resolution=2.0), ValueError,
         "smaller than the span"),
        (lambda: coordinates.wavelengths_for(span=(0.0,), resolution=0.1), ValueError,
         "pair"),
        (lambda: pe.coordinates.frequencies_for(span=(0, 1), resolution=0.1, d_model=7), ValueError,
         "d_model must be even"),
        (lambda: coordinates.ladder(2, shortest=1.0, longest=2.0), ValueError, ">= 4"),
        (lambda: coordinates.ladder(8.0, shortest=1.0, longest=2.0), TypeError,
         "d_model must be an integer"),
        (lambda: coordinates.ladder(8, shortest=2.0, longest=2.0), ValueError,
         "shortest must be < longest"),
        (lambda: coordinates.ladder(8, shortest=-1.0, longest=2.0), ValueError, "shortest"),
        (lambda: coordinates.ladder(8, shortest=1.0, longest=math.nan), ValueError, "longest"),
        (lambda: coordinates.ladder(8, shortest="1", longest=2.0), ValueError, "shortest"),
        (lambda: pe.coordinates.continuous_encoding([0.0, math.nan], 4, shortest=1.0, longest=2.0),
         ValueError, "x must be finite"),
        (lambda: pe.coordinates.continuous_encoding(["a"], 4, shortest=1.0, longest=2.0), TypeError,
         "real numbers"),
        (lambda: pe.coordinates.continuous_encoding([1j], 4, shortest=1.0, longest=2.0), TypeError,
         "real numbers"),
        (lambda: pe.coordinates.continuous_encoding(1.0, 4, shortest=1.0, longest=2.0, layout="x"),
         ValueError, "layout must be one of"),
        (lambda: pe.coordinates.periodic_encoding(1.0, 4, period=0), ValueError, "period"),
        (lambda: pe.coordinates.periodic_encoding(1.0, 3, period=24), ValueError, "even"),
        (lambda: coordinates.gaussian_matrix(0, 4, scale=1.0, seed=0), ValueError, "n_inputs"),
        (lambda: coordinates.gaussian_matrix(2, 4, scale=1.0, seed=0.5), TypeError, "seed"),
        (lambda: coordinates.fourier_features(np.zeros(3), np.zeros((2, 4))), ValueError,
         "last axis"),
        (lambda: coordinates.fourier_features(np.zeros(2), np.zeros(4)), ValueError, "2-D"),
        (lambda: pe.coordinates.grid_encoding((), 8), ValueError, "non-empty"),
        (lambda: pe.coordinates.grid_encoding((4, -1), 8), ValueError, r"axes\[1\]"),
        (lambda: pe.coordinates.grid_encoding((4, np.zeros((2, 2))), 8), ValueError, "1-D"),
        (lambda: pe.coordinates.grid_encoding((4, 4, 4), 5), ValueError, "too narrow for 3 axes"),
        (lambda: pe.coordinates.grid_encoding((4, 4), 7, combine="sum"), ValueError, "even"),
        (lambda: pe.coordinates.grid_encoding((4, 4), 8, combine="add"), ValueError, "combine"),
        (lambda: pe.coordinates.grid_encoding((4, 4), 8, base=1.0), ValueError, "base"),
    ],
)
def test_bad_input_is_named(call, error: type[Exception], words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=words):
        call()
