"""Exercise: an odd width done right: sines and cosines filled separately."""

import numpy as np


def encoding(length, d_model, base=10000.0):
    """ceil(d/2) sine columns (0, 2, 4, ...) and floor(d/2) cosine columns (1, 3, ...)."""
    pos = np.arange(length)[:, None]
    omega = base ** (-np.arange(0, d_model, 2) / d_model)  # one frequency per sine column
    table = np.zeros((length, d_model))
    table[:, 0::2] = np.sin(pos * omega)
    table[:, 1::2] = np.cos(pos * omega[: d_model // 2])  # the last sine has no cosine
    return table


for row in encoding(8, 7):
    print(",".join(f"{v:.6f}" for v in row))
