"""What a causal mask gives one attention layer without any encoding.

Every token is the same vector e, except a distinct first token b (like [BOS]). Without a
mask, every output is the same. With a causal mask, position p averages over p + 1 tokens,
so the share of b in its output, and with it the output, changes with p.
"""

from fractions import Fraction

import numpy as np

L, d = 8, 16
rng = np.random.default_rng(1)
Wq, Wk, Wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
b, e = rng.normal(size=d), rng.normal(size=d)


def attention(x, causal, wq=Wq):
    s = (x @ wq) @ (x @ Wk).T / np.sqrt(d)
    if causal:
        s = np.where(np.tril(np.ones((len(x), len(x)), bool)), s, -np.inf)
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    return w, w @ (x @ Wv)


def spread(out):
    """How far apart the outputs of positions 1 .. L-1, all holding e, are (0: the same)."""
    return np.abs(out[1:] - out[1]).max()


same = np.tile(e, (L, 1))
with_bos = np.vstack([b, same[1:]])
print(f"no mask, first token distinct:     spread {spread(attention(with_bos, False)[1]):.1e}")
print(f"causal mask, all tokens the same:  spread {spread(attention(same, True)[1]):.1e}")
print(f"causal mask, first token distinct: spread {spread(attention(with_bos, True)[1]):.3f}")

# Equal scores (a query that is all zeros) make the weight on the first token 1 / (p + 1).
w, _ = attention(with_bos, True, wq=np.zeros((d, d)))
print(f"weight on the first token at p = 0 .. {L - 1}:",
      " ".join(str(Fraction(float(x)).limit_denominator(100)) for x in w[:, 0]))

# With any weights the share of b falls with p, so p can be read back from the output.
w, out = attention(with_bos, True)
share = w[:, 0]
print("share falls at every step:", bool(np.all(np.diff(share) < 0)))
# The output is share * v_b + (1 - share) * v_e: project it back to the share, then to p.
vb, ve = b @ Wv, e @ Wv
est = (out - ve) @ (vb - ve) / ((vb - ve) @ (vb - ve))
ratio = np.exp(((e @ Wq) @ (e @ Wk) - (e @ Wq) @ (b @ Wk)) / np.sqrt(d))  # weight of e / b
p_read = (1 / est[1:] - 1) / ratio  # from share = 1 / (1 + p * ratio)
print(f"positions read back from the outputs: {np.rint(p_read).astype(int).tolist()},"
      f" largest error {np.abs(p_read - np.arange(1, L)).max():.1e}")
