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

# What the pads themselves receive does not matter once the attention mask hides them:
# give the pads other vectors and the real tokens' outputs stay the same.
rng = np.random.default_rng(0)
tokens = left[0]
real = tokens != PAD
x = rng.normal(size=(5, d)) + pe.encoding(5, d)[counted_positions(left)[0]]
w_q, w_k, w_v = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))


def masked_attention(x):
    scores = (x @ w_q) @ (x @ w_k).T / np.sqrt(d)
    scores[:, ~real] = -np.inf  # no token reads a pad
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True) @ (x @ w_v)


other = x.copy()
other[~real] = rng.normal(size=(int((~real).sum()), d))  # any other vectors for the pads
same = np.allclose(masked_attention(x)[real], masked_attention(other)[real])
print("pads given other vectors: real tokens' outputs unchanged?", same)
