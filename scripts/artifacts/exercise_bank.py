r"""What the site's exercises are made of: :class:`Exercise` and the functions of ``pe`` their
answers use. The exercises themselves are declared on their page's module
(``scripts/artifacts/pages/<page>.py``, ``EXERCISES``); ``artifacts.exercises`` renders them.

Each :class:`Exercise` belongs to one page and says which sections it rests on. Its
``prompt`` and ``solution`` are ``string.Template`` texts filled from its ``params`` (and,
for a numeric exercise, from ``$answer``, ``$answer_tex`` (the same inside maths) and
``$tolerance``), so no input or result is typed in the prose. Four kinds, from a first check of understanding to an implementation:

- ``check`` and ``compute``: a number. ``answer(**params)`` computes it with ``pe`` at
  build time; the page checks a typed answer against it within ``tolerance``.
  ``exact(**params)`` is the same answer as a SymPy expression, worked out by the answer
  function's exact counterpart (``entry_exact`` next to ``entry``), or ``None`` where the
  answer has no closed form worth showing; after a right answer the page shows it, typeset.
- ``derive``: a derivation; the worked solution is folded away.
- ``implement``: write the encoding and paste the first rows of its table into the checker
  page (``pe.diagnose``). ``expect`` is the verdict a correct solution gets and
  ``mistakes`` the finding codes the checker must name when one of them is planted
  (tests/exercises proves both).

``script``: the path under ``docs/examples/`` (``formula/exercise_formula_entry``, no ``.py``)
of the script the solution shows with its output (it works the answer out step by step; the
tests run it and compare it with ``answer``). It lives in the folder of the exercise's page.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

import pe
import pe.relatives

#: SymPy ships without type information: its expressions are typed as Any here.
Expr = Any


class _LazySympy:
    """SymPy, imported when an exact form is first worked out: importing the registry and
    the page modules stays cheap (tests/pipeline/test_page_modules.py)."""

    def __getattr__(self, name: str) -> Any:
        import sympy  # type: ignore[import-untyped]

        return getattr(sympy, name)


#: What the exact forms (here and in the page modules' declarations) call SymPy by.
sp: Any = _LazySympy()

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
    #: The answer's exact form (a SymPy expression) from the same params, or None where it
    #: has none worth showing; every numeric exercise declares one (tests/pipeline).
    exact: Callable[..., Expr | None] | None = None
    tolerance: float = 0.0
    decimals: int = 4  # how the answer is printed
    unit: str = ""  # after the answer, e.g. "positions"
    script: str | None = None
    expect: str = ""  # implement: the checker's verdict on a correct solution
    mistakes: tuple[str, ...] = ()  # implement: codes the checker names when planted
    #: The anchors it had on a page it moved from ("ex-pitfalls-spacing"): the page it left
    #: lists them ("Where the sections went"), the teachers' pages keep their problem ids.
    former: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        return f"ex-{self.page.removesuffix('.md')}-{self.slug}"

    @property
    def problem_anchors(self) -> tuple[str, ...]:
        """Its ids on the teachers' pages: ``p-<page stem>-<slug>``, then its former ones."""
        return tuple("p-" + a.removeprefix("ex-") for a in (self.anchor, *self.former))

    @property
    def numeric(self) -> bool:
        return self.answer is not None

    def value(self) -> float:
        if self.answer is None:
            raise ValueError(f"exercise {self.anchor} has no numeric answer")
        return float(self.answer(**self.params))

    def exact_form(self) -> Expr | None:
        """The answer as an exact SymPy expression, or None (no closed form worth showing)."""
        if self.exact is None:
            raise ValueError(f"exercise {self.anchor} declares no exact form (exact=...)")
        return self.exact(**self.params)


# ---------------------------------------------------------------- answers, computed by pe
#
# Each answer function is followed by its exact counterpart (``NAME_exact``): the same
# quantity as a SymPy expression, kept in the shape of the formula (``sin(5 · 10000^(-1/25))``,
# not SymPy's ``sin(10^(21/25)/2)``) but with every power that is a rational number worked out
# (``10000^(-1/2)`` is ``1/100``). tests/pipeline/test_exercises.py evaluates each to 30 digits
# and holds it to the float64 answer, so the two cannot disagree.


