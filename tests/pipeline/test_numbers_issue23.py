"""Issue 23, item 8.5: the PyTorch recipe's float32 table is not within half an ulp of the
exact value everywhere. The page quotes how many entries are further off and by how much;
these tests hold the numbers and check the shortcut the computation takes."""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from scripts.artifacts import numbers as numbers_module
from scripts.artifacts.pages import practice


def test_the_measured_table_has_entries_past_half_an_ulp() -> None:
    d, rows = practice.FLOAT32_TABLE_D, practice.FLOAT32_TABLE_ROWS
    worst = float(numbers_module.float32_table_worst_ulp(d, rows))
    over = int(numbers_module.float32_table_over_half_ulp(d, rows).replace(",", ""))
    assert worst > 0.5 and over >= 1, "the page says some entries are more than half an ulp off"
    assert worst < 4, "a few ulps at most: the float64 angle's error is tiny in absolute terms"


def test_the_shortcut_finds_what_checking_every_entry_finds() -> None:
    """Every entry of a small table against its exact value, without the filter."""
    d, rows = 8, 400
    pos = np.arange(rows, dtype=np.float64)[:, None]
    angles = pos * np.exp(np.arange(0, d, 2, dtype=np.float64) * (-math.log(10000.0) / d))
    t64 = np.zeros((rows, d))
    t64[:, 0::2], t64[:, 1::2] = np.sin(angles), np.cos(angles)
    t32 = t64.astype(np.float32)
    errs = []
    for r in range(rows):
        for c in range(d):
            angle = r * sp.Integer(10000) ** sp.Rational(-2 * (c // 2), d)
            exact = sp.N(sp.sin(angle) if c % 2 == 0 else sp.cos(angle), 40)
            ulp = float(np.spacing(np.float32(abs(float(exact))))) if exact != 0 else 2.0**-149
            errs.append(float(abs(sp.Float(float(t32[r, c]), 40) - exact)) / ulp)
    worst, over = numbers_module._float32_table_ulps(d, rows, 10000.0)
    # Two evaluations of the exact values (SymPy's here, mpmath's in the module), each to 40
    # digits: the errors, about 1e-8 of a value, agree to some 30 digits; 1e-12 is generous.
    assert math.isclose(worst, max(errs), rel_tol=1e-12) or (max(errs) <= 0.5 and worst <= 0.5)
    assert over == sum(e > 0.5 for e in errs)
