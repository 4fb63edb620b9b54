"""A precomputed table sliced to the input's length against the encoding computed on the fly.

Both in float32, the way a framework stores them, by the same elementwise formula: each entry
depends only on its position and column, so the first rows of a long table are the rows a
short computation makes. What differs is the cap: the table has max_len rows, and slicing
past them returns max_len rows without complaint, which fails later, at the sum.
"""

import numpy as np

import pe

max_len, d = 512, 64


def on_the_fly(length, d):
    """The interleaved encoding in float32: sin and cos of position x frequency."""
    pos = np.arange(length, dtype=np.float32)[:, None]
    freq = np.power(np.float32(10000.0), -np.arange(0, d, 2, dtype=np.float32) / np.float32(d))
    angle = pos * freq
    out = np.empty((length, d), dtype=np.float32)
    out[:, 0::2], out[:, 1::2] = np.sin(angle), np.cos(angle)
    return out


table = on_the_fly(max_len, d)  # the buffer, made once when the model is built
worst = 0.0
for length in (1, 7, 100, 333, max_len):
    worst = max(worst, float(np.abs(table[:length] - on_the_fly(length, d)).max()))
print(f"table of {max_len} rows sliced to 1, 7, 100, 333, {max_len} against on the fly: "
      f"largest difference {worst}")

# Both are float32 roundings of the same float64 values.
reference = pe.encoding(max_len, d)
print(f"float32 against pe's float64, all {max_len} rows: largest difference "
      f"{np.abs(table - reference).max():.1e}")

# Past the table: NumPy (and PyTorch) slicing stops at the end without an error.
length = max_len + 88
rows = table[:length].shape[0]
print(f"rows the table gives for length {length}: {rows}")
try:
    np.zeros((length, d), dtype=np.float32) + table[:length]
except ValueError as err:
    print(f"adding them to {length} embeddings: ValueError ({str(err).split(':')[0]})")
print(f"computed on the fly for length {length}: {on_the_fly(length, d).shape[0]} rows")
