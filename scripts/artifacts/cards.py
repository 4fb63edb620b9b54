"""Social cards: the picture a link preview shows for a page (OpenGraph and Twitter cards).

A card is :data:`SIZE` pixels (the 1.91:1 shape link previews crop to), light theme: the
page's title above one of the page's own figures, drawn afresh by its figure function and
placed at the resolution the card needs (:func:`social_card`). A page without a figure of its
own gets no other page's figure: its card is its title over its description, on the site's
colours, with a sine and a cosine as the site's mark (:func:`text_card`). The card is a PNG
cut to a 256-colour palette without dithering, so it stays small and, like every figure, the
same inputs give the same bytes.
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
    with LIGHT.applied():
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


def _wrap(text: str, fits: tuple[tuple[int, int, int], ...], what: str) -> tuple[int, list[str]]:
    """The largest of ``fits`` (points, characters per line, lines) ``text`` fits in: its
    size and lines."""
    for points, chars, most in fits:
        lines = textwrap.wrap(" ".join(text.split()), chars)
        if len(lines) <= most:
            return points, lines
    raise ValueError(f"{what} {text!r} needs {len(lines)} lines on a card; at most "
                     f"{most} fit")


def _blank_card() -> Figure:
    """The light theme's white, with the site's colour as a band on the left."""
    width, height = SIZE
    card = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor="white")
    card.patches.append(matplotlib.patches.Rectangle(
        (0, 0), 12 / width, 1, transform=card.transFigure, color=ACCENT))
    return card


def _text(card: Figure, top_px: float, text: str, fits: tuple[tuple[int, int, int], ...],
          what: str, **style: Any) -> float:
    """``text`` from ``top_px`` (pixels from the top), as large as fits; its bottom."""
    width, height = SIZE
    points, lines = _wrap(text, fits, what)
    drawn = card.text(MARGIN / width, 1 - top_px / height, "\n".join(lines), va="top",
                      ha="left", fontsize=points, linespacing=1.15, **style)
    extent = drawn.get_window_extent(FigureCanvasAgg(card).get_renderer())
    if extent.x1 > width - MARGIN:
        raise ValueError(f"{what} {text!r} is wider than the card")
    return top_px + points * DPI / 72 * 1.25 * len(lines)


def _png(card: Figure) -> bytes:
    buf = io.BytesIO()
    FigureCanvasAgg(card).print_png(buf, metadata={"Software": None})
    with Image.open(io.BytesIO(buf.getvalue())) as image:
        small = image.convert("RGB").quantize(COLOURS, method=Image.Quantize.MEDIANCUT,
                                              dither=Image.Dither.NONE)
        out = io.BytesIO()
        small.save(out, format="png", optimize=True)
    return out.getvalue()


def social_card(title: str, figure: Figure) -> bytes:
    """The card: ``title`` on top, ``figure`` below, on the light theme's white."""
    if not title.strip():
        raise ValueError("a social card needs a title")
    width, height = SIZE
    with LIGHT.applied():
        card = _blank_card()
        title_bottom = _text(card, MARGIN, title, TITLE_FITS, "title", fontweight="bold",
                             color=LIGHT.fg)
        box_top = title_bottom + MARGIN / 2
        picture = _rgba(figure, width - 2 * MARGIN, int(height - box_top - MARGIN))
        x = (width - picture.width) // 2
        y = MARGIN + (int(height - box_top - MARGIN) - picture.height) // 2
        card.figimage(np.asarray(picture), xo=x, yo=y, origin="upper")
        return _png(card)


#: Description sizes, largest first, as :data:`TITLE_FITS`.
DESCRIPTION_FITS = ((24, 60, 5), (20, 72, 6))
#: The mark's second wave: the amber of the site's favicon (docs/images/favicon.svg).
WAVE = "#ffca28"
MARK_PX = 150  # the height of the band the mark's waves are drawn in, at the bottom


def text_card(title: str, description: str) -> bytes:
    """The card of a page without a figure of its own: ``title``, then ``description``, and
    under them a sine and a cosine (the site's mark), on the light theme's white."""
    if not title.strip() or not description.strip():
        raise ValueError("a text card needs a title and a description")
    width, height = SIZE
    with LIGHT.applied():
        card = _blank_card()
        bottom = _text(card, MARGIN, title, TITLE_FITS, "title", fontweight="bold",
                       color=LIGHT.fg)
        bottom = _text(card, bottom + MARGIN / 2, description, DESCRIPTION_FITS,
                       "description", color=LIGHT.muted)
        if bottom > height - MARK_PX:
            raise ValueError(f"title and description of {title!r} are too long for a card")
        mark = card.add_axes((MARGIN / width, MARGIN / 2 / height,
                              1 - 2 * MARGIN / width, (MARK_PX - MARGIN) / height))
        mark.set_axis_off()
        x = np.linspace(0, 4 * np.pi, 400)
        mark.plot(x, np.sin(x), color=ACCENT, linewidth=5, solid_capstyle="round")
        mark.plot(x, np.cos(x), color=WAVE, linewidth=5, solid_capstyle="round")
        mark.set_xlim(-0.1, 4 * np.pi + 0.1)
        mark.set_ylim(-1.15, 1.15)
        return _png(card)
