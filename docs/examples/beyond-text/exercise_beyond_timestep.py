"""Exercise: guided-diffusion's timestep embedding (cosines first), d = 8, t = 10."""

import math

import numpy as np

import pe

t, column, d = 10, 4, 8
half = d // 2
freqs = np.exp(-math.log(10000.0) * np.arange(half) / half)  # 10000 ** (-i / half)
embedding = np.concatenate([np.cos(t * freqs), np.sin(t * freqs)])
answer = float(embedding[column])
print("embedding:", np.round(embedding, 6).tolist())
print(f"entry {column}: {answer:.8f};  sin({t}) = {math.sin(t):.8f}")
split = pe.encoding(1, d, start=t, layout="split")[0]  # sines first, then cosines
print("pe's split row with its halves swapped matches:",
      bool(np.allclose(embedding, np.concatenate([split[half:], split[:half]]))))
