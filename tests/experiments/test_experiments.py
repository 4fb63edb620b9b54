"""The training package on tiny configurations: every scheme runs and respects its mask,
training lowers the loss, positions make a position-dependent task learnable, results are
deterministic, and bad settings are named."""

from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from experiments.config import ADDITIVE, SCHEMES, ConfigError, RunConfig
from experiments.model import forward, init_params, parameter_count
from experiments.run import run

#: Small enough to train in seconds, large enough to learn copying one place back.
TINY = {"d_model": 16, "heads": 2, "layers": 1, "d_mlp": 32, "vocab": 8, "offset": 1,
        "train_length": 8, "batch": 32, "steps": 200, "warmup": 20, "learning_rate": 1e-2,
        "seeds": [0, 1], "eval_length": 16, "eval_batch": 16, "shifts": [0, 4],
        "shift_length": 6, "probe_batch": 16, "chunks": 2}


def combinations() -> list[dict[str, object]]:
    """Every valid (scheme, combine, causal) combination."""
    out: list[dict[str, object]] = []
    for scheme, causal in itertools.product(SCHEMES, (True, False)):
        out.append({"scheme": scheme, "causal": causal})
        if scheme in ADDITIVE:
            out.append({"scheme": scheme, "causal": causal, "combine": "concat",
                        "d_position": 6})
    return out


@pytest.mark.parametrize("setting", combinations(), ids=lambda s: "-".join(map(str, s.values())))
def test_every_scheme_and_combination_runs_and_respects_its_mask(setting) -> None:
    cfg = RunConfig.from_params({**TINY, **setting})
    params = init_params(jax.random.key(0), cfg)
    tokens = jnp.array([1, 2, 3, 4, 5, 6, 7, 0])
    out = forward(params, cfg, tokens)
    n = len(tokens)
    assert out.logits.shape == (n, cfg.vocab)
    assert out.residuals.shape == (cfg.layers + 1, n, cfg.d_model)
    assert out.attention.shape == (cfg.layers, cfg.heads, n, n)
    assert bool(jnp.all(jnp.isfinite(out.logits)))
    np.testing.assert_allclose(out.attention.sum(-1), 1.0, rtol=1e-5)
    # Changing the last token changes nothing before it if and only if the mask is causal.
    changed = forward(params, cfg, tokens.at[-1].set(3)).logits
    same_before = bool(jnp.allclose(changed[:-1], out.logits[:-1], atol=1e-6))
    assert same_before == cfg.causal
    assert parameter_count(params) > 0


def test_concatenation_keeps_the_parameters_of_every_block() -> None:
    sums = init_params(jax.random.key(0), RunConfig.from_params({**TINY, "scheme": "sinusoidal"}))
    cat = init_params(jax.random.key(0), RunConfig.from_params(
        {**TINY, "scheme": "sinusoidal", "combine": "concat", "d_position": 6}))
    assert jax.tree_util.tree_map(jnp.shape, sums["blocks"]) == \
        jax.tree_util.tree_map(jnp.shape, cat["blocks"])
    assert parameter_count(sums) - parameter_count(cat) == TINY["vocab"] * 6  # token table


def test_without_positions_a_bidirectional_model_cannot_tell_positions_apart() -> None:
    """Permuting the input permutes the output: the symmetry the page's probe relies on."""
    cfg = RunConfig.from_params({**TINY, "scheme": "none", "causal": False})
    params = init_params(jax.random.key(1), cfg)
    tokens = jnp.array([1, 2, 3, 4, 5, 6, 7, 0])
    perm = jnp.array([3, 0, 7, 1, 6, 2, 5, 4])
    out = forward(params, cfg, tokens).logits
    np.testing.assert_allclose(forward(params, cfg, tokens[perm]).logits, out[perm], atol=1e-5)


@pytest.fixture(scope="module")
def learned_runs() -> dict[str, object]:
    """A causal model with positions, and one with neither positions nor a causal mask."""
    return {"sinusoidal": run({**TINY, "scheme": "sinusoidal"}),
            "none": run({**TINY, "scheme": "none", "causal": False})}


def test_loss_falls(learned_runs) -> None:
    losses = learned_runs["sinusoidal"].losses  # (seeds, steps)
    start, end = losses[:, :10].mean(axis=1), losses[:, -10:].mean(axis=1)
    assert np.all(end < 0.2 * start), (start, end)


def test_positions_make_the_task_learnable_and_no_positions_do_not(learned_runs) -> None:
    length, offset = TINY["train_length"], TINY["offset"]
    with_pos = learned_runs["sinusoidal"].measures.accuracy_by_position[:, offset:length]
    without = learned_runs["none"].measures.accuracy_by_position[:, offset:length]
    chance = 1 / TINY["vocab"]
    assert with_pos.mean(axis=1).min() > 0.95, with_pos.mean(axis=1)
    # Without positions or mask a position sees only its token and the multiset of all
    # tokens; the answer (the previous token) is then a guess among the others.
    assert without.mean(axis=1).max() < 3 * chance, without.mean(axis=1)


def test_results_are_deterministic_for_a_seed(learned_runs) -> None:
    """The same run again (compiled afresh) gives exactly the same numbers; the seeds differ."""
    first = learned_runs["sinusoidal"]
    again = run({**TINY, "scheme": "sinusoidal"})
    assert first.as_dict() == again.as_dict()
    assert not np.array_equal(first.losses[0], first.losses[1])


@pytest.mark.parametrize(("params", "message"), [
    ({"scheme": "alibi"}, r"scheme='alibi': must be one of"),
    ({}, r"needs a position scheme"),
    ({"scheme": "rotary", "combine": "concat", "d_position": 4}, r"scheme='rotary' has none"),
    ({"scheme": "sinusoidal", "combine": "concat"}, r"d_position=0: with combine='concat'"),
    ({"scheme": "sinusoidal", "d_position": 4}, r"only used with combine='concat'"),
    ({"scheme": "none", "d_model": 30, "heads": 4}, r"d_model=30: must be a multiple of heads"),
    ({"scheme": "rotary", "d_model": 6, "heads": 2}, r"rotary needs an even width per head"),
    ({"scheme": "none", "steps": 0}, r"steps=0: must be a positive integer"),
    ({"scheme": "none", "steps": 10, "warmup": 2, "chunks": 3},
     r"steps=10: must be a multiple of chunks"),
    ({"scheme": "none", "eval_length": 4}, r"eval_length=4: must be at least train_length"),
    ({"scheme": "none", "sedes": [1]}, r"unknown run setting\(s\) sedes"),
    ({"scheme": "none", "seeds": [1, 1]}, r"seeds=\(1, 1\): need at least one seed, each once"),
])
def test_bad_settings_are_named(params, message) -> None:
    with pytest.raises(ConfigError, match=message):
        RunConfig.from_params(params)
