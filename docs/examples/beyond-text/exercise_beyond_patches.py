"""Exercise: the dot product of two patches 1 row and 2 columns apart, d = 16."""

import numpy as np

import pe

rows, cols, d = 1, 2, 16
half = d // 2
row_code, col_code = pe.encoding(20, half), pe.encoding(20, half)


def patch(r, c):
    """Half the width for the row, half for the column, each a 1-D encoding."""
    return np.concatenate([row_code[r], col_code[c]])


answer = float(sum(np.cos(k * w) for k in (rows, cols) for w in pe.frequencies(half)))
print(f"sum of cos(k * omega_i) over both halves: {answer:.8f}")
for r, c in ((0, 0), (3, 5), (10, 7)):
    print(f"patch ({r}, {c}) . patch ({r + rows}, {c + cols}) = "
          f"{patch(r, c) @ patch(r + rows, c + cols):.8f}")
