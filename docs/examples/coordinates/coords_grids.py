"""Tables for 2-D and 3-D grids: non-square, widths that do not split, concatenated or summed."""

import numpy as np

import pe
import pe.coordinates

# A non-square 2-D grid: 3 rows x 5 columns of patches, width 16 (8 per axis).
table = pe.coordinates.grid_encoding((3, 5), 16)
print("2-D table:", table.shape, "-> flattened row-major:", table.reshape(-1, 16).shape)
print("row block of (2, 4) is the 1-D encoding of 2:",
      np.array_equal(table[2, 4, :8], pe.encoding(3, 8)[2]))

# A video: 8 frames of 14 x 14 patches, width 512, which does not split into 3 even parts.
video = pe.coordinates.grid_encoding((8, 14, 14), 512)
zero = ~video.reshape(-1, 512).any(axis=0)
print("3-D table:", video.shape, f"-> {(512 - zero.sum()) // 3} columns per axis,",
      f"{zero.sum()} zero columns at the end: {np.flatnonzero(zero).tolist()}")

# Summing full-width encodings of each axis instead: symmetric in the axes.
side, d = 14, 64
for combine in ("concat", "sum"):
    flat = pe.coordinates.grid_encoding((side, side), d, combine=combine).reshape(side * side, d)
    gap = np.linalg.norm(flat[:, None] - flat[None, :], axis=-1)
    same = int(np.triu(gap < 1e-9, k=1).sum())
    print(f"{combine:>6}: pairs of distinct patches with the same vector: {same};"
          f" (1, 4) vs (4, 1): {gap[1 * side + 4, 4 * side + 1]:.3f}")
