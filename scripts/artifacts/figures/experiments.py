"""Figures of the experiments: each shows runs' results, mean over seeds with a band from
the lowest to the highest seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from scripts.artifacts.results.data import (
    Run,
    chance,
    first_scored,
    interval,
    label,
    measured,
    placed,
    placed_split,
    same_setting,
    steps_trained,
    uniform_by_offset,
    windows,
)
from scripts.artifacts.results.data import window as accuracy_window
from scripts.artifacts.style import Theme

#: Line styles and markers, one per run of a figure: with the Okabe-Ito colours, no two of
#: six lines share both colour and style (none relies on hue alone).
_STYLES = ["-", (0, (5, 2)), (0, (1.5, 1.5)), (0, (6, 2, 1.5, 2)), (0, (10, 3)),
           (0, (3, 1.5, 1, 1.5, 1, 1.5))]
_MARKERS = ["o", "s", "^", "D", "v", "P"]
LOSS_STRIDE = 5


def _band(ax: Axes, theme: Theme, x: np.ndarray, per_seed: np.ndarray, n: int,
          text: str, marker: bool = False) -> None:
    """Mean line with a lowest-to-highest band over the seeds (axis 0)."""
    colour = theme.palette[n]
    # NaN-aware: a seed that met the convergence rule has no training loss after it.
    ax.fill_between(x, np.nanmin(per_seed, 0), np.nanmax(per_seed, 0), color=colour,
                    alpha=0.22, linewidth=0)
    ax.plot(x, np.nanmean(per_seed, 0), color=colour, linestyle=_STYLES[n % len(_STYLES)],
            marker=_MARKERS[n % len(_MARKERS)] if marker else None, label=text)


def _chance(ax: Axes, theme: Theme, level: float) -> None:
    ax.axhline(level, color=theme.muted, linewidth=1.0, linestyle=(0, (1, 2)), zorder=0.5)


def _untrained(ax: Axes, theme: Theme, x: np.ndarray, per_seed: np.ndarray, n: int) -> None:
    """The same measurement before training: a thin dotted line in the run's colour."""
    ax.plot(x, per_seed.mean(0), color=theme.palette[n], linestyle=(0, (1, 1.5)),
            linewidth=1.2, marker=_MARKERS[n % len(_MARKERS)], markerfacecolor="none",
            markersize=4)


def _by_position(ax: Axes, theme: Theme, runs: Mapping[str, Run], key: str,
                 train_length: int, eval_length: int) -> None:
    first = next(iter(runs.values()))
    start = first_scored(first)
    x = np.arange(start, eval_length)
    for n, run in enumerate(runs.values()):
        _band(ax, theme, x, measured(run, key)[:, start:], n, label(run))
    _chance(ax, theme, chance(first))
    ax.set_xlim(0, eval_length - 1)
    ax.set_ylim(0, 1.02)
    ax.set_ylabel("accuracy")


def extrapolation(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
                  eval_length: int, interpolate: bool = False) -> Figure:
    same_setting(runs, train_length=train_length, eval_length=eval_length)
    fig, axes = theme.figure(3.8, 1, 2 if interpolate else 1, sharey=True)
    axes = np.atleast_1d(axes)
    _by_position(axes[0], theme, runs, "accuracy_by_position", train_length, eval_length)
    axes[0].axvline(train_length - 0.5, color=theme.fg, linewidth=1.0, linestyle=(0, (4, 3)))
    axes[0].annotate("trained up to here", (train_length, 0.5), xytext=(4, 0),
                     textcoords="offset points", color=theme.fg, va="center")
    axes[0].set_xlabel("position in the sequence")
    if interpolate:
        axes[0].set_title("positions as they are", loc="left")
        _by_position(axes[1], theme, runs, "interpolated_accuracy_by_position", train_length,
                     eval_length)
        scale = train_length / eval_length
        axes[1].set_title(f"positions × {scale:g}", loc="left")
        axes[1].set_xlabel("token in the sequence")
        axes[1].set_ylabel("")
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside upper left", ncols=2)
    return fig


