"""A sequence of one element: its position row is the same for every input.

Row 0 of the table is sin 0 = 0 and cos 0 = 1, pair after pair. Added to every token's
vector, it is a constant shift, which a model with learned token vectors can carry in the
vectors themselves: shifting the embedding table by row 0 gives the same inputs without
any encoding.
"""

import numpy as np

import pe

d, vocab = 8, 5
row0 = pe.encoding(1, d)[0]
print("row 0:", row0.tolist())

rng = np.random.default_rng(0)
embedding = rng.normal(size=(vocab, d))
tokens = rng.integers(vocab, size=20)  # 20 one-element sequences
with_encoding = embedding[tokens] + row0
shifted_table = embedding + row0  # the same model, the shift moved into the embeddings
print("same inputs without the encoding:",
      bool(np.array_equal(with_encoding, shifted_table[tokens])))

# Attention over one element gives it all the weight, whatever the scores.
scores = rng.normal(size=(1, 1))
weights = np.exp(scores - scores.max()) / np.exp(scores - scores.max()).sum()
print("attention weight on the only key:", weights.item())
