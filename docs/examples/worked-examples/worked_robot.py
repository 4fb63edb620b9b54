"""Worked example: "I am a robot" with d_model = 4 and base 100."""

import math

import numpy as np

import pe

tokens = ["I", "am", "a", "robot"]
d, base = 4, 100.0

print("Step 1: the denominator of pair i is base ** (2i / d)")
denominators = [base ** (2 * i / d) for i in range(d // 2)]
for i, den in enumerate(denominators):
    print(f"  pair {i}, columns {2 * i} and {2 * i + 1}: {base:g} ** ({2 * i}/{d}) = {den:g}")

print("Step 2: angle = pos / denominator;  Step 3: sin in column 2i, cos in column 2i + 1")
print(
    f"{'token':<6}{'pos':>3} | {'angle 0':>7} {'angle 1':>7} | "
    f"{'col 0':>9} {'col 1':>9} {'col 2':>9} {'col 3':>9}"
)
rows = []
for pos, token in enumerate(tokens):  # the position, not the word, sets the vector
    angles = [pos / den for den in denominators]
    row = [f(a) for a in angles for f in (math.sin, math.cos)]
    rows.append(row)
    print(
        f"{token:<6}{pos:>3} | {angles[0]:>7.2f} {angles[1]:>7.2f} | "
        + " ".join(f"{v:>9.6f}" for v in row)
    )

print(
    "largest difference from pe.encoding(4, 4, base=100):",
    f"{np.abs(np.array(rows) - pe.encoding(len(tokens), d, base=base)).max():.1e}",
)
# Any other four-token sentence gets exactly the same four rows.
print(
    "wavelengths of the two pairs, in positions:",
    ", ".join(f"{lam:.2f}" for lam in pe.wavelengths(d, base=base)),
)
