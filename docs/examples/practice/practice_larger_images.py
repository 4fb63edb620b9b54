"""A fixed 2-D sin-cos table for a larger image: recompute it, or interpolate the old one.
They are different tables: interpolating keeps the trained range of positions, spread
thinner; recomputing keeps the spacing and reaches positions the model never saw."""

import numpy as np
from scipy.ndimage import zoom

import pe

d = 64  # half for rows, half for columns, as MAE's get_2d_sincos_pos_embed


def table_2d(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """(len(rows), len(cols), d) from 1-D encodings of possibly fractional positions."""
    w = pe.frequencies(d // 2)

    def enc(p):
        out = np.empty((p.size, d // 2))
        out[:, 0::2], out[:, 1::2] = np.sin(np.outer(p, w)), np.cos(np.outer(p, w))
        return out

    r, c = enc(rows), enc(cols)
    return np.concatenate([np.repeat(r[:, None], c.shape[0], 1), np.repeat(c[None], r.shape[0], 0)], -1)


old, new = 14, 28  # 224 px at patch 16 -> 448 px
trained = table_2d(np.arange(old), np.arange(old))
assert np.allclose(trained[:, 0, : d // 2], pe.encoding(old, d // 2))  # each half is pe's table

recomputed = table_2d(np.arange(new), np.arange(new))  # positions 0 .. 27
interpolated = zoom(trained, (new / old, new / old, 1), order=1, grid_mode=False)  # bilinear
squeezed = table_2d(np.linspace(0, old - 1, new), np.linspace(0, old - 1, new))  # 0 .. 13 in 28 steps

print(f"largest position, trained {old - 1}; recomputed {new - 1}; interpolated {old - 1}")
print(f"interpolated vs the encoding at the squeezed positions: max |diff| "
      f"{np.abs(interpolated - squeezed).max():.3f} (the linear interpolation's own error)")
print(f"interpolated vs recomputed:                             max |diff| "
      f"{np.abs(interpolated - recomputed).max():.3f}")
print(f"recomputed rows 0..13 equal the trained table: {np.allclose(recomputed[:old, :old], trained)}")
