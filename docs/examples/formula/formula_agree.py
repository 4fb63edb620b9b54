"""The direct form, the exp/log form and pe.encoding give the same matrix."""

import numpy as np
from formula_direct import encoding_direct
from formula_explog import encoding_explog

import pe

for length, d_model in [(5, 4), (20, 6), (100, 50), (2048, 512), (64, 7)]:
    reference = pe.encoding(length, d_model)
    direct = np.abs(encoding_direct(length, d_model) - reference).max()
    explog = np.abs(encoding_explog(length, d_model) - reference).max()
    print(
        f"L={length:<5} d={d_model:<4} max |direct - pe| = {direct:.1e}   "
        f"max |exp/log - pe| = {explog:.1e}"
    )
