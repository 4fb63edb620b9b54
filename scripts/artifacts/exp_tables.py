"""Tables of the experiments: configurations and results, from the runs' records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from artifacts.exp_data import Run, label, spread_text, windows
from artifacts.tables import markdown_table

#: What each setting means, for the configuration tables (every setting must have one).
MEANINGS = {
    "scheme": "position scheme", "causal": "causal attention mask",
    "combine": "how positions join the tokens", "d_model": "model width",
    "d_position": "columns holding the position (concatenation only)",
    "heads": "attention heads", "layers": "blocks", "d_mlp": "MLP width",
    "base": "base of the sinusoids and rotary angles", "task": "task",
    "vocab": "distinct tokens", "offset": "copy the token this many places back",
    "train_length": "training sequence length", "steps": "training steps",
    "batch": "sequences per step", "learning_rate": "peak learning rate (Adam)",
    "warmup": "linear warm-up steps, then cosine decay to a tenth",
    "seeds": "seeds (weights and training data)",
    "eval_length": "evaluation sequence length", "eval_batch": "evaluation sequences",
    "shifts": "shifts of the shift test", "shift_length": "sequence length of the shift test",
    "probe_batch": "sequences to fit the probe (as many to test it)",
    "probe_ridge": "ridge strength of the probe (relative)",
    "chunks": "compiled pieces of training (progress reports only)",
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
    rows = [[f"`{name}`", *(_value(r["config"][k]) for k in differ), f"{r['parameters']:,}"]
            for name, r in runs.items()]
    return markdown_table(["run", *(f"`{k}`" for k in differ), "parameters"], rows,
                          "l" + "l" * len(differ) + "r")


def extrapolation(*, runs: Mapping[str, Run]) -> str:
    first = next(iter(runs.values()))["config"]
    length, top = first["train_length"], first["eval_length"]
    rows = []
    for run in runs.values():
        w = windows(run)
        rows.append([label(run), spread_text(w["trained"]), spread_text(w["to_double"]),
                     spread_text(w["beyond"])])
    return markdown_table(
        ["model", f"positions {first['offset']}–{length - 1} (trained)",
         f"{length}–{2 * length - 1}", f"{2 * length}–{top - 1}"], rows, "lrrr")


def offsets(*, runs: Mapping[str, Run]) -> str:
    first = next(iter(runs.values()))["config"]
    shifts = first["shifts"]
    rows = []
    for run in runs.values():
        change = np.asarray(run["shift_change"])  # (seeds, layers, shifts)
        shuffle = np.asarray(run["shuffle_change"])  # (seeds, layers)
        for layer in range(change.shape[1]):
            rows.append([label(run), str(layer + 1),
                         *(spread_text(change[:, layer, i]) for i, s in enumerate(shifts) if s),
                         spread_text(shuffle[:, layer])])
    header = ["model", "block", *(f"shift {s}" for s in shifts if s), "shuffled"]
    return markdown_table(header, rows, "lr" + "r" * (len(header) - 2))


def probe(*, runs: Mapping[str, Run]) -> str:
    first = next(iter(runs.values()))
    depth = len(first["probe_accuracy"][0])
    rows = []
    for run in runs.values():
        acc, r2 = np.asarray(run["probe_accuracy"]), np.asarray(run["probe_r2"])
        rows.append([label(run), *(spread_text(acc[:, i]) for i in range(depth)),
                     *(spread_text(r2[:, i]) for i in range(depth))])
    where = ["embedding", *(f"block {i}" for i in range(1, depth))]
    header = ["model", *(f"exact, {w}" for w in where), *(f"R², {w}" for w in where)]
    return markdown_table(header, rows, "l" + "r" * (len(header) - 1))


def sum_concat(*, runs: Mapping[str, Run]) -> str:
    rows = []
    for run in runs.values():
        w = windows(run)
        losses = np.asarray(run["losses"])
        rows.append([label(run), f"{run['parameters']:,}",
                     spread_text(losses[:, -1], 3), spread_text(w["trained"]),
                     spread_text(w["to_double"]),
                     spread_text(np.asarray(run["probe_accuracy"])[:, 0])])
    length = next(iter(runs.values()))["config"]["train_length"]
    header = ["model", "parameters", "final training loss", "accuracy, trained positions",
              f"accuracy, {length}–{2 * length - 1}", "probe after embedding"]
    return markdown_table(header, rows, "lrrrrr")
