"""Pitfall: holding the position index itself in float16 or bfloat16."""

import ml_dtypes
import numpy as np

import pe

positions = np.arange(2044, 2056)
as_f16 = positions.astype(np.float16)
print("positions:        ", positions.tolist())
print("stored as float16:", [int(p) for p in as_f16])

rows = pe.encoding(len(positions), 64, start=2044)  # exact, one row per position
rows_f16 = np.array([pe.encoding(1, 64, start=int(p))[0] for p in as_f16])
print("distinct encodings, exact positions:  ", len(np.unique(rows, axis=0)))
print("distinct encodings, float16 positions:", len(np.unique(rows_f16, axis=0)))

for name, dtype in (("float16", np.float16), ("bfloat16", ml_dtypes.bfloat16)):
    p = np.arange(1, 60_000)  # float16 overflows to inf above 65504
    stored = p.astype(dtype).astype(np.float64)
    first = int(p[np.argmax(stored != p)])
    print(f"first position {name} cannot hold exactly: {first}")
