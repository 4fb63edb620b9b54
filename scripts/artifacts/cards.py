"""Social cards: the picture a link preview shows for a page (OpenGraph and Twitter cards).

A card is :data:`SIZE` pixels (the 1.91:1 shape link previews crop to), light theme: the
page's title above one of the page's own figures, drawn afresh by its figure function and
placed at the resolution the card needs. The card is a PNG cut to a 256-colour palette
without dithering, so it stays small and, like every figure, the same inputs give the same
bytes.
"""

from __future__ import annotations

import importlib
import io
import textwrap
from typing import Any

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from scripts.artifacts.style import LIGHT

SIZE = (1200, 630)  # pixels
DPI = 100
MARGIN = 56  # pixels around the title and the figure
#: Title sizes, largest first: (points, characters per line on SIZE[0] pixels, lines).
TITLE_FITS = ((40, 29, 2), (30, 39, 3))
ACCENT = "#3f51b5"  # Material's indigo, the site's primary colour
COLOURS = 256


def draw_figure(func: str, params: dict[str, Any], runs: dict[str, Any] | None) -> Figure:
    """The page's figure (``func`` is ``"module:function"`` of this package), light theme."""
    module, name = func.split(":")
    draw = getattr(importlib.import_module(f"scripts.artifacts.{module}"), name)
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(LIGHT.rc())
        fig = draw(LIGHT, **params, **({"runs": runs} if runs else {}))
        fig.canvas.draw()  # lay out while the theme's settings apply
    return fig


def _rgba(fig: Figure, width: int, height: int) -> Image.Image:
    """``fig`` as pixels, as large as fits in ``width`` x ``height``."""
    w_in, h_in = fig.get_size_inches()
    fig.set_dpi(min(width / w_in, height / h_in))
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    buf, size = canvas.print_to_buffer()
    return Image.frombuffer("RGBA", size, buf, "raw", "RGBA", 0, 1)


def social_card(title: str, figure: Figure) -> bytes:
    """The card: ``title`` on top, ``figure`` below, on the light theme's white."""
    if not title.strip():
        raise ValueError("a social card needs a title")
    for title_pt, chars, most in TITLE_FITS:
        lines = textwrap.wrap(" ".join(title.split()), chars)
        if len(lines) <= most:
            break
    else:
        raise ValueError(f"title {title!r} needs {len(lines)} lines on a card; at most "
                         f"{most} fit")
    width, height = SIZE
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(LIGHT.rc())
        card = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor="white")
        card.patches.append(matplotlib.patches.Rectangle(
            (0, 0), 12 / width, 1, transform=card.transFigure, color=ACCENT))
        title_px = title_pt * DPI / 72 * 1.25 * len(lines)
        text = card.text(MARGIN / width, 1 - MARGIN / height, "\n".join(lines), va="top",
                         ha="left", fontsize=title_pt, fontweight="bold", color=LIGHT.fg,
                         linespacing=1.15)
        if text.get_window_extent(FigureCanvasAgg(card).get_renderer()).x1 > width - MARGIN:
            raise ValueError(f"title {title!r} is wider than the card")
        box_top = MARGIN + title_px + MARGIN / 2
        picture = _rgba(figure, width - 2 * MARGIN, int(height - box_top - MARGIN))
        x = (width - picture.width) // 2
        y = MARGIN + (int(height - box_top - MARGIN) - picture.height) // 2
        card.figimage(np.asarray(picture), xo=x, yo=y, origin="upper")
        buf = io.BytesIO()
        FigureCanvasAgg(card).print_png(buf, metadata={"Software": None})
    with Image.open(io.BytesIO(buf.getvalue())) as image:
        small = image.convert("RGB").quantize(COLOURS, method=Image.Quantize.MEDIANCUT,
                                              dither=Image.Dither.NONE)
        out = io.BytesIO()
        small.save(out, format="png", optimize=True)
    return out.getvalue()
