"""Cross-attention with each side encoded by its own positions, DETR's way.

The memory (the encoder's output) gets the encoder's encoding on its keys only; the decoder's
queries get their own. One attention layer with random weights, in float64. Moving a memory
row's content to another slot, without its encoding, changes what the queries read: the keys'
encoding is where the memory's order lives. Moving rows together with their encoding changes
nothing. And the queries' numbering, restarted at 0 or continued after the memory, is part of
the model: the two give different weights.
"""

import numpy as np

import pe

m, t, d = 6, 4, 16  # memory rows, decoder queries, width
rng = np.random.default_rng(2)
Wq, Wk, Wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
memory = rng.normal(size=(m, d))
queries = rng.normal(size=(t, d))
P_mem = pe.encoding(m, d)  # the encoder's positions 0 .. m-1


def cross(q_in, mem, mem_pos):
    """Keys carry the memory's encoding; values are the memory alone."""
    q, k, v = q_in @ Wq, (mem + mem_pos) @ Wk, mem @ Wv
    s = q @ k.T / np.sqrt(d)
    w = np.exp(s - s.max(axis=-1, keepdims=True))
    w /= w.sum(axis=-1, keepdims=True)
    return w, w @ v


q_restart = queries + pe.encoding(t, d)  # the decoder counts its own tokens from 0
w, out = cross(q_restart, memory, P_mem)
tol = 10 * m * np.finfo(np.float64).eps * np.abs(out).max()
print(f"tolerance (float64 rounding of sums of {m} terms): {tol:.1e}")

perm = np.roll(np.arange(m), 2)
_, moved = cross(q_restart, memory[perm], P_mem)  # contents move, encodings stay
print(f"memory contents moved, encodings left in place: outputs change by "
      f"{np.abs(moved - out).max():.3f}")
_, together = cross(q_restart, memory[perm], P_mem[perm])  # rows move with their encoding
diff = np.abs(together - out).max()
print(f"memory rows moved with their encoding: {diff:.1e}  within tolerance: {diff <= tol}")

q_continue = queries + pe.encoding(t, d, start=m)  # continuing after the memory instead
w_continue, _ = cross(q_continue, memory, P_mem)
print(f"queries numbered from {m} instead of 0: attention weights change by up to "
      f"{np.abs(w_continue - w).max():.3f}")
