"""The experiments' results code on made-up runs: token-by-token placement split at the
training length, the interval of the per-seed figures, and tables derived from the records."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from helpers.pipeline import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from scripts.artifacts.results.data import (
    FALL_STEPS,
    first_scored,
    interval,
    late_fall_in_errors,
    placed_split,
    seen_in_training,
    steps_to_loss,
)
from scripts.artifacts.results.tables import (
    bases,
    convergence,
    environment,
    extrapolation,
    placement,
    random_positions,
)

finite = st.floats(-1e3, 1e3, allow_nan=False)


def _run(length: int, shifts: list[int], offset: int, train_offset: int, values: np.ndarray,
         **extra: Any) -> dict[str, Any]:
    cfg = {"train_length": length, "eval_length": 4 * length, "shifts": shifts,
           "offset": offset, "train_offset": train_offset, "task": "copy_back"}
    return {"config": cfg, "placed_correct_by_position": values.tolist(), **extra}


@settings(deadline=None)  # a loaded machine; the first call imports SciPy
@given(st.data())
def test_seen_and_beyond_together_are_the_mean_over_every_scored_token(data: Any) -> None:
    length = data.draw(st.integers(2, 12))
    offset = data.draw(st.integers(1, length - 1))
    shifts = [0, *data.draw(st.lists(st.integers(1, 3 * length), min_size=1, max_size=3,
                                     unique=True))]
    train_offset = data.draw(st.integers(0, length))
    seeds = data.draw(st.integers(1, 3))
    values = np.array(data.draw(st.lists(finite, min_size=seeds * len(shifts) * length,
                                         max_size=seeds * len(shifts) * length)))
    run = _run(length, shifts, offset, train_offset, values.reshape(seeds, len(shifts), length))
    for i, shift in enumerate(shifts):
        seen, beyond = placed_split(run, shift, "placed_correct_by_position")
        tokens = np.arange(first_scored(run), length)
        n_seen = int(np.sum(shift + tokens < seen_in_training(run)))
        n_beyond = len(tokens) - n_seen
        assert np.isnan(seen).all() == (n_seen == 0)
        assert np.isnan(beyond).all() == (n_beyond == 0)
        total = (np.nan_to_num(seen) * n_seen + np.nan_to_num(beyond) * n_beyond) / len(tokens)
        expected = values.reshape(seeds, len(shifts), length)[:, i, offset:].mean(1)
        # sums of at most 12 values up to 1e3: a few ulps of 1e4
        np.testing.assert_allclose(total, expected, atol=1e-9)


@settings(deadline=None)
@given(st.lists(finite, min_size=2, max_size=8), finite, st.floats(0.1, 10))
def test_the_interval_holds_the_mean_and_moves_and_scales_with_the_values(
        values: list[float], shift: float, scale: float) -> None:
    arr = np.array(values)
    low, high = interval(arr)
    assert low <= arr.mean() <= high or np.isclose(low, high)
    np.testing.assert_allclose(arr.mean() - low, high - arr.mean(), atol=1e-9 * (1 + np.abs(arr).max()))
    moved = interval(arr * scale + shift)
    tol = 1e-9 * (1 + np.abs(arr * scale + shift).max())
    np.testing.assert_allclose(moved, (low * scale + shift, high * scale + shift), atol=tol)
    assert interval(arr, 0.99)[1] - interval(arr, 0.99)[0] >= high - low - tol


def test_the_interval_of_one_seed_is_the_value_and_of_equal_seeds_has_no_width() -> None:
    assert interval([0.25]) == (0.25, 0.25)
    assert interval([0.5, 0.5, 0.5]) == (0.5, 0.5)


def _record(cpu: str) -> dict[str, Any]:
    return {"environment": {"system": "Linux x86_64", "cpu": cpu, "python": "3.11.7",
                            "logical_cpus": 2, "device": "cpu", "xla_flags": "--flag",
                            "libraries": {"jax": "0.10.2", "numpy": "2.4.6"}}}


def test_the_environment_table_shows_each_distinct_record_once() -> None:
    same = environment(runs={"run-a": _record("AMD EPYC"), "run-b": _record("AMD EPYC")})
    assert "every run (2)" in same and same.count("AMD EPYC") == 1
    assert "`jax` | 0.10.2" in same and "`--flag`" in same
    apart = environment(runs={"run-a": _record("AMD EPYC"), "run-b": _record("Apple M2")})
    header = apart.splitlines()[0]
    assert "`run-a`" in header and "`run-b`" in header
    assert "AMD EPYC | Apple M2" in apart
    # a field only one record has (kept before it was recorded) is named, not left blank
    newer = _record("AMD EPYC")
    newer["environment"]["cpu_features"] = "family 26 model 2 avx2"
    mixed = environment(runs={"run-a": _record("AMD EPYC"), "run-b": newer})
    assert "| not recorded | family 26 model 2 avx2 |" in mixed


@pytest.mark.parametrize(("length", "shifts"), [(8, [0, 8, 16]), (32, [0, 32, 64])])
def test_the_placement_table_takes_its_lengths_from_the_runs(length: int,
                                                             shifts: list[int]) -> None:
    seeds, n = 2, 4 * length
    run = {"config": {"train_length": length, "eval_length": n, "shifts": shifts, "offset": 1,
                      "task": "copy_back", "scheme": "sinusoidal", "combine": "sum",
                      "d_position": 0, "causal": True, "train_offset": 0, "base": 10000.0,
                      "d_model": 32},
           "accuracy_by_position": np.ones((seeds, n)).tolist(),
           "capped_accuracy_by_position": np.ones((seeds, n)).tolist(),
           "placed_accuracy": np.ones((seeds, len(shifts))).tolist(),
           "placed_correct_by_position": np.ones((seeds, len(shifts), length)).tolist(),
           "placed_output_change_by_position": np.zeros((seeds, len(shifts), length)).tolist(),
           "placed_output_change": np.zeros((seeds, len(shifts))).tolist()}
    table = placement(runs={"run-x": run}).splitlines()
    header = table[0]
    assert f"in a sequence of {n} tokens" in header
    assert f"as a sequence of {length} tokens placed there" in header
    assert f"keys {length} or more back masked" in header
    # two halves per shift at or past the training length, at the placed tokens' positions
    placed_at = [s for s in shifts if s >= length]
    assert len(table) == 2 + 2 * len(placed_at)
    first = placed_at[0]
    assert f"| {first + 1}–{first + length // 2 - 1} | first half |" in table[2]
    assert f"| {first + length // 2}–{first + length - 1} | second half |" in table[3]
    other = {**run, "config": {**run["config"], "eval_length": n + 1}}
    with pytest.raises(ValueError, match="eval_length"):
        placement(runs={"run-x": run, "run-y": other})


@pytest.mark.parametrize("view", ["windows", "placement", "shift", "attention", "probe"])
def test_every_per_seed_view_draws_every_seed_of_the_kept_runs(view: str) -> None:
    """The per-seed figure (only its shift view is on the page, which is at its size
    budget): one dot per seed and row, for every view."""
    import json

    from helpers.pipeline import ROOT

    from scripts.artifacts.figures.experiments import _seed_panels, seeds
    from scripts.artifacts.style import LIGHT

    runs = {n: json.loads((ROOT / "runs" / f"{n}.json").read_text())["results"]
            for n in ("run-sinusoidal", "run-learned", "run-rotary")}
    panels = _seed_panels(runs, view)
    assert panels and len({len(rows) for _, rows in panels}) == 1
    for _, rows in panels:
        for _, _, values, _ in rows:
            assert len(values) == len(runs["run-sinusoidal"]["config"]["seeds"])
    with LIGHT.applied():
        fig = seeds(LIGHT, runs=runs, view=view, what="share", rows="model", level=95)
    assert len(fig.axes) == len(panels)


def test_the_random_positions_table_shows_both_tests_of_each_run_by_token_window() -> None:
    """Three rows per run: short sequences at random positions (one number), and the long
    ones at positions 0 .. n-1 and at random positions, each the mean of its own measure
    over the tokens of a window."""
    seeds, length, n = 2, 4, 16
    consecutive = np.tile(np.repeat([0.9, 0.5, 0.1, 0.1], length), (seeds, 1))
    random = np.tile(np.repeat([0.8, 0.7, 0.6, 0.6], length), (seeds, 1))
    run = {"config": {"train_length": length, "eval_length": n, "max_position": 20,
                      "scheme": "sinusoidal", "combine": "sum", "d_position": 0,
                      "causal": True, "train_offset": 0, "base": 10000.0, "d_model": 32,
                      "train_positions": "random", "task": "copy_back", "offset": 1},
           "accuracy_by_position": consecutive.tolist(),
           "random_accuracy_by_position": random.tolist(),
           "random_placed_accuracy": [0.55, 0.65]}
    lines = random_positions(runs={"run-x": run}).splitlines()
    assert "tokens 0–3" in lines[0] and "4–7" in lines[0] and "8–15" in lines[0]
    rows = [line for line in lines[2:] if line.strip()]
    assert len(rows) == 3
    assert "4 tokens, random below 20, as in training" in rows[0] and "0.60" in rows[0]
    assert "16 tokens, 0 to 15" in rows[1] and "0.90" in rows[1] and "0.50" in rows[1]
    assert "16 tokens, random below 20" in rows[2] and "0.80" in rows[2] and "0.70" in rows[2]


@settings(deadline=None)
@given(st.data())
def test_steps_to_a_loss_are_the_first_check_at_or_below_it_and_never_sooner_for_less(
        data: Any) -> None:
    """``steps_to_loss``: NaN exactly when no check the seed trained reached the level; else
    a whole number of checks, at whose end the check's mean is at or below the level and no
    earlier one was; a lower level is never reached sooner."""
    every, checks = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 6))
    seeds = data.draw(st.integers(1, 3))
    losses = np.array(data.draw(st.lists(st.floats(0, 5, allow_nan=False),
                                         min_size=seeds * every * checks,
                                         max_size=seeds * every * checks))).reshape(seeds, -1)
    trained = [every * data.draw(st.integers(1, checks)) for _ in range(seeds)]
    run = {"config": {"check_every": every}, "losses": losses.tolist(), "steps_trained": trained}
    high, low = sorted(data.draw(st.lists(st.floats(0, 5, allow_nan=False), min_size=2,
                                          max_size=2)), reverse=True)
    at_high, at_low = steps_to_loss(run, high), steps_to_loss(run, low)
    for seed, n in enumerate(trained):
        means = losses[seed, :n].reshape(-1, every).mean(1)
        steps = at_low[seed]
        if np.isnan(steps):
            assert not np.any(means <= low)
            continue
        k = int(steps) // every
        assert steps == k * every and means[k - 1] <= low and not np.any(means[:k - 1] <= low)
        assert not np.isnan(at_high[seed]) and at_high[seed] <= steps


@settings(deadline=None, max_examples=30)
@given(st.integers(0, 2**32 - 1), st.floats(-1e-3, 1e-3), st.floats(0.1, 10), finite)
def test_the_late_fall_is_in_standard_errors_whatever_the_units(
        seed: int, slope: float, scale: float, shift: float) -> None:
    """``late_fall_in_errors`` reads the fall of the fitted line in standard errors: the same
    after the losses are scaled or shifted, its sign the opposite of the slope's where the
    trend dominates the noise, and NaN for a seed that trained too few steps."""
    n = FALL_STEPS + 7
    noise = 0.01 * np.random.default_rng(seed).standard_normal(n)
    losses = 1 + slope * np.arange(n) + noise
    run = {"losses": [losses.tolist(), losses[:FALL_STEPS - 1].tolist() + [0.0] * 8],
           "steps_trained": [n, FALL_STEPS - 1]}
    moved = {**run, "losses": [(np.asarray(row) * scale + shift).tolist()
                               for row in run["losses"]]}
    fall, moved_fall = late_fall_in_errors(run), late_fall_in_errors(moved)
    assert np.isnan(fall[1]) and np.isnan(moved_fall[1])
    # shifted by up to 1e3, float64 rounds each value by about 1e-13, a relative 1e-10 of
    # noise down to 1e-3; over 1,000 values the fit moves far less than 1e-6
    np.testing.assert_allclose(moved_fall[0], fall[0], rtol=1e-6)
    if abs(slope) > 1e-4:  # the trend alone moves 0.1 over the window; noise 0.01 a step
        assert np.sign(fall[0]) == -np.sign(slope)


def test_the_steps_table_tells_apart_runs_that_differ_only_in_how_far_back_the_answer_is(
) -> None:
    import json

    from helpers.pipeline import ROOT

    names = ("run-sinusoidal", "run-sinusoidal-offset-1", "run-far-sinusoidal", "run-half-sinusoidal")
    runs = {n: json.loads((ROOT / "runs" / f"{n}.json").read_text())["results"] for n in names}
    rows = {line.split("|")[1].strip(" `"): line.split("|")[3].strip()
            for line in convergence(runs=runs).splitlines()[2:]}
    copies = names[:3]
    assert len({rows[n] for n in copies}) == len(copies)  # three offsets, three names
    for n in copies:
        assert rows[n] == f"copy {runs[n]['config']['offset']} back"
    assert rows["run-half-sinusoidal"] == "copy half"


def _accuracy_run(trained: np.ndarray, untrained: np.ndarray, length: int, offset: int,
                  base: float) -> dict[str, Any]:
    cfg = {"train_length": length, "eval_length": trained.shape[1], "offset": offset,
           "task": "copy_back", "scheme": "sinusoidal", "combine": "sum", "d_position": 0,
           "causal": True, "base": base, "train_offset": 0, "d_model": 32, "steps": 100,
           "seeds": list(range(len(trained)))}
    return {"config": cfg, "accuracy_by_position": trained.tolist(),
            "interpolated_accuracy_by_position": trained.tolist(),
            "untrained": {"accuracy_by_position": untrained.tolist()}}


@settings(deadline=None)
@given(st.data())
def test_accuracy_tables_end_with_the_same_model_before_training_over_every_position(
        data: Any) -> None:
    """The control column: the untrained model's accuracy over every scored position (from
    the offset on), whatever the trained model scored."""
    length = data.draw(st.integers(2, 6))
    offset = data.draw(st.integers(1, length - 1))
    seeds = data.draw(st.integers(1, 4))
    shape = (seeds, 4 * length)
    unit = st.floats(0, 1, allow_nan=False)
    trained, untrained = (np.array(data.draw(st.lists(unit, min_size=seeds * 4 * length,
                                                      max_size=seeds * 4 * length)))
                          .reshape(shape) for _ in range(2))
    run = _accuracy_run(trained, untrained, length, offset, 10000.0)
    per_seed = untrained[:, offset:].mean(axis=1)
    expected = (f"{per_seed.mean():.2f} ({per_seed.min():.2f} to {per_seed.max():.2f})"
                .replace("-", "\u2212"))
    for table in (extrapolation(runs={"a": run}), bases(runs={"a": run})):
        header, _, row = table.splitlines()[:3]
        assert header.rstrip(" |").endswith(f"before training, all {4 * length}")
        assert row.rstrip(" |").split("|")[-1].strip() == expected


@pytest.mark.parametrize("seeds", [1, 2, 5, 8])
def test_the_sign_test_is_the_chance_that_fair_coins_all_agree_and_one_in_is_its_inverse(
        seeds: int) -> None:
    """What the limits quote for "in every seed": with ``seeds`` fair coins, the chance that
    all land alike (both ways), counted from the binomial coefficients."""
    from math import comb

    from scripts.artifacts.results.numbers import _common

    run = json.loads((ROOT / "runs" / "run-sinusoidal.json").read_text())["results"]
    run = {**run, "config": {**run["config"], "seeds": list(range(seeds))}}
    out: dict[str, str] = {}
    _common(out, {"run-sinusoidal": run})
    chance = (comb(seeds, 0) + comb(seeds, seeds)) / 2 ** seeds
    assert float(out["exp_sign_test_p"]) == pytest.approx(chance, abs=5e-5)
    assert int(out["exp_sign_test_one_in"].replace(",", "")) * chance == 1
