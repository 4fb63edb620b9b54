"""Rotary embeddings keep the paper's frequencies and its sin/cos table (at the head width),
and change where they act: queries and keys are rotated, nothing is added to the input."""

import numpy as np

import pe

d_head, L = 16, 64
table = pe.encoding(L, d_head)
cos_cache, sin_cache = table[:, 1::2], table[:, 0::2]  # what RoPE implementations precompute
theta = pe.frequencies(d_head)
m = np.arange(L)[:, None]
print("RoPE's cos/sin caches are the paper's table:",
      np.allclose(cos_cache, np.cos(m * theta), rtol=0, atol=1e-12)
      and np.allclose(sin_cache, np.sin(m * theta), rtol=0, atol=1e-12))


def rotate(x: np.ndarray, pos: int) -> np.ndarray:
    c, s = cos_cache[pos], sin_cache[pos]
    out = np.empty_like(x)
    out[0::2], out[1::2] = x[0::2] * c - x[1::2] * s, x[0::2] * s + x[1::2] * c
    return out


rng = np.random.default_rng(0)
wq, wk = rng.normal(size=(d_head, d_head)), rng.normal(size=(d_head, d_head))
x = rng.normal(size=d_head)  # the same token at every position, to isolate position
added = [(x + table[i]) @ wq.T @ wk @ (x + table[i + 3]) for i in range(40)]
rotary = [rotate(wq @ x, i) @ rotate(wk @ x, i + 3) for i in range(40)]
print(f"same token, offset 3, 40 places: added encoding scores span {np.ptp(added):.3f},"
      f" rotary scores span {np.ptp(rotary):.1e}")
