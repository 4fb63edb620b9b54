"""Pitfall: multiplying the position by base ** (2i/d) instead of dividing by it."""

import numpy as np

import pe

d, base = 64, 10000.0
pair = np.arange(d // 2)
omega_wrong = base ** (2 * pair / d)  # radians per position, from 1 up to nearly base
print("pairs turning faster than pi rad per position (aliased when sampled at integers):")
print("  divide (paper):", int(np.sum(pe.frequencies(d) > np.pi)), "of", d // 2)
print("  multiply:      ", int(np.sum(omega_wrong > np.pi)), "of", d // 2)


def wrong_encoding(length: int) -> np.ndarray:
    angles = np.arange(length)[:, None] * omega_wrong
    out = np.empty((length, d))
    out[:, 0::2], out[:, 1::2] = np.sin(angles), np.cos(angles)
    return out


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))


right, wrong = pe.encoding(500, d), wrong_encoding(500)
print("cosine similarity of position 100 with 101 and with 400:")
print(
    f"  divide (paper): {cosine(right[100], right[101]):.3f}  {cosine(right[100], right[400]):.3f}"
)
print(
    f"  multiply:       {cosine(wrong[100], wrong[101]):.3f}  {cosine(wrong[100], wrong[400]):.3f}"
)
