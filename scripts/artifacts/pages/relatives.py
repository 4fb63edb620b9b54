"""docs/relatives.md: Relatives of the encoding.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

import pe
import pe.relatives
from scripts.artifacts.exercise_bank import Exercise, sp

PAGE = "relatives.md"


EXERCISES: list[Exercise] = [
    Exercise(
        "relatives.md", "nerf-periods", "NeRF's fastest pair", "check",
        prompt=r"NeRF encodes a coordinate \(p \in [-1, 1]\) with \(L = ${levels}\) "
               r"frequencies, the highest \(2^{L-1}\pi\). How many full periods does that "
               r"sine complete as \(p\) runs from \(-1\) to \(1\)?",
        solution=r"\(\sin(2^{L-1}\pi p)\) has period \(2/2^{L-1}\) in \(p\); over a range of "
                 r"length 2 it completes \(2^{L-1} = $answer\) periods. Its slowest pair, "
                 r"\(\sin(\pi p)\), completes one: unlike the Transformer's, NeRF's range of "
                 r"frequencies is fitted to the range of its input.",
        rests_on=("relatives.md#nerf",),
        params={"levels": 10},
        answer=lambda levels: float(2 ** (levels - 1)), tolerance=0, decimals=0,
        exact=lambda levels: sp.Integer(2) ** (levels - 1)),
    Exercise(
        "relatives.md", "alibi", "An ALiBi bias", "compute",
        prompt=r"ALiBi with ${heads} heads gives head \(h = 1, \dots, ${heads}\) the slope "
               r"\(m_h = 2^{-8h/${heads}}\). What does head ${head} add to the score of query "
               r"${query} against key ${key}?",
        solution=r"The bias is \(-m_h\,(i - j)\) with \(m_{${head}} = 2^{-8 \cdot ${head}/"
                 r"${heads}}\) and \(i - j = ${query} - ${key}\): $answer. Farther keys always "
                 r"get a more negative bias, whatever the content.",
        rests_on=("relatives.md#alibi",),
        params={"heads": 8, "head": 2, "query": 10, "key": 4},
        answer=lambda heads, head, query, key: float(
            pe.relatives.alibi_bias(query + 1, heads)[head - 1, query, key]),
        exact=lambda heads, head, query, key: -sp.Integer(2) ** sp.Rational(-8 * head, heads)
        * (query - key),
        tolerance=5e-4, decimals=4, script="relatives/exercise_relatives_alibi"),
    Exercise(
        "relatives.md", "detr-range", "DETR's normalised positions", "derive",
        prompt=r"DETR with `normalize` maps the rows of a feature map to angles in "
               r"\((0, 2\pi]\) before the frequencies \(10000^{-2i/d}\) are applied. Show "
               r"that only the first pairs then turn appreciably, and say what a smaller base "
               r"(`temperature`) changes.",
        solution=r"Pair \(i\) turns by at most \(2\pi \cdot 10000^{-2i/d}\) over the whole "
                 r"image, which is below a small angle \(\varepsilon\) once "
                 r"\(2i/d > \log_{10000}(2\pi/\varepsilon)\). For a tenth of a radian the "
                 r"right-hand side is a little under one half: more than half of the pairs "
                 r"hardly move. A smaller base makes \(b^{-2i/d}\) fall more slowly, so more "
                 r"pairs turn over the image.",
        rests_on=("relatives.md#detr", "wavelengths.md#base")),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    20: "quoted from a source: the temperature the DAB-DETR paper reports as best",
    100: "quoted from a source: Relation-DETR's scale for its position relation embedding",
}
