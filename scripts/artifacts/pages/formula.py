"""docs/formula.md: The formula.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.exercise_bank import PASTE_ROWS, Exercise, entry, entry_exact, sp
from scripts.artifacts.registry import PAPER_BASE, Number

PAGE = "formula.md"


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("base", "as_integer",
           "the paper's base b",
           {"value": PAPER_BASE}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "formula.md", "column", "Which column?", "check",
        prompt=r"For \(d_{\text{model}} = ${d_model}\), which column (counting from 0) holds "
               r"the cosine of pair \(i = ${pair}\)?",
        solution=r"Pair \(i\) fills columns \(2i\) (its sine) and \(2i + 1\) (its cosine), "
                 r"so the cosine of pair ${pair} sits in column \(2 \cdot ${pair} + 1 = "
                 r"${answer}\). The index \(i\) counts pairs, not columns.",
        rests_on=("formula.md#reading-the-equations",),
        params={"d_model": 512, "pair": 100}, answer=lambda d_model, pair: 2 * pair + 1,
        exact=lambda d_model, pair: sp.Integer(2 * pair + 1), tolerance=0, decimals=0),
    Exercise(
        "formula.md", "entry", "One entry by hand", "compute",
        prompt=r"Compute \(PE_{(${pos},\,${column})}\) for \(d_{\text{model}} = ${d_model}\) "
               r"and base ${base}: the entry of position ${pos} in column ${column}.",
        solution=r"Column ${column} is the sine of pair \(i = 1\), whose frequency is "
                 r"\(\omega_1 = ${base}^{-2/${d_model}} = 1/\sqrt{${base}}\). The angle is "
                 r"\(${pos}\,\omega_1\), small enough that its sine is almost the angle "
                 r"itself: \(PE_{(${pos},\,${column})}\) = $answer.",
        rests_on=("formula.md", "worked-examples.md#d4"),
        params={"pos": 3, "column": 2, "d_model": 4, "base": 10000.0},
        answer=entry,
        exact=entry_exact, tolerance=1e-6, decimals=6, script="formula/exercise_formula_entry"),
    Exercise(
        "formula.md", "explog", "The exp/log form", "derive",
        prompt=r"Show that \(\dfrac{pos}{10000^{2i/d}} = pos \cdot "
               r"\exp\!\left(2i \cdot \dfrac{-\ln 10000}{d}\right)\), the form the PyTorch "
               r"tutorials compute. Why might code prefer the right-hand side?",
        solution=r"Write the power with the natural exponential: \(10000^{x} = "
                 r"e^{x \ln 10000}\). With \(x = -2i/d\),"
                 "\n\n"
                 r"\[ \begin{aligned} \frac{pos}{10000^{2i/d}} &= pos \cdot 10000^{-2i/d} \\ "
                 r"&= pos \cdot e^{-2i \ln(10000)/d} \\ &= pos \cdot \exp\!\left(2i \cdot "
                 r"\frac{-\ln 10000}{d}\right). \end{aligned} \]"
                 "\n\n"
                 r"The two are equal in real arithmetic. Code prefers the right-hand side "
                 r"because it computes one vector of frequencies with one `exp` and then "
                 r"multiplies, where the left divides by a large power; in floating point the "
                 r"two agree to rounding error.",
        rests_on=("formula.md#equivalent-implementations",)),
    Exercise(
        "formula.md", "norm", "Every row has the same length", "derive",
        prompt=r"Show that for an even width every row of the encoding has length "
               r"\(\sqrt{d/2}\), whatever the position. What changes for an odd width?",
        solution=r"The squared length of \(PE_{pos}\) is a sum over the pairs of "
                 r"\(\sin^2(pos\,\omega_i) + \cos^2(pos\,\omega_i) = 1\). With \(d/2\) pairs "
                 r"the sum is \(d/2\), so \(\lVert PE_{pos} \rVert = \sqrt{d/2}\). For an odd "
                 r"width the last column is an unpaired sine, so the squared length is "
                 r"\((d-1)/2 + \sin^2(pos\,\omega_{\text{last}})\): it varies with the "
                 r"position, between \((d-1)/2\) and \((d+1)/2\).",
        rests_on=("formula.md#odd-widths", "embeddings.md#scaling")),
    Exercise(
        "formula.md", "implement", "Implement the encoding", "implement",
        prompt=r"Implement the encoding from the paper's two equations (on "
               r"[the formula](formula.md) page), in the language you use, for any length and width (base ${base}, interleaved "
               r"columns). Compute the table for \(d_{\text{model}} = ${d_model}\) and paste "
               r"its first ${rows} rows into the [checker](checker.md): it should say that "
               r"your table matches the paper's. If it finds a mistake instead, it names it "
               r"and shows the evidence; [pitfalls in the formula](pitfalls-formula.md) explains each one.",
        solution=r"One solution in NumPy, written from the equations alone (it prints the "
                 r"rows as comma-separated text, ready to paste):",
        rests_on=("formula.md", "pitfalls-formula.md"),
        params={"d_model": 16, "rows": PASTE_ROWS, "base": 10000.0},
        script="formula/exercise_formula_implement", expect="paper",
        mistakes=("i-for-2i", "exponent-sign", "position-offset", "spacing-d2-minus-1",
                  "transposed", "scaled")),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    4: "input: d_model = 4 of the worked example; the exponent 4i/d of a slip",
    100: "input: the base 100 some tutorials use for small examples",
}
