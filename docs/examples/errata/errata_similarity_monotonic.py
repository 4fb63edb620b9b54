"""Check: does the similarity to position 0 fall monotonically with a large base?"""

import numpy as np

import pe

L = 2000
for d in (16, 64, 512):
    enc = pe.encoding(L, d)
    sim = enc @ enc[0] / (d / 2)  # cosine similarity: every row has length sqrt(d/2)
    rises = np.flatnonzero(np.diff(sim) > 0)
    print(f"d = {d:>3}, base 10000: similarity to position 0 first rises at position"
          f" {rises[0] + 1} ({sim[rises[0]]:.5f} -> {sim[rises[0] + 1]:.5f})")
