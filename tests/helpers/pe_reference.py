"""A high-precision reference for the encoding, written from the formula with mpmath.

It shares no code with ``pe``: angles are ``pos * base**(-2i/d)`` with the exponent as an
exact rational and 50 significant digits throughout, so its values are exact for float64
purposes.
"""

from __future__ import annotations

import math

import mpmath  # type: ignore[import-untyped]

PRECISION = mpmath.mp.clone()
PRECISION.dps = 50

#: Unit roundoff of float64.
U = 2.0**-53


def angle(pos: int, pair: int, d_model: int, base: float) -> mpmath.mpf:
    """``pos * base**(-2*pair/d_model)`` to 50 digits, ``base`` taken as its exact float value."""
    ctx = PRECISION
    return ctx.mpf(pos) * ctx.power(ctx.mpf(base), ctx.mpf(-2 * pair) / d_model)


def column_source(column: int, d_model: int, layout: str) -> tuple[str, int]:
    """Which function (``"sin"``/``"cos"``) of which pair a column holds."""
    if layout == "interleaved":
        return ("sin" if column % 2 == 0 else "cos"), column // 2
    n_sin = (d_model + 1) // 2
    return ("sin", column) if column < n_sin else ("cos", column - n_sin)


def entry(
    pos: int, column: int, d_model: int, base: float, layout: str = "interleaved"
) -> mpmath.mpf:
    fn, pair = column_source(column, d_model, layout)
    theta = angle(pos, pair, d_model, base)
    return PRECISION.sin(theta) if fn == "sin" else PRECISION.cos(theta)


def matrix(
    positions: range, d_model: int, base: float, layout: str = "interleaved"
) -> list[list[mpmath.mpf]]:
    return [[entry(p, c, d_model, base, layout) for c in range(d_model)] for p in positions]


def float64_bound(
    pos: int, column: int, d_model: int, base: float, layout: str = "interleaved"
) -> float:
    r"""The error allowed for ``pe``'s float64 value of one entry.

    ``pe`` computes :math:`\hat\omega = \mathrm{pow}(b, \mathrm{fl}(-2i/d))` and
    :math:`\hat\theta = \mathrm{fl}(pos\cdot\hat\omega)`, then sin or cos:

    - rounding the exponent :math:`e = -2i/d` by up to :math:`u|e|` changes
      :math:`\omega` by the relative amount :math:`u|e|\ln b`;
    - ``pow`` adds up to 1 ulp (relative :math:`2u`), the product another :math:`u`;
    - so :math:`|\hat\theta - \theta| \le (3 + |e|\ln b)\,u|\theta| \le
      (3 + |e|\ln b)\,\mathrm{ulp}(\theta)`, and sin/cos pass an angle error on at most 1:1;
    - sin/cos themselves add a few ulp of the result; 4 ulp covers libm and SIMD kernels.

    Bound: :math:`(3 + \tfrac{2i}{d}\ln b)\,\mathrm{ulp}(\theta) + 4\,\mathrm{ulp}(\text{value})`.
    For base 10000 that is at most about 12 ulp of the angle; measured errors stay under
    about half the bound (see the tests).
    """
    _, pair = column_source(column, d_model, layout)
    theta = float(angle(pos, pair, d_model, base))
    value = float(entry(pos, column, d_model, base, layout))
    exponent = 2 * pair / d_model
    return (3 + exponent * math.log(base)) * math.ulp(theta) + 4 * math.ulp(value)
