"""The geometry of the encoding: similarity by offset, rotations, distinctness, precision."""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Arc, Circle

import pe
from scripts.artifacts.data import (
    log_positions,
    min_distance_by_length,
    precision_errors,
    similarity_by_offset,
)
from scripts.artifacts.style import Theme

_STYLES = ["-", (0, (5, 2)), (0, (1.5, 1.5)), (0, (6, 2, 1.5, 2)), (0, (3, 1)), "-"]


def similarity_offset(theme: Theme, *, max_offset: int, d_models: list[int],
                      base: float = 10000.0) -> Figure:
    """Cosine similarity against the signed offset k, for a few widths."""
    k = np.arange(-max_offset, max_offset + 1)
    fig, ax = theme.figure(3.5)
    for n, d in enumerate(d_models):
        ax.plot(k, similarity_by_offset(max_offset, d, base=base), label=f"$d = {d}$",
                linestyle=_STYLES[n], color=theme.palette[n])
    ax.axvline(0, color=theme.muted, linewidth=0.8, zorder=0.5)
    theme.reference_line(ax, 0.0)
    ax.set_xlabel("offset $k$ (from position $p$ to $p + k$)")
    ax.set_ylabel("cosine similarity")
    ax.set_xlim(-max_offset, max_offset)
    ax.set_ylim(min(-0.1, ax.get_ylim()[0]), 1.05)
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=len(d_models))
    return fig


def rotation_circles(theme: Theme, *, d_model: int, pair_indices: list[int], positions: int,
                     base: float = 10000.0) -> Figure:
    """Each sin/cos pair as a point on a unit circle, turning by its own angle per step."""
    enc = pe.encoding(positions, d_model, base=base)
    omega = pe.frequencies(d_model, base=base)
    cmap = theme.sequential
    colors = cmap(np.linspace(0, 1, positions))
    fig, axes = theme.figure(6.0, 2, 2)
    for ax, i in zip(axes.flat, pair_indices, strict=True):
        sin, cos = enc[:, 2 * i], enc[:, 2 * i + 1]
        ax.add_patch(Circle((0, 0), 1.0, fill=False, edgecolor=theme.muted, linewidth=0.9))
        ax.axhline(0, color=theme.grid, linewidth=0.8, zorder=0)
        ax.axvline(0, color=theme.grid, linewidth=0.8, zorder=0)
        # The angle of one step: rays to positions 0 and 1 and the arc between them.
        for pos in (0, 1):
            ax.plot([0, cos[pos]], [0, sin[pos]], color=theme.palette[1], linewidth=1.0)
        ax.add_patch(Arc((0, 0), 0.6, 0.6, theta1=0, theta2=np.degrees(omega[i]),
                         color=theme.palette[1], linewidth=1.6))
        ax.scatter(cos, sin, c=colors, s=30, zorder=3, edgecolors=theme.fg, linewidths=0.5)
        # Label the points that do not pile up on an earlier one.
        placed: list[np.ndarray] = []
        for pos in range(positions):
            at = np.array([cos[pos], sin[pos]])
            if any(np.linalg.norm(at - q) < 0.16 for q in placed):
                continue
            placed.append(at)
            ax.annotate(str(pos), at * 1.22, ha="center", va="center", fontsize=11,
                        color=theme.fg)
        ax.set_title(f"pair {i}: $\\omega = {omega[i]:.3g}$", loc="left")
        ax.set_xlim(-1.45, 1.45)
        ax.set_ylim(-1.45, 1.45)
        ax.set_aspect("equal")
        ax.set_xticks([-1, 0, 1])
        ax.set_yticks([-1, 0, 1])
    for ax in axes[1]:
        ax.set_xlabel(r"$\cos(pos\,\omega_i)$")
    for ax in axes[:, 0]:
        ax.set_ylabel(r"$\sin(pos\,\omega_i)$")
    return fig


def _step_points(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Keep only where a step function changes (and its last point): same picture, small SVG."""
    keep = np.ones(len(y), dtype=bool)
    keep[1:] = y[1:] != y[:-1]
    keep[-1] = True
    return x[keep], y[keep]


def distinctness(theme: Theme, *, max_length: int, d_models: list[int],
                 base: float = 10000.0) -> Figure:
    """Smallest distance between two different positions' encodings, against length."""
    lengths = np.arange(2, max_length + 1)
    fig, ax = theme.figure(3.7)
    for n, d in enumerate(d_models):
        dist, _ = min_distance_by_length(max_length, d, base=base)
        x, y = _step_points(lengths, dist)
        ax.step(x, y, where="post", label=f"$d = {d}$", linestyle=_STYLES[n],
                color=theme.palette[n])
    theme.log_axis(ax, "x", plain=True)
    theme.log_axis(ax, "y")
    ax.set_xlim(2, max_length)
    ax.set_xlabel("sequence length $L$ (positions $0 \\ldots L-1$)")
    ax.set_ylabel("smallest distance")
    ax.set_title("closest pair of different positions", loc="left")
    ax.grid(True, which="major")
    ax.legend(loc="lower left", ncols=3)
    return fig


def precision(theme: Theme, *, d_model: int, max_position: int, samples: int,
              base: float = 10000.0) -> Figure:
    """Largest error of a low-precision encoding against the exact one rounded to its type."""
    pos = log_positions(max_position, samples)
    errors = precision_errors(pos, d_model, base=base)
    fig, ax = theme.figure(3.9)
    for n, (name, err) in enumerate(errors.items()):
        ok = np.isfinite(err)
        ax.plot(pos[ok], np.maximum(err[ok], 1e-9), label=name, linestyle=_STYLES[n],
                color=theme.palette[n])
    f16_max = float(np.finfo(np.float16).max)
    ax.axvline(f16_max, color=theme.palette[1], linewidth=0.9, linestyle=(0, (1, 2)))
    ax.annotate(f"float16 overflows\nafter {f16_max:,.0f}", (f16_max, 1.5e-8),
                xytext=(-5, 0), textcoords="offset points", ha="right", va="bottom",
                color=theme.fg)
    theme.reference_line(ax, 2.0)
    ax.annotate("worst case", (1.3, 2.0), xytext=(0, -3), textcoords="offset points",
                va="top", color=theme.muted)
    theme.log_axis(ax, "x", plain=True)
    theme.log_axis(ax, "y")
    ax.set_xlim(1, max_position)
    ax.set_ylim(1e-8, 10)
    ax.set_xlabel("position")
    ax.set_ylabel(f"largest error over {d_model} entries")
    ax.grid(True, which="major")
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=3)
    return fig
