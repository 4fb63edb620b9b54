"""Numbers the experiments page quotes (``{{ pe:NAME }}``), from the runs' records.

Each is a mean over the seeds; ``*_low``/``*_high`` give the lowest and highest seed. A
name ending in ``_untrained`` is the same measurement of the models before training.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

import pe
from scripts.artifacts.numbers import fixed
from scripts.artifacts.results.data import (
    FALL_STEPS,
    GAIN_WINDOW,
    NEARLY_SOLVED,
    SOLVED,
    SPEED_LEVELS,
    Run,
    ablation_weights,
    best_head_row,
    block_ablation,
    chance,
    copy_block_changes,
    count_windows,
    final_losses,
    first_scored,
    is_text,
    is_trained_on,
    last_quarter,
    late_fall_in_errors,
    late_gain,
    loss_at,
    measured,
    placed,
    placed_halves,
    placed_split,
    placed_tokens,
    plateau_seeds,
    probe_readouts,
    rank_correlation,
    seeds,
    seen_in_training,
    steps_to_loss,
    steps_trained,
    stopped_by,
    t5_buckets,
    t5_exact_last,
    uniform_by_offset,
    uniform_loss,
    weight_and_cost_gaps,
    window,
    windows,
)

#: Positions whose probe result the causal-mask section quotes (after the last block).
FIRST_POSITIONS = 4
#: Steps at which the pages may quote the loss (how fast a model trained).
LOSS_STEPS = (50, 100, 200, 300)


def _spread(out: dict[str, str], name: str, values: np.ndarray, decimals: int = 2) -> None:
    mean, lo, hi = seeds(values)
    out[name] = fixed(mean, decimals)
    out[f"{name}_low"] = fixed(lo, decimals)
    out[f"{name}_high"] = fixed(hi, decimals)


def _common(out: dict[str, str], runs: Mapping[str, Run]) -> None:
    first = next(iter(runs.values()))
    cfg = first["config"]
    out["exp_train_length"] = str(cfg["train_length"])
    out["exp_last_trained"] = str(cfg["train_length"] - 1)
    out["exp_double_length"] = str(2 * cfg["train_length"])
    out["exp_last_double"] = str(2 * cfg["train_length"] - 1)
    out["exp_eval_length"] = str(cfg["eval_length"])
    out["exp_last_eval"] = str(cfg["eval_length"] - 1)
    out["exp_seeds"] = str(len(cfg["seeds"]))
    # "in every seed" as a sign test: the two-sided chance that all seeds agree in sign
    # when each is a fair coin
    out["exp_sign_test_p"] = fixed(2 * 0.5 ** len(cfg["seeds"]), 4)
    out["exp_sign_test_one_in"] = f"{2 ** len(cfg['seeds']) // 2:,}"  # the same, as 1 in N
    out["exp_steps"] = f"{cfg['steps']:,}"
    out["exp_batch"] = str(cfg["batch"])
    out["exp_check_every"] = str(cfg["check_every"])
    out["exp_target_loss"] = f"{cfg['target_loss']:g}"
    out["exp_target_checks"] = str(cfg["target_checks"])
    out["exp_patience"] = str(cfg["patience"])
    out["exp_min_gain_percent"] = f"{100 * cfg['min_gain']:g}"
    out["exp_patience_steps"] = str(cfg["patience"] * cfg["check_every"])
    out["exp_gain_steps"] = str(GAIN_WINDOW * cfg["check_every"])  # "still gaining" reads these
    trained = np.concatenate([steps_trained(r) for r in runs.values()])
    out["exp_fewest_steps"] = f"{trained.min():,}"
    out["exp_most_steps"] = f"{trained.max():,}"
    reasons = [reason for r in runs.values() for reason in r["stopped_by"]]
    for reason in ("target", "plateau", "cap"):
        out[f"exp_seeds_stopped_{reason}"] = str(reasons.count(reason))
    out["exp_seeds_all"] = str(len(reasons))
    # The seeds the plateau rule stopped, in three kinds: the task solved (just short of the
    # target), nearly solved, or far from it, and how far those still moved.
    _, accuracy, gains = plateau_seeds(runs)
    solved, nearly = accuracy >= SOLVED, (accuracy >= NEARLY_SOLVED) & (accuracy < SOLVED)
    unsolved = accuracy < NEARLY_SOLVED
    out["exp_solved_accuracy"] = f"{SOLVED:g}"
    for i, level in enumerate(SPEED_LEVELS):
        out[f"exp_speed_level_{i}"] = f"{level:g}"
    out["exp_nearly_solved_accuracy"] = f"{NEARLY_SOLVED:g}"
    out["exp_plateau_solved"] = str(int(solved.sum()))
    out["exp_plateau_nearly"] = str(int(nearly.sum()))
    out["exp_plateau_unsolved"] = str(int(unsolved.sum()))
    if np.any(unsolved):  # how far they still moved, at most, either way
        # rounded up: the page says "within" it
        out["exp_plateau_unsolved_gain_max_percent"] = fixed(
            np.ceil(1000 * float(np.abs(gains[unsolved]).max())) / 10, 1)
    # a training-length sequence placed at the training length has its first answer here
    out["exp_placed_scored_from"] = str(cfg["train_length"] + cfg["offset"])
    # the text runs train a fixed number of steps: their seeds all stop "by the cap"
    out["exp_seeds_stopped_cap_text"] = str(sum(r["stopped_by"].count("cap")
                                                for r in runs.values() if is_text(r)))
    # the runs trained on to a fixed number of steps, with no stopping rule before it
    out["exp_seeds_stopped_cap_trained_on"] = str(sum(
        r["stopped_by"].count("cap") for r in runs.values() if is_trained_on(r)))
    out["exp_runs_at_cap"] = str(sum("cap" in r["stopped_by"] for r in runs.values()))
    out["exp_offset"] = str(cfg["offset"])
    out["exp_vocab"] = str(cfg["vocab"])
    out["exp_d_model"] = str(cfg["d_model"])
    out["exp_d_mlp"] = str(cfg["d_mlp"])
    out["exp_sqrt_d_model"] = fixed(float(np.sqrt(cfg["d_model"])), 1)
    out["exp_layers"] = str(cfg["layers"])
    out["exp_heads"] = str(cfg["heads"])
    out["exp_chance"] = fixed(chance(first), 4)
    out["exp_probe_chance"] = fixed(1 / cfg["train_length"], 4)
    out["exp_interp_scale"] = fixed(cfg["train_length"] / cfg["eval_length"], 2)
    out["exp_attn_even"] = fixed(uniform_by_offset(cfg["train_length"])[cfg["offset"]], 2)
    out["exp_runs"] = str(len(runs))
    out["exp_last_shift"] = str(cfg["shifts"][-1])
    # Which sin/cos pairs of the model's sinusoid turn a full circle within the training
    # positions (every later angle was seen), and how far the slowest one turns in all.
    wavelengths = pe.wavelengths(cfg["d_model"], base=cfg["base"])
    full = int(np.sum(wavelengths <= cfg["train_length"] - 1))
    out["exp_pairs"] = str(len(wavelengths))
    out["exp_full_turn_last"] = str(full - 1)
    out["exp_new_angle_first"] = str(full)
    out["exp_new_angle_last"] = str(len(wavelengths) - 1)
    omega = pe.frequencies(cfg["d_model"], base=cfg["base"])
    out["exp_slowest_turn"] = fixed(float(omega[-1] * (cfg["eval_length"] - 1)), 3)


def _one(out: dict[str, str], key: str, run: Run) -> None:
    cfg = run["config"]
    length = cfg["train_length"]
    for name, values in windows(run).items():
        _spread(out, f"exp_{key}_acc_{name}", values)
    for name, values in windows(run, "interpolated_accuracy_by_position").items():
        _spread(out, f"exp_{key}_interp_{name}", values)
    if cfg.get("train_positions", "contiguous") == "random":  # as Ruoss et al. test
        for name, values in windows(run, "random_accuracy_by_position").items():
            _spread(out, f"exp_{key}_rand_acc_{name}", values)
    for untrained in (False, True):  # sequences of the training length at random positions
        _spread(out, f"exp_{key}_rand_placed{'_untrained' if untrained else ''}",
                measured(run, "random_placed_accuracy", untrained))
    for s in cfg["shifts"]:
        if s:
            _spread(out, f"exp_{key}_placed_{s}", placed(run, s))
            # the long sequence at the placed one's scored positions
            _spread(out, f"exp_{key}_long_{s}", window(run, s + first_scored(run), s + length))
            if s >= length:  # the placed sequence's halves, at the same positions
                for half, start, stop in placed_halves(run, s):
                    _spread(out, f"exp_{key}_placed_{s}_{half}", placed_tokens(run, s, start,
                                                                               stop))
                    _spread(out, f"exp_{key}_long_{s}_{half}", window(run, start, stop))
                    _spread(out, f"exp_{key}_capped_{s}_{half}",
                            window(run, start, stop, "capped_accuracy_by_position"))
            for untrained in (False, True):
                tail = "_untrained" if untrained else ""
                _spread(out, f"exp_{key}_output_{s}{tail}",
                        placed(run, s, "placed_output_change", untrained))
    for s in (s for s in cfg["shifts"] if s):
        for what, field in SPLIT_MEASURES.items():
            for untrained in (False, True):
                tail = "_untrained" if untrained else ""
                for side, values in zip(("seen", "beyond"),
                                        placed_split(run, s, field, untrained), strict=True):
                    if np.isfinite(values).all():
                        _spread(out, f"exp_{key}_{side}_{what}_{s}{tail}", values, 3)
    for untrained in (False, True):
        tail = "_untrained" if untrained else ""
        change = measured(run, "shift_change", untrained)  # (seeds, layers, shifts)
        for layer in range(change.shape[1]):
            for i, s in enumerate(cfg["shifts"]):
                if s:
                    _spread(out, f"exp_{key}_shift_{layer + 1}_{s}{tail}", change[:, layer, i])
            _spread(out, f"exp_{key}_shuffle_{layer + 1}{tail}",
                    measured(run, "shuffle_change", untrained)[:, layer])
        for what, values in probe_readouts(run, untrained).items():
            for depth in range(values.shape[1]):
                _spread(out, f"exp_{key}_{what}_{depth}{tail}", values[:, depth])
        if not untrained:
            # Trained against the same seed untrained (a paired comparison): in how many
            # seeds training lowered each read-out, at each depth.
            before = probe_readouts(run, untrained=True)
            for what, values in probe_readouts(run).items():
                for depth, lower in enumerate((values < before[what]).sum(0)):
                    out[f"exp_{key}_{what}_{depth}_lower_seeds"] = str(int(lower))
        by_depth = measured(run, "probe_accuracy_by_position", untrained)
        for p in range(FIRST_POSITIONS):
            _spread(out, f"exp_{key}_probe_at_{p}{tail}", by_depth[:, -1, p])
        # on the embeddings: without an encoding they hold no position, so this is what the
        # probe names a position with nothing to read
        _spread(out, f"exp_{key}_probe_embed_at_0{tail}", by_depth[:, 0, 0])
        # Precision at position 0 after the last block and on the embeddings: of the tokens
        # the probe names 0, the share at 0 (the by-position score above is recall); none
        # where a seed never names 0, whose precision is undefined.
        for where, depth in (("", -1), ("_embed", 0)):
            named, right = measured(run, "probe_named_0", untrained)[:, depth].T
            if np.all(named > 0):
                _spread(out, f"exp_{key}_probe{where}_precision_0{tail}", right / named)
        weights = measured(run, "attention_by_offset", untrained)  # (seeds, layers, heads, L)
        for layer in range(weights.shape[1]):
            # the head that gives the task's key the most weight, per seed
            _spread(out, f"exp_{key}_attn_{layer + 1}{tail}",
                    weights[:, layer, :, cfg["offset"]].max(axis=1))
        # the head of any block that gives it the most, per seed, and how many seeds have it
        # in each block
        _spread(out, f"exp_{key}_attn_best{tail}", weights[..., cfg["offset"]].max(axis=(1, 2)))
        copy_block = weights[..., cfg["offset"]].max(axis=2).argmax(axis=1)
        for layer in range(weights.shape[1]):
            out[f"exp_{key}_copy_block_{layer + 1}{tail}"] = str(int(np.sum(copy_block == layer)))
        # that head's weight on the two keys just beyond the task's (T5's bucket-mates), and
        # the larger of its weights on the keys one place either side of the task's
        k = cfg["offset"]
        best = best_head_row(run, untrained)
        if k + 2 < weights.shape[-1]:
            _spread(out, f"exp_{key}_attn_best_next2{tail}", best[:, k + 1] + best[:, k + 2])
        if 0 < k and k + 3 < weights.shape[-1]:  # the keys either side of those three
            _spread(out, f"exp_{key}_attn_best_outside2{tail}", best[:, k - 1] + best[:, k + 3])
        if 0 < k < weights.shape[-1] - 1:
            _spread(out, f"exp_{key}_attn_best_beside{tail}",
                    np.maximum(best[:, k - 1], best[:, k + 1]))
    # Distance-capped extrapolation (keys train_length or more back masked), and the
    # copy-head ablation inside the training length, trained and untrained.
    for untrained in (False, True):
        tail = "_untrained" if untrained else ""
        for name, values in windows(run, "capped_accuracy_by_position", untrained).items():
            if name != "all":  # the pages quote the three windows
                _spread(out, f"exp_{key}_capped_{name}{tail}", values)
        zeroed = measured(run, "ablation_accuracy", untrained)
        averaged = measured(run, "mean_ablation_accuracy", untrained)
        _spread(out, f"exp_{key}_ablation_intact{tail}", zeroed[:, 0])
        for i, what in enumerate(("copy", "control", "elsewhere")):
            _spread(out, f"exp_{key}_ablation_{what}{tail}", zeroed[:, i + 1])
            _spread(out, f"exp_{key}_mean_ablation_{what}{tail}", averaged[:, i])
        blocks = block_ablation(run, untrained)  # (seeds, copy/other block, zeroed/mean)
        for i, where in enumerate(("copy", "other")):
            for j, how in enumerate(("zeroed", "mean")):
                _spread(out, f"exp_{key}_block_{where}_{how}{tail}", blocks[:, i, j])
    out[f"exp_{key}_parameters"] = f"{run['parameters']:,}"
    # A learned table's movement in training, and the untrained control's (0 by design).
    for field in ("table_moved", "table_moved_unseen"):
        if field in run:
            for untrained in (False, True):
                tail = "_untrained" if untrained else ""
                _spread(out, f"exp_{key}_{field}{tail}", measured(run, field, untrained), 2)
    out[f"exp_{key}_base"] = f"{cfg['base']:,.0f}"
    if cfg["scheme"] == "sinusoidal":  # pairs that turn a full circle in training positions
        width = cfg["d_position"] or cfg["d_model"]
        wavelengths = pe.wavelengths(width, base=cfg["base"])
        out[f"exp_{key}_full_turns"] = str(int(np.sum(wavelengths <= length - 1)))
    out[f"exp_{key}_train_offset"] = str(cfg["train_offset"])
    # how fast: the steps to each loss level, over the seeds that reached it, and how many did
    for i, level in enumerate(SPEED_LEVELS):
        steps = steps_to_loss(run, level)
        reached = steps[np.isfinite(steps)]
        out[f"exp_{key}_reached_{i}_seeds"] = str(reached.size)
        if reached.size:
            for name, value in (("low", reached.min()), ("high", reached.max())):
                out[f"exp_{key}_reached_{i}_{name}"] = f"{int(value):,}"
    out[f"exp_{key}_offset"] = str(cfg["offset"])  # how far back the answer lies
    out[f"exp_{key}_max_position"] = str(cfg.get("max_position", 0))
    if cfg.get("max_position", 0):  # how far the random positions' range reaches past the test
        out[f"exp_{key}_range_ratio"] = f"{cfg['max_position'] / cfg['eval_length']:g}"
    out[f"exp_{key}_seen_last"] = str(seen_in_training(run) - 1)
    out[f"exp_{key}_d_position"] = str(cfg["d_position"])
    out[f"exp_{key}_d_model"] = str(cfg["d_model"])
    # what changes with the width: each head's width and the MLP's width against the model's
    out[f"exp_{key}_head_width"] = str(cfg["d_model"] // cfg["heads"])
    out[f"exp_{key}_mlp_ratio"] = f"{cfg['d_mlp'] / cfg['d_model']:g}"
    out[f"exp_{key}_pairs"] = str((cfg["d_position"] or cfg["d_model"]) // 2)


#: The token-by-token placement measures, by the short name their numbers use.
SPLIT_MEASURES = {"acc": "placed_correct_by_position", "changed": "placed_changed_by_position",
                  "tv": "placed_output_change_by_position"}


def shift_sides(runs: Mapping[str, Run], names: tuple[str, ...], side: str, what: str,
                untrained: bool = False) -> np.ndarray:
    """Every seed's value of a split placement measure (``what``: a key of
    :data:`SPLIT_MEASURES`) over the models ``names`` and every nonzero shift that has
    tokens on ``side`` (``seen``: positions seen in training, ``beyond``: the others)."""
    index = ("seen", "beyond").index(side)
    values = [placed_split(runs[n], s, SPLIT_MEASURES[what], untrained)[index]
              for n in names for s in runs[n]["config"]["shifts"] if s]
    return np.concatenate([v for v in values if np.isfinite(v).all()])


def _training(out: dict[str, str], key: str, run: Run) -> None:
    """How a run trained, for every run: its cap, the steps each seed took, why it stopped,
    and the loss over the last check and at a few steps."""
    out[f"exp_{key}_steps"] = f"{run['config']['steps']:,}"  # the cap
    _spread(out, f"exp_{key}_final_loss", final_losses(run), 3)
    for step in LOSS_STEPS:  # only where every seed was still training
        values = loss_at(run, step)
        if np.isfinite(values).all():
            _spread(out, f"exp_{key}_loss_{step}", values, 2)
    trained = steps_trained(run)
    out[f"exp_{key}_steps_trained"] = f"{round(float(trained.mean())):,}"
    out[f"exp_{key}_steps_trained_low"] = f"{trained.min():,}"
    out[f"exp_{key}_steps_trained_high"] = f"{trained.max():,}"
    for reason, count in stopped_by(run).items():
        out[f"exp_{key}_stopped_{reason}"] = str(count)
    plateau = np.asarray(run["stopped_by"]) == "plateau"
    out[f"exp_{key}_plateau_still_falling"] = str(int(np.sum(late_gain(run)[plateau] > 0)))


def compute(*, runs: Mapping[str, Run]) -> dict[str, str]:
    out: dict[str, str] = {}
    _common(out, runs)
    absolute = ("run-sinusoidal", "run-learned")
    if all(n in runs for n in absolute):
        # Over both models, every shift with tokens at seen positions, and every seed:
        # the worst trained value, and the untrained control's least change.
        out["exp_shift_seen_acc_min"] = fixed(shift_sides(runs, absolute, "seen", "acc").min(), 3)
        for what in ("changed", "tv"):
            out[f"exp_shift_seen_{what}_max"] = fixed(
                shift_sides(runs, absolute, "seen", what).max(), 3)
            out[f"exp_shift_seen_{what}_untrained_min"] = fixed(
                shift_sides(runs, absolute, "seen", what, untrained=True).min(), 2)
        beyond = shift_sides(runs, absolute, "beyond", "changed")
        out["exp_shift_beyond_changed_min"] = fixed(beyond.min(), 2)
        out["exp_shift_beyond_changed_max"] = fixed(beyond.max(), 2)
        # Attention rows at seen positions, in the block holding the copy head and in the
        # other block, after training and before it.
        for which, index in (("copy", 0), ("other", 1)):
            for untrained in (False, True):
                tail = "_untrained" if untrained else ""
                values = np.concatenate([copy_block_changes(runs[n], untrained)[index].ravel()
                                         for n in absolute])
                out[f"exp_shift_seen_attn_{which}_min{tail}"] = fixed(values.min(), 2)
                out[f"exp_shift_seen_attn_{which}_max{tail}"] = fixed(values.max(), 2)
    with_positions = ("run-sinusoidal", "run-learned", "run-rotary")
    if all(n in runs for n in with_positions):
        # The ablation's control from the other block, replaced by its mean: its largest
        # cost below the intact model in any seed of the three models (0 for a gain), and
        # the same head zeroed instead.
        for how, field, column in (("mean", "mean_ablation_accuracy", 2),
                                   ("zeroed", "ablation_accuracy", 3)):
            cost = np.concatenate([measured(runs[n], "ablation_accuracy")[:, 0]
                                   - measured(runs[n], field)[:, column]
                                   for n in with_positions])
            out[f"exp_ablation_elsewhere_{how}_cost_max"] = fixed(max(float(cost.max()), 0.0), 3)
        # the most weight that control gives the task's key in any seed
        # every head of the other block than the copy head's removed (mean): the least seed
        out["exp_block_other_mean_min"] = fixed(min(
            float(block_ablation(runs[n])[:, 1, 1].min()) for n in with_positions), 2)
        out["exp_ablation_elsewhere_weight_max"] = fixed(max(
            float(ablation_weights(runs[n])[:, 2].max()) for n in with_positions), 2)
        # within the copy head's block, how the gap in weight ranks with the gap in cost
        for n in with_positions:
            key = n.removeprefix("run-")
            out[f"exp_{key}_weight_cost_rank"] = fixed(rank_correlation(
                *weight_and_cost_gaps(runs[n])), 1)
    absolute_task = ("run-half-sinusoidal", "run-half-learned")
    if all(n in runs for n in absolute_task):
        # The positive control: the task whose answer depends on the absolute position.
        half = shift_sides(runs, absolute_task, "seen", "changed")
        out["exp_shift_half_seen_changed_min"] = fixed(half.min(), 2)
        out["exp_shift_half_seen_changed_max"] = fixed(half.max(), 2)
    half_runs = [run for name, run in runs.items() if name.startswith("run-half-")]
    if half_runs:
        # past the training length on the absolute task: the best window mean of any scheme
        out["exp_half_beyond_best"] = fixed(max(
            float(np.mean(values)) for run in half_runs
            for name, values in windows(run).items() if name in ("to_double", "beyond")), 2)
    texts = {name: run for name, run in runs.items() if is_text(run)}
    if texts:
        _text_common(out, next(iter(texts.values())))
        # "still falling beyond batch noise": the least, over every text seed, of the fall
        # of its late loss line in standard errors
        falls = np.concatenate([late_fall_in_errors(run) for run in texts.values()])
        if np.isfinite(falls).all():  # every seed trained that long
            out["exp_text_fall_steps"] = f"{FALL_STEPS:,}"
            out["exp_text_fall_errors_min"] = fixed(float(falls.min()), 1)
    _biases(out, runs)
    for name, run in runs.items():
        key = name.removeprefix("run-").replace("-", "_")
        (_text_one if is_text(run) else _one)(out, key, run)
        _training(out, key, run)
    return out


def _text_common(out: dict[str, str], run: Run) -> None:
    """What every text run shares: the text (Python version, digest, sizes) and the count
    baselines' losses on its test part (each run records the same)."""
    corpus = run["corpus"]
    out["exp_text_python"] = str(run["environment"]["python"])
    out["exp_text_digest"] = str(corpus["digest"])
    out["exp_text_digest_short"] = str(corpus["digest"])[:12]
    for part in ("train", "test"):
        out[f"exp_text_{part}_files"] = str(len(corpus[part]))
        out[f"exp_text_{part}_chars"] = f"{sum(corpus[part].values()):,}"
    out["exp_text_vocab"] = str(run["config"]["vocab"])
    out["exp_text_uniform_loss"] = fixed(uniform_loss(run), 2)
    out["exp_text_eval_batch"] = str(run["config"]["eval_batch"])
    for name, value in run["baselines"].items():
        out[f"exp_text_{name}"] = fixed(value, 2)
    for which in ("unigram", "bigram"):  # on the characters the models are scored on
        for name, value in count_windows(run, which).items():
            out[f"exp_text_{which}_scored_{name}"] = fixed(value, 2)