def attention_offset(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
                     eval_length: int, shown: int) -> Figure:
    """Per layer, the weight on the key k back for the head that weighs the task's key
    most (per seed), against attention spread evenly."""
    same_setting(runs, train_length=train_length)
    first = next(iter(runs.values()))
    offset = first["config"]["offset"]
    layers = measured(first, "attention_by_offset").shape[1]
    fig, axes = theme.figure(3.6, 1, layers, sharey=True)
    axes = np.atleast_1d(axes)
    x = np.arange(shown)
    for layer, ax in enumerate(axes):
        for n, run in enumerate(runs.values()):
            weights = measured(run, "attention_by_offset")[:, layer]  # (seeds, heads, L)
            best = weights[np.arange(len(weights)), weights[:, :, offset].argmax(1)]
            _band(ax, theme, x, best[:, :shown], n, label(run), marker=True)
        ax.plot(x, uniform_by_offset(train_length)[:shown], color=theme.muted,
                linestyle=(0, (1, 2)), label="spread evenly")
        ax.axvline(offset, color=theme.fg, linewidth=1.0, linestyle=(0, (4, 3)))
        ax.set_title(f"block {layer + 1}", loc="left")
        ax.set_xticks(range(0, shown, 3))
        ax.set_xlabel("key $k$ places back")
        ax.set_ylim(0, 1.02)
    axes[0].set_ylabel("attention weight")
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside upper left", ncols=2)
    return fig


def bases(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
          eval_length: int) -> Figure:
    same_setting(runs, train_length=train_length, eval_length=eval_length)
    fig, axes = theme.figure(3.6, 1, 2, sharey=True)
    schemes = sorted({r["config"]["scheme"] for r in runs.values()})
    panels = (("trained", f"positions up to {train_length - 1}"),
              ("to_double", f"positions {train_length}–{2 * train_length - 1}"))
    for ax, (window, title) in zip(axes, panels, strict=True):
        for n, scheme in enumerate(schemes):
            mine = sorted((r for r in runs.values() if r["config"]["scheme"] == scheme),
                          key=lambda r: r["config"]["base"])
            x = np.array([r["config"]["base"] for r in mine])
            acc = [windows(r)[window] for r in mine]
            mean = np.array([a.mean() for a in acc])
            ax.errorbar(x, mean, yerr=[mean - [a.min() for a in acc],
                                       [a.max() for a in acc] - mean],
                        color=theme.palette[n], linestyle=_STYLES[n % len(_STYLES)],
                        marker=_MARKERS[n % len(_MARKERS)], capsize=3, label=scheme)
        _chance(ax, theme, chance(next(iter(runs.values()))))
        theme.log_axis(ax, "x")
        ax.set_title(title, loc="left")
        ax.set_xlabel("base")
        ax.set_ylim(0, 1.02)
    axes[0].set_ylabel("accuracy")
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside upper left", ncols=2)
    return fig


def _probe_by_depth(ax: Axes, theme: Theme, runs: Mapping[str, Run]) -> None:
    for n, run in enumerate(runs.values()):
        acc = measured(run, "probe_accuracy")
        depth = np.arange(acc.shape[1])
        mean = acc.mean(0)
        ax.errorbar(depth + 0.06 * (n - 1.5), mean, yerr=[mean - acc.min(0), acc.max(0) - mean],
                    color=theme.palette[n], linestyle=_STYLES[n % len(_STYLES)],
                    marker=_MARKERS[n % len(_MARKERS)], capsize=3, label=label(run))
        _untrained(ax, theme, depth + 0.06 * (n - 1.5),
                   measured(run, "probe_accuracy", untrained=True), n)
    blocks = len(next(iter(runs.values()))["probe_accuracy"][0])
    ax.set_xticks(range(blocks), ["embedding", *(f"block {i}" for i in range(1, blocks))])
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
        _band(right, theme, x, measured(run, "probe_accuracy_by_position")[:, -1, :], n,
              label(run))
        _untrained(right, theme, x,
                   measured(run, "probe_accuracy_by_position", untrained=True)[:, -1, :], n)
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
    offset = first_scored(first)
    for n, run in enumerate(runs.values()):
        # Every LOSS_STRIDE-th step: the curve's shape, in a fifth of the file.
        losses = np.asarray(run["losses"], dtype=np.float64)
        every = np.arange(1, losses.shape[1] + 1)
        # No training loss after a seed met the convergence rule.
        losses = np.where(every[None, :] <= steps_trained(run)[:, None], losses, np.nan)
        losses, steps = losses[:, ::LOSS_STRIDE], every[::LOSS_STRIDE]
        _band(left, theme, steps, losses, n, label(run))
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


