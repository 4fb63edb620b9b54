"""After summing, can the token and the position still be read back? It depends on the width."""

import numpy as np

import pe

V, L, n = 1000, 64, 2000  # vocabulary size, positions, sums to test
rng = np.random.default_rng(0)
print(f"{'d':>4} | token recovered | position recovered | position within 1")
for d in (16, 64, 512):
    # Random stand-ins for trained embeddings, unit variance per entry, as after the
    # paper's sqrt(d_model) scaling of weights initialised with variance 1/d_model.
    E = rng.normal(size=(V, d))
    P = pe.encoding(L, d)
    t = rng.integers(V, size=n)  # which token
    p = rng.integers(L, size=n)  # at which position
    x = E[t] + P[p]  # what the first layer receives: one vector, width d

    # Read each part back by the best-matching vector: least squares for the token,
    # largest dot product for the position (every encoding has the same length).
    token = np.argmax(x @ E.T - 0.5 * (E * E).sum(axis=1), axis=1)
    pos = np.argmax(x @ P.T, axis=1)
    print(
        f"{d:>4} | {np.mean(token == t):>15.1%} | {np.mean(pos == p):>18.1%}"
        f" | {np.mean(np.abs(pos - p) <= 1):>17.1%}"
    )
