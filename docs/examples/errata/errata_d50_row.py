"""Erratum: a published d = 50 vector for position 5 against the formula it states."""

import numpy as np

import pe

d, pos, base = 50, 5, 10000.0
row = pe.encoding(pos + 1, d, base=base)[pos]

# (column, the expression the write-up states, the value it prints), copied as printed.
published = [
    (0, "sin(5)", "-0.96"),
    (1, "cos(5)", "0.28"),
    (2, "sin(5 / 10000^(2/50))", "-0.85"),
    (3, "cos(5 / 10000^(2/50))", "0.52"),
    (48, "sin(5 / 10000)", "5e-4"),
    (49, "cos(5 / 10000)", "1"),
]


def as_printed(value: float, printed: str) -> str:
    """The value rounded the way the published number is written."""
    if "e" in printed:
        mantissa, exponent = f"{value:.0e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return f"{value:.{decimals}f}"


print(
    f"{'col':>3}  {'stated expression':<22} {'printed':>7}  {'pe':>10}  {'pe, same rounding':>17}"
)
for col, expression, printed in published:
    shown = as_printed(row[col], printed)
    mark = "ok" if shown == printed else "WRONG"
    print(f"{col:>3}  {expression:<22} {printed:>7}  {row[col]:>10.6f}  {shown:>17}  {mark}")

# Where the wrong numbers come from.
a = pos / base ** (1 / 50)
print(
    f"sin(5 / 10000^(1/50)) = {np.sin(a):.2f}, cos(5 / 10000^(1/50)) = {np.cos(a):.2f}"
    "   (exponent 1/50: the factor 2 of 2i/d dropped)"
)
last = base ** (2 * (d // 2 - 1) / d)
print(f"columns 48, 49 belong to pair 24: denominator 10000^(48/50) = {last:,.2f}, not 10000")
print(
    f"sin(5 / 10000) = {np.sin(pos / base):.1e}, but sin(5 / {last:,.2f}) = {np.sin(pos / last):.1e}"
)
