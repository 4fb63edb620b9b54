"""What fast and slow pairs tell apart: neighbours, and positions far from each other."""

import numpy as np

import pe

d = 512
w = pe.frequencies(d)


def gap(i: int, p: int, q: int) -> float:
    """Distance between positions p and q within pair i alone: a chord of the unit circle."""
    return float(2 * abs(np.sin((q - p) * w[i] / 2)))


print(f"d = {d}: distance between two positions within one pair (at most 2)")
print(f"{'pair i':>6} {'wavelength':>11} {'p -> p+1':>9} {'p -> p+44':>10} {'p -> p+1000':>12}")
for i in (0, 1, 8, 32, 64, 128, 192, 255):
    lam = 2 * np.pi / w[i]
    print(
        f"{i:>6} {lam:>11,.1f} {gap(i, 0, 1):>9.4f} {gap(i, 0, 44):>10.4f} {gap(i, 0, 1000):>12.4f}"
    )

# Pair 0 turns one radian per position, so 44 positions are almost exactly 7 turns:
# pair 0 alone can barely tell positions 0 and 44 apart; the whole vector can.
print(f"7 turns of pair 0 = 7 · 2π = {7 * 2 * np.pi:.2f} positions")
enc = pe.encoding(1001, d)
print("whole vector, p -> p+1:   ", f"{np.linalg.norm(enc[1] - enc[0]):.4f}")
print("whole vector, p -> p+44:  ", f"{np.linalg.norm(enc[44] - enc[0]):.4f}")
print("whole vector, p -> p+1000:", f"{np.linalg.norm(enc[1000] - enc[0]):.4f}")

# Over a short sequence most pairs never complete a turn: they are almost constant there.
L = 100
print(
    f"pairs that complete a full turn within {L} positions: {int((2 * np.pi / w < L).sum())} of {len(w)}"
)
