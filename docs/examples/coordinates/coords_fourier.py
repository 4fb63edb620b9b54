"""Random Fourier features (Gaussian frequencies) against the fixed ladder, for 2-D points."""

import numpy as np

import pe
import pe.coordinates
from pe import coordinates

d = 256  # 128 sin/cos pairs either way


def similarity(features, a, b):
    """Mean of cos(angle difference) over the pairs: 1 for equal points."""
    return float(features(a) @ features(b)) / (d // 2)


# The fixed ladder: half the width per axis, wavelengths from 0.02 to 2 (points in [0, 1]^2).
def ladder(p):
    kw = {"shortest": 0.02, "longest": 2.0}
    return np.concatenate([pe.coordinates.continuous_encoding(p[0], d // 2, **kw),
                           pe.coordinates.continuous_encoding(p[1], d // 2, **kw)])


gaussian = {scale: coordinates.gaussian_matrix(2, d, scale=scale, seed=0)
            for scale in (1.0, 3.0, 10.0)}


def fourier(scale):
    return lambda p: coordinates.fourier_features(np.asarray(p), gaussian[scale])


origin = np.array([0.5, 0.5])
step = 0.05
along_axis = origin + np.array([step, 0.0])
diagonal = origin + np.array([step, step]) / np.sqrt(2)  # the same distance, diagonally
print(f"similarity to a point {step} away: along an axis / diagonally")
print(f"  fixed ladder:         {similarity(ladder, origin, along_axis):.3f} / "
      f"{similarity(ladder, origin, diagonal):.3f}")
for scale in gaussian:
    f = fourier(scale)
    expected = np.exp(-2 * np.pi**2 * scale**2 * step**2)
    print(f"  Gaussian, scale {scale:>4g}: {similarity(f, origin, along_axis):.3f} / "
          f"{similarity(f, origin, diagonal):.3f}   (expected {expected:.3f})")
