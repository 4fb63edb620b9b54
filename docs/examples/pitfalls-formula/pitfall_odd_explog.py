"""Pitfall: the exp/log recipe with an odd width fails on the cosine columns."""

import math

import numpy as np


def explog_recipe(length: int, d: int) -> np.ndarray:
    position = np.arange(length)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d, 2) * (-math.log(10000.0) / d))  # ceil(d/2) frequencies
    out = np.zeros((length, d))
    out[:, 0::2] = np.sin(position * div_term)  # ceil(d/2) even columns: fits
    out[:, 1::2] = np.cos(position * div_term)  # floor(d/2) odd columns: does not
    return out


try:
    explog_recipe(6, 5)
except ValueError as error:
    print("d = 5:", type(error).__name__ + ":", error)

print("d = 4: shape", explog_recipe(6, 4).shape)  # even widths work
