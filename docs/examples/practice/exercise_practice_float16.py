"""Exercise: the largest error of rounding the finished rows to float16, entries in [0.5, 1]."""

import numpy as np

import pe

fraction_bits = np.finfo(np.float16).nmant
answer = 2.0 ** (-fraction_bits - 2)  # half the spacing of float16 numbers in [0.5, 1)
length, width = 4096, 512
table = pe.encoding(length, width)
error = np.abs(table.astype(np.float16).astype(np.float64) - table)
in_range = (np.abs(table) >= 0.5) & (np.abs(table) < 1)
print(f"half a float16 spacing in [0.5, 1): 2 ** -{fraction_bits + 2} = {answer:.7f}")
print(f"largest error over the {in_range.sum():,} entries of a {length} x {width} table in "
      f"that range: "
      f"{error[in_range].max():.7f}")
