r"""The site's exercises, declared once (rendered by ``artifacts.exercises``).

Each :class:`Exercise` belongs to one page and says which sections it rests on. Its
``prompt`` and ``solution`` are ``string.Template`` texts filled from its ``params`` (and,
for a numeric exercise, from ``$answer``, ``$answer_tex`` (the same inside maths) and
``$tolerance``), so no input or result is typed in the prose. Four kinds, from a first check of understanding to an implementation:

- ``check`` and ``compute``: a number. ``answer(**params)`` computes it with ``pe`` at
  build time; the page checks a typed answer against it within ``tolerance``.
- ``derive``: a derivation; the worked solution is folded away.
- ``implement``: write the encoding and paste the first rows of its table into the checker
  page (``pe.diagnose``). ``expect`` is the verdict a correct solution gets and
  ``mistakes`` the finding codes the checker must name when one of them is planted
  (tests/exercises proves both).

``script``: the stem of a ``docs/examples`` script the solution shows with its output (it
works the answer out step by step; the tests run it and compare it with ``answer``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

import pe
import pe.relatives

Level = Literal["check", "compute", "derive", "implement"]
#: How the pages name each kind.
LEVELS: dict[str, str] = {"check": "Check of understanding", "compute": "Computation",
                          "derive": "Derivation", "implement": "Implementation"}


@dataclass(frozen=True)
class Exercise:
    page: str  # the page it sits on, e.g. "formula.md"
    slug: str  # unique on its page; the anchor is "ex-<page stem>-<slug>"
    title: str
    level: Level
    prompt: str  # Markdown template
    solution: str  # Markdown template
    rests_on: tuple[str, ...]  # "page.md#anchor" links, first the section it practises
    params: dict[str, Any] = field(default_factory=dict)
    answer: Callable[..., float] | None = None
    tolerance: float = 0.0
    decimals: int = 4  # how the answer is printed
    unit: str = ""  # after the answer, e.g. "positions"
    script: str | None = None
    expect: str = ""  # implement: the checker's verdict on a correct solution
    mistakes: tuple[str, ...] = ()  # implement: codes the checker names when planted

    @property
    def anchor(self) -> str:
        return f"ex-{self.page.removesuffix('.md')}-{self.slug}"

    @property
    def numeric(self) -> bool:
        return self.answer is not None

    def value(self) -> float:
        if self.answer is None:
            raise ValueError(f"exercise {self.anchor} has no numeric answer")
        return float(self.answer(**self.params))


# ---------------------------------------------------------------- answers, computed by pe


def entry(pos: int, column: int, d_model: int, base: float = 10000.0) -> float:
    """One entry of the paper's table."""
    return float(pe.encoding(1, d_model, start=pos, base=base)[0, column])


def longest_wavelength(d_model: int, base: float = 10000.0) -> float:
    return float(pe.wavelengths(d_model, base=base)[-1])


def wavelength(pair: int, d_model: int, base: float = 10000.0) -> float:
    return float(pe.wavelengths(d_model, base=base)[pair])


def wavelength_ratio(d_model: int, base: float = 10000.0) -> float:
    lam = pe.wavelengths(d_model, base=base)
    return float(lam[1] / lam[0])


def base_for_wavelength(d_model: int, target: float) -> float:
    """The base whose longest wavelength is ``target`` positions (checked against pe)."""
    base = float((target / (2 * math.pi)) ** (d_model / (d_model - 2)))
    assert math.isclose(longest_wavelength(d_model, base), target, rel_tol=1e-9)
    return base


def norm(pos: int, d_model: int) -> float:
    return float(np.linalg.norm(pe.encoding(1, d_model, start=pos)[0]))


def dot_at_offset(pos: int, offset: int, d_model: int) -> float:
    rows = pe.encoding(pos + offset + 1, d_model)
    return float(rows[pos] @ rows[pos + offset])


def turn(pair: int, offset: int, d_model: int) -> float:
    """The angle pair ``pair`` turns through over ``offset`` positions, in radians."""
    return float(offset * pe.frequencies(d_model)[pair])


def rotation_entry(offset: int, d_model: int, row: int, column: int) -> float:
    return float(pe.rotation(offset, d_model)[row, column])


