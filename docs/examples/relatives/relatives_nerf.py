"""NeRF's positional encoding is the paper's, with base 2^L, width 2L, pairs in reverse order,
read at the position 2^(L-1)·p (times π in the paper's equation, not in the authors' code)."""

import numpy as np

import pe
import pe.relatives

L = 10  # frequencies for the 3-D position in NeRF
n = np.arange(-512, 513)  # integer "positions"
p = n / 2 ** (L - 1)  # coordinates in [-1, 1]
paper = pe.encoding(n.size, 2 * L, base=2.0**L, start=int(n[0]))
reversed_pairs = paper.reshape(-1, L, 2)[:, ::-1].reshape(-1, 2 * L)
print("nerf(p, 10, pi=False) = pe.encoding(width 20, base 2**10) at 2**9·p, pairs reversed:",
      np.allclose(pe.relatives.nerf(p, L, pi=False), reversed_pairs, rtol=0, atol=1e-9))

print("frequencies, NeRF code :", (2.0 ** np.arange(4)).tolist(), "... doubling, growing")
print("frequencies, the paper :", pe.frequencies(512)[:3].round(4).tolist(), "... shrinking")

# With the π of equation 4 every frequency is a multiple of π, so the two ends of [-1, 1]
# have the same code; without it (the authors' code) the slowest pair turns 2 rad over [-1, 1].
ends = pe.relatives.nerf(np.array([-1.0, 1.0]), L)
print(f"with π: |γ(-1) - γ(1)| = {np.abs(ends[0] - ends[1]).max():.1e}")
ends = pe.relatives.nerf(np.array([-1.0, 1.0]), L, pi=False)
print(f"without π: |γ(-1) - γ(1)| = {np.abs(ends[0] - ends[1]).max():.2f}")
