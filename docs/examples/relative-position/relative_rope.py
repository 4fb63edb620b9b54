"""Rotary position embedding (RoPE): rotate queries and keys, and scores see only the offset."""

import numpy as np

import pe

d = 64
theta = pe.frequencies(d)  # RoPE uses the same angles per pair: θ_i = 10000 ** (-2i/d)


def rope(x: np.ndarray, pos: int) -> np.ndarray:
    """Rotate each pair (x[2i], x[2i+1]) by pos·θ_i, counter-clockwise."""
    c, s = np.cos(pos * theta), np.sin(pos * theta)
    out = np.empty_like(x)
    out[0::2] = x[0::2] * c - x[1::2] * s
    out[1::2] = x[0::2] * s + x[1::2] * c
    return out


rng = np.random.default_rng(1)
q, k = rng.normal(size=d), rng.normal(size=d)  # a query and a key, as a layer would produce

# The score of query position m against key position n depends on n - m only.
for m, n in ((7, 8), (22, 23), (0, 1), (7, 10), (22, 25), (8, 7)):
    print(
        f"query at {m:>2}, key at {n:>2} (offset {n - m:+d}): score {rope(q, m) @ rope(k, n):.6f}"
    )

# Each position's rotation is the transpose of pe.rotation, which turns the (sin, cos) pairs the
# other way round; the transpose is the inverse, so R(m).T = R(-m).
print(
    "rope(x, m) equals pe.rotation(m, d).T @ x:", np.allclose(rope(q, 5), pe.rotation(5, d).T @ q)
)
