"""Self-attention without an encoding treats its input as a set.

One attention layer with random weights, in float64. Shuffling the input rows shuffles the
output rows the same way (equivariance); pooling by attention with one learned query gives
the same vector in any order (invariance). Adding pe's encoding by row index breaks both.
"""

import numpy as np

import pe

n, d = 8, 16  # tokens, width
rng = np.random.default_rng(0)
Wq, Wk, Wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
seed = rng.normal(size=d)  # the one query of attention pooling


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attend(queries, memory):
    """Each query row reads the memory rows: softmax(q k^T / sqrt(d)) v."""
    q, k, v = queries @ Wq, memory @ Wk, memory @ Wv
    return softmax(q @ k.T / np.sqrt(d)) @ v


def self_attention(x):
    return attend(x, x)


def pool(x):
    return attend(seed[None, :], x)[0]


x = rng.normal(size=(n, d))
perm = np.roll(np.arange(n), 3)  # a shuffle that moves every row
P = pe.encoding(n, d)

out = self_attention(x)
# Tolerance: every output entry is a softmax-weighted sum of n values; shuffling changes only
# the order of those sums, each off by at most about n roundings of size eps x the entry.
tol = 10 * n * np.finfo(np.float64).eps * np.abs(out).max()
print(f"tolerance (float64 rounding of sums of {n} terms): {tol:.1e}")

no_pe = np.abs(self_attention(x[perm]) - out[perm]).max()
print(f"no encoding:   |f(shuffled x) - shuffled f(x)| = {no_pe:.1e}  within tolerance: {no_pe <= tol}")
with_pe = np.abs(self_attention(x[perm] + P) - self_attention(x + P)[perm]).max()
print(f"pe added by row index: the same difference = {with_pe:.3f}")
# Encoded before the shuffle, each row keeps its own encoding: equivariant again.
travels = np.abs(self_attention((x + P)[perm]) - self_attention(x + P)[perm]).max()
print(f"pe added before the shuffle: {travels:.1e}  within tolerance: {travels <= tol}")

pooled = np.abs(pool(x[perm]) - pool(x)).max()
print(f"attention pooling, no encoding: |pool(shuffled x) - pool(x)| = {pooled:.1e}"
      f"  within tolerance: {pooled <= tol}")

# Cross-attention: shuffling the memory (keys and values together) changes no output at all;
# shuffling the queries shuffles the outputs.
queries = rng.normal(size=(3, d))
mem = np.abs(attend(queries, x[perm]) - attend(queries, x)).max()
print(f"cross-attention, memory shuffled: outputs change by {mem:.1e}  within tolerance: {mem <= tol}")
