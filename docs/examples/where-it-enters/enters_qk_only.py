"""The encoding on queries and keys only, as DETR and SAM 2 add it, against the encoding on
the values too.

One attention layer with random weights, in float64, over rows that are then shuffled. With
the encoding on queries and keys only, the values are computed from the content alone: the
values of the shuffled rows are the shuffled values, exactly. The attention weights still
change with the shuffle: the encoding decides who attends to whom. With the encoding on the
values too, every output carries a position-only part, W @ (P Wv), into what it passes on.
"""

import numpy as np

import pe

n, d = 8, 16  # tokens, width
rng = np.random.default_rng(0)
Wq, Wk, Wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
x = rng.normal(size=(n, d))  # content
P = pe.encoding(n, d)  # one row per slot
perm = np.roll(np.arange(n), 3)  # a shuffle that moves every row


def weights(q_in, k_in):
    """softmax(q k^T / sqrt(d)), one row per query."""
    s = (q_in @ Wq) @ (k_in @ Wk).T / np.sqrt(d)
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


# Queries and keys get the encoding of the slot; values are the content alone.
values, values_shuffled = x @ Wv, x[perm] @ Wv
qk_only = np.abs(values_shuffled - values[perm]).max()
print(f"encoding on queries and keys only: |V(shuffled x) - shuffled V(x)| = {qk_only}"
      f"  exact: {qk_only == 0}")

# The same check with the encoding added to the values as well.
v_enc, v_enc_shuffled = (x + P) @ Wv, (x[perm] + P) @ Wv
on_values = np.abs(v_enc_shuffled - v_enc[perm]).max()
print(f"encoding on the values too: the same difference = {on_values:.3f}")

# The weights are where the position acts: shuffling the rows changes who attends to whom.
w = weights(x + P, x + P)
w_shuffled = weights(x[perm] + P, x[perm] + P)
pattern = np.abs(w_shuffled - w[perm][:, perm]).max()
print(f"attention weights, shuffled input against shuffled pattern: {pattern:.3f}")

# What an output passes on: W @ V. With the encoding on the values, part of it is W @ (P Wv),
# a mix of slot encodings that depends on no content at all.
carried = np.abs(w @ (P @ Wv)).max()
print(f"position-only part of the outputs when the values carry the encoding: up to {carried:.3f}")
