"""Reading the runs' results: labels, spreads over seeds, windows of positions.

A run's results (``runs/<name>.json``) hold its complete configuration under ``config``
and one entry per seed in every measured array; the same measurements of the models before
training (the untrained control) are under ``untrained``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

Run = Mapping[str, Any]


def label(run: Run) -> str:
    """A short human name: the scheme, and how it differs from the usual causal sum."""
    cfg = run["config"]
    text = {"none": "no positions", "alibi": "ALiBi", "t5": "T5 bias"}.get(cfg["scheme"],
                                                                          cfg["scheme"])
    if cfg.get("learned_init", "random") != "random":
        text += f", starting as the {cfg['learned_init']} table"
    if cfg.get("formula", "paper") != "paper":
        text += f", {cfg['formula']} slip"
    if cfg["combine"] == "concat":
        text += f", concatenated ({cfg['d_model'] - cfg['d_position']} + {cfg['d_position']})"
    elif cfg["d_position"]:
        text += f", summed ({cfg['d_position']} + {cfg['d_position']}, then zeros)"
    if not cfg["causal"]:
        text += ", bidirectional"
    if cfg["train_offset"]:
        text += f", random offsets up to {cfg['train_offset']} (SHAPE)"
    if cfg.get("train_positions", "contiguous") == "random":
        text += f", random positions below {cfg['max_position']} (Ruoss et al.)"
    if cfg["base"] != 10000:
        text += f", base {cfg['base']:g}"
    if cfg["d_model"] != 32:
        text += f", width {cfg['d_model']}"
    if cfg.get("embed_scale", "none") != "none":
        text += ", tokens × √width"
    if is_trained_on(run):
        text += f", trained on to {cfg['steps']:,} steps"
    return str(text)


def measured(run: Run, key: str, untrained: bool = False) -> np.ndarray:
    """A measurement as an array with one entry per seed: of the trained models, or of the
    same models before training (the control)."""
    return np.asarray((run["untrained"] if untrained else run)[key], dtype=float)


def steps_trained(run: Run) -> np.ndarray:
    """The steps each seed trained before it met the convergence rule (seeds,)."""
    return np.asarray(run["steps_trained"], dtype=np.int64)


#: Training-loss levels at which the speed of training is read (``steps_to_loss``), from
#: near chance down to near solved.
SPEED_LEVELS = (2.0, 1.0, 0.1)


def check_means(run: Run) -> list[np.ndarray]:
    """Per seed, its mean training loss over each check it trained (what the convergence
    rule reads), oldest first."""
    losses, every = np.asarray(run["losses"], np.float64), run["config"]["check_every"]
    return [losses[seed, :n].reshape(-1, every).mean(1)
            for seed, n in enumerate(steps_trained(run))]


def steps_to_loss(run: Run, level: float) -> np.ndarray:
    """Per seed, the steps until its mean training loss over a check first fell to
    ``level`` or below, counted while it trained (NaN for a seed that never did)."""
    every = run["config"]["check_every"]
    reached = np.full(len(steps_trained(run)), np.nan)
    for seed, checks in enumerate(check_means(run)):
        below = np.flatnonzero(checks <= level)
        if below.size:
            reached[seed] = (below[0] + 1) * every
    return reached


def final_losses(run: Run) -> np.ndarray:
    """Each seed's mean training loss over its last check, the one that met the
    convergence rule (seeds,): what the rule judged, not one noisy step."""
    losses, every = np.asarray(run["losses"]), run["config"]["check_every"]
    return np.array([losses[s, n - every:n].mean()
                     for s, n in enumerate(steps_trained(run))])


def best_head_row(run: Run, untrained: bool = False) -> np.ndarray:
    """Per seed, the attention by offset (seeds, L) of the head, of any block, that gives
    the task's key (``offset`` back) the most weight."""
    weights = measured(run, "attention_by_offset", untrained)  # (seeds, layers, heads, L)
    flat = weights.reshape(weights.shape[0], -1, weights.shape[-1])
    row: np.ndarray = flat[np.arange(len(flat)), flat[:, :, run["config"]["offset"]].argmax(1)]
    return row


