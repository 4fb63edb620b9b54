"""The formula, computed directly: divide each position by base ** (2i / d)."""

import numpy as np


def encoding_direct(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    pos = np.arange(length)[:, np.newaxis]  # positions 0 .. length - 1, one per row
    i = np.arange((d_model + 1) // 2)  # pair index: one value per sin/cos pair
    angles = pos / base ** (2 * i / d_model)  # shape (length, number of pairs)
    out = np.empty((length, d_model))
    out[:, 0::2] = np.sin(angles)  # even dimensions 2i
    out[:, 1::2] = np.cos(angles[:, : d_model // 2])  # odd dimensions 2i + 1
    return out


if __name__ == "__main__":
    np.set_printoptions(precision=4, suppress=True)
    print(encoding_direct(5, 4))
