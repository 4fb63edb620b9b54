"""Odd widths: the unpaired last column cannot be moved along by any fixed matrix."""

import numpy as np

import pe

d, k, L = 5, 1000, 10000
try:
    pe.rotation(k, d)
except ValueError as error:
    print(f"pe.rotation({k}, {d}) ->", type(error).__name__ + ":", error)

# The best fixed matrix M with PE[pos + k] ≈ PE[pos] @ M, by least squares over the
# positions 0 .. L-1: the paired columns come out exact, the lone sine in column 4 does not.
enc = pe.encoding(L + k, d)
X, Y = enc[:L], enc[k:]
M, *_ = np.linalg.lstsq(X, Y, rcond=None)
for col, err in enumerate(np.abs(X @ M - Y).max(axis=0)):
    shown = "below 1e-12 (rounding only)" if err < 1e-12 else f"{err:.2f}"
    print(f"column {col}: largest error of the best fixed matrix {shown}")

# The shift needs sin(k·ω) · cos(pos·ω) for the last frequency ω, and no column holds cos(pos·ω).
w = pe.frequencies(d)[-1]
print(f"the missing term's coefficient sin(k·ω) = {np.sin(k * w):.3f}")
