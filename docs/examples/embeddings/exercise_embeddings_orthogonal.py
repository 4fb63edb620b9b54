"""Exercise: the spread of the cosine similarity of random directions in 512 dimensions."""

import math

import numpy as np

d = 512
answer = 1 / math.sqrt(d)
rng = np.random.default_rng(0)
u, v = rng.standard_normal((2, 4_000, d))
cos = np.sum(u * v, axis=1) / (np.linalg.norm(u, axis=1) * np.linalg.norm(v, axis=1))
print(f"1 / sqrt(d) = {answer:.5f}")
print(f"sampled over {len(cos):,} pairs: mean {cos.mean():+.5f}, standard deviation {cos.std():.5f}")
