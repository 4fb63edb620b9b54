"""docs/index.md: Sinusoidal positional encoding.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

import numpy as np

import pe
import pe.relatives
from scripts.artifacts.exercise_bank import Exercise, distance_exact, sp
from scripts.artifacts.registry import PAPER_BASE, Artifact, figure

PAGE = "index.md"


#: How far a column of the heatmap must swing (largest minus smallest value over the drawn
#: positions) to count as changing, for its caption: a big and a small change.
SWING_BIG, SWING_SMALL = 1.0, 0.1


def swinging_columns(length: int, d_model: int, base: float, swing: float) -> int:
    """How many columns of ``pe.encoding(length, d_model)`` vary by more than ``swing``."""
    import pe  # NumPy only; kept local so importing the registry stays cheap

    enc = pe.encoding(length, d_model, base=base)
    return int(((enc.max(axis=0) - enc.min(axis=0)) > swing).sum())


ARTIFACTS: list[Artifact] = [
    figure(
        "heatmap-d512", "matrices:heatmap", fmt="webp",
        alt="Heatmap of the encoding matrix with $length positions as rows and $d_model "
            "dimensions as columns. The left columns alternate rapidly between the two ends "
            "of the colour scale; towards the right the pattern stretches out and the "
            "columns settle to 0 (sines) and 1 (cosines).",
        caption=r"The encoding matrix for $length positions and \(d = ${d_model}\) (base "
                r"$base). The colour scale is centred on 0. Over these positions $swing_big "
                r"of the $d_model columns swing by more than $big (largest minus smallest "
                r"value) and $swing_small by more than $small; the other $still hold almost "
                r"constant values.",
        derived=lambda p: {
            "big": SWING_BIG, "small": SWING_SMALL,
            "swing_big": swinging_columns(p["length"], p["d_model"], p["base"], SWING_BIG),
            "swing_small": swinging_columns(p["length"], p["d_model"], p["base"], SWING_SMALL),
            "still": p["d_model"] - swinging_columns(p["length"], p["d_model"], p["base"],
                                                      SWING_SMALL)},
        length=100, d_model=512, base=PAPER_BASE),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "index.md", "size", "The size of the table", "check",
        prompt=r"How many numbers does the encoding add to a sequence of ${length} tokens "
               r"when \(d_{\text{model}} = ${d_model}\)?",
        solution=r"One row of \(d_{\text{model}}\) numbers per position: \(${length} \times "
                 r"${d_model} = $answer_tex\). The table depends on the length and the width only, "
                 r"never on which tokens fill the sequence.",
        rests_on=("index.md#formula", "index.md#matrix"),
        params={"length": 10, "d_model": 512},
        answer=lambda length, d_model: pe.encoding(length, d_model).size, tolerance=0,
        exact=lambda length, d_model: sp.Integer(length * d_model), decimals=0),
    Exercise(
        "index.md", "moved", "Dog bites man", "compute",
        prompt=r"In “dog bites man” the token “dog” is at position ${first}; in “man bites "
               r"dog” it is at position ${second}. For \(d_{\text{model}} = ${d_model}\), how "
               r"far apart (Euclidean distance) are the two encodings it receives?",
        solution=r"Pair by pair, two points on the unit circle at angles "
                 r"\(${first}\,\omega_i\) and \(${second}\,\omega_i\) are "
                 r"\(2\,|\sin((${second} - ${first})\,\omega_i/2)|\) apart, so the squared "
                 r"distance is \(\sum_i 4 \sin^2((${second} - ${first})\,\omega_i/2)\) and "
                 r"the distance about $answer. Each fast pair contributes far more than a slow "
                 r"one, which hardly moves.",
        rests_on=("index.md#why", "relative-position.md#dot-product"),
        params={"first": 0, "second": 2, "d_model": 512}, tolerance=5e-3, decimals=3,
        answer=lambda first, second, d_model: float(np.linalg.norm(
            pe.encoding(second + 1, d_model)[second] - pe.encoding(first + 1, d_model)[first])),
        exact=distance_exact,
        script="index/exercise_home_moved"),
    Exercise(
        "index.md", "order-blind", "Attention is blind to order", "derive",
        prompt=r"Let \(P\) permute the rows of the input \(X\) (one row per token). Show "
               r"that one self-attention head without positions satisfies "
               r"\(\operatorname{Att}(PX) = P\,\operatorname{Att}(X)\), and that adding the "
               r"encoding \(E\) breaks this.",
        solution=r"With \(Q = XW_Q\), \(K = XW_K\), \(V = XW_V\), permuting the rows of "
                 r"\(X\) permutes those of \(Q\), \(K\) and \(V\) alike. The scores become "
                 r"\(PQK^{\top}P^{\top}\): rows and columns permuted the same way. The "
                 r"softmax acts on each row and does not care about the order of its entries, "
                 r"so"
                 "\n\n"
                 r"\[ \begin{aligned} \operatorname{Att}(PX) &= P\,\operatorname{softmax}"
                 r"\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)P^{\top}\,PV \\ &= "
                 r"P\,\operatorname{Att}(X), \end{aligned} \]"
                 "\n\n"
                 r"because \(P^{\top}P = I\). With the encoding the input is \(PX + E\), "
                 r"not \(P(X + E)\): the rows of \(E\) stay where they are while the tokens "
                 r"move, so a moved token receives a different input.",
        rests_on=("index.md#why",)),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    50: "input: the width d = 50 of a worked example",
    512: "input: d_model = 512, the paper's base-model width",
}
