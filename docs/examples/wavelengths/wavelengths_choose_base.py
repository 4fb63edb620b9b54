"""What the base controls, and choosing one for a maximum sequence length."""

import math

import numpy as np

import pe

d, L = 512, 512
print(f"d = {d}, sequences up to L = {L} positions")
print(f"{'base':>8} | {'longest wavelength':>18} | {'slowest step (rad)':>18} | "
      f"{'pairs turning < 0.1 rad over L':>30}")
for base in (100, 1_000, 10_000, 100_000):
    lam = pe.wavelengths(d, base=base)
    w = pe.frequencies(d, base=base)
    still = int(np.sum((L - 1) * w < 0.1))
    print(f"{base:>8,} | {lam[-1]:>18,.0f} | {w[-1]:>18.2e} | {still:>30}")


def smallest_base(max_len, d_model, turn=0.5):
    """The base for which the slowest pair turns ``turn`` of a circle over max_len positions.

    (max_len - 1) * base ** (-(d - 2) / d) = 2 pi turn, solved for the base.
    """
    return ((max_len - 1) / (2 * math.pi * turn)) ** (d_model / (d_model - 2))


print("smallest base whose slowest pair turns less than half a circle over L positions:")
for max_len in (512, 4_096, 100_000):
    b = smallest_base(max_len, d)
    w_last = pe.frequencies(d, base=b)[-1]
    print(f"  L = {max_len:>7,}: base {b:>12,.0f}  (check: slowest pair turns"
          f" {(max_len - 1) * w_last / (2 * math.pi):.3f} of a circle)")