#: One row of a per-seed figure: its label, the index of its run (its colour), the trained
#: models' values (one per seed) and the untrained control's (or None).
SeedRow = tuple[str, int, np.ndarray, np.ndarray | None]


def _seed_panels(runs: Mapping[str, Run], view: str) -> list[tuple[str, list[SeedRow]]]:
    """What a per-seed figure shows, by ``view``: the main columns of the table it sits
    beside, one value per seed. Every panel has the same rows."""
    first = next(iter(runs.values()))["config"]
    length, top = first["train_length"], first["eval_length"]
    listed = list(enumerate(runs.values()))
    if view == "windows":
        titles = {"trained": f"positions up to {length - 1}",
                  "to_double": f"{length}–{2 * length - 1}", "beyond": f"{2 * length}–{top - 1}"}
        return [(title, [(label(r), n, windows(r)[w], None) for n, r in listed])
                for w, title in titles.items() if all(w in windows(r) for _, r in listed)]
    if view == "placement":
        spans = [(f"{label(r)}, {s}–{s + length - 1}", n, s, r) for n, r in listed
                 for s in r["config"]["shifts"] if s >= length]
        return [(f"in a sequence of {top}",
                 [(t, n, accuracy_window(r, s, s + length), None) for t, n, s, r in spans]),
                (f"{length} tokens placed there",
                 [(t, n, placed(r, s), None) for t, n, s, r in spans])]
    if view == "shift":
        shifts = [s for s in first["shifts"] if s]
        panels = []
        for side, index in (("at seen positions", 0), ("at positions beyond", 1)):
            rows: list[SeedRow] = []
            for n, r in listed:
                for s in shifts:
                    split = [placed_split(r, s, "placed_changed_by_position", u)[index]
                             for u in (False, True)]
                    # a shift with no token on this side keeps its row, empty
                    rows.append((f"{label(r)}, shift {s}", n, split[0], split[1]))
            panels.append((side, rows))
        return panels
    if view == "attention":
        def best(r: Run, u: bool) -> np.ndarray:
            weights = measured(r, "attention_by_offset", u)  # (seeds, layers, heads, L)
            return np.asarray(weights[..., r["config"]["offset"]].max(axis=(1, 2)))
        return [(f"the key {first['offset']} back",
                 [(label(r), n, best(r, False), best(r, True)) for n, r in listed])]
    if view == "probe":
        depth = measured(listed[0][1], "probe_accuracy").shape[1]
        return [("embedding" if d == 0 else f"block {d}",
                 [(label(r), n, measured(r, "probe_accuracy")[:, d],
                   measured(r, "probe_accuracy", True)[:, d]) for n, r in listed])
                for d in range(depth)]
    raise ValueError(f"unknown per-seed view {view!r}")


