"""Worked example: d_model = 4, base 10000, positions 0 to 4, one step at a time."""

import math

import numpy as np

import pe

L, d, base = 5, 4, 10000.0

print("Step 1: the denominator of pair i is base ** (2i / d)")
denominators = []
for i in range(d // 2):
    denominators.append(base ** (2 * i / d))
    print(
        f"  pair {i}, columns {2 * i} and {2 * i + 1}: "
        f"{base:g} ** ({2 * i}/{d}) = {denominators[i]:g}"
    )

print("Step 2: angle = pos / denominator;  Step 3: sin in column 2i, cos in column 2i + 1")
print(
    f"{'pos':>3} | {'angle 0':>7} {'angle 1':>7} | {'col 0':>9} {'col 1':>9} {'col 2':>9} {'col 3':>9}"
)
rows = []
for pos in range(L):
    angles = [pos / den for den in denominators]
    row = [f(a) for a in angles for f in (math.sin, math.cos)]
    rows.append(row)
    print(
        f"{pos:>3} | {angles[0]:>7.2f} {angles[1]:>7.2f} | " + " ".join(f"{v:>9.6f}" for v in row)
    )

print(
    "largest difference from pe.encoding(5, 4):",
    f"{np.abs(np.array(rows) - pe.encoding(L, d)).max():.1e}",
)
