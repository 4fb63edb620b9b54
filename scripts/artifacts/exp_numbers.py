"""Numbers the experiments page quotes (``{{ pe:NAME }}``), from the runs' records.

Each is a mean over the seeds; ``*_low``/``*_high`` give the lowest and highest seed.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from artifacts.exp_data import Run, chance, seeds, windows
from artifacts.numbers import fixed


def _spread(out: dict[str, str], name: str, values: np.ndarray, decimals: int = 2) -> None:
    mean, lo, hi = seeds(values)
    out[name] = fixed(mean, decimals)
    out[f"{name}_low"] = fixed(lo, decimals)
    out[f"{name}_high"] = fixed(hi, decimals)


def compute(*, runs: Mapping[str, Run]) -> dict[str, str]:
    out: dict[str, str] = {}
    first = next(iter(runs.values()))
    cfg = first["config"]
    out["exp_train_length"] = str(cfg["train_length"])
    out["exp_double_length"] = str(2 * cfg["train_length"])
    out["exp_eval_length"] = str(cfg["eval_length"])
    out["exp_seeds"] = str(len(cfg["seeds"]))
    out["exp_steps"] = f"{cfg['steps']:,}"
    out["exp_offset"] = str(cfg["offset"])
    out["exp_vocab"] = str(cfg["vocab"])
    out["exp_d_model"] = str(cfg["d_model"])
    out["exp_layers"] = str(cfg["layers"])
    out["exp_chance"] = fixed(chance(first), 4)
    out["exp_probe_chance"] = fixed(1 / cfg["train_length"], 4)
    for name, run in runs.items():
        key = name.removeprefix("run-").replace("-", "_")
        w = windows(run)
        _spread(out, f"exp_{key}_acc_trained", w["trained"])
        _spread(out, f"exp_{key}_acc_double", w["to_double"])
        _spread(out, f"exp_{key}_acc_beyond", w["beyond"])
        acc = np.asarray(run["probe_accuracy"])
        for depth in range(acc.shape[1]):
            _spread(out, f"exp_{key}_probe_{depth}", acc[:, depth])
            _spread(out, f"exp_{key}_probe_r2_{depth}", np.asarray(run["probe_r2"])[:, depth])
        change = np.asarray(run["shift_change"])  # (seeds, layers, shifts)
        for layer in range(change.shape[1]):
            for i, s in enumerate(run["config"]["shifts"]):
                if s:
                    _spread(out, f"exp_{key}_shift_{layer + 1}_{s}", change[:, layer, i])
            _spread(out, f"exp_{key}_shuffle_{layer + 1}",
                    np.asarray(run["shuffle_change"])[:, layer])
        out[f"exp_{key}_parameters"] = f"{run['parameters']:,}"
        _spread(out, f"exp_{key}_final_loss", np.asarray(run["losses"])[:, -1], 3)
    return out
