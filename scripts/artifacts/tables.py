"""Markdown tables computed from ``pe``. Each function returns the table's Markdown.

Numbers use a true minus sign (U+2212) and a fixed number of decimals per column, so
columns line up and equal values look equal.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import pe
from scripts.artifacts.data import cosine_similarity


def num(value: float, decimals: int = 6) -> str:
    """``value`` with ``decimals`` decimals and a typographic minus; ``-0`` shows as ``0``."""
    text = f"{value:.{decimals}f}"
    if float(text) == 0:
        text = text.lstrip("-")
    return text.replace("-", "\u2212")


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]],
                   align: str | None = None) -> str:
    """A pipe table; ``align`` has one of ``l``, ``r``, ``c`` per column (default: right)."""
    align = align or "r" * len(header)
    if len(align) != len(header) or any(len(r) != len(header) for r in rows):
        raise ValueError("every row and the alignment must have one entry per column")
    rule = {"l": ":---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(header) + " |",
             "| " + " | ".join(rule[a] for a in align) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def _dim_header(d_model: int, columns: Sequence[int]) -> list[str]:
    trig = {0: r"\sin", 1: r"\cos"}
    return [rf"dim {c}<br>\({trig[c % 2]}(pos\,\omega_{c // 2})\)" for c in columns]


def positions(*, length: int, d_model: int, base: float = 10000.0, decimals: int = 6,
              tokens: Sequence[str] | None = None) -> str:
    """The first ``length`` rows of an encoding, every column; optional token column."""
    enc = pe.encoding(length, d_model, base=base)
    header = (["token"] if tokens else []) + ["position"] + _dim_header(d_model, range(d_model))
    rows = []
    for p in range(length):
        row = ([tokens[p]] if tokens else []) + [str(p)]
        rows.append(row + [num(v, decimals) for v in enc[p]])
    align = ("l" if tokens else "") + "r" * (len(header) - (1 if tokens else 0))
    return markdown_table(header, rows, align)


def robot_positions(*, tokens: list[str], d_model: int, base: float, decimals: int = 6) -> str:
    """Positions of "I am a robot": the encoding added to each token."""
    return positions(length=len(tokens), d_model=d_model, base=base, decimals=decimals,
                     tokens=tokens)


def vectors(*, d_model: int, positions: list[int], first: int, last: int,
            base: float = 10000.0, decimals: int = 4) -> str:
    """Chosen positions' vectors: the first and last few entries, with an ellipsis between."""
    cols = list(range(first)) + list(range(d_model - last, d_model))
    header = ["position"] + [f"dim {c}" for c in cols[:first]] + ["…"] + \
        [f"dim {c}" for c in cols[first:]]
    rows = []
    for p in positions:
        row = pe.encoding(1, d_model, base=base, start=p)[0]
        vals = [num(row[c], decimals) for c in cols]
        rows.append([str(p)] + vals[:first] + ["…"] + vals[first:])
    return markdown_table(header, rows, "r" * (first + 1) + "c" + "r" * last)


def wavelengths(*, d_model: int, base: float = 10000.0, pairs: list[int] | None = None) -> str:
    """Frequency and wavelength of each pair (or of the chosen pairs)."""
    omega = pe.frequencies(d_model, base=base)
    lam = pe.wavelengths(d_model, base=base)
    chosen = pairs if pairs is not None else range(len(omega))
    header = [r"pair \(i\)", "columns", r"frequency \(\omega_i\) (rad per position)",
              r"wavelength \(\lambda_i\) (positions)", r"ratio \(\lambda_i / 2\pi\)"]
    rows = [[str(i), f"{2 * i}, {2 * i + 1}", f"{omega[i]:.4e}".replace("-", "\u2212"),
             f"{lam[i]:,.2f}", f"{lam[i] / (2 * np.pi):,.2f}"] for i in chosen]
    return markdown_table(header, rows)


def equal_offsets(*, d_model: int, pairs: list[list[int]], base: float = 10000.0,
                  decimals: int = 6) -> str:
    """Cosine similarity and distance for position pairs: equal offsets, equal values."""
    top = max(max(p) for p in pairs) + 1
    enc = pe.encoding(top, d_model, base=base)
    header = [r"positions \(p \to q\)", r"offset \(q - p\)", "cosine similarity",
              "Euclidean distance"]
    rows = []
    for p, q in pairs:
        rows.append([f"{p} → {q}", str(q - p), num(cosine_similarity(enc[p], enc[q]), decimals),
                     num(float(np.linalg.norm(enc[p] - enc[q])), decimals)])
    return markdown_table(header, rows, "lrrr")
