"""Figures of the experiments: each shows runs' results, mean over seeds with a band from
the lowest to the highest seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from artifacts.exp_data import Run, chance, label, same_setting
from artifacts.style import Theme

_STYLES = ["-", (0, (5, 2)), (0, (1.5, 1.5)), (0, (6, 2, 1.5, 2))]
_MARKERS = ["o", "s", "^", "D"]


def _band(ax: Axes, theme: Theme, x: np.ndarray, per_seed: np.ndarray, n: int,
          text: str, marker: bool = False) -> None:
    """Mean line with a lowest-to-highest band over the seeds (axis 0)."""
    colour = theme.palette[n]
    ax.fill_between(x, per_seed.min(0), per_seed.max(0), color=colour, alpha=0.22, linewidth=0)
    ax.plot(x, per_seed.mean(0), color=colour, linestyle=_STYLES[n % len(_STYLES)],
            marker=_MARKERS[n % len(_MARKERS)] if marker else None, label=text)


def _chance(ax: Axes, theme: Theme, level: float) -> None:
    ax.axhline(level, color=theme.muted, linewidth=1.0, linestyle=(0, (1, 2)), zorder=0.5)


def extrapolation(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
                  eval_length: int) -> Figure:
    same_setting(runs, train_length=train_length, eval_length=eval_length)
    fig, ax = theme.figure(3.8)
    first = next(iter(runs.values()))
    offset = first["config"]["offset"]
    x = np.arange(offset, eval_length)
    for n, run in enumerate(runs.values()):
        acc = np.asarray(run["accuracy_by_position"])[:, offset:]
        _band(ax, theme, x, acc, n, label(run))
    ax.axvline(train_length - 0.5, color=theme.fg, linewidth=1.0, linestyle=(0, (4, 3)))
    ax.annotate("trained up to here", (train_length, 0.5), xytext=(4, 0),
                textcoords="offset points", color=theme.fg, va="center")
    _chance(ax, theme, chance(first))
    ax.set_xlim(0, eval_length - 1)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("position in the sequence")
    ax.set_ylabel("accuracy")
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=2)
    return fig


def offsets(theme: Theme, *, runs: Mapping[str, Run], shift_length: int, train_length: int,
            eval_length: int) -> Figure:
    same_setting(runs, shift_length=shift_length, train_length=train_length)
    first = next(iter(runs.values()))
    shifts = np.asarray(first["config"]["shifts"])
    layers = np.asarray(first["shift_change"]).shape[1]
    fig, axes = theme.figure(3.6, 1, layers, sharey=True)
    for layer, ax in enumerate(np.atleast_1d(axes)):
        inside = train_length - shift_length
        ax.axvspan(0, inside, color=theme.grid, alpha=0.6, linewidth=0, zorder=0)
        for n, run in enumerate(runs.values()):
            change = np.asarray(run["shift_change"])[:, layer, :]
            _band(ax, theme, shifts, change, n, label(run), marker=True)
            shuffled = float(np.mean(np.asarray(run["shuffle_change"])[:, layer]))
            ax.axhline(shuffled, color=theme.palette[n], linewidth=1.0,
                       linestyle=(0, (3, 3)), zorder=0.6)
        ax.set_title(f"block {layer + 1}", loc="left")
        ax.set_xlabel("shift $s$")
        ax.set_xlim(0, shifts.max())
        ax.set_ylim(0, 1)
    np.atleast_1d(axes)[0].set_ylabel("change of attention")
    fig.legend(*np.atleast_1d(axes)[0].get_legend_handles_labels(), loc="outside upper left",
               ncols=3)
    return fig


def _probe_by_depth(ax: Axes, theme: Theme, runs: Mapping[str, Run]) -> None:
    for n, run in enumerate(runs.values()):
        acc = np.asarray(run["probe_accuracy"])
        depth = np.arange(acc.shape[1])
        mean = acc.mean(0)
        ax.errorbar(depth + 0.06 * (n - 1.5), mean, yerr=[mean - acc.min(0), acc.max(0) - mean],
                    color=theme.palette[n], linestyle=_STYLES[n % len(_STYLES)],
                    marker=_MARKERS[n % len(_MARKERS)], capsize=3, label=label(run))
    depth = len(next(iter(runs.values()))["probe_accuracy"][0])
    ax.set_xticks(range(depth), ["embedding", *(f"block {i}" for i in range(1, depth))])
    ax.set_ylim(0, 1.02)
    ax.set_ylabel("probe: exact position")


def probe(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
          eval_length: int) -> Figure:
    same_setting(runs, train_length=train_length)
    fig, ax = theme.figure(3.6)
    _probe_by_depth(ax, theme, runs)
    _chance(ax, theme, 1 / train_length)
    ax.set_xlabel("residual stream after")
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=2)
    return fig


def causal_mask(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
                eval_length: int) -> Figure:
    same_setting(runs, train_length=train_length, scheme="none")
    fig, (left, right) = theme.figure(3.8, 1, 2, width_ratios=[1, 1.4])
    _probe_by_depth(left, theme, runs)
    depth = len(next(iter(runs.values()))["probe_accuracy"][0])
    left.set_xticks(range(depth), ["emb.", *(str(i) for i in range(1, depth))])
    left.set_xlabel("after block")
    _chance(left, theme, 1 / train_length)
    x = np.arange(train_length)
    for n, run in enumerate(runs.values()):
        by_pos = np.asarray(run["probe_accuracy_by_position"])[:, -1, :]
        _band(right, theme, x, by_pos, n, label(run))
    _chance(right, theme, 1 / train_length)
    right.set_ylim(0, 1.02)
    right.set_xlim(0, train_length - 1)
    right.set_xlabel("position (after the last block)")
    fig.legend(*right.get_legend_handles_labels(), loc="outside upper left", ncols=2)
    return fig


def sum_concat(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
               eval_length: int) -> Figure:
    same_setting(runs, train_length=train_length, eval_length=eval_length)
    fig, (left, right) = theme.figure(3.8, 1, 2)
    first: Any = next(iter(runs.values()))
    offset = first["config"]["offset"]
    for n, run in enumerate(runs.values()):
        losses = np.asarray(run["losses"])
        _band(left, theme, np.arange(1, losses.shape[1] + 1), losses, n, label(run))
        acc = np.asarray(run["accuracy_by_position"])[:, offset:]
        _band(right, theme, np.arange(offset, eval_length), acc, n, label(run))
    theme.log_axis(left, "y")
    left.set_xlabel("training step")
    left.set_ylabel("training loss")
    right.axvline(train_length - 0.5, color=theme.fg, linewidth=1.0, linestyle=(0, (4, 3)))
    _chance(right, theme, chance(first))
    right.set_ylim(0, 1.02)
    right.set_xlim(0, eval_length - 1)
    right.set_xlabel("position")
    right.set_ylabel("accuracy")
    fig.legend(*left.get_legend_handles_labels(), loc="outside upper left", ncols=2)
    return fig
