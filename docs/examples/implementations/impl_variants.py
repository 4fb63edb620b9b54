"""How tensor2tensor's and fairseq's tables differ from the paper's."""

import numpy as np

import pe
import pe.variants


def labels(d: int, layout: str) -> list[str]:
    """Which function and pair index each column holds."""
    n_sin = (d + 1) // 2
    sines = [f"sin{i}" for i in range(n_sin)]
    cosines = [f"cos{i}" for i in range(d // 2)]
    if layout == "split":
        return sines + cosines
    return [name for pair in zip(sines, cosines + [""]) for name in pair if name]


print("column order, d = 8")
print("  paper:               ", " ".join(labels(8, "interleaved")))
print("  tensor2tensor/fairseq:", " ".join(labels(8, "split")))

d = 512
omega_t2t = pe.variants.tensor2tensor(2, d)[1, : d // 2].astype(np.float64)  # sin(1 * w) ~ w
print(f"largest wavelength / 2pi, d = {d}")
print(f"  paper:         {pe.wavelengths(d)[-1] / (2 * np.pi):9.2f}")
print(f"  tensor2tensor: {1 / omega_t2t[-1]:9.2f}")  # sin(w) = w to float32 precision here

print("odd width, d = 5: last column over positions 0-4")
print("  paper:        ", pe.encoding(5, 5)[:, -1].round(4).tolist())
print("  tensor2tensor:", pe.variants.tensor2tensor(5, 5)[:, -1].tolist())
print("  fairseq:      ", pe.variants.fairseq(5, 5)[:, -1].tolist())

# fairseq numbers real tokens from padding_idx + 1: with padding_idx = 1 the first token
# reads row 2, whose angles are 2 * w.
table = pe.variants.fairseq(6, 8, padding_idx=1)
first_token = table[1 + 1]
print("fairseq, padding_idx = 1: row 1 is zero:", not table[1].any())
print(
    "  first token's row equals tensor2tensor at position 2:",
    np.allclose(first_token, pe.variants.tensor2tensor(1, 8, start_index=2)[0], atol=1e-6),
)
