"""The slip the experiment trains with: every column gets its own exponent.

Per column j, the angle rate is base ** (-2 * (j // 2) / d), so a sine and its cosine
share a frequency. Write the exponent as j / d instead and column j turns at
base ** (-j / d): the cosine of pair i no longer turns with its sine. Those are the
frequencies of a table twice as wide, which pe computes.
"""

import numpy as np

import pe
from pe.diagnose import diagnose

positions, d = 128, 32
omega = pe.frequencies(2 * d)  # base ** (-2k / 2d) = base ** (-k / d), one per column
angle = np.arange(positions)[:, None] * omega[None, :]
slip = np.where(np.arange(d) % 2 == 0, np.sin(angle), np.cos(angle))

print("the checker's verdict:", diagnose(slip).codes)
print("rows all distinct:", len(np.unique(slip.round(6), axis=0)) == positions)
print("same as the paper's table:", bool(np.allclose(slip, pe.encoding(positions, d))))

# Row p + k of the paper's table is row p turned pair by pair, by the same angle at every
# p: one linear map per offset k. Fit that map on the slip table and see how far off it is.
k = 3
for name, table in (("paper", pe.encoding(positions, d)), ("slip", slip)):
    now, later = table[:-k], table[k:]
    shift, *_ = np.linalg.lstsq(now, later, rcond=None)
    print(f"{name}: largest error of one linear map from row p to row p + {k}:",
          f"{np.abs(now @ shift - later).max():.1e}")
