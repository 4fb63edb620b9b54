"""A convolution stack finds absolute position in a constant input through zero padding.

Five 1-D convolutions (kernel 5, 16 channels, tanh, random weights) over a constant input of
16 positions. A linear read-out is fitted from each position's features to its index. With
zero padding the border leaks in; with circular padding, or no padding, it cannot.
"""

import numpy as np

L, C, K, depth = 16, 16, 5, 5  # positions, channels, kernel, layers: 5 x 2 = 10 steps each side
rng = np.random.default_rng(0)
weights = [rng.normal(size=(C, 1 if i == 0 else C, K)) / np.sqrt(K * (1 if i == 0 else C))
           for i in range(depth)]
biases = [0.1 * rng.normal(size=C) for _ in range(depth)]


def conv(h, w, b, padding):
    r = K // 2
    if padding == "zero":
        h = np.pad(h, ((r, r), (0, 0)))
    elif padding == "circular":
        h = np.pad(h, ((r, r), (0, 0)), mode="wrap")
    # padding "none": the output is shorter by K - 1
    windows = np.stack([h[i:i + K] for i in range(len(h) - K + 1)])  # (n, K, channels in)
    return np.tanh(np.einsum("nki,oik->no", windows, w) + b)


def features(padding):
    n = L + (depth * (K - 1) if padding == "none" else 0)  # "none" ends with L positions too
    h = np.ones((n, 1))
    for w, b in zip(weights, biases):
        h = conv(h, w, b, padding)
    return h


for padding in ("zero", "circular", "none"):
    f = features(padding)
    distinct = len(np.unique(f.round(9), axis=0))
    a = np.c_[f, np.ones(L)]  # a linear read-out with a bias
    coef, *_ = np.linalg.lstsq(a, np.arange(L), rcond=None)
    error = np.abs(a @ coef - np.arange(L)).max()
    name = "no" if padding == "none" else padding
    print(f"{name:>8} padding: {distinct:2d} distinct feature rows of {L},"
          f" read-out's largest error {error:.1f} positions")
