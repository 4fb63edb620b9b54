"""Check: does base 10000 limit the encoding to about 10,000 positions?"""

import numpy as np

import pe

d = 512
lam = pe.wavelengths(d)[-1]
print(f"d = {d}: longest wavelength {lam:,.0f} positions; slowest pair's half turn {lam / 2:,.0f}")

# Nothing happens at position 10,000: neighbours stay exactly as far apart as at the start,
# and positions past it stay far from the early ones.
for p in (10, 9_999, 10_000, 50_000):
    a, b = pe.encoding(2, d, start=p)
    print(f"  positions {p:>6,} and {p + 1:>6,}: distance {np.linalg.norm(a - b):.6f}")
early = pe.encoding(100, d)
for p in (10_000, 50_000):
    row = pe.encoding(1, d, start=p)[0]
    print(f"  position {p:>6,}: closest of positions 0-99 is"
          f" {np.linalg.norm(early - row, axis=1).min():.3f} away")
