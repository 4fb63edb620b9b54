"""Why both sine and cosine: what sines alone can and cannot do."""

import numpy as np
import sympy as sp

import pe
from pe.symbolic import check_identity

L, d, k = 200, 16, 3
full = pe.encoding(L, d)  # sin, cos, sin, cos, ...
sines = full[:, 0::2]  # the sine columns alone
cosines = full[:, 1::2]  # the cosine columns alone

# 1. Sines alone do give every position its own row.
gaps = np.linalg.norm(sines[:, None, :] - sines[None, :, :], axis=-1)
np.fill_diagonal(gaps, np.inf)
print(f"sines only, positions 0-{L - 1}: closest two rows are {gaps.min():.3f} apart (distinct)")

# 2. But no fixed matrix moves them k positions along. Position 0 is the zero vector, and
#    a matrix maps zero to zero, while the row of position k is not zero.
print(f"|sines(0)| = {np.linalg.norm(sines[0]):.3f}, |sines({k})| = {np.linalg.norm(sines[k]):.3f}")


# The best matrix in the least-squares sense, fitted over every position, still misses.
def best_shift_error(rows):
    src, dst = rows[:-k], rows[k:]
    m, *_ = np.linalg.lstsq(src, dst, rcond=None)
    return np.abs(src @ m - dst).max()


print(f"largest error of the best fixed matrix for a shift by {k}:")
for name, rows in (("sin and cos", full), ("sines only", sines), ("cosines only", cosines)):
    print(f"  {name:>12}: {best_shift_error(rows):.2e}")

# 3. The reason, exactly: shifting a sine needs the cosine of the same angle.
p, w, s = sp.symbols("p omega k", real=True)
shift = check_identity("sine-shift", "angle addition", sp.sin((p + s) * w),
                       sp.cos(s * w) * sp.sin(p * w) + sp.sin(s * w) * sp.cos(p * w))
print("sin((p+k)w) = cos(kw) sin(pw) + sin(kw) cos(pw):", shift.holds)

# 4. And the similarity of two positions depends on more than their offset.
print(f"dot product of positions p and p+{k}:")
for start in (0, 10, 50):
    a, b = start, start + k
    print(f"  p = {start:>2}: sin and cos {full[a] @ full[b]:7.3f}   sines only {sines[a] @ sines[b]:7.3f}")
