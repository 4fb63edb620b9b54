"""Worked example: d_model = 6 over 20 positions, base 10000."""

import numpy as np

import pe

L, d, base = 20, 6, 10000.0

print("pair i | columns | denominator base ** (2i/d) | frequency ω_i | wavelength 2π/ω_i")
for i, (w, lam) in enumerate(zip(pe.frequencies(d, base=base), pe.wavelengths(d, base=base))):
    print(
        f"{i:>6} | {2 * i}, {2 * i + 1}    | {base ** (2 * i / d):>26.4f} | {w:>13.6f} | {lam:>17.2f}"
    )

np.set_printoptions(precision=4, suppress=True, floatmode="fixed", linewidth=80)
print(f"The {L} x {d} matrix, one row per position 0 .. {L - 1}:")
print(pe.encoding(L, d, base=base))
