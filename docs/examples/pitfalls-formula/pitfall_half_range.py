"""Pitfall: filling only positions k < L/2, as one popular write-up states the range."""

import numpy as np

import pe

L, d = 8, 4
wrong = np.zeros((L, d))
for k in range(L // 2):  # the stated range 0 <= k < L/2
    wrong[k] = pe.encoding(1, d, start=k)[0]

right = pe.encoding(L, d)  # every position 0 <= pos < L
print("rows left at zero:", [k for k in range(L) if not wrong[k].any()])
print("distinct rows, wrong range:", len(np.unique(wrong, axis=0)), "of", L)
print("distinct rows, full range: ", len(np.unique(right, axis=0)), "of", L)
