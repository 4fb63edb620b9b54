"""docs/pitfalls-use.md: Pitfalls in use.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

import numpy
import numpy as np

from scripts.artifacts.exercise_bank import (
    Exercise,
    float16_exact_integers,
    float16_exact_integers_exact,
    float32_angle_step,
    float32_angle_step_exact,
    left_padded_first_position,
    left_padded_first_position_exact,
)
from scripts.artifacts.registry import Artifact, Number, figure, number

PAGE = "pitfalls-use.md"


#: The width the precision numbers are taken at (the precision figure's).
PRECISION_D = 512


ARTIFACTS: list[Artifact] = [
    figure(
        "precision", "geometry:precision",
        alt="Log-log plot of the largest error against position from 1 to $max_position for "
            "float32, float16 and bfloat16. Errors grow with position; bfloat16 reaches the "
            "largest possible error within a few hundred positions, float16 within a few "
            "thousand and stops where positions overflow at $f16_max, and float32 stays far "
            "below both.",
        caption=r"Computing the encoding in low precision: largest error over the $d_model "
                r"entries of a position when positions, frequencies, their product and the "
                r"sine and cosine are all held in the given type, against the exact value "
                r"rounded to that type. The error grows with the position because the angle "
                r"\(pos\,\omega_i\) loses its low digits; 2 (dashed) is the worst possible.",
        derived=lambda p: {"f16_max": number(float(numpy.finfo(numpy.float16).max))},
        d_model=512, max_position=100_000, samples=400),
]


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("precision_d", "as_digits",
           "width used for the precision numbers",
           {"value": PRECISION_D}),
    Number("precision_error_float32_at_1000", "precision_error",
           "largest |error| over the 512 entries at position 1,000 when computed in float32",
           {"dtype": "float32", "position": 1_000, "d": PRECISION_D}),
    Number("precision_error_float32_at_10000", "precision_error",
           "largest |error| over the 512 entries at position 10,000 when computed in float32",
           {"dtype": "float32", "position": 10_000, "d": PRECISION_D}),
    Number("precision_error_float32_at_60000", "precision_error",
           "largest |error| over the 512 entries at position 60,000 when computed in float32",
           {"dtype": "float32", "position": 60_000, "d": PRECISION_D}),
    Number("precision_error_float32_at_100000", "precision_error",
           "largest |error| over the 512 entries at position 100,000 when computed in float32",
           {"dtype": "float32", "position": 100_000, "d": PRECISION_D}),
    Number("precision_error_float16_at_1000", "precision_error",
           "largest |error| over the 512 entries at position 1,000 when computed in float16",
           {"dtype": "float16", "position": 1_000, "d": PRECISION_D}),
    Number("precision_error_float16_at_10000", "precision_error",
           "largest |error| over the 512 entries at position 10,000 when computed in float16",
           {"dtype": "float16", "position": 10_000, "d": PRECISION_D}),
    Number("precision_error_float16_at_60000", "precision_error",
           "largest |error| over the 512 entries at position 60,000 when computed in float16",
           {"dtype": "float16", "position": 60_000, "d": PRECISION_D}),
    Number("precision_error_bfloat16_at_1000", "precision_error",
           "largest |error| over the 512 entries at position 1,000 when computed in bfloat16",
           {"dtype": "bfloat16", "position": 1_000, "d": PRECISION_D}),
    Number("precision_error_bfloat16_at_10000", "precision_error",
           "largest |error| over the 512 entries at position 10,000 when computed in bfloat16",
           {"dtype": "bfloat16", "position": 10_000, "d": PRECISION_D}),
    Number("precision_error_bfloat16_at_60000", "precision_error",
           "largest |error| over the 512 entries at position 60,000 when computed in bfloat16",
           {"dtype": "bfloat16", "position": 60_000, "d": PRECISION_D}),
    Number("precision_error_bfloat16_at_100000", "precision_error",
           "largest |error| over the 512 entries at position 100,000 when computed in bfloat16",
           {"dtype": "bfloat16", "position": 100_000, "d": PRECISION_D}),
    Number("float16_max", "float16_max",
           "largest finite float16 value",
           {}),
    Number("float32_exact_integers", "exact_integers",
           "float32 holds every integer up to this one exactly",
           {"dtype": "float32"}),
    Number("float16_exact_integers", "exact_integers",
           "float16 holds every integer up to this one exactly",
           {"dtype": "float16"}),
    Number("bfloat16_exact_integers", "exact_integers",
           "bfloat16 holds every integer up to this one exactly",
           {"dtype": "bfloat16"}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "pitfalls-use.md", "float16", "Positions in float16", "check",
        prompt=r"Positions are stored as float16 before the angles are computed. Up to which "
               r"position is every integer position still stored exactly?",
        solution=r"float16 stores ${fraction_bits} bits of fraction plus an implicit leading "
                 r"bit, so it holds every integer up to \(2^{${fraction_bits}+1} = "
                 r"$answer_tex\); beyond that, neighbouring positions start to share a value.",
        rests_on=("pitfalls-use.md#positions-in-low-precision",),
        params={"fraction_bits": int(np.finfo(np.float16).nmant)},
        answer=float16_exact_integers, exact=float16_exact_integers_exact, tolerance=0, decimals=0,
        former=("ex-pitfalls-float16",)),
    Exercise(
        "pitfalls-use.md", "float32-angle", "How coarse a float32 angle is", "compute",
        prompt=r"The fastest pair turns at frequency 1, so its angle at position "
               r"\(${position}\) is \(${position}\) radians. The angle is computed in float32. "
               r"How far apart are neighbouring float32 numbers at that angle, in radians?",
        solution=r"float32 keeps ${fraction_bits} bits after the leading one, and "
                 r"\(${position}\) lies between \(2^{${exponent}}\) and "
                 r"\(2^{${exponent}+1}\), so neighbouring float32 numbers there are "
                 r"\(2^{${exponent}-${fraction_bits}} = $answer_tex\) apart: "
                 r"the angle is known only to that step, which is why the sines of long "
                 r"positions are computed in float64 and rounded once.",
        rests_on=("pitfalls-use.md#angles-in-low-precision", "practice.md#mixed-precision"),
        params={"position": 60_000, "fraction_bits": int(np.finfo(np.float32).nmant),
                "exponent": int(np.log2(60_000))},
        answer=float32_angle_step, exact=float32_angle_step_exact, tolerance=1e-6, decimals=8,
        unit="radians", script="pitfalls-use/exercise_pitfalls_float32_angle"),
    Exercise(
        "pitfalls-use.md", "left-padding", "The first real token, left-padded", "check",
        prompt=r"A batch is padded on the left to \(${length}\) tokens. One of its sentences "
               r"has \(${tokens}\) tokens. With the columns numbered \(0, 1, 2, \dots\), "
               r"which position does the sentence's first real token get?",
        solution=r"The position of its column, which is the number of pads in front of it, "
                 r"\(${length} - ${tokens} = $answer\); counted over the real tokens only "
                 r"(a cumulative sum of the padding mask), it would get \(0\).",
        rests_on=("pitfalls-use.md#left-padding",),
        params={"length": 12, "tokens": 5},
        answer=left_padded_first_position, exact=left_padded_first_position_exact,
        tolerance=0, decimals=0),
]
