"""docs/worked-examples.md: Worked examples.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.exercise_bank import (
    Exercise,
    entry,
    entry_exact,
)
from scripts.artifacts.registry import (
    PAPER_BASE,
    ROBOT_BASE,
    ROBOT_D_MODEL,
    ROBOT_TOKENS,
    Artifact,
    cycles,
    figure,
    table,
    words,
)

PAGE = "worked-examples.md"


def settled_column(position: int, d_model: int, base: float, angle: float) -> int:
    """The first (sine) column whose angle at ``position`` is below ``angle`` radians."""
    pair = next(i for i in range(d_model // 2) if position * base ** (-2 * i / d_model) < angle)
    return 2 * pair


# vector-pos7, heatmap-highlight and rows-d6 are included by no page at present (they
# belong with the worked examples they illustrate); see the README's layout section.


ARTIFACTS: list[Artifact] = [
    figure(
        "columns-d6", "waves:columns",
        alt="${Plots} small line plots, one per column of a ${length}-position, "
            "${d_model}-dimensional positional encoding. Columns 0 and 1 are a sine and a "
            "cosine that complete about $cycles cycles over the $length positions; columns 2 "
            "and 3 change more slowly; columns $last_sin and $last_cos barely move from 0 "
            "and 1.",
        caption=r"Every column of the encoding for $length positions and \(d = ${d_model}\), "
                r"against position. Even columns are sines, odd columns cosines; each pair "
                r"\(i\) turns at its own frequency \(\omega_i = ${base}^{-2i/${d_model}}\). "
                r"Dots are the values at integer positions, the thin curve the wave between "
                r"them.",
        derived=lambda p: {"Plots": words(p["d_model"]).capitalize(),
                           "cycles": words(round(cycles(p["length"], p["d_model"], 0,
                                                         p["base"]))),
                           "last_sin": p["d_model"] - 2, "last_cos": p["d_model"] - 1},
        length=20, d_model=6, base=PAPER_BASE),
    figure(
        "sine-by-dimension", "waves:sine_by_dimension",
        alt="Line plot of the sine entries against pair index 0 to $last_pair for positions "
            "$positions with d = ${d_model}. Position ${positions_0} is flat at zero; the "
            "others start by oscillating and settle towards zero as the pair index grows.",
        caption=r"The sine entries \(\sin(pos\,\omega_i)\) of the encodings of positions "
                r"${positions_0} to ${positions_last} against the pair index \(i\) "
                r"(\(d = ${d_model}\), base $base). Each position traces a different curve, "
                r"and all curves flatten towards 0 for large \(i\), where \(\omega_i\) is "
                r"tiny.",
        derived=lambda p: {"last_pair": p["pairs"] - 1},
        d_model=512, positions=[0, 1, 2, 3], pairs=100, base=PAPER_BASE),
    figure(
        "vector-pos7", "matrices:vector",
        alt="Stem chart of the $d_model values of the encoding of position $position. The "
            "first few sine and cosine values swing between -1 and 1; from about dimension "
            "$settled on, the sines are near 0 and the cosines near 1.",
        caption=r"The encoding vector of position $position for \(d = ${d_model}\). Early "
                r"pairs (fast waves) take all kinds of values; late pairs have hardly turned "
                r"and sit near \((0, 1)\).",
        # "Near": an angle under 1/3 radian (sine under 0.33, cosine over 0.94), rounded
        # to tens because the text says "about".
        derived=lambda p: {"settled": round(settled_column(p["position"], p["d_model"],
                                                            p["base"], 1 / 3), -1)},
        position=7, d_model=64, base=PAPER_BASE),
    figure(
        "heatmap-highlight", "matrices:heatmap_highlight", fmt="webp",
        alt="Heatmap of the encoding matrix for $length positions and $d_model dimensions "
            "with the row of position $position outlined.",
        caption=r"The same encoding as a matrix ($length positions, \(d = ${d_model}\)); the "
                r"outlined row is the vector of position $position shown above (the other "
                r"rows are faded).",
        length=32, d_model=64, position=7),
    table("positions-d4", "positions", length=5, d_model=4, base=PAPER_BASE),
    table("positions-d4-base100", "robot_positions", tokens=ROBOT_TOKENS, d_model=ROBOT_D_MODEL,
           base=ROBOT_BASE),
    table("rows-d6", "positions", length=6, d_model=6, base=PAPER_BASE, decimals=4),
    table("vectors-d50", "vectors", d_model=50, positions=[0, 5], first=4, last=2),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "worked-examples.md", "cosine", "A cosine of the d = 4 table", "check",
        prompt=r"In the table of positions 0 to 4 for \(d_{\text{model}} = ${d_model}\), what "
               r"is the entry of position ${pos} in column ${column}?",
        solution=r"Column ${column} is the cosine of pair 0, whose frequency is 1, so the "
                 r"entry is \(\cos ${pos} \approx $answer\).",
        rests_on=("worked-examples.md#d4",),
        params={"pos": 2, "column": 1, "d_model": 4}, answer=entry,
        exact=entry_exact, tolerance=5e-5,
        decimals=6),
    Exercise(
        "worked-examples.md", "robot", "The robot at base 100", "compute",
        prompt=r"In “I am a robot” with \(d_{\text{model}} = ${d_model}\) and base ${base}, "
               r"the token “robot” sits at position ${pos}. What is its encoding's entry in "
               r"column ${column}?",
        solution=r"Column ${column} is the sine of pair 1: \(\omega_1 = "
                 r"${base}^{-2/${d_model}} = 1/\sqrt{${base}}\), so the angle is "
                 r"\(${pos}\,\omega_1\) and the entry is its sine, $answer.",
        rests_on=("worked-examples.md#robot",),
        params={"pos": 3, "column": 2, "d_model": 4, "base": 100.0}, answer=entry,
        exact=entry_exact,
        tolerance=5e-5, decimals=6, script="worked-examples/exercise_worked_robot"),
    Exercise(
        "worked-examples.md", "d50", "Position 5 of d = 50", "compute",
        prompt=r"For \(d_{\text{model}} = ${d_model}\) and base 10000, compute the entry of "
               r"position ${pos} in column ${column}.",
        solution=r"Column ${column} is the sine of pair \(i = 1\): \(\omega_1 = "
                 r"10000^{-2/${d_model}}\), so the entry is \(\sin(${pos}\,\omega_1) "
                 r"\approx $answer\). The angle is larger than \(\pi\), so the sine is "
                 r"negative.",
        rests_on=("worked-examples.md#d50", "errata.md#d50-vector"),
        params={"pos": 5, "column": 2, "d_model": 50}, answer=entry,
        exact=entry_exact, tolerance=5e-5,
        decimals=6, script="worked-examples/exercise_worked_d50"),
    Exercise(
        "worked-examples.md", "row", "A whole row by hand", "derive",
        prompt=r"Write down the whole vector of position ${pos} for \(d_{\text{model}} = ${d_model}\) "
               r"and base 10000 as exact expressions, then as decimals. Which entries "
               r"would you expect to be close to 0 and 1, and why?",
        solution=r"The frequencies are \(\omega_i = 10000^{-2i/6}\): \(1\), "
                 r"\(10000^{-1/3}\) and \(10000^{-2/3}\). Position 1 has the angles "
                 r"\(\omega_i\) themselves, so"
                 "\n\n"
                 r"\[ \begin{aligned} PE_1 = \bigl(&\sin 1,\ \cos 1, \\ &\sin 10000^{-1/3},\ "
                 r"\cos 10000^{-1/3}, \\ &\sin 10000^{-2/3},\ \cos 10000^{-2/3}\bigr). "
                 r"\end{aligned} \]"
                 "\n\n"
                 r"The last pair turns by less than a hundredth of a radian, so its sine is "
                 r"close to 0 and its cosine close to 1; the [d = 6 table](worked-examples.md#d6) "
                 r"shows the decimals.",
        rests_on=("worked-examples.md#d6",), params={"pos": 1, "d_model": 6}),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    4: "input: d_model = 4 of the worked example; the exponent 4i/d of a slip",
    100: "input: the base 100 some tutorials use for small examples",
    3: "input: positions 0-3 of \"I am a robot\", column 3 of d = 4, and cos 3 in a published d = 4 table",
    5: "input: position 5 of the d = 50 example; the odd width d = 5 of the proof",
    6: "input: the width d = 6 of a worked example",
    20: "input: the 20 positions of the d = 6 example",
    50: "input: the width d = 50 of a worked example",
    512: "input: d_model = 512, the paper's base-model width",
}
