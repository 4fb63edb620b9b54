"""Pads get positions too, and it does not matter: masked keys receive no attention weight.
Build the mask from the token ids, never from the embeddings (pads are not zero after the sum)."""

import numpy as np

import pe

PAD, d = 0, 16
rng = np.random.default_rng(0)
ids = np.array([7, 3, 9, PAD, PAD])  # right-padded to length 5
emb = rng.normal(size=(20, d))
emb[PAD] = 0.0  # a zero pad embedding, as padding_idx gives
wq, wk, wv = (rng.normal(size=(d, d)) / d**0.5 for _ in range(3))


def attend(x: np.ndarray, key_is_real: np.ndarray) -> np.ndarray:
    scores = (x @ wq) @ (x @ wk).T / d**0.5
    scores[:, ~key_is_real] = -np.inf  # masked keys: weight exactly 0 after the softmax
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (weights / weights.sum(axis=1, keepdims=True)) @ (x @ wv)


mask = ids != PAD  # from the token ids
x = emb[ids] + pe.encoding(5, d)
out = attend(x, mask)

# Give the pads any other encoding (zeros, or far-away positions): the real tokens' outputs
# do not change, because no real token attends to a pad.
for name, pad_rows in (("zeros", np.zeros((2, d))), ("positions 90, 91", pe.encoding(2, d, start=90))):
    y = x.copy()
    y[~mask] = emb[ids[~mask]] + pad_rows
    same = np.allclose(attend(y, mask)[mask], out[mask], rtol=0, atol=1e-12)
    print(f"pads encoded as {name:16}: real tokens' outputs unchanged: {same}")

# A mask read off the summed vectors finds no pads: after the sum they are not zero.
print("pads found by 'row of x is all zero':", int(np.all(x == 0, axis=1).sum()), "of", int((~mask).sum()))