def _text_one(out: dict[str, str], key: str, run: Run) -> None:
    """A text run's loss (nats per character) in the windows of positions of
    :func:`~scripts.artifacts.results.data.windows`, at position 0, and in training."""
    for untrained in (False, True):
        tail = "_untrained" if untrained else ""
        for name, values in windows(run, "loss_by_position", untrained).items():
            _spread(out, f"exp_{key}_loss_{name}{tail}", values)
        _spread(out, f"exp_{key}_loss_first{tail}",
                measured(run, "loss_by_position", untrained)[:, 0])
    out[f"exp_{key}_parameters"] = f"{run['parameters']:,}"

def _biases(out: dict[str, str], runs: Mapping[str, Run]) -> None:
    """The bias schemes' settings as the page states them: ALiBi's head slopes, T5's
    buckets, and which offsets share the bucket of the far-key runs' answer."""
    from experiments.model import alibi_slopes  # imports JAX: only when needed

    if "run-alibi" in runs:
        cfg = runs["run-alibi"]["config"]
        out["exp_alibi_slopes"] = " and ".join(f"1/{round(1 / m)}"
                                               for m in alibi_slopes(cfg["heads"]))
        # inside the training length, the positions with the most keys before them
        start, values = last_quarter(runs["run-alibi"])
        out["exp_last_quarter_first"] = str(start)
        _spread(out, "exp_alibi_acc_last_quarter", values)
    if "run-t5" in runs:
        cfg = runs["run-t5"]["config"]
        out["exp_t5_buckets"] = str(cfg["buckets"])
        out["exp_t5_max_distance"] = str(cfg["max_distance"])
        back = np.arange(cfg["max_distance"] + 1)
        bucket = t5_buckets(cfg, back)
        out["exp_t5_exact_last"] = str(t5_exact_last(cfg))
        # the last bucket: every offset from max_distance on, and some nearer ones
        out["exp_t5_last_bucket_first"] = str(int(back[bucket == bucket[-1]].min()))
    if "run-far-t5" in runs:
        cfg = runs["run-far-t5"]["config"]
        back = np.arange(cfg["max_distance"] + 1)
        bucket = t5_buckets(cfg, back)
        same = back[bucket == bucket[cfg["offset"]]]  # the offsets T5 cannot tell apart
        out["exp_far_offset"] = str(cfg["offset"])
        out["exp_far_bucket_first"] = str(int(same.min()))
        out["exp_far_bucket_last"] = str(int(same.max()))
