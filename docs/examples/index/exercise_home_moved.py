"""Exercise: how far the encoding "dog" receives moves from position 0 to position 2."""

import numpy as np

import pe

first, second, d = 0, 2, 512
omega = pe.frequencies(d)
# Per pair: two points on the unit circle, (second - first) * omega apart in angle.
chords = 2 * np.abs(np.sin((second - first) * omega / 2))
answer = float(np.sqrt(np.sum(chords**2)))
rows = pe.encoding(second + 1, d)
print(f"from the chords: {answer:.6f}")
print(f"from pe's rows:  {np.linalg.norm(rows[second] - rows[first]):.6f}")
print(f"the first five pairs' share of the squared distance: "
      f"{np.sum(chords[:5] ** 2) / answer**2:.1%}")
