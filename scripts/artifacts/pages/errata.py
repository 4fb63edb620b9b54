"""docs/errata.md: Errata.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

import math

from scripts.artifacts.exercise_bank import (
    Exercise,
    entry,
    entry_exact,
    half_turn_position,
    half_turn_position_exact,
    longest_wavelength,
    sp,
)

PAGE = "errata.md"


EXERCISES: list[Exercise] = [
    Exercise(
        "errata.md", "fraction", "How close to 2π · 10000?", "check",
        prompt=r"For \(d_{\text{model}} = ${d_model}\), the longest wavelength is what "
               r"fraction of \(2\pi \cdot 10000\)?",
        solution=r"The fraction is \(10000^{-2/d} = 10000^{-2/${d_model}} \approx $answer\) "
                 r"(see the derivation on [wavelengths](wavelengths.md#geometric-progression)).",
        rests_on=("errata.md#wavelength-bound",),
        params={"d_model": 512},
        answer=lambda d_model: longest_wavelength(d_model) / (2 * math.pi * 10000),
        exact=lambda d_model: sp.Pow(10000, sp.Rational(-2, d_model), evaluate=False),
        tolerance=5e-4, decimals=4),
    Exercise(
        "errata.md", "d50", "The d = 50 vector, checked", "compute",
        prompt=r"A published walk-through (see the erratum) prints column ${column} of "
               r"position ${pos} for \(d_{\text{model}} = ${d_model}\) with the wrong sign. "
               r"Compute the right value.",
        solution=r"Column ${column} is the cosine of pair 1, \(\cos(${pos} \cdot "
                 r"10000^{-2/${d_model}})\). The angle is past \(\pi/2\) (indeed past "
                 r"\(\pi\)), so the cosine is negative: $answer.",
        rests_on=("errata.md#d50-vector", "worked-examples.md#d50"),
        params={"pos": 5, "column": 3, "d_model": 50}, answer=entry,
        exact=entry_exact, tolerance=5e-5,
        decimals=6),
    Exercise(
        "errata.md", "half-turn", "What base 10000 covers", "compute",
        prompt=r"A common claim: base 10000 covers positions up to about the base itself. For "
               r"\(d_{\text{model}} = ${d_model}\), after how many positions has the slowest "
               r"pair turned half a circle?",
        solution=r"The slowest pair turns at \(\omega = 10000^{-(d-2)/d}\); it has turned "
                 r"\(\pi\) after \(\pi/\omega\) positions, about $answer: the base is not a "
                 r"length, and the claim mixes the two.",
        rests_on=("errata.md#misconception-base-length", "wavelengths.md#why-10000"),
        params={"d_model": 512}, answer=half_turn_position,
        exact=half_turn_position_exact, tolerance=1, decimals=0,
        unit="positions", script="errata/exercise_errata_half_turn"),
    Exercise(
        "errata.md", "sines-unique", "Sines alone are already unique", "derive",
        prompt=r"Show that the sine of pair 0 alone already gives two different integer "
               r"positions \(p \ne q\) different values, so the cosines are not needed for "
               r"distinctness. What are they needed for?",
        solution=r"\(\sin p = \sin q\) needs \(q = p + 2\pi m\) or \(q = \pi - p + 2\pi m\) for "
                 r"an integer \(m\). The first makes \(2\pi m\) a non-zero integer, the second "
                 r"makes \(\pi(2m+1)\) an integer; both are impossible because \(\pi\) is "
                 r"irrational. The cosines are needed for the fixed linear map from "
                 r"\(PE_{pos}\) to \(PE_{pos+k}\) (see "
                 r"[why both sine and cosine](relative-position.md#why-sine-and-cosine)).",
        rests_on=("errata.md#misconception-sines-repeat",
                  "relative-position.md#why-sine-and-cosine")),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    4: "input: d_model = 4 of the worked example; the exponent 4i/d of a slip",
    100: "input: the base 100 some tutorials use for small examples",
    7: "input: the positions 7 -> 8 of the offset comparison",
    8: "input: (same comparison)",
    22: "input: the positions 22 -> 23 of the offset comparison",
    23: "input: (same comparison)",
    3: "input: positions 0-3 of \"I am a robot\", column 3 of d = 4, and cos 3 in a published d = 4 table",
    5: "input: position 5 of the d = 50 example; the odd width d = 5 of the proof",
    6: "input: the width d = 6 of a worked example",
    16: "input: the width d = 16 of the similarity-against-offset curve, of the near-repeat and of the sines-only comparison",
    20: "input: the 20 positions of the d = 6 example",
    50: "input: the width d = 50 of a worked example",
    512: "input: d_model = 512, the paper's base-model width",
}
