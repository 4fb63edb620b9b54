"""DETR's 2-D sine encoding: per axis, the paper's encoding (base = temperature) of the row or
column counted from 1; normalised, the counts become fractions of the image times 2π."""

import numpy as np

import pe
import pe.relatives

F = 128  # per axis: DETR's hidden width 256, half for rows and half for columns
raw = pe.relatives.detr_sine(20, 30, F, normalize=False)
print("unnormalised: rows half = pe.encoding(20, 128, start=1), columns half = pe.encoding(30, 128, start=1):",
      np.allclose(raw[:, 0, :F], pe.encoding(20, F, start=1), rtol=0, atol=1e-12)
      and np.allclose(raw[0, :, F:], pe.encoding(30, F, start=1), rtol=0, atol=1e-12))

small, large = pe.relatives.detr_sine(20, 30, F), pe.relatives.detr_sine(40, 60, F)
print("normalised: half-way down and across, a 20x30 map and a 40x60 map give the same code:",
      np.allclose(small[9, 14], large[19, 29], rtol=0, atol=1e-12))

# Normalised positions only run over (0, 2π]: with temperature 10000 the slow pairs barely
# turn across the whole image; a small temperature (DAB-DETR tunes 20) spreads the pairs out.
for temperature in (10000.0, 20.0):
    w = pe.frequencies(F, base=temperature)
    turning = int(np.sum(2 * np.pi * w > 0.1))
    print(f"temperature {temperature:>7g}: {turning:>2} of {F // 2} pairs turn more than 0.1 rad across the image")
