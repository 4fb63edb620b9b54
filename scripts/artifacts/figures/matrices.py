"""Heatmaps and matrix pictures: the encoding matrix, one row of it, similarity, layouts,
and the embedding + encoding sum.

Heatmaps of values in [-1, 1] use the theme's diverging map with ``vmin=-1, vmax=1``, so
0 is always the map's centre; every heatmap has a labelled colour bar.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.patches import Rectangle

import pe
from scripts.artifacts.data import cosine_similarity_matrix, robot_example
from scripts.artifacts.style import Theme


def _heatmap(ax: Axes, theme: Theme, values: Any, **kw: Any) -> AxesImage:
    return ax.imshow(values, cmap=theme.diverging, vmin=-1.0, vmax=1.0, aspect="auto",
                     interpolation="nearest", **kw)


def _colorbar(fig: Figure, image: AxesImage, ax: Axes | list[Axes], label: str,
              **kw: Any) -> None:
    bar = fig.colorbar(image, ax=ax, label=label, **kw)
    bar.set_ticks([-1, -0.5, 0, 0.5, 1])
    bar.outline.set_edgecolor(bar.ax.spines["left"].get_edgecolor())


def heatmap(theme: Theme, *, length: int, d_model: int, base: float = 10000.0) -> Figure:
    """The whole encoding matrix, positions down, dimensions across.

    Neighbouring columns alternate between sine and cosine, so the image is laid out by
    hand to give every column exactly the same whole number of pixels: otherwise the
    resampling draws moiré stripes that are not in the data.
    """
    enc = pe.encoding(length, d_model, base=base)
    dpi = 256
    px_per_col = max(1, round(4.0 * dpi / d_model))
    width_in = px_per_col * d_model / dpi
    fig = Figure(figsize=(5.6, 3.7), dpi=dpi)
    left, bottom, height = 0.62, 0.62, 2.95
    ax = fig.add_axes((left / 5.6, bottom / 3.7, width_in / 5.6, height / 3.7))
    cax = fig.add_axes(((left + width_in + 0.4) / 5.6, bottom / 3.7, 0.14 / 5.6,
                        height / 3.7))
    image = _heatmap(ax, theme, enc)
    ax.set_xlabel("dimension (column)")
    ax.set_ylabel("position")
    bar = fig.colorbar(image, cax=cax)
    bar.set_ticks([-1, 0, 1])  # short labels: the bar sits close to the figure's edge
    bar.ax.yaxis.set_label_position("left")  # label between map and bar: fits the width
    bar.set_label("value")
    return fig


def vector(theme: Theme, *, position: int, d_model: int, base: float = 10000.0) -> Figure:
    """The encoding of one position as a stem chart, sines and cosines told apart."""
    row = pe.encoding(1, d_model, base=base, start=position)[0]
    dims = np.arange(d_model)
    fig, ax = theme.figure(3.0)
    for parity, (label, marker) in enumerate([("sine (even columns)", "o"),
                                              ("cosine (odd columns)", "s")]):
        sel = dims[parity::2]
        color = theme.palette[parity]
        ax.vlines(sel, 0, row[sel], color=color, linewidth=1.2)
        ax.plot(sel, row[sel], marker, color=color, label=label, markersize=4)
    theme.reference_line(ax, 0.0)
    ax.set_xlabel("dimension (column)")
    ax.set_ylabel("value")
    ax.set_title(f"encoding of position {position}, $d = {d_model}$", loc="left")
    ax.set_ylim(-1.15, 1.5)
    ax.set_xlim(-1, d_model)
    ax.legend(loc="upper right", ncols=2)
    return fig


def heatmap_highlight(theme: Theme, *, length: int, d_model: int, position: int,
                      base: float = 10000.0) -> Figure:
    """The encoding matrix with one position's row outlined."""
    enc = pe.encoding(length, d_model, base=base)
    fig, ax = theme.figure(3.6)
    image = _heatmap(ax, theme, enc)
    # Fade the other rows towards the page colour, then outline the chosen one.
    page = "#ffffff" if theme.name == "light" else "#1e2129"
    for y0, y1 in ((-0.5, position - 0.5), (position + 0.5, length - 0.5)):
        if y1 > y0:
            ax.add_patch(Rectangle((-0.5, y0), d_model, y1 - y0, facecolor=page, alpha=0.55,
                                   edgecolor="none"))
    ax.add_patch(Rectangle((-0.5, position - 0.5), d_model, 1.0, fill=False,
                           edgecolor=theme.highlight, linewidth=1.3, clip_on=False))
    ax.annotate(f"position {position}", (d_model - 0.5, position), xytext=(8, 0),
                textcoords="offset points", va="center", ha="left", color=theme.fg,
                arrowprops={"arrowstyle": "-", "color": theme.fg, "linewidth": 1.0},
                annotation_clip=False)
    ax.set_xlabel("dimension (column)")
    ax.set_ylabel("position")
    _colorbar(fig, image, ax, "value", location="bottom", fraction=0.08, pad=0.02,
              aspect=40)
    return fig


