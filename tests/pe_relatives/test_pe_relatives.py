"""pe.relatives: each relative against its own definition, against pe where they coincide,
and its errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import pe
from pe import relatives

# Two float64 evaluations of the same angles through different but equivalent expressions
# (power versus repeated product) differ by a few ulps of the angle, at most ~1e-12 here.
TOL = 1e-12


def test_nerf_is_equation_4() -> None:
    p = np.linspace(-1, 1, 9)
    got = relatives.nerf(p, 4)
    for k in range(4):
        assert np.allclose(got[:, 2 * k], np.sin(2**k * math.pi * p), atol=TOL)
        assert np.allclose(got[:, 2 * k + 1], np.cos(2**k * math.pi * p), atol=TOL)


def test_nerf_without_pi_is_the_code_and_keeps_the_input_shape() -> None:
    p = np.arange(6.0).reshape(2, 3) / 7
    assert relatives.nerf(p, 3, pi=False).shape == (2, 3, 6)
    assert np.allclose(relatives.nerf(p, 3, pi=False), relatives.nerf(p / math.pi, 3), atol=TOL)


@pytest.mark.parametrize(("h", "w", "f", "base"), [(3, 5, 8, 10000.0), (1, 1, 2, 20.0), (7, 2, 128, 10000.0)])
def test_detr_unnormalised_halves_are_the_paper_encoding_from_1(h, w, f, base) -> None:
    got = relatives.detr_sine(h, w, f, temperature=base, normalize=False)
    assert got.shape == (h, w, 2 * f)
    rows, cols = pe.encoding(h, f, base=base, start=1), pe.encoding(w, f, base=base, start=1)
    assert np.allclose(got[:, :, :f], rows[:, None, :], atol=TOL)
    assert np.allclose(got[:, :, f:], cols[None, :, :], atol=TOL)


def test_detr_normalised_depends_on_the_fraction_of_the_image_only() -> None:
    small, large = relatives.detr_sine(4, 4, 16), relatives.detr_sine(8, 8, 16)
    # Row 2 of 4 and row 4 of 8 (counted from 1) are both half-way down.
    assert np.allclose(small[1, 1], large[3, 3], atol=TOL)
    last = relatives.detr_sine(5, 3, 16)[-1, -1]
    assert np.allclose(last[:2], [math.sin(2 * math.pi), math.cos(2 * math.pi)], atol=TOL)


def test_alibi_slopes_are_geometric_for_powers_of_two() -> None:
    for n in (1, 2, 8, 16):
        s = relatives.alibi_slopes(n)
        assert s[0] == 2.0 ** (-8 / n) and np.allclose(s[1:] / s[:-1], s[0], rtol=1e-15)
        assert math.isclose(s[-1], 2.0**-8)


def test_alibi_slopes_for_other_head_counts_follow_the_reference_rule() -> None:
    s = relatives.alibi_slopes(12)
    assert len(s) == 12
    assert np.array_equal(s[:8], relatives.alibi_slopes(8))
    assert np.array_equal(s[8:], relatives.alibi_slopes(16)[0::2][:4])


def test_alibi_bias_depends_on_the_offset_only_and_masks_the_future() -> None:
    b = relatives.alibi_bias(6, 4)
    slopes = relatives.alibi_slopes(4)
    for i in range(6):
        for j in range(6):
            want = -slopes * (i - j) if j <= i else np.full(4, -np.inf)
            assert np.array_equal(b[:, i, j], want)


def _t5_scalar(rel: int, bidirectional: bool, num_buckets: int, max_distance: int) -> int:
    # A scalar transcription of mesh_tensorflow's _relative_position_bucket.
    ret, n = 0, -rel
    if bidirectional:
        num_buckets //= 2
        ret += num_buckets if n < 0 else 0
        n = abs(n)
    else:
        n = max(n, 0)
    max_exact = num_buckets // 2
    if n < max_exact:
        return ret + n
    large = max_exact + int(
        math.log(n / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    )
    return ret + min(large, num_buckets - 1)


@pytest.mark.parametrize("bidirectional", [True, False])
@pytest.mark.parametrize(("buckets", "far"), [(32, 128), (8, 20)])
def test_t5_bucket_matches_a_scalar_transcription(bidirectional, buckets, far) -> None:
    rel = np.arange(-300, 301)
    got = relatives.t5_bucket(rel, bidirectional=bidirectional, num_buckets=buckets, max_distance=far)
    want = [_t5_scalar(int(r), bidirectional, buckets, far) for r in rel]
    assert got.tolist() == want
    assert got.min() >= 0 and got.max() == buckets - 1


def test_t5_buckets_are_exact_near_and_shared_far() -> None:
    back = relatives.t5_bucket(-np.arange(200))  # keys before the query
    assert back[:8].tolist() == list(range(8))
    assert np.all(np.diff(back) >= 0)
    assert set(back[128:].tolist()) == {15}


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: relatives.nerf([0.1], 0), ValueError, "num_freqs"),
        (lambda: relatives.nerf([np.nan], 2), ValueError, "finite"),
        (lambda: relatives.nerf("abc", 2), TypeError, "coordinates"),
        (lambda: relatives.nerf([0.1], 2.0), TypeError, "num_freqs"),
        (lambda: relatives.detr_sine(0, 3), ValueError, "height"),
        (lambda: relatives.detr_sine(2, 3, 7), ValueError, "even"),
        (lambda: relatives.detr_sine(2, 3, temperature=1.0), ValueError, "base"),
        (lambda: relatives.detr_sine(2, 3, scale=-1.0), ValueError, "scale"),
        (lambda: relatives.alibi_slopes(0), ValueError, "num_heads"),
        (lambda: relatives.alibi_bias(-1, 2), ValueError, "length"),
        (lambda: relatives.t5_bucket([0.5]), TypeError, "integers"),
        (lambda: relatives.t5_bucket([1], num_buckets=7), ValueError, "num_buckets"),
        (lambda: relatives.t5_bucket([1], max_distance=4), ValueError, "max_distance"),
    ],
)
def test_bad_input_is_named(call, error, words) -> None:
    with pytest.raises(error, match=words):
        call()
