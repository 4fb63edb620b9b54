"""Pitfall: concatenating the encoding where the model expects it added."""

import numpy as np

import pe

rng = np.random.default_rng(0)
L, d = 10, 16
embeddings = rng.normal(size=(L, d))  # stand-ins for token embeddings, width d_model
W_q = rng.normal(size=(d, d))  # a query projection built for width d_model

summed = embeddings + pe.encoding(L, d)  # the paper: same width, d_model
print("sum:   input", summed.shape, "-> queries", (summed @ W_q).shape)

concatenated = np.concatenate([embeddings, pe.encoding(L, d)], axis=1)  # width 2 * d_model
try:
    concatenated @ W_q
except ValueError as error:
    print("concat: input", concatenated.shape, "->", type(error).__name__ + ":", error)
