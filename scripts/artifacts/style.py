"""The look of every figure: one :class:`Theme` for Material's light palette, one for dark.

Drawing functions receive a theme and use its colours, colour maps and :meth:`Theme.figure`;
they never pick a colour of their own, so both variants stay consistent and readable.

Choices, and why:

- Line colours are the Okabe-Ito set, distinguishable with every common colour-vision
  deficiency; lines also differ in style or marker, so no reading depends on hue alone.
- Values in [-1, 1] use a diverging map centred on 0: Crameri's *vik* on light pages (light
  centre) and *berlin* on dark pages (dark centre, so 0 blends into the page). Both are
  perceptually uniform and colour-blind safe.
- Ordered quantities (positions, distances) use *cividis*, made for colour-vision deficiency.
- Figures are :data:`WIDTH` inches wide with text of at least 11 pt, so on a phone, where
  the figure shrinks to the screen width, text stays at least :data:`MIN_PHONE_PX` pixels
  tall. :func:`check_legibility` enforces this for every drawn figure.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display; must come before anything imports pyplot

import importlib.util
from pathlib import Path

import numpy as np
from cycler import cycler
from matplotlib.axes import Axes
from matplotlib.colors import Colormap, ListedColormap
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

#: Figure width in inches (96 CSS px per inch: 538 px on a desktop page).
WIDTH = 5.6
#: Content width of a 360 px wide phone screen, after Material's page margins.
PHONE_CONTENT_PX = 334
#: The smallest text height, in CSS pixels, a figure may show on that phone.
MIN_PHONE_PX = 9.0
#: Raster figures (heatmaps) are saved at this resolution: sharp on 2x screens.
RASTER_DPI = 200

# Okabe & Ito (2008), "Color Universal Design".
_BLUE, _VERMILLION, _GREEN, _PURPLE = "#0072B2", "#D55E00", "#009E73", "#CC79A7"
_ORANGE, _SKY, _YELLOW = "#E69F00", "#56B4E9", "#F0E442"


@dataclass(frozen=True)
class Theme:
    """Colours and sizes for one palette of the site (``light`` or ``dark``)."""

    name: str
    fg: str  # text, axes, primary marks
    muted: str  # secondary text, reference lines
    grid: str
    palette: tuple[str, ...]  # qualitative line colours, in order of use
    highlight: str  # outlines drawn over colour maps
    diverging_name: str

    @property
    def diverging(self) -> Colormap:
        """Diverging colour map for values in [-1, 1]; use with ``vmin=-1, vmax=1``."""
        if self.diverging_name in matplotlib.colormaps:
            return matplotlib.colormaps[self.diverging_name]
        return crameri(self.diverging_name)

    @property
    def sequential(self) -> Colormap:
        """Sequential colour map whose ends both stand out from this theme's page."""
        lo, hi = (0.0, 0.9) if self.name == "light" else (0.12, 1.0)
        base = matplotlib.colormaps["cividis"]
        return ListedColormap(base(np.linspace(lo, hi, 256)), name=f"cividis-{self.name}")

    @contextlib.contextmanager
    def applied(self) -> Iterator[None]:
        """Matplotlib with exactly this theme's settings inside the block: Matplotlib's
        defaults first (no user matplotlibrc, nothing left by an earlier draw), so the same
        figure gives the same bytes whatever was drawn before it."""
        with matplotlib.rc_context():
            matplotlib.rcdefaults()
            matplotlib.rcParams.update(self.rc())
            yield

    def rc(self) -> Any:  # a dict of rcParams (Matplotlib types their keys as Literals)
        """Matplotlib settings for this theme (applied by the builder around each draw)."""
        return {
            # Bundled DejaVu fonts, text stored as paths: identical on every machine and browser.
            "font.family": "sans-serif",
            "font.sans-serif": ["DejaVu Sans"],
            "mathtext.fontset": "dejavusans",
            "svg.fonttype": "path",
            "svg.hashsalt": "pe-site",  # fixed ids in SVG output
            "font.size": 11,
            "axes.titlesize": 12,
            "axes.labelsize": 12,
            "xtick.labelsize": 11,
            "ytick.labelsize": 11,
            "legend.fontsize": 11,
            "figure.titlesize": 12,
            "figure.dpi": RASTER_DPI,  # raster output resolution (a figure may ask for more)
            "text.color": self.fg,
            "axes.labelcolor": self.fg,
            "axes.edgecolor": self.muted,
            "axes.titlecolor": self.fg,
            "xtick.color": self.muted,
            "ytick.color": self.muted,
            "xtick.labelcolor": self.fg,
            "ytick.labelcolor": self.fg,
            "grid.color": self.grid,
            "grid.linewidth": 0.6,
            "axes.grid": False,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.prop_cycle": cycler(color=list(self.palette)),
            "axes.facecolor": "none",
            "figure.facecolor": "none",
            "savefig.facecolor": "none",
            "savefig.transparent": True,
            "legend.frameon": False,
            "lines.linewidth": 1.8,
            "lines.markersize": 4.5,
            "image.interpolation": "nearest",
            "path.simplify": False,  # keep every sample: the data is the point
        }

    def figure(
        self, height: float, nrows: int = 1, ncols: int = 1, **subplots: Any
    ) -> tuple[Figure, Any]:
        """A new figure of the standard width with a grid of axes (constrained layout)."""
        fig = Figure(figsize=(WIDTH, height), layout="constrained")
        axes = fig.subplots(nrows, ncols, squeeze=True, **subplots)
        return fig, axes

    @staticmethod
    def log_axis(ax: Axes, axis: str = "y", plain: bool = False) -> None:
        """Log scale on ``axis`` ("x" or "y") labelled 10⁻⁴, 10⁰, ... (or 1, 10, 1,000, ...
        with ``plain``). Unicode, not mathtext: the same look, a fraction of the time."""
        getattr(ax, f"set_{axis}scale")("log")
        target = ax.xaxis if axis == "x" else ax.yaxis
        target.set_major_locator(LogLocator(base=10, numticks=12))
        target.set_major_formatter(FuncFormatter(lambda v, _: power_of_ten(v, plain)))
        target.set_minor_formatter(NullFormatter())

    def reference_line(self, ax: Axes, y: float, label: str | None = None) -> None:
        """A thin horizontal guide (e.g. y = 0 or a limit), under the data."""
        ax.axhline(y, color=self.muted, linewidth=0.9, linestyle=(0, (4, 3)), zorder=0.5,
                   label=label)


