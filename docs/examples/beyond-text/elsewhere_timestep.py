"""Diffusion timestep embeddings: the same function, in two library orders and spacings.

NumPy versions of the arithmetic of DDPM's get_timestep_embedding (h - 1 spacing, sines
then cosines, as fairseq) and guided-diffusion's timestep_embedding (h spacing, cosines
then sines), compared with the paper's encoding from pe.
"""

import numpy as np

import pe
import pe.variants

d, T = 128, 1000
t = np.arange(T)
h = d // 2


def ddpm(t, dim):
    w = np.exp(-np.log(10000) / (dim // 2 - 1) * np.arange(dim // 2))
    a = np.outer(t, w)
    return np.concatenate([np.sin(a), np.cos(a)], axis=1)


def guided(t, dim):
    w = np.exp(-np.log(10000) * np.arange(dim // 2) / (dim // 2))
    a = np.outer(t, w)
    return np.concatenate([np.cos(a), np.sin(a)], axis=1)


paper_split = pe.encoding(T, d, layout="split")  # the paper's numbers, sines first
swap = np.r_[h:d, 0:h]  # cosines first
print("guided-diffusion = the paper's encoding, columns reordered:",
      np.allclose(guided(t, d), paper_split[:, swap], atol=1e-9))
print("DDPM = fairseq's table (float32):",
      np.allclose(ddpm(t, d), pe.variants.fairseq(T, d), atol=1e-3))
print(f"DDPM vs the paper's encoding in the same order: largest difference"
      f" {np.abs(ddpm(t, d) - paper_split).max():.3f}")

# Continuous time in [0, 1] instead of integer steps 0 .. T-1: most pairs hardly turn.
w = pe.frequencies(d)
for name, span in (("steps 0 .. 999", T - 1), ("time in [0, 1]", 1.0)):
    moving = int(np.sum(span * w > 0.1))
    print(f"{name}: {moving} of {h} pairs turn by more than 0.1 rad")
