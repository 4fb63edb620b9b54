"""Pitfall: split and interleaved layouts hold the same numbers in different columns."""

import numpy as np

import pe

L, d = 50, 8
interleaved = pe.encoding(L, d)  # sin, cos, sin, cos, ... (the paper)
split = pe.encoding(L, d, layout="split")  # sin, sin, ..., cos, cos, ... (tensor2tensor, fairseq)

order = np.r_[0:d:2, 1:d:2]  # the sine columns first, then the cosine columns
print("split columns, as interleaved columns:", order.tolist())
print("interleaved[:, order] == split:", np.array_equal(interleaved[:, order], split))

# A weight matrix trained against one layout reads the other one wrongly.
W = np.random.default_rng(0).normal(size=(d, d))  # stand-in for a trained projection
print(f"max |x W| difference between layouts: {np.abs(interleaved @ W - split @ W).max():.3f}")
print("after reordering W's rows the same:", np.allclose(interleaved @ W, split @ W[order]))
