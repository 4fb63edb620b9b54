"""Erratum: a published d = 4 table (base 10000, positions 0-4), checked at its printed precision."""

import numpy as np

import pe

# The table as printed, one row per position, columns 0-3.
published = [
    ["0", "1", "0", "1"],
    ["0.8415", "0.5403", "0.00999983", "0.99995"],
    ["0.9093", "-0.4161", "0.0199987", "0.99980"],
    ["0.1411", "-0.9899", "0.0299955", "0.99955"],
    ["-0.7568", "-0.6536", "0.0399893", "0.99920"],
]
enc = pe.encoding(5, 4)

agree = 0
for pos, printed_row in enumerate(published):
    for col, printed in enumerate(printed_row):
        decimals = len(printed.split(".")[1]) if "." in printed else 0
        rounded = f"{enc[pos, col]:.{decimals}f}"
        if rounded == printed:
            agree += 1
            continue
        truncated = f"{np.trunc(enc[pos, col] * 10**decimals) / 10**decimals:.{decimals}f}"
        print(
            f"position {pos}, column {col}: printed {printed}, pe gives {enc[pos, col]:.6f},"
            f" which rounds to {rounded}"
        )
        print(f"  the printed digits are the value cut off, not rounded: {truncated}")
print(f"{agree} of {enc.size} entries agree with pe at the precision printed")
