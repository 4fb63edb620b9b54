"""Exercise: a sqrt(d)-scaled embedding row against the encoding, d_model = 512."""

import math

import numpy as np

import pe

d = 512
answer = math.sqrt(2 * d)
rng = np.random.default_rng(0)
embedding = rng.standard_normal((1000, d)) * math.sqrt(d)  # 1000 rows of variance 1, scaled
encoding_length = np.linalg.norm(pe.encoding(1, d)[0])
print(f"sqrt(2d) = {answer:.3f}")
print(f"sampled: mean scaled row length / encoding length = "
      f"{np.linalg.norm(embedding, axis=1).mean() / encoding_length:.3f}")
