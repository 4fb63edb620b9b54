"""Erratum: "the wavelengths run from 2π to 2π·base". The upper end is never reached."""

import math

import numpy as np

import pe

print(
    f"{'d':>4} {'base':>6} | {'stated top, 2π·base':>19} | {'longest wavelength':>18} | {'ratio':>6}"
)
for d, base in ((512, 10000.0), (50, 10000.0), (4, 100.0)):
    stated = 2 * math.pi * base
    longest = pe.wavelengths(d, base=base)[-1]  # 2π · base ** ((d - 2) / d)
    print(f"{d:>4} {base:>6g} | {stated:>19,.2f} | {longest:>18,.2f} | {longest / stated:>6.4f}")

# The statement is exact for a different spacing, the one tensor2tensor uses
# (frequencies base ** (-i / (h - 1)) with h = d/2 pairs), not for the paper's formula.
d, base = 512, 10000.0
h = d // 2
w_t2t = base ** (-np.arange(h) / (h - 1))
print(f"tensor2tensor spacing, d = {d}: longest wavelength {2 * math.pi / w_t2t[-1]:,.2f}")
