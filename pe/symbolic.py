r"""Exact, symbolic proofs of the encoding's properties, checked with SymPy.

Every claim is reduced by SymPy to an exact identity ``lhs - rhs == 0`` (angle-addition
expansion, trigonometric and power simplification, summation); nothing is sampled
numerically. Each proof comes back as a [`Proof`][pe.symbolic.Proof] whose ``holds`` says whether SymPy
reduced every identity in it to zero and confirmed every side condition from the symbols'
assumptions. The same checker reports a wrong identity as ``holds=False``:

>>> from pe import symbolic
>>> import sympy as sp
>>> x = sp.Symbol("x", real=True)
>>> symbolic.check_identity("pyth", "Pythagoras", sp.sin(x)**2 + sp.cos(x)**2, 1).holds
True
>>> symbolic.check_identity("wrong", "Wrong sign", sp.sin(-x), sp.sin(x)).holds
False

Notation: position \(p\), shift \(k\), pair index \(i\), width \(d\),
\(\omega_i = b^{-2i/d}\) with the base \(b > 1\).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any

import sympy as sp  # type: ignore[import-untyped]
from sympy.simplify.simplify import sum_simplify  # type: ignore[import-untyped]

__all__ = [
    "Proof",
    "all_proofs",
    "check_identity",
    "combine",
    "dot_product",
    "norm",
    "rotation_block",
    "rotation_column",
    "rotation_row",
    "unpaired_column",
    "wavelengths",
]

# SymPy ships without type information; its objects are typed as Any here on purpose.
Expr = Any

# The shared symbols. Assumptions matter: they are what lets SymPy decide signs exactly.
p = sp.Symbol("p", real=True)  # position
k = sp.Symbol("k", real=True)  # shift
omega = sp.Symbol("omega_i", positive=True)  # one pair's frequency
b = sp.Symbol("b", positive=True)  # base (b > 1 is imposed where it matters, as b = 1 + c)
i = sp.Symbol("i", integer=True, nonnegative=True)  # pair index
d = sp.Symbol("d", positive=True, even=True)  # width, even


@dataclass(frozen=True)
class Proof:
    """The outcome of a symbolic proof.

    Attributes:
        name: Short identifier (used for file names of generated fragments).
        title: Human-readable title.
        statement: The claim, in LaTeX.
        steps: The key steps, each a LaTeX string (display maths, no delimiters).
        holds: Whether SymPy reduced every identity to ``0`` and confirmed every side
            condition. ``False`` means the claim is false *or* SymPy could not show it.
    """

    name: str
    title: str
    statement: str
    steps: tuple[str, ...]
    holds: bool


def _text(s: str) -> str:
    return r"\text{" + s + "}"


def _latex(expr: Expr) -> str:
    return str(sp.latex(expr))


def _reduce(expr: Expr) -> Expr:
    """Reduce a scalar difference to a canonical form; exactly ``0`` for a true identity.

    Targeted rewrites only: expand the arguments so ``sin((p+k)w)`` splits by the
    angle-addition formulas, collect ``sin^2 + cos^2`` and powers. Sums over the same range
    are merged and their summands reduced the same way; a sum is evaluated only once its
    summand is a polynomial in the index (summing trigonometric terms is slow and not
    needed). SymPy's general ``simplify`` is avoided: it can take seconds on a false
    identity, and the proofs here do not need it.
    """
    e = sp.sympify(expr)
    if e.has(sp.Sum):
        e = sum_simplify(e)
        e = e.replace(lambda x: isinstance(x, sp.Sum), _reduce_sum)
    # exp(a*log(b)) back to b**a, so exponential and power forms compare equal.
    e = e.replace(lambda x: isinstance(x, sp.exp), lambda x: x.rewrite(sp.Pow))
    e = sp.expand(sp.expand_trig(sp.expand(e)))
    if e == 0:
        return e
    return sp.factor_terms(sp.trigsimp(sp.powsimp(e)))


def _reduce_sum(s: Expr) -> Expr:
    summand = _reduce(s.function)
    reduced = sp.Sum(summand, *s.limits)
    index = s.limits[0][0]
    return reduced.doit() if summand.is_polynomial(index) else reduced


def _is_zero(expr: Expr) -> bool:
    """Whether an already reduced expression (or matrix) is structurally zero."""
    if isinstance(expr, sp.MatrixBase):
        return all(entry == 0 for entry in expr)
    return bool(expr == 0)


def check_identity(
    name: str,
    title: str,
    lhs: Expr,
    rhs: Expr,
    *,
    statement: str | None = None,
    steps: Iterable[str] = (),
    conditions: Sequence[tuple[str, bool | None]] = (),
) -> Proof:
    r"""Prove ``lhs == rhs`` exactly by reducing ``lhs - rhs`` to ``0`` with SymPy.

    Args:
        name: Identifier of the proof.
        title: Human-readable title.
        lhs: A SymPy expression or matrix.
        rhs: A SymPy expression or matrix of the same shape (or a plain number).
        statement: The claim in LaTeX; by default ``latex(lhs) = latex(rhs)``.
        steps: LaTeX of the key steps that lead to the identity, shown before the check.
        conditions: Side conditions, each ``(LaTeX, truth)`` where ``truth`` is what
            SymPy's assumption system answered (``True``, ``False`` or ``None`` for
            unknown). The proof holds only if every one is ``True``.

    Returns:
        A [`Proof`][pe.symbolic.Proof]; its last step shows what ``lhs - rhs`` reduced to.
    """
    left, right = sp.sympify(lhs), sp.sympify(rhs)
    if isinstance(left, sp.MatrixBase) != isinstance(right, sp.MatrixBase):
        raise TypeError(f"{name}: lhs and rhs must both be matrices or both be scalars")
    if isinstance(left, sp.MatrixBase):
        if left.shape != right.shape:
            raise ValueError(f"{name}: lhs has shape {left.shape}, rhs {right.shape}")
        diff = (left - right).applyfunc(_reduce)
    else:
        diff = _reduce(left - right)
    identity_holds = _is_zero(diff)
    all_steps = list(steps)
    for text, truth in conditions:
        verdict = {True: "holds", False: "fails", None: "could not be decided"}[truth]
        all_steps.append(text + r"\quad" + _text(f"({verdict})"))
    all_steps.append(
        r"\text{LHS} - \text{RHS} = " + _latex(diff) + ("" if identity_holds else r" \neq 0")
    )
    return Proof(
        name=name,
        title=title,
        statement=statement if statement is not None else f"{_latex(left)} = {_latex(right)}",
        steps=tuple(all_steps),
        holds=identity_holds and all(truth is True for _, truth in conditions),
    )


def combine(
    name: str, title: str, statement: str, parts: Sequence[Proof], *, steps: Iterable[str] = ()
) -> Proof:
    """Join several proofs into one claim that holds only if every part holds."""
    if not parts:
        raise ValueError(f"{name}: a combined proof needs at least one part")
    all_steps = list(steps)
    for part in parts:
        all_steps.append(_text(part.title + ":") + r"\quad " + part.statement)
        all_steps.extend(part.steps)
    return Proof(name, title, statement, tuple(all_steps), all(part.holds for part in parts))


# --- 1. Rotation ---------------------------------------------------------------------------


def rotation_block(form: str = "column", *, shift: Expr = k, frequency: Expr = omega) -> Expr:
    r"""The 2x2 block that shifts one sin/cos pair by ``shift`` positions.

    ``form="column"`` gives \(M\) with \(v_{p+k} = M v_p\) for the column vector
    \(v_p = (\sin p\omega, \cos p\omega)^T\); ``form="row"`` gives its transpose, for
    row vectors: \(v_{p+k}^T = v_p^T M^T\).
    """
    c, s = sp.cos(shift * frequency), sp.sin(shift * frequency)
    if form == "column":
        return sp.Matrix([[c, s], [-s, c]])
    if form == "row":
        return sp.Matrix([[c, -s], [s, c]])
    raise ValueError(f"form must be 'column' or 'row', got {form!r}")


def _pair(position: Expr, frequency: Expr = omega) -> tuple[Expr, Expr]:
    return sp.sin(position * frequency), sp.cos(position * frequency)


def _angle_addition_steps() -> list[str]:
    s_pk, c_pk = _pair(p + k)
    return [
        f"{_latex(s_pk)} = {_latex(sp.expand_trig(sp.sin(p * omega + k * omega)))}",
        f"{_latex(c_pk)} = {_latex(sp.expand_trig(sp.cos(p * omega + k * omega)))}",
    ]


def rotation_column() -> Proof:
    r"""Column-vector form: \(v_{p+k} = M(k)\,v_p\) with \(M = [[\cos, \sin], [-\sin, \cos]]\)."""
    s_p, c_p = _pair(p)
    s_pk, c_pk = _pair(p + k)
    rot = rotation_block("column")
    lhs = sp.Matrix([s_pk, c_pk])
    v = sp.Matrix([s_p, c_p])
    product = sp.MatMul(rot, v, evaluate=False)
    return check_identity(
        "rotation-column",
        "Rotation, column-vector form",
        lhs,
        rot * v,
        statement=(
            _text("Column vectors: ")
            + f"{_latex(lhs)} = {_latex(product)}"
            + r",\quad"
            + _text(" i.e. ")
            + r"v_{p+k} = M(k)\,v_p"
        ),
        steps=[*_angle_addition_steps(), f"{_latex(product)} = {_latex(rot * v)}"],
    )


def rotation_row() -> Proof:
    r"""Row-vector form: \(v_{p+k}^T = v_p^T\,M(k)^T\), the transpose of the column form."""
    s_p, c_p = _pair(p)
    s_pk, c_pk = _pair(p + k)
    rot_row = rotation_block("row")
    lhs = sp.Matrix([[s_pk, c_pk]])
    row = sp.Matrix([[s_p, c_p]])
    product = sp.MatMul(row, rot_row, evaluate=False)
    pe_row = r"\begin{pmatrix} PE_{p,2i} & PE_{p,2i+1} \end{pmatrix}"
    pe_row_k = r"\begin{pmatrix} PE_{p+k,2i} & PE_{p+k,2i+1} \end{pmatrix}"
    identity = check_identity(
        "rotation-row-identity",
        "Row vector times the matrix",
        lhs,
        row * rot_row,
        statement=f"{_latex(lhs)} = {_latex(product)}",
        steps=[*_angle_addition_steps(), f"{_latex(product)} = {_latex(row * rot_row)}"],
    )
    transpose = check_identity(
        "rotation-row-transpose",
        "The row-form matrix is the transpose of the column-form matrix",
        rot_row,
        rotation_block("column").T,
        statement=f"{_latex(rot_row)} = {_latex(rotation_block('column'))}^T",
    )
    return combine(
        "rotation-row",
        "Rotation, row-vector form",
        _text("Row vectors: ")
        + f"{pe_row_k} = {pe_row}\\,{_latex(rot_row)}"
        + r",\quad"
        + _text(" i.e. ")
        + r"v_{p+k}^T = v_p^T\,M(k)^T",
        [identity, transpose],
    )


# --- 2. Dot product ------------------------------------------------------------------------


def _pair_dot(position: Expr, shift: Expr, frequency: Expr) -> Expr:
    s_p, c_p = _pair(position, frequency)
    s_pk, c_pk = _pair(position + shift, frequency)
    return s_p * s_pk + c_p * c_pk


def _symbolic_encoding(position: Expr, width: int, base: Expr) -> list[Expr]:
    """One interleaved row of the encoding, symbolically, for a concrete even width."""
    row: list[Expr] = []
    for j in range(width // 2):
        row.extend(_pair(position, base ** sp.Rational(-2 * j, width)))
    return row


def dot_product(concrete_width: int = 8) -> Proof:
    r"""\(PE(p)\cdot PE(p+k) = \sum_i \cos(k\omega_i)\): independent of \(p\), even in \(k\).

    Proven for one pair term, for the sum over \(d/2\) pairs with symbolic even
    \(d\), and written out in full for ``concrete_width`` with a symbolic base.
    """
    if concrete_width < 2 or concrete_width % 2:
        raise ValueError(f"concrete_width must be an even integer >= 2, got {concrete_width}")
    term = _pair_dot(p, k, omega)
    pair = check_identity(
        "dot-pair",
        "One pair",
        term,
        sp.cos(k * omega),
        steps=[
            f"{_latex(term)} = {_latex(sp.expand(sp.expand_trig(sp.expand(term))))}",
            f"= {_latex(sp.cos(k * omega))}"
            + r"\left(\sin^2(p\omega_i) + \cos^2(p\omega_i)\right)",
        ],
    )
    free_of_p = check_identity(
        "dot-pair-p",
        "One pair, independent of the position",
        sp.diff(term, p),
        0,
        statement=r"\frac{\partial}{\partial p}\left(" + _latex(term) + r"\right) = 0",
    )
    even = check_identity(
        "dot-pair-even",
        "One pair, even in the shift",
        _pair_dot(p, -k, omega),
        term,
        statement=f"{_latex(_pair_dot(p, -k, omega))} = {_latex(term)}",
        steps=[f"{_latex(sp.cos(-k * omega, evaluate=False))} = {_latex(sp.cos(-k * omega))}"],
    )
    w_i = b ** (-2 * i / d)
    summand = _pair_dot(p, k, w_i)
    total = sp.Sum(summand, (i, 0, d / 2 - 1))
    target = sp.Sum(sp.cos(k * w_i), (i, 0, d / 2 - 1))
    general = check_identity(
        "dot-sum",
        "Sum over the d/2 pairs, symbolic d",
        total,
        target,
        statement=r"PE(p)\cdot PE(p+k) = " + f"{_latex(total)} = {_latex(target)}",
    )
    symmetric = check_identity(
        "dot-sum-even",
        "The sum is even in the shift",
        sp.Sum(sp.cos(-k * w_i, evaluate=False), (i, 0, d / 2 - 1)),
        target,
        steps=[r"\cos(-x) = \cos x"],
    )
    width = concrete_width
    row_p = _symbolic_encoding(p, width, b)
    row_pk = _symbolic_encoding(p + k, width, b)
    dot = sum((x * y for x, y in zip(row_p, row_pk, strict=True)), sp.Integer(0))
    expected = sum(
        (sp.cos(k * b ** sp.Rational(-2 * j, width)) for j in range(width // 2)), sp.Integer(0)
    )
    concrete = check_identity(
        f"dot-d{width}",
        f"Written out for d = {width}",
        dot,
        expected,
        statement=rf"PE(p)\cdot PE(p+k) = {_latex(expected)}\quad (d = {width})",
    )
    concrete_p = check_identity(
        f"dot-d{width}-p",
        f"d = {width}: independent of the position",
        sp.diff(dot, p),
        0,
        statement=r"\frac{\partial}{\partial p}\,PE(p)\cdot PE(p+k) = 0",
    )
    concrete_even = check_identity(
        f"dot-d{width}-even",
        f"d = {width}: even in the shift",
        dot.subs(k, -k),
        dot,
        statement=r"PE(p)\cdot PE(p-k) = PE(p)\cdot PE(p+k)",
    )
    return combine(
        "dot-product",
        "Dot product of two encodings",
        r"PE(p)\cdot PE(p+k) = \sum_{i=0}^{d/2-1}\cos(k\,\omega_i),"
        r"\quad" + _text("independent of ") + r"p" + _text(" and unchanged by ") + r"k \to -k",
        [pair, free_of_p, even, general, symmetric, concrete, concrete_p, concrete_even],
    )


# --- 3. Norm -------------------------------------------------------------------------------


def norm() -> Proof:
    r"""\(\lVert PE(p)\rVert^2 = d/2\) for even \(d\): each pair contributes \(\sin^2 + \cos^2 = 1\)."""
    s, c = _pair(p)
    pair = check_identity("norm-pair", "One pair", s**2 + c**2, 1)
    w_i = b ** (-2 * i / d)
    s_i, c_i = _pair(p, w_i)
    total = sp.Sum(s_i**2 + c_i**2, (i, 0, d / 2 - 1))
    whole = check_identity(
        "norm-sum",
        "Sum over the d/2 pairs, symbolic even d",
        total,
        d / 2,
        statement=r"\lVert PE(p)\rVert^2 = " + f"{_latex(total)} = {_latex(d / 2)}",
        steps=[f"{_latex(total)} = {_latex(sp.Sum(1, (i, 0, d / 2 - 1)))}"],
    )
    return combine(
        "norm",
        "Squared norm of an encoding",
        r"\lVert PE(p)\rVert^2 = \frac{d}{2}" + r"\quad" + _text("for every position, even ") + "d",
        [pair, whole],
    )


# --- 4. Wavelengths ------------------------------------------------------------------------


def wavelengths() -> Proof:
    r"""The wavelengths \(\lambda_i = 2\pi b^{2i/d}\) form a geometric progression.

    Ratio \(b^{2/d}\), first term \(2\pi\), last term \(2\pi b^{(d-2)/d}\),
    which tends to \(2\pi b\) as \(d \to \infty\) and stays below it for finite
    \(d \ge 2\) when \(b > 1\).
    """
    lam = 2 * sp.pi / b ** (-2 * i / d)
    ratio = check_identity(
        "wavelength-ratio",
        "Common ratio",
        lam.subs(i, i + 1) / lam,
        b ** (2 / d),
        statement=r"\frac{\lambda_{i+1}}{\lambda_i} = \frac{"
        + _latex(lam.subs(i, i + 1))
        + "}{"
        + _latex(lam)
        + "} = "
        + _latex(b ** (2 / d)),
    )
    first = check_identity(
        "wavelength-first",
        "First term",
        lam.subs(i, 0),
        2 * sp.pi,
        statement=r"\lambda_0 = 2\pi\,b^{0} = 2\pi",
    )
    last_term = lam.subs(i, d / 2 - 1)
    last = check_identity(
        "wavelength-last",
        "Last term",
        last_term,
        2 * sp.pi * b ** ((d - 2) / d),
        statement=r"\lambda_{d/2-1} = "
        + _latex(last_term)
        + " = "
        + _latex(2 * sp.pi * b ** ((d - 2) / d)),
    )
    limit = sp.limit(last_term, d, sp.oo)
    to_limit = check_identity(
        "wavelength-limit",
        "Limit of the last term",
        limit,
        2 * sp.pi * b,
        statement=r"\lim_{d\to\infty} " + _latex(last_term) + " = " + _latex(2 * sp.pi * b),
    )
    # b > 1 written as b = 1 + c with c > 0, so that SymPy can decide the signs.
    c = sp.Symbol("c", positive=True)
    gap = 2 * sp.pi * b - last_term
    exponent = -2 * sp.log(b) / d
    below = check_identity(
        "wavelength-below",
        "The last term stays below the limit",
        gap,
        2 * sp.pi * b * (1 - sp.exp(exponent)),
        statement=f"{_latex(2 * sp.pi * b)} - {_latex(last_term)} > 0"
        + r"\quad"
        + _text("for finite ")
        + r"d \ge 2,\ b > 1",
        conditions=[
            (
                f"{_latex(exponent)} < 0" + _text(" for ") + r"b = 1 + c,\ c > 0",
                _truth(exponent.subs(b, 1 + c).is_negative),
            ),
            (f"{_latex(2 * sp.pi * b)} > 0", _truth((2 * sp.pi * b).is_positive)),
        ],
        steps=[
            r"\text{so } e^{"
            + _latex(exponent)
            + r"} < 1 \text{ and the factor } \left(1 - e^{"
            + _latex(exponent)
            + r"}\right) > 0",
        ],
    )
    return combine(
        "wavelengths",
        "The wavelengths form a geometric progression",
        r"\lambda_i = \frac{2\pi}{\omega_i} = 2\pi\,b^{2i/d},\quad"
        r"\frac{\lambda_{i+1}}{\lambda_i} = b^{2/d},\quad \lambda_0 = 2\pi,\quad"
        r"\lambda_{d/2-1} = 2\pi\,b^{(d-2)/d} \xrightarrow{d\to\infty} 2\pi b,\quad"
        r"\lambda_{d/2-1} < 2\pi b",
        [ratio, first, last, to_limit, below],
    )


def _truth(value: object) -> bool | None:
    """SymPy's three-valued answer (True, False, None) as a plain ``bool | None``."""
    return None if value is None else bool(value)


