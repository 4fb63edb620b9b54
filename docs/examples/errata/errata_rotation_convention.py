"""A published rotation matrix, checked in the convention it is written for, and in the other one."""

import numpy as np

import pe

d, k, L = 64, 5, 100
w = pe.frequencies(d)
enc = pe.encoding(L + k, d)
c, s = np.cos(k * w), np.sin(k * w)

# As published: a row [sin, cos] times [[cos, -sin], [sin, cos]] (one block per pair).
M = np.zeros((d, d))
M[0::2, 0::2] = np.diag(c)
M[0::2, 1::2] = np.diag(-s)
M[1::2, 0::2] = np.diag(s)
M[1::2, 1::2] = np.diag(c)

as_rows = enc[:L] @ M  # the convention the matrix is written for
as_columns = (M @ enc[:L].T).T  # the same matrix applied to column vectors
print(
    "row vectors,    PE[pos] @ M:",
    f"largest error against PE[pos + k] {np.abs(as_rows - enc[k:]).max():.1e}",
)
print(
    "column vectors, M @ PE[pos]:",
    f"largest error against PE[pos + k] {np.abs(as_columns - enc[k:]).max():.2f}",
)
print(
    "  ... it gives PE[pos - k] instead:",
    f"largest error {np.abs(as_columns[k:] - enc[: L - k]).max():.1e}",
)
print("M is pe.rotation(k, d).T:", np.allclose(M, pe.rotation(k, d).T))
