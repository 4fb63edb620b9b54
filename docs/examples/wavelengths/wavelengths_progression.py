"""The wavelengths are a geometric progression from exactly 2π to just short of 2π·base."""

import math

import numpy as np

import pe

base = 10000.0
for d in (50, 512):
    lam = pe.wavelengths(d, base=base)
    ratios = lam[1:] / lam[:-1]
    print(f"d = {d}: {len(lam)} pairs, i = 0 .. {len(lam) - 1}")
    print(f"  first wavelength / 2π         {lam[0] / (2 * math.pi):.12g}")
    print(f"  every ratio λ(i+1) / λ(i)     {ratios.min():.10f} .. {ratios.max():.10f}")
    print(f"  base ** (2 / d)               {base ** (2 / d):.10f}")
    print(f"  last wavelength               {lam[-1]:,.2f}")
    print(f"  2π · base ** ((d - 2) / d)    {2 * math.pi * base ** ((d - 2) / d):,.2f}")
    print(f"  2π · base, never reached      {2 * math.pi * base:,.2f}")
    print(f"  last / (2π · base)            {lam[-1] / (2 * math.pi * base):.4f}")

# The last wavelength approaches 2π·base only as d grows without bound.
for d in (4, 64, 512, 4096, 32768):
    print(
        f"d = {d:>5}: last / (2π · base) = {pe.wavelengths(d, base=base)[-1] / (2 * np.pi * base):.4f}"
    )