# --- 5. Odd width --------------------------------------------------------------------------


def unpaired_column(d_model: int = 5) -> Proof:
    r"""For odd ``d_model`` the unpaired last sine has no fixed linear shift map.

    Suppose \(\sin((p+k)\omega_m) = c\,\sin(p\omega_m) + \sum_{j<m}
    (a_j \sin p\omega_j + b_j \cos p\omega_j)\) for all \(p\), with coefficients
    independent of \(p\) (\(m = (d-1)/2\), the unpaired frequency). The operator
    \(L = \prod_{j<m}(\partial_p^2 + \omega_j^2)\) annihilates every paired column and
    multiplies the \(\omega_m\) terms by the positive constant
    \(P = \prod_{j<m}(\omega_j^2 - \omega_m^2)\), leaving
    \(\sin((p+k)\omega_m) = c\,\sin(p\omega_m)\); at \(p = 0\) that forces \(\sin(k\omega_m) = 0\). The coefficient needed on \(\cos(p\omega_m)\)
    is \(\sin(k\omega_m) \ne 0\), and that column is not in the row.
    """
    if d_model < 3 or d_model % 2 == 0:
        raise ValueError(f"d_model must be an odd integer >= 3, got {d_model}")
    m = (d_model - 1) // 2
    w_m = sp.Symbol(f"omega_{m}", positive=True)
    # The frequencies decrease strictly (ratio b^{-2/d} < 1): w_j = w_m + (positive gaps).
    gaps = [sp.Symbol(f"epsilon_{j}", positive=True) for j in range(m)]
    freqs = [w_m + sum(gaps[j:], sp.Integer(0)) for j in range(m)]
    a = sp.symbols(f"a_0:{m}", real=True)
    bs = sp.symbols(f"b_0:{m}", real=True)
    c = sp.Symbol("c", real=True)
    target = sp.sin((p + k) * w_m)
    combination = c * sp.sin(p * w_m) + sum(
        (a[j] * sp.sin(p * freqs[j]) + bs[j] * sp.cos(p * freqs[j]) for j in range(m)),
        sp.Integer(0),
    )
    residual = target - combination

    def annihilate(f: Expr, w: Expr) -> Expr:
        return sp.diff(f, p, 2) + w**2 * f

    applied = reduce(annihilate, freqs, residual)
    factor = sp.Mul(*[w**2 - w_m**2 for w in freqs])
    remainder = target - c * sp.sin(p * w_m)
    sym_freqs = [sp.Symbol(f"omega_{j}", positive=True) for j in range(m)]
    display = dict(zip(freqs, sym_freqs, strict=True))

    def shown(expr: Expr) -> str:
        return _latex(expr.subs(display))

    operator = r"L = " + "".join(rf"\left(\partial_p^2 + {_latex(w**2)}\right)" for w in sym_freqs)
    expansion = check_identity(
        "unpaired-expansion",
        "What the shift needs",
        target,
        sp.cos(k * w_m) * sp.sin(p * w_m) + sp.sin(k * w_m) * sp.cos(p * w_m),
        steps=[
            _text("the coefficient on ")
            + _latex(sp.cos(p * w_m))
            + _text(" is ")
            + _latex(sp.sin(k * w_m))
            + _text(", but that column is not in the row")
        ],
    )
    annihilated = check_identity(
        "unpaired-annihilate",
        "Annihilate the paired columns",
        applied,
        factor * remainder,
        statement=f"L\\left[{shown(residual)}\\right] = {shown(factor * remainder)}",
        steps=[
            operator + r",\quad \left(\partial_p^2 + \omega_j^2\right)\sin(p\omega_j) = "
            r"\left(\partial_p^2 + \omega_j^2\right)\cos(p\omega_j) = 0",
            r"\omega_j = b^{-2j/d}"
            + _text(" decreases strictly for ")
            + r"b > 1"
            + _text(", so ")
            + " > ".join(f"\\omega_{{{j}}}" for j in range(m + 1))
            + " > 0",
        ],
        conditions=[
            (f"{shown(w**2 - w_m**2)} > 0", _truth(sp.expand(w**2 - w_m**2).is_positive))
            for w in freqs
        ],
    )
    at_zero = check_identity(
        "unpaired-at-zero",
        "Evaluate at p = 0",
        remainder.subs(p, 0),
        sp.sin(k * w_m),
        statement=(
            f"{_latex(remainder)} = 0"
            + _text(" for all ")
            + "p"
            + r"\implies \left."
            + _latex(remainder)
            + r"\right|_{p=0} = "
            + _latex(sp.sin(k * w_m))
            + " = 0"
        ),
    )
    # sin(k w_m) = 0 would need k w_m = n pi; for a rational base and integer k != 0,
    # k w_m is algebraic and non-zero while n pi (n != 0) is transcendental.
    q = sp.Symbol("beta", rational=True, positive=True)
    n = sp.Symbol("k", integer=True, nonzero=True)
    algebraic = n * q ** sp.Rational(-(d_model - 1), d_model)
    n_pi = sp.Symbol("n", integer=True)
    never_zero = check_identity(
        "unpaired-sin-nonzero",
        "The needed coefficient is never zero",
        sp.sin(n_pi * sp.pi),
        0,
        statement=f"{_latex(sp.sin(k * w_m))} \\ne 0" + _text(" for integer ") + r"k \ne 0",
        steps=[
            (
                r"\sin x = 0 \iff x = n\pi,\ n \in \mathbb{Z};\ "
                r"\text{for } n \ne 0,\ n\pi \text{ is transcendental}"
            ),
        ],
        conditions=[
            (
                f"k\\omega_{{{m}}} = {_latex(algebraic)}"
                + _text(" is algebraic for a rational base ")
                + r"\beta",
                _truth(algebraic.is_algebraic),
            ),
            (r"\pi" + _text(" is transcendental"), _truth(sp.pi.is_transcendental)),
        ],
    )
    return combine(
        "unpaired-column",
        f"No fixed linear shift for the unpaired sine column (odd d = {d_model})",
        r"\nexists\, c, a_j, b_j \text{ independent of } p:\ "
        + f"{shown(target)} = {shown(combination)}"
        + r"\quad"
        + _text("for all ")
        + "p",
        [expansion, annihilated, at_zero, never_zero],
        steps=[
            _text("Suppose the identity holds for all ")
            + "p"
            + _text("; the residual below is then identically zero."),
        ],
    )


# --- Everything ----------------------------------------------------------------------------

_ALL: tuple[Callable[[], Proof], ...] = (
    rotation_column,
    rotation_row,
    dot_product,
    norm,
    wavelengths,
    unpaired_column,
)


def all_proofs() -> tuple[Proof, ...]:
    """Every proof of this module, in the order the site presents them."""
    return tuple(make() for make in _ALL)
