"""Transformer-XL's relative sinusoids: the paper's table (sines then cosines) indexed by the
distance i - j, inside the attention score, instead of added to the input."""

import numpy as np

import pe

d, klen = 16, 12
# Transformer-XL's PositionalEmbedding: inv_freq = 1/10000^(2i/d), cat(sin, cos), for
# pos_seq = klen-1, ..., 1, 0 (the distances from the last query back to each key).
inv_freq = 1 / 10000 ** (np.arange(0, d, 2) / d)
pos_seq = np.arange(klen - 1, -1, -1.0)
r = np.concatenate([np.sin(np.outer(pos_seq, inv_freq)), np.cos(np.outer(pos_seq, inv_freq))], 1)
print("R = pe.encoding(12, 16, layout='split'), rows reversed:",
      np.allclose(r, pe.encoding(klen, d, layout="split")[::-1], rtol=0, atol=1e-12))

# The position-position term of the score. Absolute (the paper): PE_i W_q^T W_k PE_j.
# Transformer-XL's term (d): v W_kR R_{i-j}, with a learned vector v instead of a position.
rng = np.random.default_rng(0)
wq, wk, wkr = (rng.normal(size=(d, d)) for _ in range(3))
v = rng.normal(size=d)
table = pe.encoding(64, d)
split = pe.encoding(64, d, layout="split")
for offset in (1, 5):
    pairs = [(i, i - offset) for i in range(offset, 40)]
    absolute = [table[i] @ wq.T @ wk @ table[j] for i, j in pairs]
    relative = [v @ wkr @ split[i - j] for i, j in pairs]
    print(f"offset {offset}: over {len(pairs)} pairs, absolute term spans {np.ptp(absolute):7.3f},"
          f" Transformer-XL term spans {np.ptp(relative):.1e}")