#: Accuracy as trained at which a seed counts as having solved the task.
SOLVED = 0.99
#: ... and as having nearly solved it.
NEARLY_SOLVED = 0.95


def as_trained(run: Run) -> np.ndarray:
    """Per seed, the accuracy on sequences of the training length placed as in training:
    at positions 0 .. L-1, or, for randomised positions, at sorted random positions drawn
    as in training."""
    if run["config"].get("train_positions", "contiguous") == "random":
        return measured(run, "random_placed_accuracy")
    return windows(run)["trained"]


def plateau_seeds(runs: Mapping[str, Run]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Over every copy-task run, each seed the plateau rule stopped: the run's name, its
    accuracy as trained (:func:`as_trained`) and its :func:`late_gain` (three arrays, one
    entry per such seed)."""
    names, accuracy, gains = [], [], []
    for name, run in runs.items():
        plateau = np.asarray(run["stopped_by"]) == "plateau"
        if plateau.any():
            names.append(np.full(int(plateau.sum()), name))
            accuracy.append(as_trained(run)[plateau])
            gains.append(late_gain(run)[plateau])
    if not accuracy:
        return np.zeros(0, dtype=str), np.zeros(0), np.zeros(0)
    return np.concatenate(names), np.concatenate(accuracy), np.concatenate(gains)


def ablation_weights(run: Run, untrained: bool = False) -> np.ndarray:
    """Per seed, the weight on the task's key of the ablation's three heads (the copy head,
    the control in its block, the control elsewhere): (seeds, 3)."""
    weights = measured(run, "attention_by_offset", untrained)[..., run["config"]["offset"]]
    heads = measured(run, "ablation_heads", untrained).astype(int)  # (seeds, 3, (block, head))
    seeds = np.arange(len(heads))[:, None]
    chosen: np.ndarray = weights[seeds, heads[..., 0], heads[..., 1]]
    return chosen


def block_ablation(run: Run, untrained: bool = False) -> np.ndarray:
    """Per seed, accuracy with every head of a block removed at once: the copy head's block,
    then the block of the control elsewhere; each zeroed, then replaced by the heads' means
    (seeds, 2 blocks, 2 ways)."""
    heads = measured(run, "ablation_heads", untrained).astype(int)  # (seeds, 3, (block, head))
    by_block = measured(run, "block_ablation_accuracy", untrained)  # (seeds, layers, 2)
    seeds = np.arange(len(heads))[:, None]
    chosen: np.ndarray = by_block[seeds, heads[:, [0, 2], 0]]
    return chosen


def rank_correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rank correlation of two samples (SciPy's, which also ranks ties)."""
    from scipy import stats  # type: ignore[import-untyped]  # no stubs installed

    return float(stats.spearmanr(a, b).statistic)


#: The last steps of a run over which :func:`late_fall_in_errors` fits its line.
FALL_STEPS = 1000


def late_fall_in_errors(run: Run) -> np.ndarray:
    """Per seed, how many standard errors the least-squares line through its training
    loss at each of its last :data:`FALL_STEPS` steps falls by per step (SciPy's
    ``linregress``: slope over its standard error, sign flipped): above 2, the loss was
    still falling beyond what batch-to-batch noise alone would show (each step draws a fresh
    batch). NaN for a seed that trained fewer steps."""
    from scipy import stats  # no stubs installed: see rank_correlation

    losses = np.asarray(run["losses"], np.float64)
    falls = []
    for seed, n in enumerate(steps_trained(run)):
        if n < FALL_STEPS:
            falls.append(np.nan)
            continue
        fit = stats.linregress(np.arange(FALL_STEPS), losses[seed, n - FALL_STEPS:n])
        if fit.stderr > 0:
            falls.append(-fit.slope / fit.stderr)
        else:  # an exact line: falling, flat or rising with no noise at all
            falls.append(0.0 if fit.slope == 0 else -np.sign(fit.slope) * np.inf)
    return np.array(falls)


def weight_and_cost_gaps(run: Run) -> tuple[np.ndarray, np.ndarray]:
    """Per seed, within the copy head's block: how much more weight the copy head gives the
    task's key than the control there, and how much more zeroing it costs (seeds,) both."""
    weight = ablation_weights(run)
    zeroed = measured(run, "ablation_accuracy")
    return weight[:, 0] - weight[:, 1], zeroed[:, 2] - zeroed[:, 1]


#: The checks "still gaining" is read over (:func:`late_gain`): the last 300 steps
#: against the 300 before, whatever the run's plateau rule.
GAIN_WINDOW = 3


def late_gain(run: Run) -> np.ndarray:
    """Each seed's relative fall of its mean training loss over its last
    :data:`GAIN_WINDOW` checks against as many checks before them (seeds,): positive where
    the loss was still falling when the seed stopped (NaN for a seed that trained fewer
    than twice as many)."""
    cfg = run["config"]
    losses, span = np.asarray(run["losses"], np.float64), GAIN_WINDOW * cfg["check_every"]
    gains = []
    for s, n in enumerate(steps_trained(run)):
        if n < 2 * span:
            gains.append(np.nan)
            continue
        before, last = losses[s, n - 2 * span:n - span].mean(), losses[s, n - span:n].mean()
        gains.append((before - last) / before)
    return np.array(gains)


def loss_at(run: Run, step: int) -> np.ndarray:
    """Each seed's training loss at ``step`` (1-based); NaN for a seed that had already
    stopped (a frozen model's loss is not a training loss)."""
    losses = np.asarray(run["losses"], dtype=np.float64)
    return np.array([losses[s, step - 1] if step <= n else np.nan
                     for s, n in enumerate(steps_trained(run))])


def stopped_by(run: Run) -> dict[str, int]:
    """How many seeds the convergence rule stopped for each reason, in the rule's order."""
    reasons = list(run["stopped_by"])
    return {reason: reasons.count(reason) for reason in ("target", "plateau", "cap")
            if reason in reasons}


def first_scored(run: Run) -> int:
    """The first position with an answer (``char_lm``: every position, the next character)."""
    task = run["config"]["task"]
    return int({"copy_back": run["config"]["offset"], "copy_half": 1}.get(task, 0))


def is_text(run: Run) -> bool:
    """Whether the run is next-character prediction on text (its measures differ)."""
    return bool(run["config"]["task"] == "char_lm")


def is_trained_on(run: Run) -> bool:
    """Whether a copy-task run trains a fixed number of steps, with no stopping rule before
    its cap (a run's seeds trained on past where the rule stopped them)."""
    cfg = run["config"]
    return bool(cfg.get("target_loss") == 0 and cfg.get("patience") == 0) and not is_text(run)


def seeds(values: Any) -> tuple[float, float, float]:
    """Mean, lowest and highest over the seeds (axis 0) of per-seed numbers."""
    arr = np.asarray(values, dtype=float)
    return float(arr.mean()), float(arr.min()), float(arr.max())


def spread_text(values: Any, decimals: int = 2) -> str:
    """``0.93 (0.91–0.95)``: mean over the seeds, then lowest–highest; a true minus."""
    mean, lo, hi = (_signed(v, decimals) for v in seeds(values))
    return f"{mean} ({lo} to {hi})"


def _signed(value: float, decimals: int) -> str:
    """Fixed decimals with a true minus; a value that rounds to zero shows no sign."""
    text = f"{value:.{decimals}f}"
    return (text.lstrip("-") if float(text) == 0 else text).replace("-", "\u2212")


def window(run: Run, start: int, stop: int, key: str = "accuracy_by_position",
           untrained: bool = False) -> np.ndarray:
    """Per-seed accuracy over positions ``start .. stop-1`` (positions with an answer)."""
    acc = measured(run, key, untrained)[:, max(start, first_scored(run)):stop]
    return acc.mean(axis=1) if acc.shape[1] else np.full(acc.shape[0], np.nan)


def windows(run: Run, key: str = "accuracy_by_position", untrained: bool = False
            ) -> dict[str, np.ndarray]:
    """Accuracy (or the by-position measure ``key``) inside the training length, up to
    twice it, beyond that, and over all; of the untrained control if ``untrained``."""
    length, top = run["config"]["train_length"], run["config"]["eval_length"]
    out = {"trained": window(run, 0, length, key, untrained),
           "to_double": window(run, length, min(2 * length, top), key, untrained),
           "beyond": window(run, 2 * length, top, key, untrained),
           "all": window(run, 0, top, key, untrained)}
    return {name: values for name, values in out.items() if values.size and
            np.isfinite(values).all()}  # windows with no position are left out


def t5_buckets(config: Mapping[str, Any], back: np.ndarray) -> np.ndarray:
    """The T5 bucket, under a run's settings, of a key each of ``back`` places back."""
    from experiments.model import t5_bucket  # imports JAX: only when needed

    return np.asarray(t5_bucket(-np.asarray(back), not config["causal"], config["buckets"],
                                config["max_distance"]))


def t5_exact_last(config: Mapping[str, Any]) -> int:
    """The last offset with a T5 bucket of its own: offsets 0 to it are told apart."""
    bucket = t5_buckets(config, np.arange(config["max_distance"] + 1))
    alone = np.bincount(bucket)[bucket] == 1
    return int(np.argmin(alone)) - 1


def count_windows(run: Run, which: str) -> dict[str, float]:
    """A text run's count model ``which`` (``unigram`` or ``bigram``), scored on the
    characters the models are scored on: its loss in the windows of :func:`windows` and at
    position 0 (``first``); one number each, the same for every seed."""
    values = np.asarray(run["count_loss_by_position"][which], dtype=float)[None, :]
    out = {name: float(v[0]) for name, v in windows({**run, "count": values}, "count").items()}
    out["first"] = float(values[0, 0])
    return out


def uniform_loss(run: Run) -> float:
    """The loss of a uniform guess over a text run's symbols: ln of their number, at every
    position and for every text."""
    return float(np.log(run["config"]["vocab"]))


def last_quarter(run: Run) -> tuple[int, np.ndarray]:
    """The first position of the last quarter of the training length, and each seed's
    accuracy there: the positions inside with the most keys before them."""
    length = run["config"]["train_length"]
    start = length - length // 4
    return start, window(run, start, length)


def placed(run: Run, shift: int, key: str = "placed_accuracy",
           untrained: bool = False) -> np.ndarray:
    """Per-seed result for training-length sequences placed at ``shift``."""
    return measured(run, key, untrained)[:, run["config"]["shifts"].index(shift)]


def placed_halves(run: Run, shift: int) -> list[tuple[str, int, int]]:
    """The two halves of a training-length sequence placed at ``shift``, named and given as
    the positions of their scored tokens, ``(name, start, stop)``: its ``first`` half from
    its first answer, and its ``second`` half (a half with no scored token is left out)."""
    begin, middle = shift + first_scored(run), shift + run["config"]["train_length"] // 2
    halves = [("first", begin, middle),
              ("second", max(middle, begin), shift + run["config"]["train_length"])]
    return [(name, start, stop) for name, start, stop in halves if start < stop]


def placed_tokens(run: Run, shift: int, start: int, stop: int,
                  key: str = "placed_correct_by_position") -> np.ndarray:
    """Per-seed mean of a token-by-token placement measure over the tokens of the sequence
    placed at ``shift`` that lie at positions ``start .. stop-1`` (positions, not tokens)."""
    values = measured(run, key)[:, run["config"]["shifts"].index(shift)]
    chosen: np.ndarray = values[:, start - shift:stop - shift].mean(axis=1)
    return chosen


def seen_in_training(run: Run) -> int:
    """Positions below this were seen in training (every training sequence lies inside)."""
    cfg = run["config"]
    if cfg.get("train_positions", "contiguous") == "random":
        return int(cfg["max_position"])
    return int(cfg["train_offset"] + cfg["train_length"])


def placed_split(run: Run, shift: int, key: str, untrained: bool = False
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Per-seed means of a token-by-token placement measure (``placed_*_by_position``) for a
    training-length sequence placed at ``shift``: over its scored tokens at positions seen
    in training, and over those beyond them. A side with no such token is all NaN."""
    return split_by_side(run, shift,
                         measured(run, key, untrained)[:, run["config"]["shifts"].index(shift)])


def attention_split(run: Run, shift: int, layer: int, untrained: bool = False
                    ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`placed_split` of the change of block ``layer``'s attention rows (from 0)."""
    values = measured(run, "shift_change_by_position", untrained)
    return split_by_side(run, shift, values[:, layer, run["config"]["shifts"].index(shift)])


def copy_block_changes(run: Run, untrained: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The change of attention rows at seen positions under each shift that has them, in the
    block that holds the trained model's copy head and in the other block (of a two-block
    model): two arrays (seeds, shifts). ``untrained``: the same blocks of the model before
    training."""
    if run["config"]["layers"] != 2:
        raise ValueError(f"copy_block_changes needs a model of two blocks, not "
                         f"{run['config']['layers']}")
    blocks = measured(run, "ablation_heads")[:, 0, 0].astype(int)  # the copy head's block
    shifts = [s for s in run["config"]["shifts"]
              if s and np.isfinite(attention_split(run, s, 0)[0]).all()]
    by_layer = np.array([[attention_split(run, s, layer, untrained)[0] for s in shifts]
                         for layer in (0, 1)])  # (layers, shifts, seeds)
    seeds = np.arange(len(blocks))
    return by_layer[blocks, :, seeds], by_layer[1 - blocks, :, seeds]


def split_by_side(run: Run, shift: int, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-seed means of ``values`` (seeds, train_length), one per token of a sequence
    placed at ``shift``, over its scored tokens seen in training and over those beyond."""
    tokens = np.arange(values.shape[1])
    scored = tokens >= first_scored(run)
    seen = shift + tokens < seen_in_training(run)

    def mean(mask: np.ndarray) -> np.ndarray:
        chosen = values[:, mask]
        return chosen.mean(1) if chosen.shape[1] else np.full(values.shape[0], np.nan)

    return mean(scored & seen), mean(scored & ~seen)


def uniform_by_offset(length: int) -> np.ndarray:
    """The weight causal attention spread evenly gives the key ``k`` back, averaged over the
    queries that have one: the by-offset measure's reading when nothing is learned."""
    queries = np.arange(length)
    return np.array([np.mean(1.0 / (queries[k:] + 1)) for k in range(length)])


def same_setting(runs: Mapping[str, Run], **expected: Any) -> None:
    """Raise if a run's configuration differs from what the declaration (its caption) says."""
    for name, run in runs.items():
        for key, value in expected.items():
            if run["config"][key] != value:
                raise ValueError(f"run {name!r} has {key}={run['config'][key]!r}, but the "
                                 f"artifact's text says {value!r}")


def chance(run: Run) -> float:
    """Accuracy of guessing a token uniformly."""
    return 1.0 / float(run["config"]["vocab"])


def interval(values: Any, level: float = 0.95) -> tuple[float, float]:
    """The ``level`` confidence interval of the mean over the seeds, from Student's t (the
    seeds taken as independent draws; with one seed, the value itself)."""
    from scipy import stats  # no stubs installed: see rank_correlation

    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean())
    if arr.size < 2:
        return mean, mean
    half = float(stats.t.ppf(0.5 + level / 2, arr.size - 1) * arr.std(ddof=1) / np.sqrt(arr.size))
    return mean - half, mean + half


#: The probes' read-outs recorded by the runs, by the short name their numbers use.
PROBE_FIELDS = {"probe": "probe_accuracy", "probe_ridge": "probe_ridge_accuracy",
                "probe_r2": "probe_r2", "probe_sq": "probe_sq_accuracy",
                "probe_sq_r2": "probe_sq_r2"}


def probe_readouts(run: Run, untrained: bool = False) -> dict[str, np.ndarray]:
    """Every probe read-out of a run, (seeds, depths) each, by its short name."""
    return {what: measured(run, field, untrained) for what, field in PROBE_FIELDS.items()}
