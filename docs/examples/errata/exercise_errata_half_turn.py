"""Exercise: positions before the slowest pair of d_model = 512 turns half a circle."""

import math

import pe

d = 512
omega = 10000.0 ** (-(d - 2) / d)
answer = math.pi / omega
print(f"slowest frequency 10000 ** (-{d - 2}/{d}) = {omega:.6e} rad per position")
print(f"half a turn after pi / omega = {answer:,.1f} positions "
      f"(pe: {math.pi / pe.frequencies(d)[-1]:,.1f})")
