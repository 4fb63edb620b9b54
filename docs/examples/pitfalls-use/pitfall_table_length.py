"""Pitfall: a sequence longer than the precomputed table."""

import numpy as np

import pe

max_len, d = 16, 8
table = pe.encoding(max_len, d)  # precomputed once, max_len rows

x = np.zeros((max_len + 4, d))  # a sequence 4 tokens longer than the table
rows = table[: x.shape[0]]  # slicing past the end does not fail: it stops at max_len
print(f"table[:{x.shape[0]}] has {rows.shape[0]} rows")
try:
    x + rows
except ValueError as error:
    print(f"adding it -> {type(error).__name__}: {error}")

# The formula does not depend on the table's length: compute the rows that are needed.
longer = pe.encoding(x.shape[0], d)
print("rows 0..15 of the longer table equal the old table:",
      np.array_equal(longer[:max_len], table))
print("one row further on, computed directly:",
      np.array_equal(pe.encoding(1, d, start=max_len + 3)[0], longer[max_len + 3]))
