"""pe.variants against an independent float64 statement of each original's formula.

The originals (tensor2tensor's get_timing_signal_1d, fairseq's
SinusoidalPositionalEmbedding.get_embedding) compute in float32, so the comparison
allows float32 rounding: a few units of float32 epsilon, scaled by the size of the
angle, since an angle of size A carries an absolute rounding error of about A * eps.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pe
from pe import variants

EPS32 = float(np.finfo(np.float32).eps)
#: Measured worst case is about 3; 8 leaves room for other float32 sin/cos/exp builds.
ULPS = 8.0


def reference(
    positions: np.ndarray, width: int, omega: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Split layout in float64: sines, then cosines, then zero columns; and the angles."""
    n = omega.size
    angles = positions.astype(np.float64)[:, None] * omega[None, :]
    out = np.zeros((positions.size, width))
    out[:, :n] = np.sin(angles)
    out[:, n : 2 * n] = np.cos(angles)
    size = np.zeros((positions.size, width))
    size[:, :n] = size[:, n : 2 * n] = np.abs(angles)
    return out, size


def t2t_omega(channels: int, lo: float = 1.0, hi: float = 1.0e4) -> np.ndarray:
    n = channels // 2
    i = np.arange(n, dtype=np.float64)
    return lo * (hi / lo) ** (-i / max(n - 1, 1))


def fairseq_omega(dim: int) -> np.ndarray:
    h = dim // 2
    return 10000.0 ** (-np.arange(h, dtype=np.float64) / (h - 1))


def assert_float32_close(got: np.ndarray, want: np.ndarray, size: np.ndarray) -> None:
    err = np.abs(got.astype(np.float64) - want)
    bound = ULPS * EPS32 * (1.0 + size)
    if err.size == 0:
        return
    worst = np.unravel_index(np.argmax(err / bound), err.shape)
    assert np.all(err <= bound), f"at {worst}: |{got[worst]} - {want[worst]}| > {bound[worst]}"


# --- tensor2tensor -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "channels", "kwargs"),
    [
        (50, 4, {}),
        (2048, 512, {}),
        (300, 7, {}),  # odd: zero last column
        (10, 2, {}),  # one timescale: the divisor is clamped to 1
        (10, 3, {}),
        (10, 1, {}),  # no timescale at all: one zero column
        (64, 16, {"start_index": 1000}),
        (64, 16, {"start_index": -20}),
        (64, 10, {"min_timescale": 2.0, "max_timescale": 500.0}),
        (64, 10, {"min_timescale": 0.5, "max_timescale": 0.5}),
    ],
)
def test_tensor2tensor_matches_formula(length: int, channels: int, kwargs: dict) -> None:
    got = variants.tensor2tensor(length, channels, **kwargs)
    assert got.shape == (length, channels)
    assert got.dtype == np.float32
    positions = np.arange(length) + kwargs.get("start_index", 0)
    omega = t2t_omega(
        channels, kwargs.get("min_timescale", 1.0), kwargs.get("max_timescale", 1.0e4)
    )
    want, size = reference(positions, channels, omega)
    assert_float32_close(got, want, size)


def test_tensor2tensor_odd_channels_pad_with_a_zero_column() -> None:
    got = variants.tensor2tensor(40, 9)
    assert np.all(got[:, 8] == 0.0)
    assert np.all(got[:, :8] == variants.tensor2tensor(40, 8))


def test_tensor2tensor_multiplies_by_min_timescale() -> None:
    # The original's quirk: the first frequency is min_timescale itself.
    got = variants.tensor2tensor(2, 4, min_timescale=0.25, max_timescale=100.0)
    assert got[1, 0] == pytest.approx(math.sin(0.25), abs=1e-7)
    assert got[1, 1] == pytest.approx(math.sin(0.25 * (100.0 / 0.25) ** -1), abs=1e-7)


def test_start_index_shifts_rows() -> None:
    whole = variants.tensor2tensor(30, 12)
    assert np.array_equal(variants.tensor2tensor(10, 12, start_index=20), whole[20:])


def test_angles_are_float32_not_float64() -> None:
    # Far from the origin a float32 angle is off by up to about angle * eps; a
    # float64 computation rounded once to float32 would be within one float32 ulp.
    got = variants.tensor2tensor(1, 64, start_index=100_000).astype(np.float64)
    positions = np.array([100_000])
    want, _ = reference(positions, 64, t2t_omega(64))
    assert np.abs(got - want).max() > 100 * EPS32


# --- fairseq -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "dim", "padding_idx"),
    [(50, 4, None), (1024, 512, 1), (300, 7, None), (20, 5, 0), (3, 6, 2), (1, 8, None)],
)
def test_fairseq_matches_formula(rows: int, dim: int, padding_idx: int | None) -> None:
    got = variants.fairseq(rows, dim, padding_idx=padding_idx)
    assert got.shape == (rows, dim)
    assert got.dtype == np.float32
    want, size = reference(np.arange(rows), dim, fairseq_omega(dim))
    if padding_idx is not None:
        want[padding_idx] = 0.0
    assert_float32_close(got, want, size)