def similarity_matrix(theme: Theme, *, length: int, d_model: int,
                      base: float = 10000.0) -> Figure:
    """Cosine similarity of every pair of positions: constant along each diagonal."""
    sim = cosine_similarity_matrix(pe.encoding(length, d_model, base=base))
    fig, ax = theme.figure(4.7)
    image = ax.imshow(sim, cmap=theme.diverging, vmin=-1.0, vmax=1.0,
                      interpolation="nearest")
    ax.set_xlabel("position $q$")
    ax.set_ylabel("position $p$")
    ax.set_title(f"$d = {d_model}$, base {base:g}", loc="left")
    _colorbar(fig, image, ax, "cosine similarity of $p$ and $q$", location="right",
              fraction=0.05, pad=0.03)
    return fig


def layouts(theme: Theme, *, length: int, d_model: int, base: float = 10000.0) -> Figure:
    """The same encoding in the interleaved (paper) and split (tensor2tensor) orders."""
    fig, axes = theme.figure(3.6, 1, 2, sharey=True)
    titles = {"interleaved": "interleaved: sin, cos, sin, cos, …",
              "split": "split: all sines, then cosines"}
    layouts: tuple[Literal["interleaved", "split"], ...] = ("interleaved", "split")
    images = []
    for ax, layout in zip(axes, layouts, strict=True):
        images.append(_heatmap(ax, theme, pe.encoding(length, d_model, base=base, layout=layout)))
        ax.set_title(titles[layout], loc="left", fontsize=11)
        ax.set_xlabel("dimension (column)")
    axes[0].set_ylabel("position")
    _colorbar(fig, images[-1], axes, "value", location="bottom", fraction=0.08, pad=0.02,
              aspect=40)
    return fig


def _cell(value: float) -> str:
    text = f"{value:.2f}"
    return ("0.00" if float(text) == 0 else text).replace("-", "\u2212")


def _matrix(fig: Figure, theme: Theme, values: Any, title: str, x: float, y: float,
            row_labels: list[str] | None) -> None:
    """A small matrix as a grid of numbers; ``(x, y)`` is its lower-left corner in inches."""
    rows, cols = values.shape
    cw, ch = 0.5, 0.3  # cell size in inches
    W, H = fig.get_size_inches()
    ax = fig.add_axes((x / W, y / H, cols * cw / W, rows * ch / H))
    for r in range(rows):
        for c in range(cols):
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor="none", edgecolor=theme.grid,
                                   linewidth=1.0))
            ax.text(c + 0.5, r + 0.5, _cell(values[r, c]), ha="center", va="center",
                    color=theme.fg)
    ax.add_patch(Rectangle((0, 0), cols, rows, facecolor="none", edgecolor=theme.muted,
                           linewidth=1.4))
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    ax.set_xticks(np.arange(cols) + 0.5, [f"d{c}" for c in range(cols)])
    ax.tick_params(length=0, labeltop=True, labelbottom=False, labelcolor=theme.muted)
    if row_labels:
        ax.set_yticks(np.arange(rows) + 0.5, row_labels)
    else:
        ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_title(title, pad=20)


def robot_sum(theme: Theme, *, tokens: list[str], d_model: int, base: float) -> Figure:
    """Token embedding + positional encoding = the first layer's input ("I am a robot")."""
    emb, enc, total = robot_example(tokens=tokens, d_model=d_model, base=base)
    labels = [f"{tok} ({p})" for p, tok in enumerate(tokens)]
    # Laid out in inches: two matrices side by side, the sum below the encoding, so the
    # figure keeps the standard width (and stays legible on a phone).
    fig = Figure(figsize=(5.6, 3.75))
    _matrix(fig, theme, emb, "token embedding", 0.95, 2.0, labels)
    _matrix(fig, theme, enc, "positional encoding", 3.5, 2.0, None)
    _matrix(fig, theme, total, "input to the model", 3.5, 0.08, labels)
    fig.text(3.22 / 5.6, 2.6 / 3.75, "+", fontsize=22, ha="center", va="center",
             color=theme.fg)
    fig.text(2.3 / 5.6, 0.68 / 3.75, "=", fontsize=22, ha="center", va="center",
             color=theme.fg)
    return fig
