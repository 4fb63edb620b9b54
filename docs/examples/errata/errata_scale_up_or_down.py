"""Check: is scaling the embeddings up the same as scaling the encoding down?"""

import numpy as np

import pe

rng = np.random.default_rng(0)
d, L = 512, 8
E = rng.normal(0.0, d**-0.5, size=(L, d))  # token embeddings, tensor2tensor's initialisation
P = pe.encoding(L, d)
up = np.sqrt(d) * E + P  # the paper
down = E + P / np.sqrt(d)  # the alternative: the same direction, sqrt(d) times shorter
print("same direction:", np.allclose(up / np.sqrt(d), down))
print(f"average input length: up {np.linalg.norm(up, axis=1).mean():.2f},"
      f" down {np.linalg.norm(down, axis=1).mean():.2f}")

# One attention head with the same weights, reading its input directly as the first layer of
# a post-LayerNorm Transformer (the paper's) does: the logits scale with the square of it.
W_q, W_k = rng.normal(0.0, d**-0.5, size=(2, d, 64))


def attention_weights(x):
    logits = (x @ W_q) @ (x @ W_k).T / np.sqrt(64)
    w = np.exp(logits - logits.max(axis=1, keepdims=True))
    return w / w.sum(axis=1, keepdims=True)


for name, x in (("up", up), ("down", down)):
    print(f"{name:>4}: largest attention weight per token, averaged: "
          f"{attention_weights(x).max(axis=1).mean():.3f}")


# A pre-LayerNorm layer normalises each row before attention, which undoes a common scale
# (up to LayerNorm's epsilon); there the difference is only the size of the residual stream.
def layer_norm(x, eps=1e-5):
    return (x - x.mean(axis=1, keepdims=True)) / np.sqrt(x.var(axis=1, keepdims=True) + eps)


gap = np.abs(attention_weights(layer_norm(up)) - attention_weights(layer_norm(down))).max()
print(f"pre-LayerNorm: largest difference in attention weights, up vs down: {gap:.1e}")
