"""Pitfall: with left padding, positions 0, 1, 2, ... are counted from the first pad."""

import numpy as np

import pe

PAD, d = 0, 8
right = np.array([[5, 6, 7, PAD, PAD]])  # "5 6 7" padded on the right
left = np.array([[PAD, PAD, 5, 6, 7]])  # the same tokens padded on the left


def naive_positions(tokens):
    return np.broadcast_to(np.arange(tokens.shape[1]), tokens.shape)


def counted_positions(tokens):
    real = tokens != PAD
    return np.where(real, np.cumsum(real, axis=1) - 1, 0)  # count real tokens only


for name, positions in (("naive", naive_positions), ("counted", counted_positions)):
    p_right, p_left = positions(right), positions(left)
    enc_right = pe.encoding(5, d)[p_right[right != PAD]]
    enc_left = pe.encoding(5, d)[p_left[left != PAD]]
    diff = np.abs(enc_right - enc_left).max()
    print(f"{name:>7}: right-padded positions {p_right[right != PAD].tolist()},"
          f" left-padded {p_left[left != PAD].tolist()};"
          f" largest difference of the tokens' encodings {diff:.3f}")
