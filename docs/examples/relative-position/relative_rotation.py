"""PE(pos + k) from PE(pos) with one fixed matrix, in the column- and the row-vector convention."""

import numpy as np

import pe

L, d, k = 64, 8, 3
enc = pe.encoding(L + k, d)
R = pe.rotation(k, d)  # column convention: PE[pos + k] = R @ PE[pos]

np.set_printoptions(precision=4, suppress=True, floatmode="fixed", linewidth=90)
print(f"R({k}) for d = {d}: one 2x2 block per pair, [[cos, sin], [-sin, cos]] of k·ω_i")
print(R)

shifted = enc[k:]  # rows k .. L + k - 1: the positions pos + k
columns = (R @ enc[:L].T).T  # each PE[pos] as a column vector, times R
rows = enc[:L] @ R.T  # each PE[pos] as a row vector, times the transpose
print("column vectors, R @ PE[pos]     :", f"largest error {np.abs(columns - shifted).max():.1e}")
print("row vectors,    PE[pos] @ R.T   :", f"largest error {np.abs(rows - shifted).max():.1e}")

# The same matrix on the wrong side is the inverse rotation: it moves k positions back.
wrong = enc[:L] @ R  # row vector times the column-convention matrix
print("row vectors,    PE[pos] @ R     :", f"largest error {np.abs(wrong - shifted).max():.2f}")
print(
    "  ... which is PE[pos - k]      :",
    f"largest error {np.abs(wrong[k:] - enc[: L - k]).max():.1e}",
)

# R depends on k only, and composes like angles add: R(a) R(b) = R(a + b).
print("R(5) @ R(-2) equals R(3):", np.allclose(pe.rotation(5, d) @ pe.rotation(-2, d), R))
print("R is orthogonal, R.T = R(-k):", np.allclose(R.T, pe.rotation(-k, d)))
