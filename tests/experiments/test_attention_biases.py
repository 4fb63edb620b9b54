"""The two schemes that bias the attention scores: ALiBi's fixed linear bias and T5's
learned bucketed bias. Their biases have the published values, T5's buckets follow the
bucketing rule of the T5 code (checked against a separate re-implementation of it), both
depend only on offsets, and bad bucket settings are named."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from experiments.config import BIASES, ConfigError, RunConfig
from experiments.model import alibi_slopes, attention_bias, forward, init_params, t5_bucket

TINY = {"d_model": 16, "heads": 2, "layers": 2, "d_mlp": 32, "vocab": 8, "offset": 1,
        "train_length": 8, "batch": 8, "steps": 20, "warmup": 2, "seeds": [0],
        "eval_length": 16, "eval_batch": 4, "shifts": [0, 4, 8], "probe_batch": 4,
        "check_every": 10}


def mesh_bucket(relative: int, bidirectional: bool, num_buckets: int, max_distance: int) -> int:
    """One offset's bucket, written out line by line after Mesh TensorFlow's
    ``_relative_position_bucket`` (tensorflow/mesh at 0cb87fe07da627bf0b7e60475d59f95ed6b5be3d,
    mesh_tensorflow/transformer/transformer_layers.py, lines 593-635), one scalar at a time
    in float32 as there: ``n = -relative``; bidirectional, keys after the query
    (``n < 0``) take the upper half; below ``max_exact = num_buckets // 2`` the bucket is
    ``n``, else ``max_exact + int(log(n / max_exact) / log(max_distance / max_exact) *
    (num_buckets - max_exact))``, at most ``num_buckets - 1``."""
    ret = 0
    n = -relative
    if bidirectional:
        num_buckets //= 2
        ret += int(n < 0) * num_buckets
        n = abs(n)
    else:
        n = max(n, 0)
    max_exact = num_buckets // 2
    if n < max_exact:
        return ret + n
    logged = np.log(np.float32(n) / np.float32(max_exact))
    scaled = logged / np.float32(math.log(max_distance / max_exact)) * np.float32(
        num_buckets - max_exact)
    return ret + min(max_exact + int(scaled), num_buckets - 1)


@st.composite
def bucket_settings(draw: st.DrawFn) -> tuple[bool, int, int]:
    bidirectional = draw(st.booleans())
    buckets = draw(st.integers(4 if bidirectional else 2, 64))
    exact = (buckets // 2 if bidirectional else buckets) // 2
    return bidirectional, buckets, draw(st.integers(exact + 1, 512))


@given(bucket_settings(), st.lists(st.integers(-2000, 2000), min_size=1, max_size=50))
def test_t5_buckets_follow_the_t5_code(setting: tuple[bool, int, int],
                                       offsets: list[int]) -> None:
    bidirectional, buckets, max_distance = setting
    mine = t5_bucket(np.array(offsets), bidirectional, buckets, max_distance)
    expected = [mesh_bucket(o, bidirectional, buckets, max_distance) for o in offsets]
    assert mine.tolist() == expected
    assert mine.min() >= 0 and mine.max() < buckets


def test_t5_buckets_of_the_runs_settings() -> None:
    """Causal, 16 buckets up to 32: offsets 0-7 exact, then logarithmic; 20-22 share one."""
    back = np.arange(0, 40)
    buckets = t5_bucket(-back, False, 16, 32)
    assert buckets[:8].tolist() == list(range(8))
    assert np.all(np.diff(buckets) >= 0) and buckets[-1] == 15
    assert set(back[buckets == buckets[20]].tolist()) == {20, 21, 22}
    assert np.all(buckets[back >= 32] == 15)
    # keys after the query share bucket 0 in a causal model (they are masked anyway)
    assert t5_bucket(np.array([1, 5, 100]), False, 16, 32).tolist() == [0, 0, 0]


def test_t5_buckets_round_in_float32_as_the_t5_code_does() -> None:
    """Where the logarithm lands on a bucket boundary, float32 and float64 part ways; the T5
    code computes in float32 (``pe.relatives.t5_bucket`` in float64)."""
    from pe import relatives

    back = np.array([-8, -16, -64])
    assert t5_bucket(back, False, 9, 128).tolist() == [
        mesh_bucket(int(b), False, 9, 128) for b in back] == [5, 6, 8]
    assert relatives.t5_bucket(back, bidirectional=False, num_buckets=9,
                               max_distance=128).tolist() == [4, 5, 7]
    # at the runs' settings the two agree on every offset
    offsets = np.arange(-200, 201)
    assert np.array_equal(t5_bucket(offsets, False, 16, 32), relatives.t5_bucket(
        offsets, bidirectional=False, num_buckets=16, max_distance=32))


def test_alibi_slopes_are_the_papers_geometric_sequence() -> None:
    """Press et al., section 3: with 8 heads 1/2, 1/4, ..., 1/256; in general the sequence
    that starts at 2^(-8/h) with that ratio."""
    np.testing.assert_allclose(alibi_slopes(8), [2.0 ** -k for k in range(1, 9)])
    for heads in (1, 2, 4, 16):
        slopes = alibi_slopes(heads)
        np.testing.assert_allclose(slopes[0], 2 ** (-8 / heads))
        np.testing.assert_allclose(slopes[1:] / slopes[:-1], 2 ** (-8 / heads))


@pytest.mark.parametrize("causal", [True, False])
def test_alibi_bias_is_minus_the_slope_times_the_distance(causal: bool) -> None:
    cfg = RunConfig.from_params({**TINY, "scheme": "alibi", "causal": causal})
    params = init_params(jax.random.key(0), cfg)
    for positions in (jnp.arange(5) + 7, jnp.array([0.0, 0.25, 0.5, 1.75, 3.0])):
        bias = np.asarray(attention_bias(params, cfg, positions))
        p = np.asarray(positions, dtype=np.float64)
        for h, m in enumerate(2.0 ** (-8.0 * np.arange(1, cfg.heads + 1) / cfg.heads)):
            expected = -m * np.abs(p[:, None] - p[None, :])
            np.testing.assert_allclose(bias[h], expected, rtol=1e-6, atol=1e-7)
    assert "positions" not in params and "relative_bias" not in params  # nothing learned


def test_t5_bias_is_the_learned_scalar_of_each_offsets_bucket() -> None:
    cfg = RunConfig.from_params({**TINY, "scheme": "t5"})
    params = init_params(jax.random.key(0), cfg)
    assert params["relative_bias"].shape == (cfg.buckets, cfg.heads)  # one table, all layers
    table = jax.random.normal(jax.random.key(3), (cfg.buckets, cfg.heads))
    params = {**params, "relative_bias": table}
    positions = jnp.arange(40)
    bias = np.asarray(attention_bias(params, cfg, positions))
    relative = np.arange(40)[None, :] - np.arange(40)[:, None]
    expected = np.asarray(table)[t5_bucket(relative, False, cfg.buckets, cfg.max_distance)]
    np.testing.assert_allclose(bias, expected.transpose(2, 0, 1), rtol=1e-6)
    # fractional offsets are rounded to the nearest integer (halves to even)
    frac = jnp.array([0.0, 0.4, 1.6, 2.5])
    rounded = np.round(np.asarray(frac)[None, :] - np.asarray(frac)[:, None]).astype(int)
    expected = np.asarray(table)[t5_bucket(rounded, False, cfg.buckets, cfg.max_distance)]
    np.testing.assert_allclose(np.asarray(attention_bias(params, cfg, frac)),
                               expected.transpose(2, 0, 1), rtol=1e-6)


@pytest.mark.parametrize("scheme", BIASES)
@pytest.mark.parametrize("causal", [True, False])
def test_a_bias_scheme_sees_only_offsets(scheme: str, causal: bool) -> None:
    """Moving a whole sequence along changes nothing: the bias depends on q - k only."""
    cfg = RunConfig.from_params({**TINY, "scheme": scheme, "causal": causal})
    params = init_params(jax.random.key(0), cfg)
    if scheme == "t5":
        params = {**params, "relative_bias": jax.random.normal(jax.random.key(1),
                                                               (cfg.buckets, cfg.heads))}
    tokens = jnp.array([1, 2, 3, 4, 5, 6, 7, 0])
    here = forward(params, cfg, tokens)
    there = forward(params, cfg, tokens, jnp.arange(8) + 37)
    np.testing.assert_allclose(there.logits, here.logits, atol=1e-5)
    np.testing.assert_allclose(there.attention, here.attention, atol=1e-6)
    # and the bias matters: without it the attention differs
    plain = forward(params, RunConfig.from_params({**TINY, "scheme": "none", "causal": causal}),
                    tokens)
    assert not np.allclose(plain.attention, here.attention, atol=1e-4)


def test_untrained_t5_is_the_model_without_positions() -> None:
    """T5's table starts at zero, so its untrained control reads as the no-position model's."""
    t5, none = (RunConfig.from_params({**TINY, "scheme": s}) for s in ("t5", "none"))
    tokens = jnp.array([1, 2, 3, 4, 5, 6, 7, 0])
    a = forward(init_params(jax.random.key(0), t5), t5, tokens).logits
    b = forward(init_params(jax.random.key(0), none), none, tokens).logits
    np.testing.assert_allclose(a, b, atol=1e-6)


@pytest.mark.parametrize(("params", "message"), [
    ({"scheme": "cosine"}, r"scheme='cosine': must be one of \(.*'alibi', 't5'\)"),
    ({"scheme": "alibi", "buckets": 8}, r"buckets=8: only the t5 scheme has relative"),
    ({"scheme": "rotary", "max_distance": 64}, r"max_distance=64: only the t5 scheme"),
    ({"scheme": "t5", "buckets": 0}, r"buckets=0: must be a positive integer"),
    ({"scheme": "t5", "max_distance": 2.5}, r"max_distance=2.5: must be a positive integer"),
    ({"scheme": "t5", "buckets": 1}, r"buckets=1: T5 keeps half .* at least 2 \(causal\)"),
    ({"scheme": "t5", "buckets": 3, "causal": False},
     r"buckets=3: T5 keeps half .* at least 4 \(bidirectional\)"),
    ({"scheme": "t5", "buckets": 16, "max_distance": 8},
     r"max_distance=8: must exceed the 8 exact offsets"),
    ({"scheme": "alibi", "combine": "concat", "d_position": 4}, r"scheme='alibi' has none"),
    ({"scheme": "t5", "d_position": 4}, r"scheme='t5' adds no position vector"),
])
def test_bad_bias_settings_are_named(params: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RunConfig.from_params(params)
