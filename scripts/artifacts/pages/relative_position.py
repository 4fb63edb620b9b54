"""docs/relative-position.md: Relative position and rotation.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.exercise_bank import (
    Exercise,
    dot_at_offset,
    dot_at_offset_exact,
    turn,
    turn_exact,
)
from scripts.artifacts.registry import Artifact, Number, figure, table, words

PAGE = "relative-position.md"


#: The width of the equal-offsets comparison (7 -> 8 against 22 -> 23).
OFFSET_D = 64
#: Positions 0 .. L-1 over which the sines-only distance is taken.
SINES_ONLY_LENGTH = 1000


ARTIFACTS: list[Artifact] = [
    figure(
        "similarity-matrix", "matrices:similarity_matrix", fmt="webp",
        alt="Square heatmap of the cosine similarity between all pairs of $length positions "
            "for d = ${d_model}. The diagonal is 1, and the colour is constant along every "
            "line parallel to the diagonal, forming bands.",
        caption=r"Cosine similarity between the encodings of every pair of positions "
                r"\(p, q < ${length}\) (\(d = ${d_model}\)). Each diagonal band has one "
                r"colour: the similarity depends only on the offset \(q - p\), not on where "
                r"the pair sits.",
        length=100, d_model=64),
    figure(
        "similarity-offset", "geometry:similarity_offset",
        alt="Line plot of cosine similarity against the offset k from -${max_offset} to "
            "$max_offset for d = ${d_models}. Each curve is symmetric about k = 0, where it "
            "equals 1, and decreases with wiggles rather than monotonically.",
        caption=r"Cosine similarity between positions \(p\) and \(p + k\) against the offset "
                r"\(k\). It is symmetric in \(\pm k\) and peaks at \(k = 0\), but it does not "
                r"fall monotonically: it dips and recovers, most visibly for small \(d\).",
        max_offset=99, d_models=[16, 64, 512]),
    figure(
        "rotation-circles", "geometry:rotation_circles",
        alt="${Circles} unit circles, one per sin/cos pair of a ${d_model}-dimensional "
            "encoding, with positions 0 to $last as numbered points. In pair "
            "${pair_indices_0} the points jump one radian per position and wrap around the "
            "circle; in the higher pairs they advance by ever smaller angles.",
        caption=r"Each sin/cos pair is a point on the unit circle that turns by its own angle "
                r"\(\omega_i\) per position: moving \(k\) positions along is a rotation by "
                r"\(k\,\omega_i\) in every pair (\(d = ${d_model}\), pairs $pair_indices; the "
                r"arc marks one step).",
        derived=lambda p: {"Circles": words(len(p["pair_indices"])).capitalize(),
                           "last": p["positions"] - 1},
        d_model=512, pair_indices=[0, 32, 64, 96], positions=10),
    table("equal-offsets", "equal_offsets", d_model=64,
           pairs=[[7, 8], [22, 23], [0, 1], [7, 10], [22, 25], [50, 53]]),
]


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("offset_demo_d", "as_digits",
           "width used for the 7→8 / 22→23 comparison",
           {"value": OFFSET_D}),
    Number("cos_sim_7_8", "cos_sim",
           "cosine similarity of positions 7 and 8 (d = offset_demo_d)",
           {"p": 7, "q": 8, "d": OFFSET_D}),
    Number("dist_7_8", "dist",
           "Euclidean distance between positions 7 and 8 (d = offset_demo_d)",
           {"p": 7, "q": 8, "d": OFFSET_D}),
    Number("cos_sim_22_23", "cos_sim",
           "cosine similarity of positions 22 and 23 (d = offset_demo_d)",
           {"p": 22, "q": 23, "d": OFFSET_D}),
    Number("dist_22_23", "dist",
           "Euclidean distance between positions 22 and 23 (d = offset_demo_d)",
           {"p": 22, "q": 23, "d": OFFSET_D}),
    Number("norm_d64", "norm_of_rows",
           "norm of every encoding vector for d = 64 (√(d/2)), from pe's rows",
           {"d": 64}),
    Number("sim_d16_dip_offset", "similarity_dip_offset",
           "d = 16: first offset where the similarity has a local minimum",
           {"d": 16}),
    Number("sim_d16_dip", "similarity_dip",
           "d = 16: the similarity at that offset",
           {"d": 16}),
    Number("sim_d16_peak_offset", "similarity_peak_offset",
           "d = 16: the next offset where the similarity has a local maximum",
           {"d": 16}),
    Number("sim_d16_peak", "similarity_peak",
           "d = 16: the similarity at that offset",
           {"d": 16}),
    Number("sines_only_length", "as_integer",
           "positions 0 .. L-1 over which sines_only_min_distance_d16 is taken",
           {"value": SINES_ONLY_LENGTH}),
    Number("sines_only_min_distance_d16", "sines_only_min_distance",
           "d = 16, sine columns only: the smallest distance between two positions' rows",
           {"d": 16, "length": SINES_ONLY_LENGTH}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "relative-position.md", "turn", "How far a pair turns", "check",
        prompt=r"Moving ${offset} positions along, by what angle (in radians) does pair "
               r"\(i = ${pair}\) of a \(d_{\text{model}} = ${d_model}\) encoding turn?",
        solution=r"Pair \(i\) turns by \(\omega_i\) per position, so by \(k\,\omega_i\) over "
                 r"\(k\) positions: \(${offset} \cdot 10000^{-2 \cdot ${pair}/${d_model}} = "
                 r"$answer\) radians.",
        rests_on=("relative-position.md#angle-addition",),
        params={"pair": 1, "offset": 10, "d_model": 8}, answer=turn,
        exact=turn_exact, tolerance=5e-4,
        decimals=4, unit="radians"),
    Exercise(
        "relative-position.md", "dot", "A dot product that ignores where", "compute",
        prompt=r"For \(d_{\text{model}} = ${d_model}\), compute \(PE_{p} \cdot PE_{p+${offset}}\). "
               r"(It is the same for every \(p\), as “Only the offset counts” proves.)",
        solution=r"Each pair contributes \(\sin(p\omega)\sin((p+k)\omega) + "
                 r"\cos(p\omega)\cos((p+k)\omega) = \cos(k\omega)\), so the dot product is "
                 r"\(\sum_i \cos(k\,\omega_i) = \cos ${offset} + \cos(${offset}\,\omega_1)\) with "
                 r"\(\omega_1 = 10000^{-2/${d_model}}\): about $answer.",
        rests_on=("relative-position.md#dot-product",),
        params={"pos": 5, "offset": 1, "d_model": 4}, answer=dot_at_offset,
        exact=dot_at_offset_exact, tolerance=5e-4,
        decimals=4, script="relative-position/exercise_relative_dot"),
    Exercise(
        "relative-position.md", "rotation", "The shift is a rotation", "derive",
        prompt=r"Using the angle-addition formulas, find the \(2 \times 2\) matrix \(M\) with "
               r"\(\begin{pmatrix}\sin((p+k)\omega)\\ \cos((p+k)\omega)\end{pmatrix} = M "
               r"\begin{pmatrix}\sin(p\omega)\\ \cos(p\omega)\end{pmatrix}\), and explain why "
               r"one matrix serves every position \(p\).",
        solution=r"With \(a = p\omega\) and \(b = k\omega\), \(\sin(a+b) = \sin a\cos b + "
                 r"\cos a \sin b\) and \(\cos(a+b) = \cos a \cos b - \sin a \sin b\), so"
                 "\n\n"
                 r"\[ M = \begin{pmatrix} \cos k\omega & \sin k\omega \\ -\sin k\omega & "
                 r"\cos k\omega \end{pmatrix}. \]"
                 "\n\n"
                 r"Its entries depend on the offset \(k\) and the frequency, never on \(p\): "
                 r"the same matrix moves every position \(k\) steps along. One such block "
                 r"per pair gives `pe.rotation(k, d)`.",
        rests_on=("relative-position.md#angle-addition", "relative-position.md#conventions")),
    Exercise(
        "relative-position.md", "offset-only", "Only the offset counts", "derive",
        prompt=r"Prove that \(PE_p \cdot PE_q\) depends only on \(q - p\), for an even width.",
        solution=r"Pair by pair, \(\sin(p\omega)\sin(q\omega) + \cos(p\omega)\cos(q\omega) "
                 r"= \cos((q-p)\omega)\) (the cosine of a difference). Summing over the pairs,"
                 "\n\n"
                 r"\[ PE_p \cdot PE_q = \sum_{i=0}^{d/2-1} \cos\bigl((q-p)\,\omega_i\bigr), \]"
                 "\n\n"
                 r"a function of \(q - p\) alone, and an even one: \(+k\) and \(-k\) give the "
                 r"same value, so the dot product cannot tell before from after.",
        rests_on=("relative-position.md#dot-product", "relative-position.md#equal-offsets")),
    Exercise(
        "relative-position.md", "odd", "Why an odd width breaks it", "derive",
        prompt=r"With an odd width, the last column is \(\sin(pos\,\omega)\) alone. Explain "
               r"why no fixed matrix maps it from \(PE_{pos}\) to \(PE_{pos+k}\) for every "
               r"\(pos\).",
        solution=r"\(\sin((pos+k)\omega) = \sin(pos\,\omega)\cos(k\omega) + "
                 r"\cos(pos\,\omega)\sin(k\omega)\) needs \(\cos(pos\,\omega)\), which is not "
                 r"in the vector. The other columns oscillate at other frequencies, and "
                 r"sinusoids of different frequencies are linearly independent as functions "
                 r"of \(pos\), so no fixed combination of them equals \(\cos(pos\,\omega)\) at "
                 r"every position (unless \(\sin(k\omega) = 0\)).",
        rests_on=("relative-position.md#odd-width",)),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    7: "input: the positions 7 -> 8 of the offset comparison",
    8: "input: (same comparison)",
    22: "input: the positions 22 -> 23 of the offset comparison",
    23: "input: (same comparison)",
    5: "input: position 5 of the d = 50 example; the odd width d = 5 of the proof",
    16: "input: the width d = 16 of the similarity-against-offset curve, of the near-repeat and of the sines-only comparison",
}
