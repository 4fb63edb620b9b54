"""fairseq's positions: counted over the real tokens, starting at padding_idx + 1.

A NumPy version of the arithmetic of fairseq's ``utils.make_positions``.
"""

import numpy as np

import pe
import pe.variants

padding_idx = 1
batch = np.array([
    [7, 8, 9, 1, 1],  # right padded
    [1, 1, 7, 8, 9],  # left padded
])


def make_positions(tokens, pad):
    real = (tokens != pad).astype(int)
    return np.cumsum(real, axis=1) * real + pad  # pads get pad, real tokens pad+1, pad+2, ...


positions = make_positions(batch, padding_idx)
print("tokens:\n", batch)
print("positions:\n", positions)

table = pe.variants.fairseq(8, 6, padding_idx=padding_idx)
print("row padding_idx of the table is all zeros:", not table[padding_idx].any())
print("the first real token reads row", padding_idx + 1, "in both sequences:",
      positions[0, 0] == positions[1, 2] == padding_idx + 1)
print("same tokens, same vectors, whatever the padding side:",
      np.array_equal(table[positions[0, :3]], table[positions[1, 2:]]))

# Starting at padding_idx + 1 instead of 0 shifts every position by the same amount: the
# rows change (they are rotated), their dot products with each other do not.
enc = pe.encoding(10, 6)
shift = padding_idx + 1
print("rows of positions 0-4 and 2-6 equal:", np.allclose(enc[:5], enc[shift:shift + 5]))
print("their dot products with each other equal:",
      np.allclose(enc[:5] @ enc[:5].T, enc[shift:shift + 5] @ enc[shift:shift + 5].T))