def _exact(x: float) -> Expr:
    """A parameter as an exact number: a whole one as an integer, else its binary value."""
    return sp.Integer(int(x)) if float(x).is_integer() else sp.Rational(x)


def _power(base: Expr, exponent: Expr) -> Expr:
    """``base ** exponent``, worked out only when that is a rational number."""
    value = sp.Pow(base, exponent)
    return value if value.is_Rational else sp.Pow(base, exponent, evaluate=False)


def _times(*factors: Expr) -> Expr:
    """The product, multiplied out only when every factor is a rational number (factors of
    1 left out)."""
    kept = [sp.sympify(f) for f in factors if sp.sympify(f) != 1]
    if all(f.is_Rational for f in kept) or len(kept) < 2:
        return sp.Mul(*kept)
    return sp.Mul(*kept, evaluate=False)


def frequency_exact(pair: int | Expr, d_model: int, base: float = 10000.0) -> Expr:
    """omega_i = base^(-2i/d), exactly (``pair`` may be a symbol)."""
    return _power(_exact(base), sp.Integer(-2) * pair / d_model)


@functools.cache
def _printer() -> Any:
    from sympy.printing.latex import LatexPrinter  # type: ignore[import-untyped]
    from sympy.printing.precedence import PRECEDENCE  # type: ignore[import-untyped]

    class _Printer(LatexPrinter):  # type: ignore[misc]
        """SymPy's TeX, but a number to a fractional power stays in the formula's shape:
        ``5 \\cdot 10000^{-1/25}``, where SymPy writes ``\\frac{5}{10^{4/25}}``."""

        def _print_Pow(self, expr: Expr) -> str:
            e = expr.exp
            if expr.base.is_Integer and e.is_Rational and not e.is_Integer and abs(e) != sp.S.Half:
                return f"{self._print(expr.base)}^{{{e.p}/{e.q}}}"
            return str(super()._print_Pow(expr))

        def _print_Mul(self, expr: Expr) -> str:
            if any(a.is_Pow and a.base.is_Integer and a.exp.is_Rational and not a.exp.is_Integer
                   and abs(a.exp) != sp.S.Half for a in expr.args):
                return r" \cdot ".join(self._print(a) if a.is_Mul else
                                        self.parenthesize(a, PRECEDENCE["Mul"]) for a in expr.args)
            return str(super()._print_Mul(expr))

    return _Printer({"fold_short_frac": True, "fold_frac_powers": True})


def tex(expr: Expr) -> str:
    """An exact form in TeX, inline-sized: short fractions and powers on one line."""
    return str(_printer().doprint(expr))


#: How far an exact form may be from the float64 answer, in units in the last place of
#: :func:`exact_scale`. Each answer is a handful of float64 operations (a power, a product,
#: a sine, a sum), each within about one ulp of its own result. The largest seen over the
#: site's exercises is 3 (choose-base: a power of a quotient).
EXACT_ULPS = 8


def exact_scale(expr: Expr, value: float) -> float:
    """What the ulps of :data:`EXACT_ULPS` are taken of: the answer itself, or at least 1
    when it goes through a sine or cosine. Their slope is at most 1, so an angle's rounding
    (about an ulp of an angle near 1) carries over as that absolute error, whatever the
    value: d50's sine of an angle near pi is 1.75 ulps of 1 off, 7 ulps of its value."""
    trig = sp.sympify(expr).has(sp.sin, sp.cos)
    return max(abs(value), 1.0) if trig else abs(value)


def _evaluated(expr: Expr, digits: int = 30) -> Expr:
    """An exact form evaluated by SymPy to ``digits`` significant digits (a sum written
    with Sum is added up term by term first)."""
    return sp.N(sp.sympify(expr).doit(), digits)


def exact_value(expr: Expr, digits: int = 30) -> float:
    """An exact form evaluated to ``digits`` significant digits, as the nearest float."""
    return float(_evaluated(expr, digits))


