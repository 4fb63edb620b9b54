"""The sqrt(d_model) factor: its effect depends on how the embeddings were initialised."""

import numpy as np

import pe

rng = np.random.default_rng(0)
V, d = 1000, 512
enc = np.linalg.norm(pe.encoding(1, d)[0])  # sqrt(d / 2), the same for every position
inits = {
    "tensor2tensor N(0, 1/d)": rng.normal(0.0, d**-0.5, size=(V, d)),
    "nn.Embedding N(0, 1)": rng.normal(0.0, 1.0, size=(V, d)),
    "tutorial U(-0.1, 0.1)": rng.uniform(-0.1, 0.1, size=(V, d)),
}
print(f"d = {d}; every encoding vector has length {enc:.2f}")
print(f"{'initialisation':>24} | {'|e|':>7} | {'|e| sqrt(d)':>11} | {'ratio to encoding':>17}")
for name, E in inits.items():
    e = np.linalg.norm(E, axis=1).mean()
    print(f"{name:>24} | {e:>7.2f} | {e * np.sqrt(d):>11.2f} | {e * np.sqrt(d) / enc:>17.2f}")

# Weight tying: the same matrix turns the last hidden state (unit variance per coordinate,
# as after layer normalisation) into logits. Small entries keep the first logits small.
h = rng.normal(0.0, 1.0, size=(64, d))
print("spread (std) of the first logits with the tied matrix:")
for name, E in inits.items():
    print(f"  {name:>24}: {np.std(h @ E.T):.2f}")

# Not the same factor as attention's 1/sqrt(d_k): that one divides dot products of queries
# and keys, whose spread grows like sqrt(d_k) for unit-variance entries.
d_k = 64
q, k = rng.normal(size=(2, 10_000, d_k))
dots = np.sum(q * k, axis=1)
print(f"d_k = {d_k}: std of q.k = {dots.std():.2f}, of q.k / sqrt(d_k) = {(dots / np.sqrt(d_k)).std():.2f}")
