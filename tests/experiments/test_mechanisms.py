"""Head ablation, the distance cap and randomised training positions, on tiny models: the
options leave the model unchanged when they should, act only where they should, and bad
settings are named."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from experiments import tasks
from experiments.config import SCHEMES, ConfigError, RunConfig
from experiments.measures import ablation_heads
from experiments.model import forward, init_params
from experiments.run import run

pytestmark = pytest.mark.training

#: As test_experiments.TINY: small enough to train in seconds.
TINY: dict[str, Any] = {"d_model": 16, "heads": 2, "layers": 2, "d_mlp": 32, "vocab": 8, "offset": 1,
        "train_length": 8, "batch": 32, "steps": 200, "warmup": 20, "learning_rate": 1e-2,
        "seeds": [0, 1], "eval_length": 16, "eval_batch": 16, "shifts": [0, 4, 8],
        "probe_batch": 16, "check_every": 100}
TOKENS = jnp.array([1, 2, 3, 4, 5, 6, 7, 0, 3, 3, 1, 6])


def _model(scheme: str, **more: object) -> tuple[RunConfig, dict[str, Any]]:
    cfg = RunConfig.from_params({**TINY, "scheme": scheme, **more})
    return cfg, init_params(jax.random.key(1), cfg)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("causal", [True, False])
def test_an_all_ones_head_mask_and_a_window_as_long_as_the_sequence_change_nothing(
        scheme: str, causal: bool) -> None:
    cfg, params = _model(scheme, causal=causal)
    plain = forward(params, cfg, TOKENS)
    ones = forward(params, cfg, TOKENS, head_mask=jnp.ones((cfg.layers, cfg.heads)))
    for window in (len(TOKENS), len(TOKENS) + 5):
        wide = forward(params, cfg, TOKENS, window=window)
        for a, b in ((plain, ones), (plain, wide)):
            for x, y in zip(a, b, strict=True):
                np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


@pytest.mark.parametrize("scheme", ["sinusoidal", "rotary"])
@pytest.mark.parametrize(("layer", "head"), [(0, 0), (0, 1), (1, 1)])
def test_removing_a_head_is_removing_its_rows_of_the_output_projection(
        scheme: str, layer: int, head: int) -> None:
    """Zeroing a head's output acts through that head only: the same as zeroing the rows of
    the output projection that read it, and the attention of its block is untouched."""
    cfg, params = _model(scheme)
    width = cfg.d_model // cfg.heads
    mask = jnp.ones((cfg.layers, cfg.heads)).at[layer, head].set(0.0)
    ablated = forward(params, cfg, TOKENS, head_mask=mask)
    blocks = [dict(b) for b in params["blocks"]]
    blocks[layer]["out"] = blocks[layer]["out"].at[head * width:(head + 1) * width].set(0.0)
    rows_zeroed = forward(params | {"blocks": blocks}, cfg, TOKENS)
    np.testing.assert_allclose(np.asarray(ablated.logits), np.asarray(rows_zeroed.logits),
                               atol=1e-5)
    intact = forward(params, cfg, TOKENS)
    np.testing.assert_array_equal(np.asarray(ablated.attention[layer]),
                                  np.asarray(intact.attention[layer]))
    assert not np.allclose(np.asarray(ablated.logits), np.asarray(intact.logits))


@pytest.mark.parametrize("scheme", ["sinusoidal", "alibi"])
@pytest.mark.parametrize(("layer", "head"), [(0, 1), (1, 0)])
def test_a_removed_head_is_replaced_by_its_fill_and_only_there(scheme: str, layer: int,
                                                              head: int) -> None:
    """A head replaced by its own intact output changes nothing (within float32 rounding
    of one multiply and add, atol 1e-6); by zeros, it is the zeroed head; by another
    sequence's output, the answer changes; a fill where the mask keeps the head is unused."""
    cfg, params = _model(scheme)
    mask = jnp.ones((cfg.layers, cfg.heads)).at[layer, head].set(0.0)
    intact = forward(params, cfg, TOKENS)
    own = forward(params, cfg, TOKENS, head_mask=mask, head_fill=intact.heads)
    np.testing.assert_allclose(np.asarray(own.logits), np.asarray(intact.logits), atol=1e-6)
    zeroed = forward(params, cfg, TOKENS, head_mask=mask)
    zero_fill = forward(params, cfg, TOKENS, head_mask=mask,
                        head_fill=jnp.zeros_like(intact.heads))
    np.testing.assert_array_equal(np.asarray(zero_fill.logits), np.asarray(zeroed.logits))
    other = forward(params, cfg, TOKENS[::-1], head_mask=mask)
    foreign = forward(params, cfg, TOKENS, head_mask=mask, head_fill=other.heads)
    assert not np.allclose(np.asarray(foreign.logits), np.asarray(intact.logits), atol=1e-3)
    # every other head's fill is ignored: only the removed head's entry is read
    noise = jax.random.normal(jax.random.key(7), intact.heads.shape)
    kept_noise = jnp.where(jnp.ones_like(noise).at[layer, head].set(0.0) > 0, noise,
                           intact.heads)
    ignored = forward(params, cfg, TOKENS, head_mask=mask, head_fill=kept_noise)
    np.testing.assert_allclose(np.asarray(ignored.logits), np.asarray(intact.logits), atol=1e-6)


