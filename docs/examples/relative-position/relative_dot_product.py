"""The dot product of two encodings depends only on their offset, and not on its sign."""

import numpy as np

import pe

d = 64
enc = pe.encoding(200, d)
w = pe.frequencies(d)

print(f"d = {d}: PE(p) · PE(p + k) for several p, and the sum of cos(k·ω_i) over the pairs")
for k in (1, 3, 10):
    dots = [enc[p] @ enc[p + k] for p in (0, 7, 22, 50, 150)]
    print(
        f"  k = {k:>2}: "
        + "  ".join(f"{x:.6f}" for x in dots)
        + f"   formula {np.cos(k * w).sum():.6f}"
    )

# The sign of the offset does not matter: looking 3 back equals looking 3 ahead.
print(
    "PE(50)·PE(47) =", f"{enc[50] @ enc[47]:.6f}", "  PE(50)·PE(53) =", f"{enc[50] @ enc[53]:.6f}"
)

# Every encoding has the same length, sqrt(d/2), so cosine similarity is the dot product / (d/2).
norms = np.linalg.norm(enc, axis=1)
print(
    "norms of all 200 rows:",
    f"{norms.min():.10f} .. {norms.max():.10f}",
    " sqrt(d/2) =",
    f"{np.sqrt(d / 2):.10f}",
)
