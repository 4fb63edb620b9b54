"""Every artifact of the site, declared once.

An :class:`Artifact` names what is made (``name``), how (``func``: ``"module:function"``
inside this package, called with ``params``) and, for figures, the alt text and caption
shown with it. The builder derives file names, themes, caching and parallelism from this
table; add an entry here and ``scripts/build_artifacts.py`` makes it.

Outputs, under the generated folder:

- ``figure``:  ``figures/<name>-light.<fmt>``, ``figures/<name>-dark.<fmt>`` and the
  fragment ``figures/<name>.md``. ``func(theme, **params)`` returns a Matplotlib figure.
  ``fmt`` is ``svg`` for line plots and ``png`` for heatmaps.
- ``table``:   ``tables/<name>.md``. ``func(**params)`` returns Markdown.
- ``numbers``: ``numbers.json``. ``func(**params)`` returns ``{name: text}``.
- ``proofs``:  ``proofs/<proof>.md`` for every proof in ``pe.symbolic`` (and ``all.md``).
- ``example``: ``examples/<stem>.txt``, the output of ``docs/examples/<stem>.py``; one
  entry per script, found when the builder starts (see :func:`examples`).

This module must stay cheap to import (no Matplotlib, no SymPy): a run with nothing to do
reads it and must finish in well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

Kind = Literal["figure", "table", "numbers", "proofs", "example"]

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent.parent
EXAMPLES_DIR = ROOT / "docs" / "examples"


@dataclass(frozen=True)
class Artifact:
    """One generated artifact; see the module docstring for what each kind produces."""

    name: str
    kind: Kind
    func: str = ""  # "module:function" in this package; unused for examples
    params: dict[str, Any] = field(default_factory=dict)
    alt: str = ""  # figures: what the image shows, for screen readers
    caption: str = ""  # figures: Markdown (may use \( maths \)) under the image
    fmt: Literal["svg", "png"] = "svg"
    source: Path | None = None  # examples: the script

    @property
    def module(self) -> str:
        return self.func.split(":")[0]


def _figure(name: str, func: str, alt: str, caption: str, fmt: Literal["svg", "png"] = "svg",
            **params: Any) -> Artifact:
    return Artifact(name, "figure", f"fig_{func}", params, alt, caption, fmt)


def _table(name: str, func: str, **params: Any) -> Artifact:
    return Artifact(name, "table", f"tables:{func}", params)


FIGURES = [
    _figure(
        "columns-d6", "waves:columns",
        alt="Six small line plots, one per column of a 20-position, 6-dimensional "
            "positional encoding. Columns 0 and 1 are a sine and a cosine that complete "
            "about three cycles over the 20 positions; columns 2 and 3 change more slowly; "
            "columns 4 and 5 barely move from 0 and 1.",
        caption=r"Every column of the encoding for 20 positions and \(d = 6\), against "
                r"position. Even columns are sines, odd columns cosines; each pair \(i\) turns "
                r"at its own frequency \(\omega_i = 10000^{-2i/6}\). Dots are the values at "
                r"integer positions, the thin curve the wave between them.",
        length=20, d_model=6),
    _figure(
        "pairs-d50", "waves:pairs",
        alt="Three line plots of sine and cosine against position 0 to 99 for d = 50: pair 0 "
            "oscillates fast, completing a cycle every 2 pi positions, pair 1 more slowly, and "
            "pair 6 completes less than one cycle.",
        caption=r"Sine and cosine of pairs \(i = 0, 1, 6\) for \(d = 50\) over 100 positions. "
                r"The wavelength grows geometrically with \(i\): higher pairs change ever more "
                r"slowly.",
        length=100, d_model=50, pair_indices=[0, 1, 6]),
    _figure(
        "sine-by-dimension", "waves:sine_by_dimension",
        alt="Line plot of the sine entries against pair index 0 to 99 for positions 0, 1, 2 "
            "and 3 with d = 512. Position 0 is flat at zero; the others start by oscillating "
            "and settle towards zero as the pair index grows.",
        caption=r"The sine entries \(\sin(pos\,\omega_i)\) of the encodings of positions 0 "
                r"to 3 against the pair index \(i\) (\(d = 512\), base 10000). Each position "
                r"traces a different curve, and all curves flatten towards 0 for large "
                r"\(i\), where \(\omega_i\) is tiny.",
        d_model=512, positions=[0, 1, 2, 3], pairs=100),
    _figure(
        "heatmap-d512", "matrices:heatmap", fmt="png",
        alt="Heatmap of the encoding matrix with 100 positions as rows and 512 dimensions as "
            "columns. The left columns alternate rapidly between the two ends of the colour "
            "scale; towards the right the pattern stretches out and the columns settle to 0 "
            "(sines) and 1 (cosines).",
        caption=r"The encoding matrix for 100 positions and \(d = 512\) (base 10000). The "
                r"colour scale is centred on 0. Only the first few dozen columns change within "
                r"100 positions; the rest hold almost constant values.",
        length=100, d_model=512),
    _figure(
        "vector-pos7", "matrices:vector",
        alt="Stem chart of the 64 values of the encoding of position 7. The first few sine "
            "and cosine values swing between -1 and 1; from about dimension 20 on, the sines "
            "are near 0 and the cosines near 1.",
        caption=r"The encoding vector of position 7 for \(d = 64\). Early pairs (fast waves) "
                r"take all kinds of values; late pairs have hardly turned and sit near "
                r"\((0, 1)\).",
        position=7, d_model=64),
    _figure(
        "heatmap-highlight", "matrices:heatmap_highlight", fmt="png",
        alt="Heatmap of the encoding matrix for 32 positions and 64 dimensions with the row "
            "of position 7 outlined.",
        caption=r"The same encoding as a matrix (32 positions, \(d = 64\)); the outlined row "
                r"is the vector of position 7 shown above (the other rows are faded).",
        length=32, d_model=64, position=7),
    _figure(
        "similarity-matrix", "matrices:similarity_matrix", fmt="png",
        alt="Square heatmap of the cosine similarity between all pairs of 100 positions for "
            "d = 64. The diagonal is 1, and the colour is constant along every line parallel "
            "to the diagonal, forming bands.",
        caption=r"Cosine similarity between the encodings of every pair of positions "
                r"\(p, q < 100\) (\(d = 64\)). Each diagonal band has one colour: the "
                r"similarity depends only on the offset \(q - p\), not on where the pair sits.",
        length=100, d_model=64),
    _figure(
        "similarity-offset", "geometry:similarity_offset",
        alt="Line plot of cosine similarity against the offset k from -99 to 99 for d = 16, "
            "64 and 512. Each curve is symmetric about k = 0, where it equals 1, and "
            "decreases with wiggles rather than monotonically.",
        caption=r"Cosine similarity between positions \(p\) and \(p + k\) against the offset "
                r"\(k\). It is symmetric in \(\pm k\) and peaks at \(k = 0\), but it does not "
                r"fall monotonically: it dips and recovers, most visibly for small \(d\).",
        max_offset=99, d_models=[16, 64, 512]),
    _figure(
        "wavelengths", "waves:wavelengths",
        alt="Two plots of wavelength against pair index on a logarithmic axis, for d = 50 "
            "and d = 512. The wavelengths rise along a straight line from 2 pi and stay "
            "below the dashed reference line at 2 pi times 10000.",
        caption=r"Wavelengths \(\lambda_i = 2\pi \cdot 10000^{2i/d}\) form a geometric "
                r"progression: a straight line on a log scale. They start at \(2\pi\) and end "
                r"at \(2\pi \cdot 10000^{(d-2)/d}\), short of \(2\pi \cdot 10000\), much "
                r"shorter for \(d = 50\) than for \(d = 512\).",
        d_models=[50, 512]),
    _figure(
        "robot-sum", "matrices:robot_sum",
        alt="Three 4 by 4 grids of numbers for the tokens I, am, a, robot: the token "
            "embedding plus the positional encoding equals the input to the model.",
        caption=r"“I am a robot” with \(d = 4\) and base 100: each token's embedding (here "
                r"illustrative values, not a trained model's) plus the encoding of its "
                r"position gives the vector the model reads.",
    ),
    _figure(
        "rotation-circles", "geometry:rotation_circles",
        alt="Four unit circles, one per sin/cos pair of a 512-dimensional encoding, with "
            "positions 0 to 9 as numbered points. In pair 0 the points jump one radian per "
            "position and wrap around the circle; in the higher pairs they advance by ever "
            "smaller angles.",
        caption=r"Each sin/cos pair is a point on the unit circle that turns by its own angle "
                r"\(\omega_i\) per position: moving \(k\) positions along is a rotation by "
                r"\(k\,\omega_i\) in every pair (\(d = 512\), pairs 0, 32, 64, 96; the arc "
                r"marks one step).",
        d_model=512, pair_indices=[0, 32, 64, 96], positions=10),
    _figure(
        "precision", "geometry:precision",
        alt="Log-log plot of the largest error against position from 1 to 100000 for "
            "float32, float16 and bfloat16. Errors grow with position; bfloat16 reaches the "
            "largest possible error within a few hundred positions, float16 within a few "
            "thousand and stops where positions overflow at 65504, and float32 stays far "
            "below both.",
        caption=r"Computing the encoding in low precision: largest error over the 512 entries "
                r"of a position when positions, frequencies, their product and the sine and "
                r"cosine are all held in the given type, against the exact value rounded to "
                r"that type. The error grows with the position because the angle "
                r"\(pos\,\omega_i\) loses its low digits; 2 (dashed) is the worst possible.",
        d_model=512, max_position=100_000, samples=400),
    _figure(
        "layouts", "matrices:layouts", fmt="png",
        alt="Two heatmaps side by side of the same 50 by 64 encoding: on the left the sine "
            "and cosine columns alternate, on the right all sine columns come first and all "
            "cosine columns after them.",
        caption=r"Interleaved (as in the paper) and split (as in tensor2tensor) layouts hold "
                r"the same numbers in a different column order; either works as long as "
                r"training and inference agree.",
        length=50, d_model=64),
    _figure(
        "distinctness", "geometry:distinctness",
        alt="Log-log plot of the smallest distance between the encodings of two different "
            "positions against sequence length up to 100000, for d = 2, 4, 8, 16, 64 and "
            "512. The curves for d = 16 and more stay flat; those for d = 2, 4 and 8 fall as "
            "near-repeats appear.",
        caption=r"How close do two different positions get? The smallest Euclidean distance "
                r"between encodings of positions in \(0 \ldots L-1\). From \(d = 16\) on it is "
                r"the distance between neighbours, whatever \(L\); very small widths have "
                r"near-collisions in long sequences.",
        max_length=100_000, d_models=[2, 4, 8, 16, 64, 512]),
    _figure(
        "odd-width", "waves:odd_width",
        alt="Line plot of column 4, the last column of a 5-dimensional encoding, against "
            "position 0 to 9999: the correct encoding is one slow sine wave; the loop recipe "
            "leaves it at zero everywhere.",
        caption=r"With an odd width (\(d = 5\)) the last column is the sine of the last "
                r"frequency. A loop over \(\lfloor d/2 \rfloor\) pairs never writes it and "
                r"leaves it at 0; its wavelength is so long that over a short sequence the "
                r"mistake is easy to miss.",
        length=10_000, d_model=5),
]

TABLES = [
    _table("positions-d4", "positions", length=5, d_model=4, base=10000.0),
    _table("positions-d4-base100", "robot_positions", base=100.0),
    _table("rows-d6", "positions", length=6, d_model=6, base=10000.0, decimals=4),
    _table("vectors-d50", "vectors", d_model=50, positions=[0, 5], first=4, last=2),
    _table("wavelengths-d50", "wavelengths", d_model=50),
    _table("wavelengths-d512", "wavelengths", d_model=512,
           pairs=[0, 1, 2, 3, 8, 16, 32, 64, 128, 192, 254, 255]),
    _table("equal-offsets", "equal_offsets", d_model=64,
           pairs=[[7, 8], [22, 23], [0, 1], [7, 10], [22, 25], [50, 53]]),
]

SINGLES = [
    Artifact("numbers", "numbers", "numbers:compute"),
    Artifact("proofs", "proofs", "proofs:fragments"),
]


def examples() -> list[Artifact]:
    """One artifact per ``docs/examples/*.py`` (none if the folder is missing)."""
    if not EXAMPLES_DIR.is_dir():
        return []
    return [Artifact(f"example-{path.stem}", "example", source=path)
            for path in sorted(EXAMPLES_DIR.glob("*.py")) if not path.name.startswith("_")]


def all_artifacts() -> list[Artifact]:
    """The full registry, in a stable order; names are checked to be unique."""
    items = FIGURES + TABLES + SINGLES + examples()
    seen: set[str] = set()
    for a in items:
        if a.name in seen:
            raise ValueError(f"artifact name {a.name!r} is declared twice")
        seen.add(a.name)
    return items
