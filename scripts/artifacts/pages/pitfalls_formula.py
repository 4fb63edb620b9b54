"""docs/pitfalls-formula.md: Pitfalls in the formula.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.exercise_bank import (
    PASTE_ROWS,
    Exercise,
    mistaken_longest_wavelength,
    mistaken_longest_wavelength_exact,
    spacing_longest_wavelength,
    spacing_longest_wavelength_exact,
)
from scripts.artifacts.registry import Artifact, Number, figure

PAGE = "pitfalls-formula.md"


ARTIFACTS: list[Artifact] = [
    figure(
        "layouts", "matrices:layouts", fmt="webp",
        alt="Two heatmaps side by side of the same $length by $d_model encoding: on the left "
            "the sine and cosine columns alternate, on the right all sine columns come first "
            "and all cosine columns after them.",
        caption=r"The paper's interleaved layout and `pe`'s split layout hold the same "
                r"numbers in a different column order; either works as long as training and "
                r"inference agree. Not every split table is such a reordering: "
                r"tensor2tensor's and fairseq's also space their frequencies differently and "
                r"pad an odd width with a zero column.",
        length=50, d_model=64),
    figure(
        "odd-width", "waves:odd_width",
        alt="Line plot of column $last, the last column of a ${d_model}-dimensional "
            "encoding, against position 0 to $last_position: the correct encoding is one "
            "slow sine wave; the loop recipe leaves it at zero everywhere.",
        caption=r"With an odd width (\(d = ${d_model}\)) the last column is the sine of the "
                r"last frequency. A loop over \(\lfloor d/2 \rfloor\) pairs never writes it and "
                r"leaves it at 0; its wavelength is so long that over a short sequence the "
                r"mistake is easy to miss.",
        derived=lambda p: {"last": p["d_model"] - 1, "last_position": p["length"] - 1},
        length=10_000, d_model=5),
]


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("wavelength_last_d5", "wavelength_last_odd",
           "wavelength of the unpaired last sine column for d = 5, in positions",
           {"d": 5}),
]




EXERCISES: list[Exercise] = [
    Exercise(
        "pitfalls-formula.md", "spacing", "Dividing by d/2 − 1", "check",
        prompt=r"An implementation spaces its frequencies as \(10000^{-i/(d/2-1)}\), as "
               r"fairseq does. What is its longest wavelength for "
               r"\(d_{\text{model}} = ${d_model}\), in positions?",
        solution=r"Its last pair \(i = d/2 - 1\) has the exponent exactly \(-1\), so its "
                 r"frequency is \(1/10000\) and its wavelength \(2\pi \cdot 10000 \approx "
                 r"$answer_tex\), for every width: a different table from the paper's, not a "
                 r"reordering of it.",
        rests_on=("pitfalls-formula.md#d-over-2-minus-1", "implementations.md"),
        params={"d_model": 512}, answer=spacing_longest_wavelength,
        exact=spacing_longest_wavelength_exact, tolerance=1, decimals=0,
        unit="positions",
        former=("ex-pitfalls-spacing",)),
    Exercise(
        "pitfalls-formula.md", "i-vs-2i", "i where 2i belongs", "compute",
        prompt=r"An implementation writes \(10000^{i/d}\) where the paper has "
               r"\(10000^{2i/d}\). For \(d_{\text{model}} = ${d_model}\), what is its longest "
               r"wavelength, in positions?",
        solution=r"Its last pair \(i = d/2 - 1\) turns at \(10000^{-(d/2-1)/d}\), a little "
                 r"more than \(10000^{-1/2}\), so its longest wavelength is only about "
                 r"\(2\pi\sqrt{10000}\), here $answer positions, against tens of thousands for "
                 r"the paper's.",
        rests_on=("pitfalls-formula.md#i-versus-2i-in-the-exponent",),
        params={"d_model": 512}, answer=mistaken_longest_wavelength,
        exact=mistaken_longest_wavelength_exact, tolerance=1, decimals=0,
        unit="positions", script="pitfalls-formula/exercise_pitfalls_i_vs_2i",
        former=("ex-pitfalls-i-vs-2i",)),
    Exercise(
        "pitfalls-formula.md", "implement-odd", "An odd width, done right", "implement",
        prompt=r"Extend your implementation (or write one) so that it handles an odd width: "
               r"\(d_{\text{model}} = ${d_model}\) has \(\lceil d/2 \rceil\) sines and "
               r"\(\lfloor d/2 \rfloor\) cosines, "
               r"and its last column is the sine of the last frequency. Paste the first "
               r"${rows} rows of the table into the [checker](checker.md). It should match "
               r"the paper; if it reports the odd width's last column, your loop stopped "
               r"one column short.",
        solution=r"A solution that fills the sine columns and the cosine columns separately, "
                 r"so the unpaired last sine is written too:",
        rests_on=("pitfalls-formula.md#odd-widths", "formula.md#odd-widths"),
        params={"d_model": 7, "rows": PASTE_ROWS},
        script="pitfalls-formula/exercise_pitfalls_odd", expect="paper",
        mistakes=("odd-width-last-column", "i-for-2i", "float16-result"),
        former=("ex-pitfalls-implement-odd",)),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    4: "input: d_model = 4 of the worked example; the exponent 4i/d of a slip; "
    "log10(10000) = 4, the slip of taking log10 for ln",
    180: "formula constant: pi/180 radians in a degree (the degrees-for-radians slip)",
}
