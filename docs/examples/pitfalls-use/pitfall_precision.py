"""Pitfall: computing the angles pos * w in a low-precision type at long positions."""

import ml_dtypes
import numpy as np

import pe

d = 512
w64 = pe.frequencies(d)
print("max |PE - exact| over all columns, angles computed in each type:")
for pos in (100, 1_000, 10_000, 60_000, 100_000):
    exact = pe.encoding(1, d, start=pos)[0, 0::2]  # the sine columns, float64 angles
    row = f"  pos {pos:>7}:"
    for dtype in (np.float32, np.float16, ml_dtypes.bfloat16):
        with np.errstate(over="ignore", invalid="ignore"):
            angle = dtype(pos) * w64.astype(dtype)  # position and frequency in the low type
            low = np.sin(angle).astype(np.float64)
        error = np.abs(low - exact).max()
        row += f"  {np.dtype(dtype).name} {error:8.2g}"
    print(row)
with np.errstate(over="ignore", invalid="ignore"):
    print("float16(100000) =", np.float16(100_000), "and sin(inf) =", np.sin(np.float16(np.inf)))
