"""Why the paper multiplies the embeddings by sqrt(d_model) before adding the encoding."""

import numpy as np

import pe

rng = np.random.default_rng(0)
V = 1000
print(f"{'d':>4} | {'embedding':>9} | {'x sqrt(d)':>9} | {'encoding':>8}   (average vector length)")
for d in (64, 512):
    # Weights initialised with standard deviation d ** -0.5, as tensor2tensor does; the same
    # matrix also serves as the output projection, where small entries are what is wanted.
    W = rng.normal(0.0, d**-0.5, size=(V, d))
    plain = np.linalg.norm(W, axis=1).mean()
    scaled = np.linalg.norm(W * np.sqrt(d), axis=1).mean()
    enc = np.linalg.norm(pe.encoding(100, d), axis=1).mean()  # sqrt(d / 2) for every position
    print(f"{d:>4} | {plain:>9.3f} | {scaled:>9.3f} | {enc:>8.3f}")
