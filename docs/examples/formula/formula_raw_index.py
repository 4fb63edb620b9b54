"""Why not the raw index, or the index divided by the length?"""

import ml_dtypes
import numpy as np

import pe

# The raw index grows without bound; an embedding entry is of order 1 (after the
# sqrt(d_model) scaling of a tensor2tensor-style initialisation).
print("raw index as a feature, against embedding entries of size about 1:")
for pos in (0, 10, 100, 1_000):
    print(f"  position {pos:>5}: feature {pos:>5}")

# pos / L depends on the length: the same position means different values.
print("pos / L for the token at position 3:")
for L in (4, 20, 512):
    print(f"  in a sequence of {L:>3} tokens: {3 / L:.4f}")

# ... and neighbours come closer as L grows; low precision merges them.
L = 4096
frac = np.arange(L) / L
print(f"L = {L}: neighbours differ by {1 / L:.6f}; distinct values after rounding to"
      f" bfloat16: {len(np.unique(frac.astype(ml_dtypes.bfloat16)))} of {L},"
      f" float16: {len(np.unique(frac.astype(np.float16)))} of {L}")

# The sinusoids: bounded, the same for a position whatever the length, and neighbours
# always the same distance apart.
d = 64
enc = pe.encoding(L, d)
steps = np.linalg.norm(np.diff(enc, axis=0), axis=1)
print(f"sinusoids, d = {d}: every entry in [{enc.min():.0f}, {enc.max():.0f}];"
      f" neighbour distance from {steps.min():.6f} to {steps.max():.6f}")
print("position 3 is the same row whatever the length:",
      np.array_equal(pe.encoding(4, d)[3], pe.encoding(512, d)[3]))
