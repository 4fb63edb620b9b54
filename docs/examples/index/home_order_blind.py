"""Self-attention is blind to order: shuffle the tokens and its outputs are shuffled the same way."""

import numpy as np

import pe


def self_attention(x: np.ndarray, w_q: np.ndarray, w_k: np.ndarray, w_v: np.ndarray) -> np.ndarray:
    """One head of scaled dot-product self-attention, rows are tokens."""
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / np.sqrt(k.shape[1])
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True) @ v


rng = np.random.default_rng(0)
L, d = 6, 16
tokens = rng.normal(size=(L, d))  # embeddings of six tokens, in sentence order
w_q, w_k, w_v = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
order = np.array([3, 0, 5, 1, 4, 2])  # the same six tokens, shuffled

# Without positions, attending to the shuffled sentence gives the shuffled outputs:
# each token's output is unchanged, whatever its place.
plain = self_attention(tokens, w_q, w_k, w_v)
plain_shuffled = self_attention(tokens[order], w_q, w_k, w_v)
print(
    "no encoding:   shuffled output equals output shuffled?",
    np.allclose(plain_shuffled, plain[order]),
)

# With the encoding, position 0 always gets PE[0], whichever token sits there,
# so moving a token changes its input and therefore its output.
enc = pe.encoding(L, d)
with_pe = self_attention(tokens + enc, w_q, w_k, w_v)
with_pe_shuffled = self_attention(tokens[order] + enc, w_q, w_k, w_v)
print(
    "with encoding: shuffled output equals output shuffled?",
    np.allclose(with_pe_shuffled, with_pe[order]),
)
print(
    "largest change in a token's output:", f"{np.abs(with_pe_shuffled - with_pe[order]).max():.3f}"
)
