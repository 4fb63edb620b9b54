"""A timestep embedding as diffusion U-Nets build it: sinusoid, Linear, SiLU, Linear."""

import numpy as np

import pe
import pe.coordinates

rng = np.random.default_rng(0)
channels = 128  # the U-Net's base width; the MLP widens to four times that
wide = 4 * channels
w1, b1 = rng.normal(size=(wide, channels)) / np.sqrt(channels), np.zeros(wide)
w2, b2 = rng.normal(size=(wide, wide)) / np.sqrt(wide), np.zeros(wide)


def silu(x):
    return x / (1 + np.exp(-x))


def sinusoid(t):
    # The paper's ladder, cosines first (guided-diffusion's order).
    h = channels // 2
    s = pe.coordinates.continuous_encoding(t, channels, shortest=2 * np.pi,
                               longest=2 * np.pi * 10000 ** ((h - 1) / h), layout="split")
    return np.concatenate([s[..., h:], s[..., :h]], axis=-1)


def mlp(e, nonlinear=True):
    hidden = e @ w1.T + b1
    return (silu(hidden) if nonlinear else hidden) @ w2.T + b2


t = np.array([0.0, 10.0, 500.0, 999.0])
e = sinusoid(t)
print("sinusoid:", e.shape, "-> MLP:", mlp(e).shape)
# Without the SiLU the two Linear layers are one linear map of the sinusoid.
print("no SiLU equals one matrix:", np.allclose(mlp(e, nonlinear=False), e @ (w2 @ w1).T))
print("with SiLU equals it:      ", np.allclose(mlp(e), e @ (w2 @ w1).T))
# Each residual block then applies SiLU and its own Linear to the shared embedding.
w_block = rng.normal(size=(2 * channels, wide)) / np.sqrt(wide)
print("one block's projection:", (silu(mlp(e)) @ w_block.T).shape)