@pytest.mark.parametrize("window", [1, 3, 5])
@pytest.mark.parametrize("causal", [True, False])
def test_a_window_gives_no_weight_to_keys_that_far_away(window: int, causal: bool) -> None:
    cfg, params = _model("rotary", causal=causal)
    weights = np.asarray(forward(params, cfg, TOKENS, window=window).attention)
    n = len(TOKENS)
    distance = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :])
    assert np.all(weights[..., distance >= window] == 0)
    np.testing.assert_allclose(weights.sum(-1), 1.0, rtol=1e-5)
    if window > 1:  # the keys inside the window still get weight
        assert np.all(weights[..., (distance < window) & (distance > 0)
                              & (np.tril(np.ones((n, n))) > 0)] > 0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), batch=st.integers(1, 6), length=st.integers(1, 20),
       extra=st.integers(0, 40))
def test_random_positions_are_sorted_distinct_and_in_range(seed: int, batch: int, length: int,
                                                           extra: int) -> None:
    top = length + extra
    rows = np.asarray(tasks.random_positions(jax.random.key(seed), batch, length, top))
    assert rows.shape == (batch, length)
    assert rows.min() >= 0 and rows.max() < top
    assert np.all(np.diff(rows, axis=1) > 0)  # sorted, hence distinct


def test_random_positions_reach_the_whole_range() -> None:
    rows = np.asarray(tasks.random_positions(jax.random.key(0), 400, 8, 40))
    counts = np.bincount(rows.ravel(), minlength=40)
    # each position is drawn with probability 8/40: 80 of 400 expected
    assert counts.min() > 40 and counts.max() < 120, counts


def test_contiguous_starts_are_the_draw_training_always_made_and_random_ones_positions(
        ) -> None:
    key = jax.random.key(7)
    shape = RunConfig.from_params({**TINY, "scheme": "sinusoidal", "train_offset": 8})
    np.testing.assert_array_equal(
        np.asarray(tasks.train_starts(key, shape)),
        np.asarray(jax.random.randint(key, (shape.batch,), 0, shape.train_offset + 1)))
    cfg = RunConfig.from_params({**TINY, "scheme": "sinusoidal", "train_positions": "random",
                                 "max_position": 20})
    positions = np.asarray(tasks.train_starts(key, cfg)) + np.arange(cfg.train_length)
    assert positions.shape == (cfg.batch, cfg.train_length)
    assert positions.min() >= 0 and positions.max() < 20 and np.all(np.diff(positions) > 0)
    assert cfg.max_positions == 20


