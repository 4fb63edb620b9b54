"""What concatenating costs, and why a linear layer after a concatenation is a sum again."""

import numpy as np

import pe


def layer_params(width: int) -> int:
    """Weights and biases of one Transformer encoder layer of this width (d_ff = 4 * width)."""
    attention = 4 * (width * width + width)  # W_Q, W_K, W_V and the output projection
    feed_forward = 2 * 4 * width * width + 4 * width + width
    norms = 2 * 2 * width
    return attention + feed_forward + norms


d_model = 512
print(f"one layer, width {d_model} (sum):           {layer_params(d_model):>10,} parameters")
for d_pos in (64, 512):
    wider = layer_params(d_model + d_pos)
    print(
        f"one layer, width {d_model} + {d_pos:<3} (concat): {wider:>10,} parameters,"
        f" x{wider / layer_params(d_model):.2f}"
    )

# The first thing a layer does is multiply by a matrix. Split that matrix into the rows that
# meet the embedding and the rows that meet the encoding, and the concatenation becomes a sum
# of the embedding and a learned projection of the encoding.
rng = np.random.default_rng(0)
L, d_e, d_p, d_out = 10, 32, 16, 32
emb, enc = rng.normal(size=(L, d_e)), pe.encoding(L, d_p)
W = rng.normal(size=(d_e + d_p, d_out))
concat_then_project = np.concatenate([emb, enc], axis=1) @ W
sum_of_projections = emb @ W[:d_e] + enc @ W[d_e:]
print(
    "[emb, enc] @ W equals emb @ W_e + enc @ W_p:",
    np.allclose(concat_then_project, sum_of_projections),
)