def seeds(theme: Theme, *, runs: Mapping[str, Run], view: str, what: str, rows: str,
          level: float) -> Figure:
    """Every seed's value as a dot, one row per model (and setting; ``rows`` names that,
    for the text), with the mean and its ``level`` % confidence interval; hollow dots: the
    same models before training. Every value shown is a share, from 0 to 1."""
    panels = _seed_panels(runs, view)
    labels = [e[0] for e in panels[0][1]]
    fig, axes = theme.figure(1.0 + 0.3 * len(labels), 1, len(panels), sharey=True)
    axes = np.atleast_1d(axes)
    for ax, (title, entries) in zip(axes, panels, strict=True):
        for y, (_, n, values, untrained) in enumerate(entries):
            if not np.isfinite(values).all():
                continue
            # seeds spread a little up and down, so that equal values stay countable
            jitter = np.linspace(-0.12, 0.12, len(values)) if len(values) > 1 else [0.0]
            ax.plot(values, y + np.asarray(jitter), linestyle="none",
                    marker=_MARKERS[n % len(_MARKERS)],
                    markersize=4.5, color=theme.palette[n % len(theme.palette)], alpha=0.85)
            # Student's t ignores that a share lies in 0..1: the interval is cut there
            low, high = interval(values, level / 100)
            low, high = max(low, 0.0), min(high, 1.0)
            ax.plot([low, high], [y + 0.3, y + 0.3], color=theme.fg, linewidth=1.4)
            ax.plot([np.mean(values)], [y + 0.3], marker="|", markersize=8, color=theme.fg)
            if untrained is not None:
                ax.plot(untrained, np.full(len(untrained), y - 0.3), linestyle="none",
                        marker="o", markersize=4, markerfacecolor="none", color=theme.muted)
        ax.set_title(title, loc="left")
        ax.set_xlim(-0.04, 1.04)
        ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.set_ylim(len(entries) - 0.5, -0.6)
    axes[0].set_yticks(range(len(labels)), labels)
    fig.supxlabel(what)
    handles = [Line2D([], [], linestyle="none", marker="o", color=theme.palette[0],
                      label="seed"),
               Line2D([], [], color=theme.fg, marker="|", markersize=8,
                      label=f"mean, {level:g} % interval, cut at 0 and 1")]
    if any(e[3] is not None for _, entries in panels for e in entries):
        handles.append(Line2D([], [], linestyle="none", marker="o", markerfacecolor="none",
                              color=theme.muted, label="seed, untrained"))
    fig.legend(handles=handles, loc="outside upper left", ncols=len(handles))
    return fig


def text_loss(theme: Theme, *, runs: Mapping[str, Run], train_length: int,
              eval_length: int) -> Figure:
    """The held-out loss of next-character prediction at each position, per scheme (band
    over the seeds), with the controls as reference lines: the untrained models (mean over
    every run and seed) and the unigram and bigram count models."""
    same_setting(runs, train_length=train_length, eval_length=eval_length, task="char_lm")
    fig, ax = theme.figure(4.2)
    x = np.arange(eval_length)
    for n, run in enumerate(runs.values()):
        _band(ax, theme, x, measured(run, "loss_by_position"), n, label(run))
    untrained = float(np.mean([measured(r, "loss_by_position", untrained=True).mean()
                               for r in runs.values()]))
    baselines = next(iter(runs.values()))["baselines"]
    for level, text in ((untrained, "untrained models"),
                        (baselines["unigram_loss"], "unigram counts, whole text"),
                        (baselines["bigram_loss"], "bigram counts, whole text")):
        ax.axhline(level, color=theme.muted, linewidth=1.0, linestyle=(0, (1, 2)), zorder=0.5)
        # labelled inside the training length, where the trained lines stay low
        ax.annotate(text, (train_length / 8, level), xytext=(0, 3), textcoords="offset points",
                    color=theme.fg, ha="left", va="bottom")
    ax.axvline(train_length - 0.5, color=theme.fg, linewidth=1.0, linestyle=(0, (4, 3)))
    ax.annotate("trained up to here", (train_length, untrained - 0.6), xytext=(4, 0),
                textcoords="offset points", color=theme.fg, va="center")
    ax.set_xlim(0, eval_length - 1)
    ax.set_ylim(bottom=min(1.5, float(ax.get_ylim()[0])), top=untrained + 0.4)
    ax.set_xlabel("position in the window")
    ax.set_ylabel("loss (nats per character)")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper left", ncols=2)
    return fig
