"""Pitfall: tensor2tensor and fairseq space the frequencies by (d/2 - 1), not by d/2."""

import numpy as np

import pe
import pe.variants

for d in (8, 512):
    h = d // 2
    paper = pe.frequencies(d)  # base ** (-2i / d) = base ** (-i / h)
    library = 10000.0 ** (-np.arange(h) / (h - 1))  # base ** (-i / (h - 1))
    print(
        f"d={d:<4} largest wavelength / 2pi: paper {1 / paper[-1]:10.2f}   "
        f"tensor2tensor/fairseq {1 / library[-1]:10.2f}"
    )

# Same layout on both sides, so what remains is the spacing alone.
L, d = 2048, 512
paper_split = pe.encoding(L, d, layout="split")
t2t = pe.variants.tensor2tensor(L, d).astype(np.float64)
print(
    f"d={d}, positions 0-{L - 1}: max |tensor2tensor - paper (split)| = "
    f"{np.abs(t2t - paper_split).max():.3f}"
)
