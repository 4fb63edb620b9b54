"""Exercise: the longest wavelength when i stands where 2i belongs, d_model = 512."""

import math

import pe

d, base = 512, 10000.0
last = d // 2 - 1
answer = 2 * math.pi * base ** (last / d)  # the mistake: base ** (i / d)
print(f"mistake: 2 pi * 10000 ** ({last}/{d}) = {answer:,.1f} positions")
print(f"paper:   pe.wavelengths({d})[-1]     = {pe.wavelengths(d)[-1]:,.1f} positions")