def exact_agrees(expr: Expr, value: float) -> bool:
    """Whether the exact form is within :data:`EXACT_ULPS` of the float64 ``value``."""
    exact = _evaluated(expr)
    scale = math.ulp(exact_scale(expr, value))
    return bool(abs(exact - sp.Float(value, 30)) <= EXACT_ULPS * scale)


def _pairs_sum(term: Callable[[Expr], Expr], pairs: int) -> Expr:
    """``sum(term(i) for i < pairs)``: written out for up to two pairs, else as a Sum."""
    if pairs <= 2:
        return sp.Add(*[term(sp.Integer(j)) for j in range(pairs)], evaluate=False)
    i = sp.Symbol("i", integer=True, nonnegative=True)
    return sp.Sum(term(i), (i, 0, pairs - 1))


def entry(pos: int, column: int, d_model: int, base: float = 10000.0) -> float:
    """One entry of the paper's table."""
    return float(pe.encoding(1, d_model, start=pos, base=base)[0, column])


def entry_exact(pos: int, column: int, d_model: int, base: float = 10000.0) -> Expr:
    """sin(p omega_i) in the even column 2i, cos(p omega_i) in the odd one (interleaved)."""
    f = sp.sin if column % 2 == 0 else sp.cos
    return f(_times(sp.Integer(pos), frequency_exact(column // 2, d_model, base)))


def longest_wavelength(d_model: int, base: float = 10000.0) -> float:
    return float(pe.wavelengths(d_model, base=base)[-1])


def longest_wavelength_exact(d_model: int, base: float = 10000.0) -> Expr:
    return wavelength_exact(d_model // 2 - 1, d_model, base)


def wavelength(pair: int, d_model: int, base: float = 10000.0) -> float:
    return float(pe.wavelengths(d_model, base=base)[pair])


def wavelength_exact(pair: int, d_model: int, base: float = 10000.0) -> Expr:
    """2 pi / omega_i = 2 pi base^(2i/d)."""
    power = _power(_exact(base), sp.Rational(2 * pair, d_model))
    return 2 * sp.pi if power == 1 else _times(2 * sp.pi, power)


def wavelength_ratio(d_model: int, base: float = 10000.0) -> float:
    lam = pe.wavelengths(d_model, base=base)
    return float(lam[1] / lam[0])


def wavelength_ratio_exact(d_model: int, base: float = 10000.0) -> Expr:
    """lambda_1 / lambda_0 = base^(2/d)."""
    return _power(_exact(base), sp.Rational(2, d_model))


def base_for_wavelength(d_model: int, target: float) -> float:
    """The base whose longest wavelength is ``target`` positions (checked against pe)."""
    base = float((target / (2 * math.pi)) ** (d_model / (d_model - 2)))
    assert math.isclose(longest_wavelength(d_model, base), target, rel_tol=1e-9)
    return base


def base_for_wavelength_exact(d_model: int, target: float) -> Expr:
    """The base b with 2 pi b^((d-2)/d) = target: (target / 2 pi)^(d/(d-2))."""
    return sp.Pow(_exact(target) / (2 * sp.pi), sp.Rational(d_model, d_model - 2),
                  evaluate=False)


def norm(pos: int, d_model: int) -> float:
    return float(np.linalg.norm(pe.encoding(1, d_model, start=pos)[0]))


def norm_exact(pos: int, d_model: int) -> Expr:
    """|PE(p)| = sqrt(d/2): each pair's sin^2 + cos^2 reduces to 1 (SymPy shows it for a
    symbolic angle, then the pairs are counted)."""
    angle = sp.Symbol("theta", real=True)
    pair = sp.trigsimp(sp.sin(angle) ** 2 + sp.cos(angle) ** 2)
    return sp.sqrt(pair * (d_model // 2))


def dot_at_offset(pos: int, offset: int, d_model: int) -> float:
    rows = pe.encoding(pos + offset + 1, d_model)
    return float(rows[pos] @ rows[pos + offset])


@functools.cache
def _pair_dot_is_cosine() -> bool:
    """sin(p w) sin((p+k) w) + cos(p w) cos((p+k) w) = cos(k w), by SymPy, once."""
    p, k, w = sp.symbols("p k omega", real=True)
    pair = sp.sin(p * w) * sp.sin((p + k) * w) + sp.cos(p * w) * sp.cos((p + k) * w)
    return bool(sp.simplify(pair - sp.cos(k * w)) == 0)


def _dot_exact(offset: int, d_model: int) -> Expr:
    """PE(p) . PE(p+k) = sum_i cos(k omega_i), whatever p (pe.symbolic.dot_product proves
    it for every width; SymPy re-checks the pair term here)."""
    assert _pair_dot_is_cosine()
    return _pairs_sum(lambda i: sp.cos(_times(sp.Integer(offset), frequency_exact(i, d_model))),
                      d_model // 2)


def dot_at_offset_exact(pos: int, offset: int, d_model: int) -> Expr:
    return _dot_exact(offset, d_model)


def turn(pair: int, offset: int, d_model: int) -> float:
    """The angle pair ``pair`` turns through over ``offset`` positions, in radians."""
    return float(offset * pe.frequencies(d_model)[pair])


def turn_exact(pair: int, offset: int, d_model: int) -> Expr:
    return _times(sp.Integer(offset), frequency_exact(pair, d_model))


def rotation_entry(offset: int, d_model: int, row: int, column: int) -> float:
    return float(pe.rotation(offset, d_model)[row, column])


def rotation_entry_exact(offset: int, d_model: int, row: int, column: int) -> Expr:
    """Block i of M(k) is [[cos k w_i, sin k w_i], [-sin k w_i, cos k w_i]]; zero off it."""
    if row // 2 != column // 2:
        return sp.Integer(0)
    angle = _times(sp.Integer(offset), frequency_exact(row // 2, d_model))
    r, c = row % 2, column % 2
    return sp.cos(angle) if r == c else (sp.sin(angle) if (r, c) == (0, 1) else -sp.sin(angle))


def mistaken_longest_wavelength(d_model: int) -> float:
    """Longest wavelength when ``i`` stands where ``2i`` belongs: base^(i/d) for the last
    pair (written out: the mistake has no function in ``pe``)."""
    last = d_model // 2 - 1
    return float(2 * math.pi / pe.frequencies(2 * d_model)[last])


def mistaken_longest_wavelength_exact(d_model: int) -> Expr:
    """2 pi 10000^(i/d) for the last pair, i = d/2 - 1."""
    return _times(2 * sp.pi, _power(sp.Integer(10000), sp.Rational(d_model // 2 - 1, d_model)))


def spacing_longest_wavelength(d_model: int, base: float = 10000.0) -> float:
    """Longest wavelength when the exponent divides by d/2 - 1 (fairseq's spacing,
    written out: omega_i = base^(-i/(h-1)), so the last frequency is 1/base exactly)."""
    h = d_model // 2
    return float(2 * math.pi / base ** (-(h - 1) / (h - 1)))


def spacing_longest_wavelength_exact(d_model: int, base: float = 10000.0) -> Expr:
    """The last frequency is base^(-1), whatever d: 2 pi base."""
    return 2 * sp.pi * _exact(base)


def half_turn_position(d_model: int) -> float:
    """Positions before the slowest pair has turned half a circle."""
    return float(math.pi / pe.frequencies(d_model)[-1])


def half_turn_position_exact(d_model: int) -> Expr:
    """pi / omega_last = pi 10000^((d-2)/d)."""
    return _times(sp.pi, _power(sp.Integer(10000), sp.Rational(d_model - 2, d_model)))


def float16_exact_integers(fraction_bits: int) -> float:
    """Every integer up to this one is exact in a binary type with this many fraction bits
    (checked against float16 itself)."""
    top = 2 ** (fraction_bits + 1)
    assert float(np.float16(top + 1)) != top + 1 and all(
        float(np.float16(n)) == n for n in range(top + 1))
    return float(top)


def float16_exact_integers_exact(fraction_bits: int) -> Expr:
    return sp.Integer(2) ** (fraction_bits + 1)


def float32_angle_step(position: int, fraction_bits: int, exponent: int) -> float:
    """The gap between neighbouring float32 numbers at the angle ``position`` (the fastest
    pair's, frequency 1), with ``2**exponent <= position < 2**(exponent + 1)``: how coarsely
    float32 holds that angle (checked against NumPy's own gap)."""
    assert 2**exponent <= position < 2 ** (exponent + 1)
    step = 2.0 ** (exponent - fraction_bits)
    assert float(np.spacing(np.float32(position))) == step
    return step


def float32_angle_step_exact(position: int, fraction_bits: int, exponent: int) -> Expr:
    return sp.Integer(2) ** (exponent - fraction_bits)


def left_padded_first_position(length: int, tokens: int) -> float:
    """The position a left-padded sequence's first real token gets when the columns are
    numbered from 0: the number of pads in front of it (checked against the first real
    column of the padding mask)."""
    mask = np.arange(length) >= length - tokens
    first = int(np.argmax(mask))
    assert first == length - tokens
    return float(first)


def left_padded_first_position_exact(length: int, tokens: int) -> Expr:
    return sp.Integer(length - tokens)


def scaled_norm_ratio(d_model: int) -> float:
    """Length of a sqrt(d)-scaled row of unit-variance entries (sqrt(d) * sqrt(d)) over the
    encoding's length sqrt(d/2)."""
    return float(math.sqrt(d_model) * math.sqrt(d_model) / norm(0, d_model))


def scaled_norm_ratio_exact(d_model: int) -> Expr:
    return sp.sqrt(d_model) * sp.sqrt(d_model) / norm_exact(0, d_model)


def random_cosine_spread(d_model: int) -> float:
    """Standard deviation of the cosine similarity of two independent random directions in
    d dimensions: exactly 1/sqrt(d)."""
    return 1 / math.sqrt(d_model)


def random_cosine_spread_exact(d_model: int) -> Expr:
    return 1 / sp.sqrt(d_model)


def timestep_entry(t: int, column: int, d_model: int) -> float:
    """guided-diffusion's embedding of timestep t: cosines first, then sines, of pe's
    frequencies (pe's split layout with the halves swapped)."""
    split = pe.encoding(1, d_model, start=t, layout="split")[0]
    half = d_model // 2
    return float(np.concatenate([split[half:], split[:half]])[column])


def timestep_entry_exact(t: int, column: int, d_model: int) -> Expr:
    """Column j < d/2 is cos(t omega_j), column d/2 + j is sin(t omega_j)."""
    half = d_model // 2
    f, pair = (sp.cos, column) if column < half else (sp.sin, column - half)
    return f(_times(sp.Integer(t), frequency_exact(pair, d_model)))


def patch_dot(rows: int, cols: int, d_model: int) -> float:
    """Dot product of the 2-D encodings of two patches ``rows`` and ``cols`` apart (each
    axis gets half the width): the sum of the two 1-D dot products at those offsets."""
    half = d_model // 2
    return dot_at_offset(0, rows, half) + dot_at_offset(0, cols, half)


def patch_dot_exact(rows: int, cols: int, d_model: int) -> Expr:
    """The two 1-D dot products (width d/2 each) as one sum over their d/4 pairs."""
    assert _pair_dot_is_cosine()
    half = d_model // 2
    return _pairs_sum(lambda i: sp.Add(*(sp.cos(_times(sp.Integer(n), frequency_exact(i, half)))
                                         for n in (rows, cols)), evaluate=False), half // 2)


def distance_exact(first: int, second: int, d_model: int) -> Expr:
    """|PE(p) - PE(q)| = sqrt(|PE(p)|^2 + |PE(q)|^2 - 2 PE(p).PE(q)) = sqrt(d - 2 sum_i
    cos((q-p) omega_i))."""
    return sp.sqrt(sp.Add(norm_exact(first, d_model) ** 2 + norm_exact(second, d_model) ** 2,
                          -2 * _dot_exact(second - first, d_model), evaluate=False))


def no_closed_form(**_params: Any) -> None:
    """For an answer with no exact form worth showing (say why where it is used)."""
    return


# ---------------------------------------------------------------- shared by the exercises

#: What an implementation exercise's solution prints: this many rows of its table.
PASTE_ROWS = 8
