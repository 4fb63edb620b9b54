"""A 2-D encoding for image patches: half the width for the row, half for the column."""

import numpy as np

import pe

d, side = 16, 4  # a 4 x 4 grid of patches, width 16


def encoding_2d(rows, cols, d_model):
    half = d_model // 2
    r, c = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    by_row = pe.encoding(rows, half)[r.ravel()]
    by_col = pe.encoding(cols, half)[c.ravel()]
    return np.concatenate([by_row, by_col], axis=1)  # one row per patch, row-major


grid = encoding_2d(side, side, d)
print("patches x width:", grid.shape)


def at(r, c):
    return grid[r * side + c]


# The similarity of two patches depends only on their offset (dr, dc), not on where they are.
print("dot products for the offset (1, 2):",
      [round(float(at(r, c) @ at(r + 1, c + 2)), 6) for r, c in ((0, 0), (1, 1), (2, 0))])
# Patches in the same row share the first half of their vectors.
print("same row, first halves equal:", np.array_equal(at(2, 0)[: d // 2], at(2, 3)[: d // 2]))
# A 1-D encoding of the flattened index sees (0, 3) and (1, 0) as neighbours.
flat = pe.encoding(side * side, d)
print(f"flattened 1-D encoding: |(0,3) - (1,0)| = {np.linalg.norm(flat[3] - flat[4]):.3f},"
      f" |(0,0) - (0,1)| = {np.linalg.norm(flat[0] - flat[1]):.3f}")
print(f"2-D encoding:           |(0,3) - (1,0)| = {np.linalg.norm(at(0, 3) - at(1, 0)):.3f},"
      f" |(0,0) - (0,1)| = {np.linalg.norm(at(0, 0) - at(0, 1)):.3f}")
