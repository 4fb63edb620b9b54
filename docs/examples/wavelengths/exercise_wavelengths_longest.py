"""Exercise: the longest wavelength for d_model = 50."""

import math

import pe

d, base = 50, 10000.0
answer = 2 * math.pi * base ** ((d - 2) / d)
print(f"2 pi * 10000 ** ({d - 2}/{d}) = {answer:,.1f} positions")
print(f"pe.wavelengths({d})[-1]      = {pe.wavelengths(d)[-1]:,.1f}")
print(f"2 pi * 10000             = {2 * math.pi * base:,.1f}")
