"""The same matrix from the pe package: one call."""

import numpy as np

import pe

np.set_printoptions(precision=4, suppress=True)
print(pe.encoding(5, 4))  # 5 positions (rows), d_model = 4 (columns)