def mistaken_longest_wavelength(d_model: int) -> float:
    """Longest wavelength when ``i`` stands where ``2i`` belongs: base^(i/d) for the last
    pair (written out: the mistake has no function in ``pe``)."""
    last = d_model // 2 - 1
    return float(2 * math.pi / pe.frequencies(2 * d_model)[last])


def spacing_longest_wavelength(d_model: int, base: float = 10000.0) -> float:
    """Longest wavelength when the exponent divides by d/2 - 1 (fairseq's spacing,
    written out: omega_i = base^(-i/(h-1)), so the last frequency is 1/base exactly)."""
    h = d_model // 2
    return float(2 * math.pi / base ** (-(h - 1) / (h - 1)))


def half_turn_position(d_model: int) -> float:
    """Positions before the slowest pair has turned half a circle."""
    return float(math.pi / pe.frequencies(d_model)[-1])


def float16_exact_integers(fraction_bits: int) -> float:
    """Every integer up to this one is exact in a binary type with this many fraction bits
    (checked against float16 itself)."""
    top = 2 ** (fraction_bits + 1)
    assert float(np.float16(top + 1)) != top + 1 and all(
        float(np.float16(n)) == n for n in range(top + 1))
    return float(top)


def scaled_norm_ratio(d_model: int) -> float:
    """Length of a sqrt(d)-scaled row of unit-variance entries (sqrt(d) * sqrt(d)) over the
    encoding's length sqrt(d/2)."""
    return float(math.sqrt(d_model) * math.sqrt(d_model) / norm(0, d_model))


def random_cosine_spread(d_model: int) -> float:
    """Standard deviation of the cosine similarity of two independent random directions in
    d dimensions: exactly 1/sqrt(d)."""
    return 1 / math.sqrt(d_model)


def timestep_entry(t: int, column: int, d_model: int) -> float:
    """guided-diffusion's embedding of timestep t: cosines first, then sines, of pe's
    frequencies (pe's split layout with the halves swapped)."""
    split = pe.encoding(1, d_model, start=t, layout="split")[0]
    half = d_model // 2
    return float(np.concatenate([split[half:], split[:half]])[column])


def patch_dot(rows: int, cols: int, d_model: int) -> float:
    """Dot product of the 2-D encodings of two patches ``rows`` and ``cols`` apart (each
    axis gets half the width): the sum of the two 1-D dot products at those offsets."""
    half = d_model // 2
    return dot_at_offset(0, rows, half) + dot_at_offset(0, cols, half)


# ---------------------------------------------------------------- the exercises, page by page

#: What an implementation exercise's solution prints: this many rows of its table.
PASTE_ROWS = 8