LIGHT = Theme(
    name="light",
    fg="#1f2328",
    muted="#5b6068",
    grid="#d9dce1",
    palette=(_BLUE, _VERMILLION, _GREEN, _PURPLE, _ORANGE, _SKY, "#1f2328"),
    highlight="#000000",
    diverging_name="vik",
)

DARK = Theme(
    name="dark",
    fg="#e3e5ec",
    muted="#a3a8b8",
    grid="#3a3f4c",
    palette=(_SKY, _ORANGE, _GREEN, _PURPLE, _YELLOW, _VERMILLION, "#e3e5ec"),
    highlight="#ffffff",
    diverging_name="berlin",
)

THEMES = (LIGHT, DARK)

def crameri(name: str) -> Colormap:
    """One of Crameri's colour maps, read from the cmcrameri package's data.

    (``import cmcrameri.cm`` would also import pyplot and register ~100 maps: slow, and
    nothing here needs it.)
    """
    spec = importlib.util.find_spec("cmcrameri")  # locates without importing
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("cmcrameri is not installed (see requirements.txt)")
    data = Path(next(iter(spec.submodule_search_locations))) / "cmaps" / f"{name}.txt"
    return ListedColormap(np.loadtxt(data), name=name)


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_ten(value: float, plain: bool = False) -> str:
    """Tick label for a power of ten: ``10⁻⁴`` (or ``1,000`` when ``plain``)."""
    if value <= 0:
        return ""
    exp = round(np.log10(value))
    if not np.isclose(value, 10.0**exp):
        return ""
    if plain and exp >= 0:
        return f"{10**exp:,}"
    return "10" + str(exp).translate(_SUPERSCRIPT)


def check_legibility(fig: Figure) -> None:
    """Raise ``ValueError`` if any visible text would be too small on a phone screen."""
    width_px = fig.get_figwidth() * 96
    scale = min(1.0, PHONE_CONTENT_PX / width_px)
    fig.canvas.draw_idle()
    for text in fig.findobj(Text):
        if not (text.get_visible() and text.get_text().strip()):
            continue
        px = float(text.get_fontsize()) * 96 / 72 * scale
        if px < MIN_PHONE_PX - 1e-9:
            raise ValueError(
                f"text {text.get_text()!r} at {text.get_fontsize():g} pt would be "
                f"{px:.1f} px on a phone (minimum {MIN_PHONE_PX:g} px)"
            )
