"""Reading the runs' results: labels, spreads over seeds, windows of positions.

A run's results (``runs/<name>.json``) hold its complete configuration under ``config``
and one entry per seed in every measured array.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

Run = Mapping[str, Any]


def label(run: Run) -> str:
    """A short human name: the scheme, and how it differs from the usual causal sum."""
    cfg = run["config"]
    text = {"none": "no positions"}.get(cfg["scheme"], cfg["scheme"])
    if cfg["combine"] == "concat":
        text += ", concatenated"
    if not cfg["causal"]:
        text += ", bidirectional"
    return text


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


def window(run: Run, start: int, stop: int) -> np.ndarray:
    """Per-seed accuracy over positions ``start .. stop-1`` (positions with an answer)."""
    acc = np.asarray(run["accuracy_by_position"], dtype=float)
    start = max(start, run["config"]["offset"])
    return acc[:, start:stop].mean(axis=1)


def windows(run: Run) -> dict[str, np.ndarray]:
    """Accuracy inside the training length, up to twice it, and beyond that."""
    length, top = run["config"]["train_length"], run["config"]["eval_length"]
    return {"trained": window(run, 0, length), "to_double": window(run, length, 2 * length),
            "beyond": window(run, 2 * length, top)}


def same_setting(runs: Mapping[str, Run], **expected: Any) -> None:
    """Raise if a run's configuration differs from what the declaration (its caption) says."""
    for name, run in runs.items():
        for key, value in expected.items():
            if run["config"][key] != value:
                raise ValueError(f"run {name!r} has {key}={run['config'][key]!r}, but the "
                                 f"artifact's text says {value!r}")


def chance(run: Run) -> float:
    """Accuracy of guessing a token uniformly."""
    return 1.0 / run["config"]["vocab"]
