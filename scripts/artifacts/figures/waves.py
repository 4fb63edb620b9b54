"""Line plots of the sinusoids themselves: columns, pairs, wavelengths, odd widths.

Each function takes a :class:`~artifacts.style.Theme` and the artifact's parameters and
returns a Matplotlib figure. Dots are the encoding's values at integer positions; thin
curves are the underlying waves between them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

import pe
from scripts.artifacts.data import loop_recipe
from scripts.artifacts.style import Theme


def _wave(ax: Axes, theme: Theme, positions: Any, fine: Any, values: Any, curve: Any,
          color: str, label: str | None, marker: str = "o", linestyle: str = "-") -> None:
    ax.plot(fine, curve, color=color, linewidth=1.1, linestyle=linestyle, alpha=0.75)
    ax.plot(positions, values, marker, color=color, label=label, linestyle="none")


def columns(theme: Theme, *, length: int, d_model: int, base: float = 10000.0) -> Figure:
    """Every column of a small encoding against position, one panel per column."""
    enc = pe.encoding(length, d_model, base=base)
    omega = pe.frequencies(d_model, base=base)
    pos = np.arange(length)
    fine = np.linspace(0, length - 1, 400)
    pairs = (d_model + 1) // 2
    fig, axes = theme.figure(1.55 * pairs + 0.5, pairs, 2, sharex=True, sharey=True)
    for col in range(d_model):
        i, is_cos = divmod(col, 2)
        ax = axes[i, is_cos]
        fn = np.cos if is_cos else np.sin
        color = theme.palette[is_cos]
        _wave(ax, theme, pos, fine, enc[:, col], fn(fine * omega[i]), color, None,
              marker="s" if is_cos else "o")
        name = r"\cos" if is_cos else r"\sin"
        ax.set_title(f"column {col}: ${name}(pos\\,\\omega_{i})$", loc="left")
        theme.reference_line(ax, 0.0)
        ax.set_ylim(-1.15, 1.15)
        ax.set_yticks([-1, 0, 1])
    for ax in axes[-1]:
        ax.set_xlabel("position")
        ax.xaxis.set_major_locator(MaxNLocator(nbins=5, integer=True))
    for ax in axes[:, 0]:
        ax.set_ylabel("value")
    return fig


def pairs(theme: Theme, *, length: int, d_model: int, pair_indices: list[int],
          base: float = 10000.0) -> Figure:
    """Sine and cosine against position for a few pairs, one panel per pair."""
    enc = pe.encoding(length, d_model, base=base)
    omega = pe.frequencies(d_model, base=base)
    lam = pe.wavelengths(d_model, base=base)
    pos = np.arange(length)
    fine = np.linspace(0, length - 1, 500)
    fig, axes = theme.figure(1.75 * len(pair_indices) + 0.6, len(pair_indices), 1,
                             sharex=True)
    for ax, i in zip(axes, pair_indices, strict=True):
        sin_c, cos_c = theme.palette[0], theme.palette[1]
        ax.plot(fine, np.sin(fine * omega[i]), color=sin_c, linewidth=1.6,
                label=f"sin (column {2 * i})")
        ax.plot(fine, np.cos(fine * omega[i]), color=cos_c, linewidth=1.6,
                linestyle=(0, (5, 2)), label=f"cos (column {2 * i + 1})")
        ax.plot(pos, enc[:, 2 * i], "o", color=sin_c, markersize=2.6)
        ax.plot(pos, enc[:, 2 * i + 1], "s", color=cos_c, markersize=2.4)
        ax.set_title(f"pair $i = {i}$: wavelength {lam[i]:.1f} positions", loc="left")
        theme.reference_line(ax, 0.0)
        ax.set_ylim(-1.15, 1.15)
        ax.set_yticks([-1, 0, 1])
        ax.set_ylabel("value")
        ax.legend(loc="lower left", ncols=2, bbox_to_anchor=(0.0, 1.12), borderaxespad=0,
                  handlelength=2.2)
    axes[-1].set_xlabel("position")
    return fig


def sine_by_dimension(theme: Theme, *, d_model: int, positions: list[int], pairs: int,
                      base: float = 10000.0) -> Figure:
    """The sine entries of a few positions' encodings, against the pair index."""
    i = np.arange(pairs)
    fig, ax = theme.figure(3.4)
    styles = ["-", (0, (5, 2)), (0, (1.5, 1.5)), (0, (6, 2, 1.5, 2))]
    for n, pos in enumerate(positions):
        # Read the values from the encoding itself: columns 0, 2, 4, ... are the sines.
        row = pe.encoding(1, d_model, base=base, start=pos)[0, 0::2][:pairs]
        ax.plot(i, row, linestyle=styles[n % len(styles)], label=f"pos = {pos}",
                color=theme.palette[n])
    ax.set_xlabel(r"pair index $i$ (the sine sits in column $2i$)")
    ax.set_ylabel(r"$\sin(pos\,\omega_i)$")
    ax.set_xlim(0, pairs - 1)
    ax.set_ylim(-1.1, 1.1)
    theme.reference_line(ax, 0.0)
    ax.legend(loc="lower right", ncols=2)
    return fig


