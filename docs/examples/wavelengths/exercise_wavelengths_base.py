"""Exercise: the base whose longest wavelength is 100,000 positions, for d_model = 128."""

import math

import pe

d, target = 128, 100_000
answer = (target / (2 * math.pi)) ** (d / (d - 2))
print(f"base = (target / 2 pi) ** (d / (d - 2)) = {answer:,.2f}")
print(f"check: pe.wavelengths({d}, base=...)[-1] = {pe.wavelengths(d, base=answer)[-1]:,.2f}")