EXERCISES: list[Exercise] = [
    # ------------------------------------------------------------ index.md
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
        decimals=0),
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
        script="exercise_home_moved"),
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
    # ------------------------------------------------------------ formula.md
    Exercise(
        "formula.md", "column", "Which column?", "check",
        prompt=r"For \(d_{\text{model}} = ${d_model}\), which column (counting from 0) holds "
               r"the cosine of pair \(i = ${pair}\)?",
        solution=r"Pair \(i\) fills columns \(2i\) (its sine) and \(2i + 1\) (its cosine), "
                 r"so the cosine of pair ${pair} sits in column \(2 \cdot ${pair} + 1 = "
                 r"${answer}\). The index \(i\) counts pairs, not columns.",
        rests_on=("formula.md#reading-the-equations",),
        params={"d_model": 512, "pair": 100}, answer=lambda d_model, pair: 2 * pair + 1,
        tolerance=0, decimals=0),
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
        answer=entry, tolerance=5e-5, decimals=6, script="exercise_formula_entry"),
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
               r"and shows the evidence; [common pitfalls](pitfalls.md) explains each one.",
        solution=r"One solution in NumPy, written from the equations alone (it prints the "
                 r"rows as comma-separated text, ready to paste):",
        rests_on=("formula.md", "pitfalls.md"),
        params={"d_model": 16, "rows": PASTE_ROWS, "base": 10000.0},
        script="exercise_formula_implement", expect="paper",
        mistakes=("i-for-2i", "exponent-sign", "position-offset", "spacing-d2-minus-1",
                  "transposed", "scaled")),
    # ------------------------------------------------------------ wavelengths.md
    Exercise(
        "wavelengths.md", "shortest", "The shortest wavelength", "check",
        prompt=r"How many positions long is the wavelength of pair \(i = 0\), for any width "
               r"and base?",
        solution=r"Pair 0 has \(\omega_0 = \text{base}^{0} = 1\) radian per position, so it "
                 r"repeats after \(2\pi / \omega_0 = 2\pi \approx $answer\) positions.",
        rests_on=("wavelengths.md#geometric-progression",),
        params={"pair": 0, "d_model": 512}, answer=wavelength, tolerance=1e-3, decimals=4,
        unit="positions"),
    Exercise(
        "wavelengths.md", "ratio", "The common ratio", "compute",
        prompt=r"The wavelengths form a geometric progression. For "
               r"\(d_{\text{model}} = ${d_model}\) and base 10000, by what factor does each "
               r"wavelength exceed the one before it?",
        solution=r"\(\lambda_i = 2\pi \cdot 10000^{2i/d}\), so \(\lambda_{i+1}/\lambda_i = "
                 r"10000^{2/d} = 10000^{2/${d_model}} \approx $answer\).",
        rests_on=("wavelengths.md#geometric-progression",),
        params={"d_model": 64}, answer=wavelength_ratio, tolerance=5e-4, decimals=4,
        script="exercise_wavelengths_ratio"),
    Exercise(
        "wavelengths.md", "longest", "The longest wavelength", "compute",
        prompt=r"What is the longest wavelength of the encoding for "
               r"\(d_{\text{model}} = ${d_model}\) and base 10000, in positions?",
        solution=r"The last pair is \(i = d/2 - 1\), so \(\lambda_{\max} = 2\pi \cdot "
                 r"10000^{(${d_model}-2)/${d_model}} \approx $answer_tex\) "
                 r"positions: short of \(2\pi \cdot 10000\), because the exponent never "
                 r"reaches 1.",
        rests_on=("wavelengths.md#numbers", "errata.md#wavelength-bound"),
        params={"d_model": 50}, answer=longest_wavelength,
        tolerance=1, decimals=0, unit="positions", script="exercise_wavelengths_longest"),
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
        tolerance=1, decimals=0, script="exercise_wavelengths_base"),
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
    # ------------------------------------------------------------ worked-examples.md
    Exercise(
        "worked-examples.md", "cosine", "A cosine of the d = 4 table", "check",
        prompt=r"In the table of positions 0 to 4 for \(d_{\text{model}} = ${d_model}\), what "
               r"is the entry of position ${pos} in column ${column}?",
        solution=r"Column ${column} is the cosine of pair 0, whose frequency is 1, so the "
                 r"entry is \(\cos ${pos} \approx $answer\).",
        rests_on=("worked-examples.md#d4",),
        params={"pos": 2, "column": 1, "d_model": 4}, answer=entry, tolerance=5e-5,
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
        tolerance=5e-5, decimals=6, script="exercise_worked_robot"),
    Exercise(
        "worked-examples.md", "d50", "Position 5 of d = 50", "compute",
        prompt=r"For \(d_{\text{model}} = ${d_model}\) and base 10000, compute the entry of "
               r"position ${pos} in column ${column}.",
        solution=r"Column ${column} is the sine of pair \(i = 1\): \(\omega_1 = "
                 r"10000^{-2/${d_model}}\), so the entry is \(\sin(${pos}\,\omega_1) "
                 r"\approx $answer\). The angle is larger than \(\pi\), so the sine is "
                 r"negative.",
        rests_on=("worked-examples.md#d50", "errata.md#d50-vector"),
        params={"pos": 5, "column": 2, "d_model": 50}, answer=entry, tolerance=5e-5,
        decimals=6, script="exercise_worked_d50"),
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
    # ------------------------------------------------------------ relative-position.md
    Exercise(
        "relative-position.md", "turn", "How far a pair turns", "check",
        prompt=r"Moving ${offset} positions along, by what angle (in radians) does pair "
               r"\(i = ${pair}\) of a \(d_{\text{model}} = ${d_model}\) encoding turn?",
        solution=r"Pair \(i\) turns by \(\omega_i\) per position, so by \(k\,\omega_i\) over "
                 r"\(k\) positions: \(${offset} \cdot 10000^{-2 \cdot ${pair}/${d_model}} = "
                 r"$answer\) radians.",
        rests_on=("relative-position.md#angle-addition",),
        params={"pair": 1, "offset": 10, "d_model": 8}, answer=turn, tolerance=5e-4,
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
        params={"pos": 5, "offset": 1, "d_model": 4}, answer=dot_at_offset, tolerance=5e-4,
        decimals=4, script="exercise_relative_dot"),
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
    # ------------------------------------------------------------ embeddings.md
    Exercise(
        "embeddings.md", "norm", "How long is the encoding?", "check",
        prompt=r"What is the length (Euclidean norm) of the encoding vector of position "
               r"${pos} for \(d_{\text{model}} = ${d_model}\)?",
        solution=r"Every pair contributes \(\sin^2 + \cos^2 = 1\), so the squared length is "
                 r"\(d/2\) and the length \(\sqrt{${d_model}/2} = $answer\), at every "
                 r"position.",
        rests_on=("embeddings.md#scaling",),
        params={"pos": 1000, "d_model": 512}, answer=norm, tolerance=1e-3, decimals=3),
    Exercise(
        "embeddings.md", "ratio", "Who dominates the sum?", "compute",
        prompt=r"An embedding row has \(d_{\text{model}} = ${d_model}\) entries of variance 1 "
               r"and is multiplied by \(\sqrt{d_{\text{model}}}\) before the encoding is "
               r"added. About how many times longer than the encoding vector is it?",
        solution=r"A row of \(d\) entries of variance 1 has a squared length of about \(d\), "
                 r"so a length of about \(\sqrt d\); scaled by \(\sqrt d\) it is about \(d\) "
                 r"long. The encoding is \(\sqrt{d/2}\) long, so the ratio is "
                 r"\(d / \sqrt{d/2} = \sqrt{2d} = $answer\).",
        rests_on=("embeddings.md#scaling", "embeddings.md#scaling-in-full"),
        params={"d_model": 512}, answer=scaled_norm_ratio, tolerance=0.5, decimals=0,
        script="exercise_embeddings_ratio"),
    Exercise(
        "embeddings.md", "orthogonal", "Unrelated vectors are nearly orthogonal", "compute",
        prompt=r"Two directions drawn independently and uniformly at random in "
               r"\(d = ${d_model}\) dimensions: what is the standard deviation of their "
               r"cosine similarity?",
        solution=r"By symmetry the cosine similarity has mean 0, and the squared cosines of "
                 r"one fixed direction with \(d\) orthonormal axes sum to 1, so each has mean "
                 r"\(1/d\): the standard deviation is \(1/\sqrt d = $answer\). The script "
                 r"checks it by sampling.",
        rests_on=("embeddings.md#why-sum-works",),
        params={"d_model": 512}, answer=random_cosine_spread, tolerance=2e-3, decimals=4,
        script="exercise_embeddings_orthogonal"),
    Exercise(
        "embeddings.md", "concat", "Concatenation is a sum in disguise", "derive",
        prompt=r"A layer multiplies its input by a matrix \(W\). Show that applying it to the "
               r"concatenation \((e, p)\) is the same as applying two matrices and adding. What "
               r"does that say about sum against concatenation?",
        solution=r"Split the columns of \(W\) into \(W_e\) (those that meet \(e\)) and "
                 r"\(W_p\) (those that meet \(p\)):"
                 "\n\n"
                 r"\[ W \begin{pmatrix} e \\ p \end{pmatrix} = W_e\, e + W_p\, p. \]"
                 "\n\n"
                 r"So after the first layer, concatenation is a sum of projected embeddings and "
                 r"projected encodings. Summing directly fixes \(W_p = W_e\) in the first layer; "
                 r"concatenating lets the two differ, at the price of a wider input.",
        rests_on=("embeddings.md#concatenation",)),
    # ------------------------------------------------------------ pitfalls.md
    Exercise(
        "pitfalls.md", "spacing", "Dividing by d/2 − 1", "check",
        prompt=r"An implementation spaces its frequencies as \(10000^{-i/(d/2-1)}\), as "
               r"fairseq does. What is its longest wavelength for "
               r"\(d_{\text{model}} = ${d_model}\), in positions?",
        solution=r"Its last pair \(i = d/2 - 1\) has the exponent exactly \(-1\), so its "
                 r"frequency is \(1/10000\) and its wavelength \(2\pi \cdot 10000 \approx "
                 r"$answer_tex\), for every width: a different table from the paper's, not a "
                 r"reordering of it.",
        rests_on=("pitfalls.md#d-over-2-minus-1", "implementations.md"),
        params={"d_model": 512}, answer=spacing_longest_wavelength, tolerance=1, decimals=0,
        unit="positions"),
    Exercise(
        "pitfalls.md", "float16", "Positions in float16", "check",
        prompt=r"Positions are stored as float16 before the angles are computed. Up to which "
               r"position is every integer position still stored exactly?",
        solution=r"float16 stores ${fraction_bits} bits of fraction plus an implicit leading "
                 r"bit, so it holds every integer up to \(2^{${fraction_bits}+1} = "
                 r"$answer_tex\); beyond that, neighbouring positions start to share a value.",
        rests_on=("pitfalls.md#positions-in-low-precision",),
        params={"fraction_bits": int(np.finfo(np.float16).nmant)},
        answer=float16_exact_integers, tolerance=0, decimals=0),
    Exercise(
        "pitfalls.md", "i-vs-2i", "i where 2i belongs", "compute",
        prompt=r"An implementation writes \(10000^{i/d}\) where the paper has "
               r"\(10000^{2i/d}\). For \(d_{\text{model}} = ${d_model}\), what is its longest "
               r"wavelength, in positions?",
        solution=r"Its last pair \(i = d/2 - 1\) turns at \(10000^{-(d/2-1)/d}\), a little "
                 r"more than \(10000^{-1/2}\), so its longest wavelength is only about "
                 r"\(2\pi\sqrt{10000}\), here $answer positions, against tens of thousands for "
                 r"the paper's.",
        rests_on=("pitfalls.md#i-versus-2i-in-the-exponent",),
        params={"d_model": 512}, answer=mistaken_longest_wavelength, tolerance=1, decimals=0,
        unit="positions", script="exercise_pitfalls_i_vs_2i"),
    Exercise(
        "pitfalls.md", "implement-odd", "An odd width, done right", "implement",
        prompt=r"Extend your implementation (or write one) so that it handles an odd width: "
               r"\(d_{\text{model}} = ${d_model}\) has \(\lceil d/2 \rceil\) sines and "
               r"\(\lfloor d/2 \rfloor\) cosines, "
               r"and its last column is the sine of the last frequency. Paste the first "
               r"${rows} rows of the table into the [checker](checker.md). It should match "
               r"the paper; if it reports the odd width's last column, your loop stopped "
               r"one column short.",
        solution=r"A solution that fills the sine columns and the cosine columns separately, "
                 r"so the unpaired last sine is written too:",
        rests_on=("pitfalls.md#odd-widths", "formula.md#odd-widths"),
        params={"d_model": 7, "rows": PASTE_ROWS},
        script="exercise_pitfalls_odd", expect="paper",
        mistakes=("odd-width-last-column", "i-for-2i", "float16-result")),
    # ------------------------------------------------------------ practice.md
    Exercise(
        "practice.md", "decoding-row", "Which row while decoding?", "check",
        prompt=r"A decoder with a key-value cache has processed a prompt of ${prompt} tokens "
               r"and now generates the next token, one at a time. Which row of the table "
               r"(counting from 0) does that new token receive?",
        solution=r"Its position is the number of tokens before it, prompt included: row "
                 r"$answer. Slicing the table from zero at every step would give every new "
                 r"token row 0.",
        rests_on=("practice.md#incremental-decoding",),
        params={"prompt": 12}, answer=lambda prompt: prompt, tolerance=0,
        decimals=0),
    Exercise(
        "practice.md", "float16-rows", "Rounding the rows to float16", "compute",
        prompt=r"The table is computed in float64 and its rows are cast to float16 at the "
               r"addition. For an entry in \([1/2, 1)\), what is the largest error that cast "
               r"can make?",
        solution=r"In \([1/2, 1)\), float16 numbers are \(2^{-${fraction_bits}-1}\) apart "
                 r"(${fraction_bits} fraction bits), and rounding to the nearest is off by at "
                 r"most half of that, \(2^{-${fraction_bits}-2} \approx $answer\). The script "
                 r"measures it on a whole table.",
        rests_on=("practice.md#mixed-precision", "pitfalls.md#angles-in-low-precision"),
        params={"fraction_bits": int(np.finfo(np.float16).nmant)},
        answer=lambda fraction_bits: float(np.spacing(np.float16(0.5))) / 2,
        tolerance=1e-6, decimals=7, script="exercise_practice_float16"),
    Exercise(
        "practice.md", "batch-first", "The batch axis taken for the sequence", "derive",
        prompt=r"A module stores the table with shape \((L_{\max}, 1, d)\) and adds "
               r"`table[:x.shape[0]]` to its input \(x\). Fed a batch-first \(x\) of shape "
               r"\((B, S, d)\), what does token \(s\) of sequence \(b\) receive, and why does "
               r"nothing fail?",
        solution=r"`table[:B]` has shape \((B, 1, d)\): row \(b\) of the table, once per "
                 r"sequence. Broadcasting stretches its axis of length 1 over the \(S\) "
                 r"tokens, so \(x_{b,s}\) receives \(PE_b\) for every \(s\): each sequence gets "
                 r"one constant vector, the position of the sequence in the batch. The shapes "
                 r"are compatible, so nothing raises; the model just never sees the order of "
                 r"its tokens.",
        rests_on=("practice.md#layouts", "pitfalls.md#batch-axis")),
    # ------------------------------------------------------------ relatives.md
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
        answer=lambda levels: float(2 ** (levels - 1)), tolerance=0, decimals=0),
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
        tolerance=5e-4, decimals=4, script="exercise_relatives_alibi"),
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
    # ------------------------------------------------------------ errata.md
    Exercise(
        "errata.md", "fraction", "How close to 2π · 10000?", "check",
        prompt=r"For \(d_{\text{model}} = ${d_model}\), the longest wavelength is what "
               r"fraction of \(2\pi \cdot 10000\)?",
        solution=r"The fraction is \(10000^{-2/d} = 10000^{-2/${d_model}} \approx $answer\) "
                 r"(see the derivation on [wavelengths](wavelengths.md#geometric-progression)).",
        rests_on=("errata.md#wavelength-bound",),
        params={"d_model": 512},
        answer=lambda d_model: longest_wavelength(d_model) / (2 * math.pi * 10000),
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
        params={"pos": 5, "column": 3, "d_model": 50}, answer=entry, tolerance=5e-5,
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
        params={"d_model": 512}, answer=half_turn_position, tolerance=1, decimals=0,
        unit="positions", script="exercise_errata_half_turn"),
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
    # ------------------------------------------------------------ beyond-text.md
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
        tolerance=0, decimals=0),
    Exercise(
        "beyond-text.md", "timestep", "A timestep embedding", "compute",
        prompt=r"guided-diffusion embeds a timestep with the paper's frequencies, cosines "
               r"first, then sines. For \(d = ${d_model}\) and timestep \(t = ${t}\), what is "
               r"entry ${column} of its embedding (counting from 0)?",
        solution=r"With \(h = ${d_model}/2\) frequencies, entries \(0 \ldots h-1\) are the "
                 r"cosines and \(h \ldots d-1\) the sines, so entry ${column} is the sine of "
                 r"the first frequency, \(\sin ${t} \approx $answer\).",
        rests_on=("beyond-text.md#diffusion",),
        params={"t": 10, "column": 4, "d_model": 8}, answer=timestep_entry, tolerance=5e-5,
        decimals=6, script="exercise_beyond_timestep"),
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
        script="exercise_beyond_patches"),
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