def test_fairseq_padding_row_only() -> None:
    plain = variants.fairseq(10, 8)
    padded = variants.fairseq(10, 8, padding_idx=3)
    assert np.all(padded[3] == 0.0)
    assert np.array_equal(np.delete(padded, 3, axis=0), np.delete(plain, 3, axis=0))


def test_fairseq_odd_dim_zero_column() -> None:
    assert np.all(variants.fairseq(30, 11)[:, 10] == 0.0)


def test_fairseq_width_one_is_a_column_of_zeros() -> None:
    # fairseq: half_dim = 0, so no frequency; the odd-width padding adds the only column.
    table = variants.fairseq(7, 1)
    assert table.shape == (7, 1) and table.dtype == np.float32
    assert not table.any()
    assert variants.fairseq(7, 1, padding_idx=2).shape == (7, 1)


def test_fairseq_frequency_error_bound_against_another_exp() -> None:
    # The docstring's bound: a frequency 2 ulp off moves row r's angle by r * 2 ulp.
    # Recompute the table with every frequency nudged by 2 ulp and check the bound holds
    # and is reached within a factor of two (so it is not vacuous).
    rows, dim = 1024, 512
    half = dim // 2
    omega = np.exp(np.arange(half, dtype=np.float32) * np.float32(-math.log(10000) / (half - 1)))
    nudged = omega + 2 * np.spacing(omega)
    angles = np.arange(rows, dtype=np.float32)[:, None] * nudged[None, :]
    other = np.concatenate([np.sin(angles), np.cos(angles)], axis=1)
    diff = np.abs(other.astype(np.float64) - variants.fairseq(rows, dim)).max()
    bound = (rows - 1) * 2 * float(np.spacing(omega[1:]).max()) + 2 * (rows - 1) * EPS32
    assert diff <= bound
    assert diff > bound / 2


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 300), dim=st.integers(4, 96))
def test_fairseq_and_tensor2tensor_share_the_formula(rows: int, dim: int) -> None:
    # Same frequencies and layout; the float32 steps differ (fairseq divides in
    # float64), so allow float32 rounding but no more.
    a = variants.fairseq(rows, dim).astype(np.float64)
    b = variants.tensor2tensor(rows, dim).astype(np.float64)
    _, size = reference(np.arange(rows), dim, fairseq_omega(dim))
    assert np.all(np.abs(a - b) <= ULPS * EPS32 * (1.0 + size))


def test_variants_differ_from_the_paper() -> None:
    # Same first sine column, different everything else: a change of layout and spacing.
    paper = pe.encoding(100, 8)
    t2t = variants.tensor2tensor(100, 8).astype(np.float64)
    assert np.allclose(t2t[:, 0], paper[:, 0], atol=1e-6)
    assert not np.allclose(t2t, paper, atol=1e-2)
    # Reordering the paper's columns into split layout is not enough either: the
    # frequencies differ too.
    split = pe.encoding(100, 8, layout="split")
    assert not np.allclose(t2t, split, atol=1e-2)
    assert 2 * math.pi / t2t_omega(8)[-1] > pe.wavelengths(8)[-1]


# --- validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: variants.tensor2tensor(-1, 4), ValueError, "length must be >= 0"),
        (lambda: variants.tensor2tensor(2.0, 4), TypeError, "length must be an integer"),
        (lambda: variants.tensor2tensor(2, 0), ValueError, "channels must be >= 1"),
        (lambda: variants.tensor2tensor(2, True), TypeError, "channels must be an integer"),
        (lambda: variants.tensor2tensor(2, 4, min_timescale=0), ValueError, "min_timescale"),
        (lambda: variants.tensor2tensor(2, 4, max_timescale=np.inf), ValueError, "max_timescale"),
        (lambda: variants.tensor2tensor(2, 4, max_timescale="1e4"), ValueError, "max_timescale"),
        (lambda: variants.tensor2tensor(2, 4, start_index=0.5), TypeError, "start_index"),
        (lambda: variants.tensor2tensor(2, 4, start_index=2**31 - 1), ValueError, "int32"),
        (lambda: variants.tensor2tensor(2, 4, start_index=-(2**31) - 1), ValueError, "int32"),
        (lambda: variants.fairseq(-3, 8), ValueError, "num_embeddings must be >= 1"),
        (lambda: variants.fairseq(0, 8), ValueError, "view"),
        (lambda: variants.fairseq(3, 8.0), TypeError, "embedding_dim must be an integer"),
        (lambda: variants.fairseq(3, 3), ValueError, "embedding_dim must be 1 or >= 4"),
        (lambda: variants.fairseq(3, 0), ValueError, "embedding_dim must be 1 or >= 4"),
        (lambda: variants.fairseq(3, 2), ValueError, "zero for widths 2 and 3"),
        (lambda: variants.fairseq(3, 8, padding_idx=3), ValueError, "padding_idx must be in"),
        (lambda: variants.fairseq(3, 8, padding_idx=-1), ValueError, "padding_idx must be in"),
        (lambda: variants.fairseq(3, 8, padding_idx="1"), TypeError, "padding_idx"),
    ],
)
def test_bad_input_is_named(call, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()


def test_largest_int32_position_is_accepted() -> None:
    out = variants.tensor2tensor(1, 4, start_index=2**31 - 1)
    assert out.shape == (1, 4)
