"""Check: which columns change quickly across positions, the low ones or the high ones?"""

import numpy as np

import pe

d, L = 64, 100
enc = pe.encoding(L, d)
print(f"d = {d}, positions 0-{L - 1}: sign changes and range of a few sine columns")
for col in (0, 2, 16, 32, 62):
    values = enc[:, col]
    changes = int(np.sum(np.diff(np.sign(values[1:])) != 0))
    print(f"  column {col:>2}: {changes:>2} sign changes, values from {values.min():6.3f}"
          f" to {values.max():6.3f}")
