"""Tables of the experiments: configurations and results, from the runs' records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from scripts.artifacts.results.data import (
    SPEED_LEVELS,
    Run,
    ablation_weights,
    as_trained,
    block_ablation,
    count_windows,
    final_losses,
    label,
    loss_at,
    measured,
    placed,
    placed_halves,
    placed_split,
    placed_tokens,
    probe_readouts,
    same_setting,
    seen_in_training,
    spread_text,
    steps_to_loss,
    steps_trained,
    stopped_by,
    uniform_by_offset,
    uniform_loss,
    window,
    windows,
)
from scripts.artifacts.tables import markdown_table

#: What each setting means, for the configuration tables (every setting must have one).
MEANINGS = {
    "scheme": "position scheme", "causal": "causal attention mask",
    "combine": "how positions join the tokens", "d_model": "model width",
    "d_position": "width of the position vector (0: the model width)",
    "heads": "attention heads", "layers": "blocks", "d_mlp": "MLP width",
    "base": "base of the sinusoids and rotary angles",
    "learned_init": "how a learned table starts: random, or the sinusoidal table",
    "formula": "the sinusoid's frequencies: the paper's, or the column-exponent slip",
    "embed_scale": "token vectors times nothing, or times the square root of their width",
    "buckets": "t5: relative-position buckets (half per direction if bidirectional)",
    "max_distance": "t5: offsets from here on share the last bucket",
    "task": "copy_back: the token `offset` places back; copy_half: the token at half the position",
    "vocab": "distinct tokens", "offset": "copy_back: copy the token this many places back",
    "train_length": "training sequence length",
    "steps": "most training steps (the cap of the convergence rule)",
    "target_loss": "convergence: a seed stops when its mean loss over a check is at most this",
    "target_checks": "convergence: at this many checks in a row (the target)",
    "patience": ("convergence: or when a line fitted through this many checks falls by less "
                 "than min_gain (a plateau; 0: no plateau rule)"),
    "min_gain": "convergence: a plateau's fall, at most, as a share of those checks' mean",
    "batch": "sequences per step", "learning_rate": "peak learning rate (Adam)",
    "warmup": "linear warm-up steps, then a constant rate",
    "seeds": "seeds (weights and training data)",
    "eval_length": "evaluation sequence length", "eval_batch": "evaluation sequences",
    "train_offset": "training sequences start at a random position up to this (SHAPE)",
    "train_positions": "training positions: contiguous, or a sorted random subset (random)",
    "max_position": "random: training positions are drawn below this",
    "shifts": "placements of training-length sequences (shift test)",
    "probe_batch": "sequences to fit the probe (as many to test it)",
    "probe_ridge": "shrinkage of the probes' covariance (relative)",
    "check_every": "steps between checks of the convergence rule",
    "corpus": "char_lm: SHA-256 of the text it trains on (empty: a synthetic task)",
}


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value).replace("_", " ")


def shared_settings(*, runs: Mapping[str, Run]) -> str:
    """Every setting that all runs share, with its meaning."""
    configs = [r["config"] for r in runs.values()]
    rows = [[f"`{key}`", MEANINGS[key], _value(configs[0][key])]
            for key in configs[0] if all(c[key] == configs[0][key] for c in configs)]
    return markdown_table(["setting", "meaning", "value"], rows, "llr")


def run_settings(*, runs: Mapping[str, Run]) -> str:
    """The settings in which the runs differ, one row per run, with its parameter count."""
    configs = [r["config"] for r in runs.values()]
    differ = [k for k in configs[0] if any(c[k] != configs[0][k] for c in configs)]
    def shown(key: str, value: Any) -> str:  # a digest: its first digits name it here
        return f"`{value[:12]}…`" if key == "corpus" and value else _value(value)

    rows = [[f"`{name}`", *(shown(k, r["config"][k]) for k in differ), f"{r['parameters']:,}"]
            for name, r in runs.items()]
    return markdown_table(["run", *(f"`{k}`" for k in differ), "parameters"], rows,
                          "l" + "l" * len(differ) + "r")


def extrapolation(*, runs: Mapping[str, Run], by_name: bool = False) -> str:
    """Accuracy in windows of positions of long sequences, and with positions scaled into
    the trained range (interpolation); last, each model's control: the same model before
    training, over every position. ``by_name``: rows named by run, not by model (where
    two rows would read alike)."""
    first = next(iter(runs.values()))["config"]
    length, top = first["train_length"], first["eval_length"]
    rows = []
    for name, run in runs.items():
        w = windows(run)
        rows.append([f"`{name}`" if by_name else label(run), spread_text(w["trained"]),
                     spread_text(w["to_double"]),
                     spread_text(w["beyond"]),
                     spread_text(windows(run, "interpolated_accuracy_by_position")["all"]),
                     spread_text(windows(run, untrained=True)["all"])])
    return markdown_table(
        ["run" if by_name else "model", f"positions up to {length - 1} (trained)",
         f"{length}–{2 * length - 1}",
         f"{2 * length}–{top - 1}", f"all {top}, positions scaled into 0–{length - 1}",
         f"before training, all {top}"],
        rows, "lrrrrr")


def random_positions(*, runs: Mapping[str, Run]) -> str:
    """Models trained at random positions, tested three ways, by token index: sequences of
    the training length at sorted random positions from the range they were trained on (as in
    training); the long sequences at positions 0 .. n-1; and the long sequences at sorted
    random positions from that range (as Ruoss et al.'s code tests them; denser than in
    training)."""
    first = next(iter(runs.values()))["config"]
    same_setting(runs, train_length=first["train_length"], eval_length=first["eval_length"])
    length, top = first["train_length"], first["eval_length"]
    rows = []
    for run in runs.values():
        below = run["config"]["max_position"]
        rows.append([label(run), f"{length} tokens, random below {below}, as in training",
                     spread_text(measured(run, "random_placed_accuracy")), "–", "–"])
        for how, key in ((f"{top} tokens, 0 to {top - 1}", "accuracy_by_position"),
                         (f"{top} tokens, random below {below}", "random_accuracy_by_position")):
            w = windows(run, key)
            rows.append([label(run), how, spread_text(w["trained"]), spread_text(w["to_double"]),
                         spread_text(w["beyond"])])
    return markdown_table(
        ["model", "tested on", f"tokens 0–{length - 1}", f"{length}–{2 * length - 1}",
         f"{2 * length}–{top - 1}"], rows, "llrrr")


def placement(*, runs: Mapping[str, Run]) -> str:
    """The same positions reached two ways: inside a long sequence (with every key, and with
    the keys ``train_length`` or more back masked), or by a sequence of the training length
    placed there; each placed sequence in two halves, scored at the same positions."""
    rows = []
    first = next(iter(runs.values()))["config"]
    # the header's lengths are the first run's: every run must share them
    same_setting(runs, train_length=first["train_length"], eval_length=first["eval_length"])
    for run in runs.values():
        length = run["config"]["train_length"]
        for shift in run["config"]["shifts"]:
            if shift < length:
                continue
            for half, start, stop in placed_halves(run, shift):
                rows.append([label(run), f"{start}–{stop - 1}", f"{half} half",
                             spread_text(window(run, start, stop)),
                             spread_text(window(run, start, stop,
                                                "capped_accuracy_by_position")),
                             spread_text(placed_tokens(run, shift, start, stop)),
                             spread_text(placed_tokens(run, shift, start, stop,
                                                       "placed_output_change_by_position"))])
    return markdown_table(["model", "positions", "of the placed sequence",
                           f"in a sequence of {first['eval_length']} tokens",
                           f"the same, keys {first['train_length']} or more back masked",
                           f"as a sequence of {first['train_length']} tokens placed there",
                           "change of the output (placed)"], rows, "lllrrrr")


def _spread_or_dash(values: np.ndarray, decimals: int = 2) -> str:
    return spread_text(values, decimals) if np.isfinite(values).all() else "–"


def shift_split(*, runs: Mapping[str, Run]) -> str:
    """A training-length sequence moved to later positions, scored token by token: the
    tokens at positions seen in training apart from those beyond them. Per side: accuracy,
    the share of answers (arg-max) that differ from the unshifted sequence's, and the
    total-variation distance of the outputs; untrained: the same models before training."""
    rows = []
    for run in runs.values():
        length, limit = run["config"]["train_length"], seen_in_training(run)
        for shift in (s for s in run["config"]["shifts"] if s):
            def side(key: str, untrained: bool = False, which: int = 0,
                     run: Run = run, shift: int = shift) -> str:
                return _spread_or_dash(placed_split(run, shift, key, untrained)[which])
            last = shift + length - 1
            where = (f"{shift}–{min(last, limit - 1)}" if shift < limit else "–",
                     f"{max(shift, limit)}–{last}" if last >= limit else "–")
            rows.append([label(run), str(shift), where[0],
                         side("placed_correct_by_position"),
                         side("placed_changed_by_position"),
                         side("placed_changed_by_position", untrained=True),
                         side("placed_output_change_by_position"),
                         side("placed_output_change_by_position", untrained=True),
                         where[1],
                         side("placed_correct_by_position", which=1),
                         side("placed_changed_by_position", which=1),
                         side("placed_changed_by_position", untrained=True, which=1)])
    header = ["model", "shift", "seen positions", "seen: accuracy", "seen: answers changed",
              "seen: answers changed, untrained", "seen: output change",
              "seen: output change, untrained", "positions beyond", "beyond: accuracy",
              "beyond: answers changed", "beyond: answers changed, untrained"]
    return markdown_table(header, rows, "lrl" + "r" * 5 + "l" + "r" * 3)


def offsets(*, runs: Mapping[str, Run]) -> str:
    """How much outputs and attention change when a sequence is moved along, trained and
    untrained."""
    first = next(iter(runs.values()))["config"]
    shifts = [s for s in first["shifts"] if s]
    rows = []
    for run in runs.values():
        layers = measured(run, "shift_change").shape[1]
        for untrained in (False, True):
            state = "untrained" if untrained else "trained"
            rows.append([label(run), f"output, {state}",
                         *(spread_text(placed(run, s, "placed_output_change", untrained))
                           for s in shifts), "–"])
            change = measured(run, "shift_change", untrained)
            shuffle = measured(run, "shuffle_change", untrained)
            for layer in range(layers):
                rows.append([label(run), f"attention, block {layer + 1}, {state}",
                             *(spread_text(change[:, layer, first["shifts"].index(s)])
                               for s in shifts), spread_text(shuffle[:, layer])])
    header = ["model", "what changes", *(f"shift {s}" for s in shifts), "shuffled"]
    return markdown_table(header, rows, "ll" + "r" * (len(header) - 2))


def attention_by_offset(*, runs: Mapping[str, Run]) -> str:
    """Per head: the weight on the key the task needs, against the same head untrained and
    against attention spread evenly."""
    rows = []
    for run in runs.values():
        cfg = run["config"]
        k = cfg["offset"]
        trained = measured(run, "attention_by_offset")  # (seeds, layers, heads, L)
        untrained = measured(run, "attention_by_offset", untrained=True)
        even = uniform_by_offset(cfg["train_length"])[k]
        for layer in range(trained.shape[1]):
            for head in range(trained.shape[2]):
                rows.append([label(run), str(layer + 1), str(head + 1),
                             spread_text(trained[:, layer, head, k]),
                             spread_text(trained[:, layer, head, :k].sum(-1)),
                             spread_text(untrained[:, layer, head, k]), f"{even:.2f}"])
    k = next(iter(runs.values()))["config"]["offset"]
    return markdown_table(
        ["model", "block", "head", f"weight on the key {k} back",
         f"weight on keys 0–{k - 1} back", f"untrained, {k} back", f"spread evenly, {k} back"],
        rows, "lrrrrrr")


#: The probe table's read-outs (short names of ``numbers.probe_readouts``), in order.
PROBE_ROWS = {"probe": "exact position (discriminant on x)",
              "probe_ridge": "exact position (ridge on x, one-hot)",
              "probe_r2": "R² of the position number (x)",
              "probe_sq": "exact position (discriminant on x, x²)",
              "probe_sq_r2": "R² of the position number (x, x²)"}


def probe(*, runs: Mapping[str, Run]) -> str:
    """The position probes after the embedding and each block, trained and untrained: the
    discriminant read-out, the weaker ridge read-out and R² of the position number on the
    features (differences of means), and the same on the features with their squares (also
    differences of variances)."""
    first = next(iter(runs.values()))
    depth = len(first["probe_accuracy"][0])
    rows = []
    for run in runs.values():
        readouts = {u: probe_readouts(run, u) for u in (False, True)}
        for key, what in PROBE_ROWS.items():
            for untrained in (False, True):
                values = readouts[untrained][key]
                rows.append([label(run), what, "untrained" if untrained else "trained",
                             *(spread_text(values[:, i]) for i in range(depth))])
    where = ["embedding", *(f"block {i}" for i in range(1, depth))]
    return markdown_table(["model", "read-out", "model", *where], rows,
                          "lll" + "r" * depth)


def sum_concat(*, runs: Mapping[str, Run]) -> str:
    rows = []
    for run in runs.values():
        w = windows(run)
        rows.append([label(run), f"{run['parameters']:,}",
                     spread_text(final_losses(run), 3), spread_text(w["trained"]),
                     spread_text(w["to_double"]), spread_text(w["beyond"]),
                     spread_text(measured(run, "probe_accuracy")[:, 0])])
    cfg = next(iter(runs.values()))["config"]
    length, top = cfg["train_length"], cfg["eval_length"]
    header = ["model", "parameters", "final training loss", "accuracy, trained positions",
              f"accuracy, {length}–{2 * length - 1}", f"accuracy, {2 * length}–{top - 1}",
              "probe after embedding"]
    return markdown_table(header, rows, "lrrrrrr")


def bases(*, runs: Mapping[str, Run]) -> str:
    """Accuracy by base, for each scheme, in the trained window and beyond it; last, the
    same model before training, over every position (its control)."""
    ordered = sorted(runs.values(), key=lambda r: (r["config"]["scheme"], r["config"]["base"]))
    rows = []
    for run in ordered:
        w = windows(run)
        rows.append([run["config"]["scheme"], f"{run['config']['base']:,.0f}",
                     str(len(run["config"]["seeds"])), spread_text(w["trained"]),
                     spread_text(w["to_double"]), spread_text(w["beyond"]),
                     spread_text(windows(run, untrained=True)["all"])])
    cfg = ordered[0]["config"]
    length, top = cfg["train_length"], cfg["eval_length"]
    return markdown_table(["scheme", "base", "seeds", f"positions up to {length - 1}",
                           f"{length}–{2 * length - 1}", f"{2 * length}–{top - 1}",
                           f"before training, all {top}"],
                          rows, "lrrrrrr")


#: What each entry of a run's ``environment`` record means (every entry must have one).
ENVIRONMENT = {"system": "operating system and machine", "cpu": "processor",
               "cpu_features": "processor generation and vector instructions",
               "logical_cpus": "logical processors", "device": "device JAX computed on",
               "xla_flags": "XLA flags (one thread per run)", "python": "Python"}


def environment(*, runs: Mapping[str, Run]) -> str:
    """Where the runs were trained, from their records: one column per distinct record
    (normally one), with the library versions, the runs it holds named."""
    def flat(run: Run) -> dict[str, str]:
        env = dict(run["environment"])
        libraries = env.pop("libraries")
        rows = {ENVIRONMENT[k]: f"`{v}`" if k == "xla_flags" else str(v) for k, v in env.items()}
        return rows | {f"`{lib}`": str(v) for lib, v in libraries.items()}

    groups: dict[tuple[tuple[str, str], ...], list[str]] = {}
    for name, run in runs.items():
        groups.setdefault(tuple(flat(run).items()), []).append(name)
    if len(groups) == 1:
        ((record, _),) = groups.items()
        return markdown_table(["recorded", f"every run ({len(runs)})"], [list(r) for r in record], "ll")
    records = [dict(r) for r in groups]
    keys = list(dict.fromkeys(k for r in records for k in r))
    header = ["recorded", *(", ".join(f"`{n}`" for n in names) for names in groups.values())]
    return markdown_table(header, [[k, *(r.get(k, "not recorded") for r in records)] for k in keys],
                          "l" * len(header))


def losses(*, runs: Mapping[str, Run], steps: list[int]) -> str:
    """The training loss at a few steps, and the accuracy inside the training length at the
    end: how fast each model trained, and how far. A seed that had met the convergence
    rule before a step has no loss there; a cell with fewer seeds says how many it has."""
    for name, run in runs.items():
        if max(steps) > run["config"]["steps"]:
            raise ValueError(f"run {name!r} could train at most {run['config']['steps']} "
                             f"steps; the table asks for the loss at step {max(steps)}")
    length = next(iter(runs.values()))["config"]["train_length"]
    same_setting(runs, train_length=length)

    def cell(values: np.ndarray) -> str:
        live = values[np.isfinite(values)]
        if not len(live):
            return "stopped"
        text = spread_text(live)
        if len(live) == len(values):
            return text
        return f"{text} ({len(live)} seed{'' if len(live) == 1 else 's'})"

    rows = [[label(run), *(cell(loss_at(run, s)) for s in steps),
             spread_text(windows(run)["trained"], 3)] for run in runs.values()]
    # one step's loss is on one batch: noisy, as the header says
    batch = next(iter(runs.values()))["config"]["batch"]
    return markdown_table(["model", *(f"loss at step {s} (one batch of {batch})" for s in steps),
                           f"accuracy, positions up to {length - 1}"],
                          rows, "l" + "r" * (len(steps) + 1))


def speed(*, runs: Mapping[str, Run]) -> str:
    """How fast each model trained: the steps until each seed's mean training loss over a
    check first fell to each of :data:`SPEED_LEVELS` (mean, lowest to highest seed, over
    the seeds that reached it), and the accuracy as trained at the end."""
    def cell(run: Run, level: float) -> str:
        steps = steps_to_loss(run, level)
        reached = steps[np.isfinite(steps)].astype(np.int64)
        if not reached.size:
            return f"not by {run['config']['steps']:,}"
        text = f"{round(float(reached.mean())):,} ({reached.min():,} to {reached.max():,})"
        if reached.size < steps.size:
            text += f", {reached.size} of {steps.size} seeds"
        return text

    rows = [[label(run), *(cell(run, level) for level in SPEED_LEVELS),
             spread_text(as_trained(run), 3)] for run in runs.values()]
    return markdown_table(["model", *(f"steps to a loss of {level:g}" for level in SPEED_LEVELS),
                           "accuracy as trained, at the end"],
                          rows, "l" + "r" * (len(SPEED_LEVELS) + 1))


def task_name(config: Mapping[str, Any]) -> str:
    """The task as the tables name it, with how far back the copy task's answer lies (runs
    that differ only there would read alike otherwise)."""
    if config["task"] == "copy_back":
        return f"copy {config['offset']} back"
    return str(config["task"]).replace("_", " ")


def convergence(*, runs: Mapping[str, Run]) -> str:
    """Each run's steps to meet the convergence rule, why its seeds stopped, and the mean
    loss over the last check (mean over the seeds, lowest to highest)."""
    rows = []
    for name, run in runs.items():
        n = steps_trained(run)
        why = ", ".join(f"{reason} {count}" for reason, count in stopped_by(run).items())
        rows.append([f"`{name}`", label(run), task_name(run["config"]),
                     f"{round(float(n.mean())):,} ({n.min():,} to {n.max():,})",
                     why, spread_text(final_losses(run), 3)])
    return markdown_table(["run", "model", "task", "steps (mean, lowest to highest seed)",
                           "seeds stopped by", "loss over the last check"], rows, "lllrlr")


def table_movement(*, runs: Mapping[str, Run]) -> str:
    """How far each learned table moved from its initial value in training: over the rows
    seen in training (relative distance), and the largest change in the rows never seen.
    (No untrained column: the initial table against itself reads 0 by definition.)"""
    rows = []
    for name, run in runs.items():
        if "table_moved" not in run:
            raise ValueError(f"run {name!r} has no learned table to measure")
        seen = seen_in_training(run)
        rows.append([label(run), f"0–{seen - 1}",
                     spread_text(measured(run, "table_moved")),
                     spread_text(measured(run, "table_moved_unseen"), 3)])
    return markdown_table(["model", "rows seen in training",
                           "moved, seen rows (relative to their initial size)",
                           "largest change of an entry in the other rows"], rows, "llrr")


def capped(*, runs: Mapping[str, Run]) -> str:
    """Accuracy beyond the training length with every key, and with the keys as far back
    as the training length or further masked (distance-capped), trained and untrained."""
    first = next(iter(runs.values()))["config"]
    length, top = first["train_length"], first["eval_length"]
    same_setting(runs, train_length=length, eval_length=top)
    spans = [(length, min(2 * length, top)), (2 * length, top)]
    rows = []
    for run in runs.values():
        for untrained in (False, True):
            cells = [spread_text(window(run, a, b, key, untrained))
                     for a, b in spans for key in ("accuracy_by_position",
                                                   "capped_accuracy_by_position")]
            rows.append([label(run), "untrained" if untrained else "trained",
                         spread_text(window(run, 0, length, untrained=untrained)), *cells])
    header = ["model", "model state", f"positions up to {length - 1}"]
    for a, b in spans:
        header += [f"{a}–{b - 1}, every key", f"{a}–{b - 1}, keys under {length} back"]
    return markdown_table(header, rows, "ll" + "r" * (len(header) - 2))


def ablation(*, runs: Mapping[str, Run], untrained: bool = False) -> str:
    """Per seed: the accuracy inside the training length intact, and with each of three
    heads removed, zeroed or replaced by its mean output: the copy head (most weight on
    the task's key), the control in its block (least weight there) and the control in the
    other block (least weight there), each with its weight on the key; then every head of
    the copy head's block, and of the other block, removed at once. ``untrained``: the
    same for the model before training, its heads chosen from its own attention."""
    roles = ("copy head", "control, same block", "control, other block")
    rows = []
    for run in runs.values():
        for i, seed in enumerate(run["config"]["seeds"]):
            heads = measured(run, "ablation_heads", untrained)[i].astype(int)
            zeroed = measured(run, "ablation_accuracy", untrained)[i]
            averaged = measured(run, "mean_ablation_accuracy", untrained)[i]
            weight = ablation_weights(run, untrained)[i]
            blocks = block_ablation(run, untrained)[i]  # (copy block, other block), 2 ways
            row = [label(run), str(seed), f"{zeroed[0]:.2f}"]
            for i_role in range(len(roles)):
                row += [f"{heads[i_role, 0] + 1}.{heads[i_role, 1] + 1} ({weight[i_role]:.2f})",
                        f"{zeroed[i_role + 1]:.2f}", f"{averaged[i_role]:.2f}"]
            for i_block, i_head in ((0, 0), (1, 2)):  # the copy head's block, the other
                row += [f"{heads[i_head, 0] + 1}", f"{blocks[i_block, 0]:.2f}",
                        f"{blocks[i_block, 1]:.2f}"]
            rows.append(row)
    header = ["model", "seed", "intact"]
    for role in roles:
        header += [f"{role} (weight on the key)", f"{role}: zeroed", f"{role}: mean"]
    for where in ("copy head's block", "other block"):
        header += [where, f"{where}, every head: zeroed", f"{where}, every head: mean"]
    return markdown_table(header, rows, "lrr" + "lrr" * (len(roles) + 2))


def text_corpus(*, runs: Mapping[str, Run]) -> str:
    """The text the char_lm runs read, from their records: Python's version, the digest,
    each file with its characters, and the count baselines on the test part."""
    records = {name: (run["corpus"], run["environment"]["python"], run["baselines"])
               for name, run in runs.items()}
    first = next(iter(records.values()))
    for name, record in records.items():
        if record != first:
            raise ValueError(f"run {name!r} read another text than {next(iter(runs))!r}")
    corpus, python, baselines = first
    rows = [["Python (its standard library)", python], ["SHA-256 of the text", f"`{corpus['digest']}`"]]
    for part, what in (("train", "training files"), ("test", "test files (held out)")):
        files = corpus[part]
        listed = ", ".join(f"`{n}` ({c:,})" for n, c in files.items())
        rows.append([f"{what}: {sum(files.values()):,} characters", listed])
    rows += [["unigram model on the test text (nats per character)",
              f"{baselines['unigram_loss']:.2f}"],
             ["bigram model on the test text (nats per character)",
              f"{baselines['bigram_loss']:.2f}"]]
    return markdown_table(["recorded", "value"], rows, "ll")


def text_losses(*, runs: Mapping[str, Run]) -> str:
    """The held-out loss (nats per character) of each scheme in windows of positions,
    trained and untrained, with the final training loss."""
    any_run = next(iter(runs.values()))  # every run records the same counts and vocabulary
    first = any_run["config"]
    length, top = first["train_length"], first["eval_length"]
    same_setting(runs, train_length=length, eval_length=top)
    rows = []
    for run in runs.values():
        for untrained in (False, True):
            w = windows(run, "loss_by_position", untrained)
            first_loss = measured(run, "loss_by_position", untrained)[:, 0]
            final = "–" if untrained else spread_text(final_losses(run))
            rows.append([label(run), "untrained" if untrained else "trained", final,
                         spread_text(first_loss), spread_text(w["trained"]),
                         spread_text(w["to_double"]), spread_text(w["beyond"])])
    # the count models on the same characters: what the windows read with no model of
    # position at all
    for which in ("bigram", "unigram"):
        c = count_windows(any_run, which)
        rows.append([f"{which} counts", "counted", "–", f"{c['first']:.2f}",
                     f"{c['trained']:.2f}", f"{c['to_double']:.2f}", f"{c['beyond']:.2f}"])
    guess = f"{uniform_loss(any_run):.2f}"
    rows.append([f"uniform guess over {first['vocab']} symbols", "–", "–", *[guess] * 4])
    return markdown_table(
        ["model", "state", "training loss, last check", "position 0",
         f"positions 0–{length - 1} (trained)", f"{length}–{2 * length - 1}",
         f"{2 * length}–{top - 1}"], rows, "llrrrrr")
