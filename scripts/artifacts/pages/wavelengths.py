"""docs/wavelengths.md: Wavelengths and frequencies.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.exercise_bank import (
    Exercise,
    base_for_wavelength,
    base_for_wavelength_exact,
    longest_wavelength,
    longest_wavelength_exact,
    wavelength,
    wavelength_exact,
    wavelength_ratio,
    wavelength_ratio_exact,
)
from scripts.artifacts.registry import (
    PAPER_BASE,
    Artifact,
    Number,
    cycles,
    figure,
    prose_list,
    table,
    words,
)

PAGE = "wavelengths.md"


#: The sequence length up to which the closest pair of positions is searched (the
#: distinctness figure's longest length, and its numbers).
DISTINCT_LENGTH = 100_000


#: A result, not a choice: the smallest width (of those drawn in "distinctness") whose two
#: closest positions are neighbours for every sequence length drawn (not beyond: d = 16 has
#: a near-repeat at an offset of about 600,000; see near_repeat_offset_d16 below). Too costly
#: to compute on import; tests/pipeline/test_registry_text.py recomputes and checks it.
DISTINCT_FROM = 16


ARTIFACTS: list[Artifact] = [
    figure(
        "pairs-d50", "waves:pairs",
        alt="${Plots} line plots of sine and cosine against position 0 to $last for "
            "d = ${d_model}: pair ${pair_indices_0} oscillates fast, completing a cycle every "
            "2 pi positions, pair ${pair_indices_1} more slowly, and pair ${pair_indices_last} "
            "completes only about $slow_cycles cycles.",
        caption=r"Sine and cosine of pairs $pair_indices for \(d = ${d_model}\) over $length "
                r"positions. The wavelength grows geometrically with \(i\): higher pairs "
                r"change ever more slowly.",
        derived=lambda p: {"Plots": words(len(p["pair_indices"])).capitalize(),
                           "last": p["length"] - 1,
                           "slow_cycles": round(cycles(p["length"], p["d_model"],
                                                        p["pair_indices"][-1], p["base"]), 1)},
        length=100, d_model=50, pair_indices=[0, 1, 6], base=PAPER_BASE),
    figure(
        "wavelengths", "waves:wavelengths",
        alt="${Plots} plots of wavelength against pair index on a logarithmic axis, for "
            "d = ${d_models}. The wavelengths rise along a straight line from 2 pi and stay "
            "below the dashed reference line at 2 pi times ${base}.",
        caption=r"Wavelengths \(\lambda_i = 2\pi \cdot ${base}^{2i/d}\) form a geometric "
                r"progression: a straight line on a log scale. They start at \(2\pi\) and end "
                r"at \(2\pi \cdot ${base}^{(d-2)/d}\), short of \(2\pi \cdot ${base}\), much "
                r"shorter for \(d = ${d_models_0}\) than for \(d = ${d_models_last}\).",
        derived=lambda p: {"Plots": words(len(p["d_models"])).capitalize()},
        d_models=[50, 512], base=PAPER_BASE),
    figure(
        "distinctness", "geometry:distinctness",
        alt="Log-log plot of the smallest distance between the encodings of two different "
            "positions against sequence length up to $max_length, for d = ${d_models}. The "
            "curves for d = $flat_from and more stay flat; those for d = $falling fall as "
            "near-repeats appear.",
        caption=r"How close do two different positions get? The smallest Euclidean distance "
                r"between encodings of positions in \(0 \ldots L-1\). From "
                r"\(d = ${flat_from}\) on it is the distance between neighbours for every "
                r"\(L\) drawn; more pairs push near-repeats further out, they do not rule them "
                r"out. Very small widths have near-collisions within the lengths drawn.",
        # A result too costly to compute on import: the smallest listed width whose closest
        # pair is a pair of neighbours at every length drawn. tests/pipeline/test_registry_text.py
        # checks it.
        derived=lambda p: {"flat_from": DISTINCT_FROM,
                           "falling": prose_list([d for d in p["d_models"]
                                                  if d < DISTINCT_FROM])},
        max_length=100_000, d_models=[2, 4, 8, 16, 64, 512]),
    table("wavelengths-d50", "wavelengths", d_model=50),
    table("wavelengths-d512", "wavelengths", d_model=512,
           pairs=[0, 1, 2, 3, 8, 16, 32, 64, 128, 192, 254, 255]),
]


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("wavelength_min", "wavelength_min",
           "shortest wavelength, 2π, in positions",
           {}),
    Number("wavelength_limit", "wavelength_limit",
           "2π·base: the bound the wavelengths approach, in positions",
           {}),
    Number("pairs_d50", "pairs",
           "number of sin/cos pairs for d = 50",
           {"d": 50}),
    Number("wavelength_max_d50", "wavelength_max",
           "longest wavelength for d = 50, 2π·base^((d−2)/d), in positions",
           {"d": 50}),
    Number("wavelength_max_ratio_d50", "wavelength_max_ratio",
           "longest wavelength for d = 50 divided by 2π·base",
           {"d": 50}),
    Number("wavelength_max_percent_d50", "wavelength_max_percent",
           "longest wavelength for d = 50 as a percentage of 2π·base",
           {"d": 50}),
    Number("frequency_min_d50", "frequency_min",
           "lowest angular frequency for d = 50, in radians per position",
           {"d": 50}),
    Number("pairs_d512", "pairs",
           "number of sin/cos pairs for d = 512",
           {"d": 512}),
    Number("wavelength_max_d512", "wavelength_max",
           "longest wavelength for d = 512, 2π·base^((d−2)/d), in positions",
           {"d": 512}),
    Number("wavelength_max_ratio_d512", "wavelength_max_ratio",
           "longest wavelength for d = 512 divided by 2π·base",
           {"d": 512}),
    Number("wavelength_max_percent_d512", "wavelength_max_percent",
           "longest wavelength for d = 512 as a percentage of 2π·base",
           {"d": 512}),
    Number("frequency_min_d512", "frequency_min",
           "lowest angular frequency for d = 512, in radians per position",
           {"d": 512}),
    Number("step_angle_pair0_deg", "step_angle_pair0_deg",
           "angle pair 0 turns per position (1 radian), in degrees",
           {}),
    Number("half_turn_slowest_d512", "half_turn_slowest",
           "positions before the slowest pair of d = 512 has turned half a circle",
           {"d": 512}),
    Number("min_distance_length", "as_integer",
           "sequence length for the min_distance_* numbers",
           {"value": DISTINCT_LENGTH}),
    Number("min_distance_d2", "min_distance",
           "smallest distance between two different positions' encodings, d = 2",
           {"d": 2, "length": DISTINCT_LENGTH}),
    Number("min_distance_offset_d2", "min_distance_offset",
           "the offset between the two closest positions, d = 2",
           {"d": 2, "length": DISTINCT_LENGTH}),
    Number("min_distance_d4", "min_distance",
           "smallest distance between two different positions' encodings, d = 4",
           {"d": 4, "length": DISTINCT_LENGTH}),
    Number("min_distance_offset_d4", "min_distance_offset",
           "the offset between the two closest positions, d = 4",
           {"d": 4, "length": DISTINCT_LENGTH}),
    Number("min_distance_d8", "min_distance",
           "smallest distance between two different positions' encodings, d = 8",
           {"d": 8, "length": DISTINCT_LENGTH}),
    Number("min_distance_offset_d8", "min_distance_offset",
           "the offset between the two closest positions, d = 8",
           {"d": 8, "length": DISTINCT_LENGTH}),
    Number("min_distance_d16", "min_distance",
           "smallest distance between two different positions' encodings, d = 16",
           {"d": 16, "length": DISTINCT_LENGTH}),
    Number("min_distance_offset_d16", "min_distance_offset",
           "the offset between the two closest positions, d = 16",
           {"d": 16, "length": DISTINCT_LENGTH}),
    Number("min_distance_d64", "min_distance",
           "smallest distance between two different positions' encodings, d = 64",
           {"d": 64, "length": DISTINCT_LENGTH}),
    Number("min_distance_offset_d64", "min_distance_offset",
           "the offset between the two closest positions, d = 64",
           {"d": 64, "length": DISTINCT_LENGTH}),
    Number("min_distance_d512", "min_distance",
           "smallest distance between two different positions' encodings, d = 512",
           {"d": 512, "length": DISTINCT_LENGTH}),
    Number("min_distance_offset_d512", "min_distance_offset",
           "the offset between the two closest positions, d = 512",
           {"d": 512, "length": DISTINCT_LENGTH}),
    Number("near_repeat_offset_d16", "near_repeat_offset",
           "d = 16: the smallest offset whose two positions are closer than neighbours",
           {"d": 16}),
    Number("near_repeat_distance_d16", "near_repeat_distance",
           "d = 16: the distance between two positions near_repeat_offset_d16 apart",
           {"d": 16}),
    Number("neighbour_distance_d16", "neighbour_distance",
           "d = 16: the distance between neighbouring positions",
           {"d": 16}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "wavelengths.md", "shortest", "The shortest wavelength", "check",
        prompt=r"How many positions long is the wavelength of pair \(i = 0\), for any width "
               r"and base?",
        solution=r"Pair 0 has \(\omega_0 = \text{base}^{0} = 1\) radian per position, so it "
                 r"repeats after \(2\pi / \omega_0 = 2\pi \approx $answer\) positions.",
        rests_on=("wavelengths.md#geometric-progression",),
        params={"pair": 0, "d_model": 512}, answer=wavelength,
        exact=wavelength_exact, tolerance=1e-3, decimals=4,
        unit="positions"),
    Exercise(
        "wavelengths.md", "ratio", "The common ratio", "compute",
        prompt=r"The wavelengths form a geometric progression. For "
               r"\(d_{\text{model}} = ${d_model}\) and base 10000, by what factor does each "
               r"wavelength exceed the one before it?",
        solution=r"\(\lambda_i = 2\pi \cdot 10000^{2i/d}\), so \(\lambda_{i+1}/\lambda_i = "
                 r"10000^{2/d} = 10000^{2/${d_model}} \approx $answer\).",
        rests_on=("wavelengths.md#geometric-progression",),
        params={"d_model": 64}, answer=wavelength_ratio,
        exact=wavelength_ratio_exact, tolerance=5e-4, decimals=4,
        script="wavelengths/exercise_wavelengths_ratio"),
    Exercise(
        "wavelengths.md", "longest", "The longest wavelength", "compute",
        prompt=r"What is the longest wavelength of the encoding for "
               r"\(d_{\text{model}} = ${d_model}\) and base 10000, in positions?",
        solution=r"The last pair is \(i = d/2 - 1\), so \(\lambda_{\max} = 2\pi \cdot "
                 r"10000^{(${d_model}-2)/${d_model}} \approx $answer_tex\) "
                 r"positions: short of \(2\pi \cdot 10000\), because the exponent never "
                 r"reaches 1.",
        rests_on=("wavelengths.md#numbers", "errata.md#wavelength-bound"),
        params={"d_model": 50}, answer=longest_wavelength, exact=longest_wavelength_exact,
        tolerance=1, decimals=0, unit="positions", script="wavelengths/exercise_wavelengths_longest"),
    Exercise(
        "wavelengths.md", "choose-base", "Choosing a base", "compute",
        prompt=r"You want the longest wavelength of a \(d_{\text{model}} = ${d_model}\) "
               r"encoding to be exactly ${target} positions. Which base gives that?",
        solution=r"Solve \(2\pi \cdot b^{(d-2)/d} = \lambda\) for \(b\):"
                 "\n\n"
                 r"\[ b = \left(\frac{\lambda}{2\pi}\right)^{d/(d-2)}. \]"
                 "\n\n"
                 r"With \(\lambda = ${target}\) and \(d = ${d_model}\) this is about $answer.",
        rests_on=("wavelengths.md#base", "wavelengths.md#why-10000"),
        params={"d_model": 128, "target": 100_000}, answer=base_for_wavelength,
        exact=base_for_wavelength_exact,
        tolerance=1, decimals=0, script="wavelengths/exercise_wavelengths_base"),
    Exercise(
        "wavelengths.md", "bound", "Why never 2π · base?", "derive",
        prompt=r"The paper says the wavelengths run “from \(2\pi\) to \(10000 \cdot 2\pi\)”. "
               r"Show that no wavelength of a \(d\)-dimensional encoding reaches "
               r"\(10000 \cdot 2\pi\), and find the fraction of it the longest one reaches.",
        solution=r"\(\lambda_i = 2\pi \cdot 10000^{2i/d}\) with \(0 \le i \le d/2 - 1\), so "
                 r"the exponent is at most \((d-2)/d < 1\) and"
                 "\n\n"
                 r"\[ \begin{aligned} \frac{\lambda_{\max}}{2\pi \cdot 10000} &= "
                 r"10000^{(d-2)/d - 1} \\ &= 10000^{-2/d} < 1. \end{aligned} \]"
                 "\n\n"
                 r"The fraction tends to 1 as \(d\) grows but never reaches it; the "
                 r"[errata](errata.md#wavelength-bound) give it for the widths the pages use.",
        rests_on=("wavelengths.md#geometric-progression", "errata.md#wavelength-bound")),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    100: "input: the base 100 some tutorials use for small examples",
    16: "input: the width d = 16 of the similarity-against-offset curve, of the near-repeat and of the sines-only comparison",
    50: "input: the width d = 50 of a worked example",
    512: "input: d_model = 512, the paper's base-model width",
}
