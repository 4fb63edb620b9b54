"""Pitfall: which split tables hold the paper's numbers in another column order."""

import numpy as np

import pe
import pe.variants

L, d = 50, 8
interleaved = pe.encoding(L, d)  # sin, cos, sin, cos, ... (the paper)
split = pe.encoding(L, d, layout="split")  # sin, sin, ..., cos, cos, ...

order = np.r_[0:d:2, 1:d:2]  # the sine columns first, then the cosine columns
print("split columns, as interleaved columns:", order.tolist())
print("interleaved[:, order] == split:", np.array_equal(interleaved[:, order], split))

# A weight matrix trained against one layout reads the other one wrongly.
W = np.random.default_rng(0).normal(size=(d, d))  # stand-in for a trained projection
print(f"max |x W| difference between layouts: {np.abs(interleaved @ W - split @ W).max():.3f}")
print("after reordering W's rows the same:", np.allclose(interleaved @ W, split @ W[order]))


def marian_like(length: int, width: int) -> np.ndarray:
    """Marian's arrangement, stated from its description: the paper's angles, the
    ceil(width/2) sines first, then the floor(width/2) cosines."""
    pos = np.arange(length)[:, None]
    angle = pos / 10000.0 ** (2 * (np.arange(width) // 2) / width)
    return np.concatenate([np.sin(angle[:, 0::2]), np.cos(angle[:, 1::2])], axis=1)


def paper_columns_found(table: np.ndarray, paper: np.ndarray, atol: float = 1e-6) -> int:
    """How many columns of `table` equal some column of the paper's table."""
    return sum(
        any(np.allclose(table[:, j], paper[:, k], atol=atol) for k in range(paper.shape[1]))
        for j in range(table.shape[1])
    )


print("columns also found in the paper's table (a reordering has all of them):")
for width in (8, 7):
    paper = pe.encoding(L, width)
    tables = {
        "pe split": pe.encoding(L, width, layout="split"),
        "Marian": marian_like(L, width),
        "tensor2tensor": pe.variants.tensor2tensor(L, width).astype(np.float64),
        "fairseq": pe.variants.fairseq(L, width).astype(np.float64),
    }
    found = ", ".join(f"{name} {paper_columns_found(t, paper)}" for name, t in tables.items())
    print(f"  d = {width}: {found} (of {width})")
