"""The training package on tiny configurations: every scheme runs and respects its mask,
training lowers the loss, positions make a position-dependent task learnable, results are
deterministic, and bad settings are named."""

from __future__ import annotations

import itertools
import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pe
from experiments import tasks
from experiments.config import ADDITIVE, SCHEMES, ConfigError, RunConfig
from experiments.measures import _discriminant, _probe, _probe_moments
from experiments.model import (
    PositionError,
    embed,
    forward,
    init_params,
    parameter_count,
    sinusoidal_table,
)
from experiments.run import run, table_movement
from experiments.train import converged, fitted_fall, train
from pe.diagnose import diagnose

# Most of these train tiny models: a tier of their own, outside ./dev test --fast.
pytestmark = pytest.mark.training

#: Small enough to train in seconds, large enough to learn copying one place back.
TINY = {"d_model": 16, "heads": 2, "layers": 1, "d_mlp": 32, "vocab": 8, "offset": 1,
        "train_length": 8, "batch": 32, "steps": 200, "warmup": 20, "learning_rate": 1e-2,
        "seeds": [0, 1], "eval_length": 16, "eval_batch": 16, "shifts": [0, 4, 8],
        "probe_batch": 16, "check_every": 100}


def combinations() -> list[dict[str, object]]:
    """Every valid (scheme, combine, causal) combination."""
    out: list[dict[str, object]] = []
    for scheme, causal in itertools.product(SCHEMES, (True, False)):
        out.append({"scheme": scheme, "causal": causal})
        if scheme in ADDITIVE:
            out.append({"scheme": scheme, "causal": causal, "combine": "concat",
                        "d_position": 6})
            out.append({"scheme": scheme, "causal": causal, "d_position": 8})
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


@pytest.fixture(scope="session")  # once per worker, however xdist orders the tests
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


def test_the_seeds_of_a_run_differ(learned_runs) -> None:
    """A run's seeds are different draws. That the same run gives the same bytes again is
    tested where it is trained anew in a fresh process: two clean builds of a tiny run
    (tests/pipeline/test_pipeline_experiments.py) and a kept run retrained from scratch
    (tests/pipeline/test_kept_runs.py)."""
    first = learned_runs["sinusoidal"]
    assert not np.array_equal(first.losses[0], first.losses[1])


_RULE = RunConfig.from_params({**TINY, "scheme": "none", "steps": 2000, "check_every": 100,
                                "target_loss": 0.01, "target_checks": 2, "patience": 3,
                                "min_gain": 0.01})
_LOSS = st.floats(0.011, 10.0, allow_nan=False)


@given(st.lists(_LOSS, min_size=0, max_size=18), st.lists(st.floats(0.0, 0.01), min_size=2,
                                                          max_size=2))
def test_the_rule_is_met_when_the_last_two_checks_reach_the_target(history, last) -> None:
    assert converged(np.array([*history, *last]), _RULE) == "target"


@given(st.lists(_LOSS, min_size=0, max_size=18), _LOSS, st.floats(0.0, 0.01))
def test_one_check_at_the_target_after_one_above_it_is_not_the_target(history, above,
                                                                        last) -> None:
    """A single lucky check does not stop a seed (a plateau or the cap still may)."""
    assert converged(np.array([*history, above, last]), _RULE) != "target"


# At most 19 checks in all: the 20th reaches _RULE's cap of 2,000 steps.
@given(st.lists(_LOSS, min_size=0, max_size=15), st.floats(0.02, 10.0),
       st.floats(0.0, 0.0099), st.integers(0, 2))
def test_a_plateau_is_a_fitted_line_that_falls_less_than_min_gain(history, level, slack,
                                                                  lucky) -> None:
    """The last ``patience`` checks on a line falling by less than ``min_gain`` across
    them: a plateau, whatever came earlier. Falling by twice ``min_gain``: training goes on,
    even with one earlier check far lower (a lucky batch), which a rule comparing best
    checks would call a plateau."""
    k = _RULE.patience
    flat = level * (1 - slack * np.arange(k) / (k - 1))  # falls by slack of its start
    assert converged(np.array([*history, *flat]), _RULE) == "plateau"
    falling = level * (1 - 2 * _RULE.min_gain * np.arange(k) / (k - 1))
    early = [*history, _RULE.target_loss * 1.01] if lucky else history
    assert converged(np.array([*early, *falling]), _RULE) is None


def test_fewer_checks_than_the_window_are_never_a_plateau() -> None:
    k = _RULE.patience
    assert converged(np.full(k - 1, 2.0), _RULE) is None
    assert converged(np.full(k, 2.0), _RULE) == "plateau"