@pytest.mark.parametrize(("params", "message"), [
    ({"train_positions": "shuffled"}, r"train_positions='shuffled': must be one of"),
    ({"train_positions": "random", "max_position": 10},
     r"max_position=10: random training positions are drawn from a range at least"),
    ({"train_positions": "random", "max_position": 20, "train_offset": 2},
     r"train_offset=2: random training positions already place"),
    ({"max_position": 20}, r"max_position=20: only train_positions='random'"),
    ({"train_positions": "random", "max_position": -1}, r"max_position=-1: must be a non-neg"),
])
def test_bad_position_settings_are_named(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RunConfig.from_params({**TINY, "scheme": "sinusoidal", **params})


def test_the_copy_head_is_the_most_weighted_and_the_controls_the_least_of_two_blocks() -> None:
    by_offset = np.zeros((2, 3, 5))
    by_offset[:, :, 1] = [[0.3, 0.1, 0.2], [0.05, 0.9, 0.4]]
    chosen = tuple(int(i) for i in ablation_heads(jnp.asarray(by_offset), 1))
    assert chosen == (1 * 3 + 1, 1 * 3 + 0, 0 * 3 + 1)
    # with one head per block the first control is the least-weighted head of another block
    single = np.zeros((3, 1, 5))
    single[:, 0, 2] = [0.2, 0.8, 0.1]
    assert tuple(int(i) for i in ablation_heads(jnp.asarray(single), 2)) == (1, 2, 2)
    # with one block, both controls are its least-weighted other head
    one_block = np.zeros((1, 3, 4))
    one_block[0, :, 3] = [0.5, 0.2, 0.3]
    assert tuple(int(i) for i in ablation_heads(jnp.asarray(one_block), 3)) == (0, 1, 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_the_chosen_heads_are_the_extremes_of_their_blocks(layers: int, heads: int,
                                                           data: st.DataObject) -> None:
    """For any weights: the copy head weighs the key most; the first control least among
    its block's other heads (if it has any), the second least among other blocks' heads (if
    there are any); no control is the copy head."""
    if layers * heads < 2:
        return
    flat = data.draw(st.lists(st.floats(0, 1, allow_nan=False), min_size=layers * heads,
                              max_size=layers * heads, unique=True))
    weight = np.array(flat).reshape(layers, heads)
    by_offset = np.zeros((layers, heads, 3))
    by_offset[..., 2] = weight
    best, control, elsewhere = ablation_heads(by_offset, 2)
    assert flat[best] == max(flat) and best not in (control, elsewhere)
    block = best // heads
    same = [i for i in range(layers * heads) if i // heads == block and i != best]
    other = [i for i in range(layers * heads) if i // heads != block]
    assert control == min(same or other, key=lambda i: flat[i])
    assert elsewhere == min(other or same, key=lambda i: flat[i])


def test_a_run_records_the_cap_and_the_ablation_for_trained_and_untrained_models() -> None:
    result = run({**TINY, "scheme": "sinusoidal", "train_positions": "random",
                  "max_position": 24})
    seeds, home = len(TINY["seeds"]), TINY["shifts"].index(0)
    for state in (result.measures, result.untrained):
        assert np.asarray(state.capped_accuracy_by_position).shape == (seeds, TINY["eval_length"])
        ablation = np.asarray(state.ablation_accuracy)
        assert ablation.shape == (seeds, 4)
        assert np.asarray(state.mean_ablation_accuracy).shape == (seeds, 3)
        np.testing.assert_allclose(ablation[:, 0], np.asarray(state.placed_accuracy)[:, home],
                                   atol=1e-6)
        heads = np.asarray(state.ablation_heads)
        assert heads.shape == (seeds, 3, 2)
        assert np.all((heads[..., 0] < TINY["layers"]) & (heads[..., 1] < TINY["heads"]))
        assert np.all(heads[:, 0, 0] == heads[:, 1, 0])  # two heads a block: same block
        assert np.all(heads[:, 0, 1] != heads[:, 1, 1])
        assert np.all(heads[:, 0, 0] != heads[:, 2, 0])  # and the other block
        blocks = np.asarray(state.block_ablation_accuracy)
        assert blocks.shape == (seeds, TINY["layers"], 2)
        assert np.all((blocks >= 0) & (blocks <= 1))
    # trained at random positions: the long sequences at random positions are measured too
    assert np.asarray(result.measures.random_accuracy_by_position).shape == (
        seeds, TINY["eval_length"])
    # Inside the window the capped and the full forward see the same keys.
    capped = np.asarray(result.measures.capped_accuracy_by_position)
    full = np.asarray(result.measures.accuracy_by_position)
    np.testing.assert_array_equal(capped[:, :TINY["train_length"]],
                                  full[:, :TINY["train_length"]])


def test_with_one_head_a_block_removing_the_block_is_removing_its_head() -> None:
    """One head a block: removing a whole block is removing its one head, zeroed or
    replaced by its mean, so the block ablation repeats the single-head ablation. Both are
    shares of right answers from other rows of one batched forward pass, whose float32
    logits may round differently by row on another processor: an answer whose top two
    logits tie to that rounding could flip, so they may differ by an answer or two of the
    scored ones, no more. Consecutive positions: no pass at random positions over the
    long sequences."""
    result = run({**TINY, "scheme": "rotary", "heads": 1})
    scored = TINY["eval_batch"] * (TINY["train_length"] - TINY["offset"])
    for state in (result.measures, result.untrained):
        heads = np.asarray(state.ablation_heads).astype(int)  # copy, control, elsewhere
        blocks = np.asarray(state.block_ablation_accuracy)
        zeroed, averaged = (np.asarray(state.ablation_accuracy),
                            np.asarray(state.mean_ablation_accuracy))
        rows = np.arange(len(heads))
        for block, single in ((blocks[rows, heads[:, 0, 0], 0], zeroed[:, 1]),
                              (blocks[rows, heads[:, 2, 0], 0], zeroed[:, 3]),
                              (blocks[rows, heads[:, 0, 0], 1], averaged[:, 0]),
                              (blocks[rows, heads[:, 2, 0], 1], averaged[:, 2])):
            np.testing.assert_allclose(block, single, rtol=0, atol=2.5 / scored)
        assert np.asarray(state.random_accuracy_by_position).size == 0
