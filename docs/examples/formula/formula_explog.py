"""The same formula in the exp/log form that the PyTorch tutorials use, in NumPy.

base ** (-2i / d) is rewritten as exp(2i * (-ln(base) / d)).
"""

import math

import numpy as np


def encoding_explog(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    position = np.arange(length)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * (-math.log(base) / d_model))  # 2i = 0, 2, 4, ...
    out = np.zeros((length, d_model))
    out[:, 0::2] = np.sin(position * div_term)
    # For odd d there is one sine more than cosines: keep only the first d // 2 frequencies.
    out[:, 1::2] = np.cos(position * div_term[: d_model // 2])
    return out


if __name__ == "__main__":
    np.set_printoptions(precision=4, suppress=True)
    print(encoding_explog(5, 4))
