"""Check: do sines alone give repeated rows, as sin(0 degrees) = sin(180 degrees) suggests?"""

import numpy as np

import pe

# Pair 0 turns one radian per position; a whole number of radians is never a multiple of
# 180 degrees (pi is irrational), so its sine is never 0 again, though it comes close.
p = np.arange(1, 1000)
closest = p[np.argmin(np.abs(np.sin(p)))]
print(f"positions 1-999: smallest |sin(p)| is {abs(np.sin(closest)):.1e}, at p = {closest}")



def closest(rows):
    """The smallest distance between two different rows."""
    sq = np.sum(rows**2, axis=1)
    gaps = sq[:, None] + sq[None, :] - 2 * rows @ rows.T  # squared distances
    np.fill_diagonal(gaps, np.inf)
    return np.sqrt(max(gaps.min(), 0.0))


# Distinct, yes; but how far apart? Against the whole encoding, sines and cosines together.
L = 1000
for d in (16, 64):
    full = pe.encoding(L, d)
    print(f"d = {d:>2}, positions 0-{L - 1}: closest two rows {closest(full[:, 0::2]):.4f}"
          f" apart with sines only, {closest(full):.4f} with sines and cosines")
