"""Pitfall: the exponent is 2i/d with i the PAIR index; i/d or 2j/d (j = column) are wrong."""

import numpy as np

import pe

d, base = 512, 10000.0
pair = np.arange(d // 2)  # i = 0 .. d/2 - 1
column = 2 * pair  # the sine columns j = 2i

right = 2 * np.pi * base ** (2 * pair / d)  # wavelengths of the paper's formula
too_short = 2 * np.pi * base ** (pair / d)  # 2 dropped: exponent i/d
too_long = 2 * np.pi * base ** (2 * column / d)  # 2 applied to the column index: 4i/d

print("largest wavelength / 2pi, exponent 2i/d (paper):", f"{right[-1] / (2 * np.pi):.6g}")
print("largest wavelength / 2pi, exponent i/d:         ", f"{too_short[-1] / (2 * np.pi):.6g}")
print("largest wavelength / 2pi, exponent 4i/d:        ", f"{too_long[-1] / (2 * np.pi):.6g}")
print("paper's formula matches pe.wavelengths:", np.allclose(right, pe.wavelengths(d)))
