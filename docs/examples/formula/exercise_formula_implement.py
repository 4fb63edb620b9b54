"""Exercise: the encoding written from the paper's two equations, rows ready to paste."""

import numpy as np


def encoding(length, d_model, base=10000.0):
    """Row pos, column 2i: sin(pos / base^(2i/d)); column 2i + 1: the cosine."""
    table = np.zeros((length, d_model))
    for pos in range(length):
        for col in range(d_model):
            i = col // 2
            angle = pos / base ** (2 * i / d_model)
            table[pos, col] = np.sin(angle) if col % 2 == 0 else np.cos(angle)
    return table


for row in encoding(8, 16):
    print(",".join(f"{v:.6f}" for v in row))
