"""Inputs narrower or wider than d_model: project them to d_model first, then add the encoding.
Adding a table of another width fails; concatenating instead changes the model's width."""

import numpy as np

import pe

rng = np.random.default_rng(0)
L, d_model = 24, 32
for n_features in (3, 100):  # e.g. 3 sensor channels, or 100 spectrogram bins
    x = rng.normal(size=(L, n_features))
    try:
        x + pe.encoding(L, d_model)
    except ValueError as e:
        print(f"{n_features:>3} features + encoding of width {d_model}: ValueError ({e})")
    w = rng.normal(size=(n_features, d_model)) / np.sqrt(n_features)  # a learned linear layer
    h = x @ w + pe.encoding(L, d_model)
    print(f"{n_features:>3} features -> projection to {d_model} -> + encoding: shape {h.shape}")

# The alternative some time-series models take: concatenate a narrower encoding, so the
# model's width becomes n_features + d_pe and the encoding keeps its own columns.
d_pe = 8
h = np.concatenate([rng.normal(size=(L, 3)), pe.encoding(L, d_pe)], axis=1)
print(f"  3 features ++ encoding of width {d_pe}: shape {h.shape}")