@given(st.floats(0.5, 10.0), st.floats(-0.5, 0.5), st.integers(2, 12))
def test_the_fitted_fall_of_a_line_is_its_drop_over_its_mean(start, drop, k) -> None:
    """A straight line from ``start`` to ``start * (1 - drop)``: its fitted fall is the
    drop over the line's mean (exact up to rounding, ~1e-15 relative per term)."""
    line = start * (1 - drop * np.arange(k) / (k - 1))
    expected = start * drop / line.mean()
    assert math.isclose(fitted_fall(line), expected, rel_tol=1e-9, abs_tol=1e-12)


@given(st.integers(1, 40))
def test_steady_gains_train_to_the_cap_and_no_further(checks) -> None:
    history = 5.0 * 0.9 ** np.arange(checks)  # a 10 % gain at every check, never the target
    expected = "cap" if checks * _RULE.check_every >= _RULE.steps else None
    assert converged(history, _RULE) == expected


def test_a_scaled_embedding_is_the_token_vectors_times_the_root_of_their_width() -> None:
    plain = RunConfig.from_params({**TINY, "scheme": "sinusoidal", "d_position": 8})
    scaled = RunConfig.from_params({**TINY, "scheme": "sinusoidal", "d_position": 8,
                                    "embed_scale": "sqrt_d"})
    params = init_params(jax.random.key(0), plain)
    tokens, positions = jnp.array([1, 2, 3, 0]), jnp.arange(4)
    pos = embed({**params, "embed": 0 * params["embed"]}, plain, tokens, positions)
    got = embed(params, scaled, tokens, positions) - pos
    want = embed(params, plain, tokens, positions) - pos
    # width 8 tokens: the scale is sqrt(8); float32 sums of O(1) entries: atol 1e-5
    np.testing.assert_allclose(got[:, :8], np.sqrt(8) * want[:, :8], rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(got[:, 8:], 0)


def test_a_seed_that_meets_the_rule_is_frozen_while_the_others_train() -> None:
    """Two seeds: a target between their losses over the first check stops one there.
    Its weights are then those of a run capped at that check, and the other seed's those
    of a run that trains on; the same program on the same data, so equal within float32
    rounding (rtol 1e-5, a few ulps of the largest entries)."""
    fixed = {**TINY, "scheme": "sinusoidal", "steps": 200, "target_loss": 0.0, "patience": 0,
             "target_checks": 1}
    long = train(RunConfig.from_params(fixed))
    short = train(RunConfig.from_params({**fixed, "steps": 100}))
    first = long.losses[:, :100].mean(axis=1)
    assert abs(first[0] - first[1]) > 1e-3, first  # the seeds' losses differ
    target = float(first.mean())
    mixed = train(RunConfig.from_params({**fixed, "target_loss": target}))
    early = int(np.argmin(first))
    assert mixed.steps_trained.tolist()[early] == 100 and mixed.stopped_by[early] == "target"
    assert mixed.steps_trained.tolist()[1 - early] == 200
    for got, capped, trained_on in zip(jax.tree_util.tree_leaves(mixed.params),
                                       jax.tree_util.tree_leaves(short.params),
                                       jax.tree_util.tree_leaves(long.params), strict=True):
        np.testing.assert_allclose(got[early], capped[early], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(got[1 - early], trained_on[1 - early], rtol=1e-5, atol=1e-6)
    assert long.stopped_by == ("cap", "cap") and long.losses.shape == (2, 200)


@pytest.mark.parametrize(("params", "message"), [
    ({"scheme": "cosine"}, r"scheme='cosine': must be one of"),
    ({}, r"needs a position scheme"),
    ({"scheme": "rotary", "combine": "concat", "d_position": 4}, r"scheme='rotary' has none"),
    ({"scheme": "sinusoidal", "combine": "concat"}, r"d_position=0: with combine='concat'"),
    ({"scheme": "none", "d_position": 4}, r"scheme='none' adds no position vector"),
    ({"scheme": "sinusoidal", "d_position": 32}, r"it must be 0 \(the whole width\)"),
    ({"scheme": "sinusoidal", "d_position": 5}, r"d_position=5: sinusoidal positions come"),
    ({"scheme": "none", "train_offset": -1}, r"train_offset=-1: must be a non-negative"),
    ({"scheme": "none", "train_offset": 100}, r"training positions must stay below"),
    ({"scheme": "none", "task": "reverse"}, r"task='reverse': must be one of"),
    ({"scheme": "none", "d_model": 30, "heads": 4}, r"d_model=30: must be a multiple of heads"),
    ({"scheme": "rotary", "d_model": 6, "heads": 2}, r"rotary needs an even width per head"),
    ({"scheme": "none", "steps": 0}, r"steps=0: must be a positive integer"),
    ({"scheme": "none", "steps": 10, "warmup": 2, "check_every": 3},
     r"steps=10: must be a multiple of check_every=3"),
    ({"scheme": "none", "embed_scale": "sqrt"}, r"embed_scale='sqrt': must be one of"),
    ({"scheme": "none", "target_loss": -0.1}, r"target_loss=-0.1: must be a number at least 0"),
    ({"scheme": "none", "patience": -1}, r"patience=-1: must be a whole number of checks"),
    ({"scheme": "none", "target_checks": 0}, r"target_checks=0: must be a whole number"),
    ({"scheme": "none", "target_checks": True}, r"target_checks=True: must be a whole number"),
    ({"scheme": "none", "patience": 1.5}, r"patience=1.5: must be a whole number of checks"),
    ({"scheme": "none", "min_gain": 1.0}, r"min_gain=1.0: must be a relative gain"),
    ({"scheme": "none", "check_every": 0}, r"check_every=0: must be a positive integer"),
    ({"scheme": "none", "eval_length": 4}, r"eval_length=4: must be at least train_length"),
    ({"scheme": "none", "sedes": [1]}, r"unknown run setting\(s\) sedes"),
    ({"scheme": "none", "seeds": [1, 1]}, r"seeds=\(1, 1\): need at least one seed, each once"),
    ({"scheme": "sinusoidal", "learned_init": "sinusoidal"},
     r"only a learned table has an initial value to choose"),
    ({"scheme": "learned", "learned_init": "zeros"}, r"learned_init='zeros': must be one of"),
    ({"scheme": "learned", "formula": "column-exponent"},
     r"only the sinusoidal scheme computes a formula"),
    ({"scheme": "sinusoidal", "formula": "degrees"}, r"formula='degrees': must be one of"),
    ({"scheme": "learned", "learned_init": "sinusoidal", "d_position": 5},
     r"d_position=5: sinusoidal positions come"),
])
def test_bad_settings_are_named(params, message) -> None:
    with pytest.raises(ConfigError, match=message):
        RunConfig.from_params(params)


def test_summed_in_part_and_concatenated_use_the_same_vectors_and_parameters() -> None:
    """The fair sum/concat pair: same token table, same sinusoid, same width; only whether
    the two share columns differs."""
    common = {**TINY, "scheme": "sinusoidal", "d_position": 8}
    summed = RunConfig.from_params(common)
    joined = RunConfig.from_params({**common, "combine": "concat"})
    p_sum, p_cat = init_params(jax.random.key(0), summed), init_params(jax.random.key(0), joined)
    assert parameter_count(p_sum) == parameter_count(p_cat)
    tokens, positions = jnp.array([1, 2, 3]), jnp.arange(3)
    x_sum, x_cat = embed(p_sum, summed, tokens, positions), embed(p_cat, joined, tokens, positions)
    table = pe.encoding(3, 8)
    tok = np.asarray(p_sum["embed"])[[1, 2, 3]]
    np.testing.assert_allclose(x_sum[:, :8], tok + table, atol=1e-6)
    assert np.all(np.asarray(x_sum[:, 8:]) == 0)
    np.testing.assert_allclose(x_cat[:, 8:], table, atol=1e-6)


def test_fractional_sinusoid_is_the_paper_encoding_at_integer_positions() -> None:
    """The float32 path used for position interpolation against pe.encoding (float64 angles
    rounded once): angles up to 15 rad carry float32 rounding of about 15 * 2**-24 each, so
    sin and cos agree to a few 1e-6."""
    cfg = RunConfig.from_params({**TINY, "scheme": "sinusoidal"})
    params = init_params(jax.random.key(0), cfg)
    tokens = jnp.zeros(16, dtype=jnp.int32)
    exact = embed(params, cfg, tokens, jnp.arange(16))
    fractional = embed(params, cfg, tokens, jnp.arange(16).astype(jnp.float32))
    np.testing.assert_allclose(fractional, exact, atol=1e-5)
    half = embed(params, cfg, tokens[:1], jnp.array([0.5], dtype=jnp.float32))
    angle = 0.5 * pe.frequencies(cfg.d_model)
    expected = np.asarray(params["embed"])[0] + np.stack([np.sin(angle), np.cos(angle)], -1).ravel()
    np.testing.assert_allclose(half[0], expected, atol=1e-5)


def test_a_position_beyond_a_learned_table_is_an_error_not_its_last_row() -> None:
    cfg = RunConfig.from_params({**TINY, "scheme": "learned"})
    params = init_params(jax.random.key(0), cfg)
    rows = params["positions"].shape[0]
    with pytest.raises(PositionError, match=f"position {rows} is beyond the position table"):
        forward(params, cfg, jnp.array([1, 2]), jnp.array([0, rows]))
    # Inside a compiled function the row is NaN (not a copy of the last row), so the run's
    # finiteness check names the problem.
    traced = jax.jit(lambda p: forward(params, cfg, jnp.array([1, 2]), p).logits)
    assert bool(jnp.all(jnp.isfinite(traced(jnp.array([0, rows - 1])))))
    assert not bool(jnp.any(jnp.isfinite(traced(jnp.array([0, rows])[::-1]))[0]))


def test_copy_half_answers_with_the_token_at_half_the_position() -> None:
    cfg = RunConfig.from_params({**TINY, "scheme": "none", "task": "copy_half"})
    batch = tasks.sample(jax.random.key(3), cfg, 4, 10)
    tokens, targets = np.asarray(batch.tokens), np.asarray(batch.targets)
    for i in range(10):
        np.testing.assert_array_equal(targets[:, i], tokens[:, i // 2])
    assert not bool(batch.scored[0, 0]) and bool(batch.scored[:, 1:].all())


def test_the_discriminant_probe_reads_every_position_when_it_is_present_and_chance_when_not(
) -> None:
    """The control the page relies on: tokens plus a distinct vector per position are read
    perfectly; tokens alone give chance."""
    key = jax.random.key(0)
    tok_key, a, b = jax.random.split(key, 3)
    vocab, n, d, batch = 16, 32, 32, 64
    token_vectors = jax.random.normal(tok_key, (vocab, d))
    position_vectors = jnp.asarray(pe.encoding(n, d), dtype=jnp.float32)

    def stream(k: jax.Array, with_positions: bool) -> jax.Array:
        x = token_vectors[jax.random.randint(k, (batch, n), 0, vocab)]
        return x + position_vectors if with_positions else x

    present = _probe(stream(a, True), stream(b, True), 1e-2)
    absent = _probe(stream(a, False), stream(b, False), 1e-2)
    assert float(present[0]) == 1.0
    # position 0 named for exactly the tokens at 0 (precision and recall 1)
    np.testing.assert_array_equal(present[2], [batch, batch])
    assert float(absent[0]) < 3 / n and float(absent[4]) < 0.05
    # without positions, what it names 0 is mostly elsewhere (precision near 1/n)
    assert absent[2][1] <= absent[2][0] and absent[2][1] < 0.25 * max(absent[2][0], 1)
    w, bias = _discriminant(stream(a, True).reshape(-1, d), jnp.tile(jnp.arange(n), batch), n,
                            1e-2)
    assert w.shape == (d, n) and bias.shape == (n,)


def _variance_stream(rng: np.random.Generator, batch: int, scales: np.ndarray, d: int
                     ) -> np.ndarray:
    """Zero-mean Gaussian features whose spread depends on the position: (batch, n, d)."""
    spread: np.ndarray = rng.normal(size=(batch, len(scales), d)) * scales[None, :, None]
    return spread


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_squared_features_read_a_position_carried_only_in_a_variance(seed: int) -> None:
    """Every position has the same mean (0) and its own spread: the plain discriminant,
    which reads differences of means, stays near chance; the one fitted on (x, x²) reads
    the position well above it, and its R² of the position number is high."""
    rng = np.random.default_rng(seed)
    n, d, batch = 4, 16, 128
    scales = 2.0 ** np.arange(n)  # 1, 2, 4, 8
    fit, test = (_variance_stream(rng, batch, scales, d) for _ in range(2))
    plain = _probe(fit, test, 1e-2)
    squared, squared_r2 = _probe_moments(fit, test, 1e-2)
    assert plain[0] < 1 / n + 0.1 and plain[4] < 0.1
    assert squared > 0.6 and squared_r2 > 0.5


def test_a_shape_run_trains_at_random_offsets_and_records_untrained_controls() -> None:
    # TINY's steps and seeds, so the programs compiled for learned_runs' sinusoidal run serve
    # (the offsets are data): 4 s instead of 10 on a cold compile cache.
    result = run({**TINY, "scheme": "sinusoidal", "train_offset": 8}).as_dict()
    assert result["config"]["train_offset"] == 8
    assert set(result["untrained"]) == {k for k in result if k not in
                                        ("config", "parameters", "losses", "steps_trained",
                                         "stopped_by", "untrained")}
    # Untrained models are not trained: their accuracy is that of a random guess, not 1.
    assert np.mean(result["untrained"]["accuracy_by_position"]) < 0.5
    # Token by token, a sequence against itself unshifted: no answer and no output changes.
    home = TINY["shifts"].index(0)
    for state in (result, result["untrained"]):
        for key in ("placed_changed_by_position", "placed_output_change_by_position"):
            values = np.asarray(state[key])
            assert values.shape == (len(TINY["seeds"]), len(TINY["shifts"]), TINY["train_length"])
            assert np.all(values[:, home] == 0)
        # the per-token accuracy averages (over the scored tokens) to the placed accuracy
        by_token = np.asarray(state["placed_correct_by_position"])[:, :, TINY["offset"]:]
        np.testing.assert_allclose(by_token.mean(-1), state["placed_accuracy"], atol=1e-6)


def test_the_slip_table_is_what_the_checker_calls_column_exponent_and_the_paper_stays() -> None:
    slip = RunConfig.from_params({**TINY, "scheme": "sinusoidal", "formula": "column-exponent"})
    paper = RunConfig.from_params({**TINY, "scheme": "sinusoidal"})
    assert diagnose(sinusoidal_table(slip)).codes == ("column-exponent",)
    assert diagnose(sinusoidal_table(paper)).verdict == "paper"
    assert np.array_equal(sinusoidal_table(paper),
                          pe.encoding(paper.max_positions, paper.d_model).astype(np.float32))
    # the fractional path (interpolation) agrees with the table at integer positions
    params = init_params(jax.random.key(0), slip)
    tokens = jnp.zeros(16, dtype=jnp.int32)
    exact = embed(params, slip, tokens, jnp.arange(16))
    fractional = embed(params, slip, tokens, jnp.arange(16).astype(jnp.float32))
    np.testing.assert_allclose(fractional, exact, atol=1e-5)


def test_a_table_started_sinusoidal_differs_from_the_random_start_in_that_table_only() -> None:
    start = RunConfig.from_params({**TINY, "scheme": "learned", "learned_init": "sinusoidal"})
    random = RunConfig.from_params({**TINY, "scheme": "learned"})
    a, b = init_params(jax.random.key(3), start), init_params(jax.random.key(3), random)
    np.testing.assert_array_equal(a["positions"], sinusoidal_table(
        RunConfig.from_params({**TINY, "scheme": "sinusoidal"})))
    assert not np.array_equal(a["positions"], b["positions"])
    rest = [(k, x, y) for k in a if k != "positions"
            for x, y in zip(jax.tree_util.tree_leaves(a[k]), jax.tree_util.tree_leaves(b[k]),
                            strict=True)]
    assert all(np.array_equal(x, y) for _, x, y in rest)


@given(hnp.arrays(np.float64, st.tuples(st.integers(1, 3), st.integers(2, 6), st.integers(1, 4)),
                  elements=st.floats(-4, 4)).filter(lambda t: bool(np.all(np.abs(t) > 1e-3))),
       st.data())
def test_table_movement_reads_zero_unmoved_and_keeps_seen_and_unseen_rows_apart(table, data) -> None:
    rows = table.shape[1]
    seen = data.draw(st.integers(1, rows))
    still = table_movement(table, table, seen)
    assert np.all(still["table_moved"] == 0) and np.all(still["table_moved_unseen"] == 0)
    # a change in the unseen rows only: seen rows read 0, the unseen the largest change
    change = data.draw(st.floats(0.5, 2))
    later = table.copy()
    later[:, seen:] += change
    moved = table_movement(later, table, seen)
    assert np.all(moved["table_moved"] == 0)
    expected = change if seen < rows else 0.0
    np.testing.assert_allclose(moved["table_moved_unseen"], expected, rtol=1e-9, atol=1e-12)
    # doubling the seen rows moves them by exactly their own size
    doubled = table.copy()
    doubled[:, :seen] *= 2
    np.testing.assert_allclose(table_movement(doubled, table, seen)["table_moved"], 1.0)


def test_a_trainable_sinusoidal_table_moves_where_trained_and_nowhere_else() -> None:
    result = run({**TINY, "scheme": "learned", "learned_init": "sinusoidal"}).as_dict()
    assert np.all(np.asarray(result["table_moved"]) > 0)
    assert np.all(np.asarray(result["table_moved_unseen"]) == 0)
    assert np.all(np.asarray(result["untrained"]["table_moved"]) == 0)