def wavelengths(theme: Theme, *, d_models: list[int], base: float = 10000.0) -> Figure:
    """Wavelength of every pair on a log scale, with the limits 2π and 2π·base."""
    fig, axes = theme.figure(2.5 * len(d_models) + 0.4, len(d_models), 1, sharey=True)
    for ax, d in zip(axes, d_models, strict=True):
        lam = pe.wavelengths(d, base=base)
        i = np.arange(len(lam))
        theme.log_axis(ax, "y", plain=True)
        ax.plot(i, lam, "o" if len(lam) <= 40 else "-", color=theme.palette[0],
                    markersize=3.5, label=r"$\lambda_i = 2\pi\,b^{2i/d}$")
        ax.axhline(2 * np.pi * base, color=theme.palette[1], linewidth=1.2,
                   linestyle=(0, (5, 2)), label=rf"$2\pi \cdot {base:g}$ (never reached)")
        ax.axhline(2 * np.pi, color=theme.muted, linewidth=1.0, linestyle=(0, (1.5, 1.5)),
                   label=r"$2\pi$")
        ax.annotate(f"longest: {lam[-1]:,.0f}", (i[-1], lam[-1]), xytext=(0.97, 0.3),
                    textcoords="axes fraction", ha="right", va="center", color=theme.fg,
                    arrowprops={"arrowstyle": "->", "color": theme.fg, "linewidth": 1.0,
                                "shrinkB": 4})
        ax.set_title(f"$d = {d}$, base {base:g}: {len(lam)} pairs", loc="left")
        ax.set_xlabel(r"pair index $i$")
        ax.set_ylabel("wavelength (positions)")
        ax.set_xlim(-0.5, len(lam) - 0.5)
        ax.grid(True, which="major", axis="y")
        ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
    axes[0].legend(loc="lower left", bbox_to_anchor=(0.0, 1.12), ncols=2)
    axes[0].set_ylim(3, 2 * np.pi * base * 4)
    return fig


def odd_width(theme: Theme, *, length: int, d_model: int, base: float = 10000.0) -> Figure:
    """The last column of an odd-width encoding: the loop recipe's zeros versus the sine."""
    if d_model % 2 == 0:
        raise ValueError(f"odd_width needs an odd d_model, got {d_model}")
    last = d_model - 1
    correct = pe.encoding(length, d_model, base=base)[:, last]
    buggy = loop_recipe(length, d_model, base=base)[:, last]
    lam = pe.wavelengths(d_model, base=base)[-1]
    # A few hundred samples draw these slow curves exactly as well as all of them.
    pos = np.arange(length)
    every = max(1, length // 500)
    pos, correct, buggy = pos[::every], correct[::every], buggy[::every]
    fig, ax = theme.figure(3.2)
    ax.plot(pos, correct, color=theme.palette[0],
            label=rf"pe.encoding: $\sin(pos\,\omega_{last // 2})$")
    ax.plot(pos, buggy, color=theme.palette[1], linestyle=(0, (5, 2)), linewidth=2.2,
            label="loop over $\\lfloor d/2 \\rfloor$ pairs: always 0")
    ax.set_xlabel("position")
    ax.set_ylabel(f"column {last} (the last)")
    ax.set_title(f"$d = {d_model}$: wavelength of the last sine {lam:,.0f} positions",
                 loc="left")
    ax.set_xlim(0, length - 1)
    ax.set_ylim(-1.1, 1.35)
    ax.legend(loc="upper right")
    return fig
