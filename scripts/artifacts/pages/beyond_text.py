"""docs/beyond-text.md: Beyond text: timesteps, time series, images.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

import pe
import pe.relatives
from scripts.artifacts.exercise_bank import (
    Exercise,
    patch_dot,
    patch_dot_exact,
    sp,
    timestep_entry,
    timestep_entry_exact,
)
from scripts.artifacts.registry import Number

PAGE = "beyond-text.md"


#: The width and the steps 0 .. T-1 of the timestep-spacing comparison.
TIMESTEP_D, TIMESTEP_STEPS = 128, 1000


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("timestep_spacing_d", "as_digits",
           "width of the timestep-spacing comparison",
           {"value": TIMESTEP_D}),
    Number("timestep_spacing_steps", "as_integer",
           "steps 0 .. T-1 of the timestep-spacing comparison",
           {"value": TIMESTEP_STEPS}),
    Number("timestep_spacing_max_difference", "timestep_spacing_max_difference",
           "largest entry difference between the d/2 − 1 spacing and the paper's, same layout",
           {"d": TIMESTEP_D, "steps": TIMESTEP_STEPS}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "beyond-text.md", "axis-pairs", "Frequencies per axis", "check",
        prompt=r"A vision Transformer of width \(d = ${d_model}\) uses the 2-D encoding that "
               r"gives half the width to a patch's row and half to its column. How many "
               r"sin/cos pairs, that is how many frequencies, does each axis get?",
        solution=r"Each axis gets a 1-D encoding of width \(${d_model}/2\), which has half "
                 r"as many sin/cos pairs as columns: $answer frequencies per axis, spread "
                 r"from 1 down to about \(10000^{-1}\) like any 1-D encoding of that width.",
        rests_on=("beyond-text.md#image-patches", "formula.md"),
        params={"d_model": 768}, answer=lambda d_model: len(pe.frequencies(d_model // 2)),
        exact=lambda d_model: sp.Integer(d_model // 4), tolerance=0, decimals=0),
    Exercise(
        "beyond-text.md", "timestep", "A timestep embedding", "compute",
        prompt=r"guided-diffusion embeds a timestep with the paper's frequencies, cosines "
               r"first, then sines. For \(d = ${d_model}\) and timestep \(t = ${t}\), what is "
               r"entry ${column} of its embedding (counting from 0)?",
        solution=r"With \(h = ${d_model}/2\) frequencies, entries \(0 \ldots h-1\) are the "
                 r"cosines and \(h \ldots d-1\) the sines, so entry ${column} is the sine of "
                 r"the first frequency, \(\sin ${t} \approx $answer\).",
        rests_on=("beyond-text.md#diffusion",),
        params={"t": 10, "column": 4, "d_model": 8}, answer=timestep_entry,
        exact=timestep_entry_exact, tolerance=5e-5,
        decimals=6, script="beyond-text/exercise_beyond_timestep"),
    Exercise(
        "beyond-text.md", "patches", "Two patches apart", "compute",
        prompt=r"A 2-D encoding gives half of \(d = ${d_model}\) to the row and half to the "
               r"column of a patch, each a 1-D encoding. What is the dot product of the "
               r"encodings of two patches ${rows} row and ${cols} columns apart?",
        solution=r"Each half is a 1-D encoding of width \(${d_model}/2\), so the dot product is the "
                 r"sum of the two 1-D dot products, \(\sum_i \cos(${rows}\,\omega_i) + "
                 r"\sum_i \cos(${cols}\,\omega_i)\) with \(\omega_i = 10000^{-4i/${d_model}}\): "
                 r"about $answer.",
        rests_on=("beyond-text.md#image-patches", "relative-position.md#dot-product"),
        params={"rows": 1, "cols": 2, "d_model": 16}, tolerance=5e-4, decimals=4,
        answer=lambda rows, cols, d_model: patch_dot(rows, cols, d_model),
        exact=patch_dot_exact,
        script="beyond-text/exercise_beyond_patches"),
    Exercise(
        "beyond-text.md", "continuous", "Continuous time", "derive",
        prompt=r"A model feeds times \(t \in [0, 1]\) into the encoding with base 10000. "
               r"Show that most pairs then barely turn over the whole range, and say what "
               r"multiplying \(t\) by a constant \(c\) changes.",
        solution=r"Over \([0, 1]\) pair \(i\) turns by at most \(\omega_i = "
                 r"10000^{-2i/d} \le 1\) radian, and by less than a tenth of a radian once "
                 r"\(2i/d > 1/4\): three quarters of the pairs hardly move. Feeding \(c\,t\) "
                 r"multiplies every angle by \(c\), as if every frequency were \(c\) times "
                 r"higher; choosing \(c\) (or a smaller base) spreads the pairs' turns over "
                 r"the range again.",
        rests_on=("beyond-text.md#diffusion", "wavelengths.md#base")),
]
