"""Pitfall: a (max_len, 1, d) table sliced with x.shape[0] on batch-first input.

NumPy reproduction of the indexing of the widely copied PyTorch module: the table is
kept as (max_len, 1, d) for (seq_len, batch, d) input and ``x + table[:x.shape[0]]``
is added. NumPy broadcasts exactly as PyTorch does here.
"""

import numpy as np

import pe

max_len, d = 100, 8
table = pe.encoding(max_len, d)[:, None, :]  # (max_len, 1, d), sequence first


def add_sequence_first(x):
    return x + table[: x.shape[0]]  # x.shape[0] is meant to be the sequence length


batch, seq_len = 3, 5
x = np.zeros((batch, seq_len, d))  # batch first: (batch, seq_len, d); zero embeddings
out = add_sequence_first(x)
print("input (batch, seq, d):", x.shape, "-> output", out.shape, "(no error)")
for b in range(batch):
    rows = np.unique(out[b].round(12), axis=0)
    same = np.array_equal(out[b], np.broadcast_to(pe.encoding(1, d, start=b), (seq_len, d)))
    print(f"  sequence {b}: {len(rows)} distinct vector(s) for {seq_len} tokens;"
          f" all equal to the encoding of position {b}: {same}")

# One sequence at a time (batch of 1, as at inference): every token gets position 0.
single = add_sequence_first(np.zeros((1, seq_len, d)))
print("batch of 1: every token gets position 0:", bool(np.all(single == pe.encoding(1, d))))

# The fix: keep the table batch-first, (1, max_len, d), and slice the sequence axis.
table_bf = pe.encoding(max_len, d)[None, :, :]
fixed = x + table_bf[:, : x.shape[1]]
print("fixed: each sequence gets positions 0 ..", seq_len - 1, ":",
      all(np.array_equal(fixed[b], pe.encoding(seq_len, d)) for b in range(batch)))
