"""Issue 23, item 2: the numbers docs/coordinates.md quotes, against closed forms.

Each number function of scripts/artifacts/numbers.py reads its value off a pe.coordinates
computation; here the same values follow from the formulas the page states."""

from __future__ import annotations

import math

from scripts.artifacts import numbers as numbers_module
from scripts.artifacts.pages import coordinates as page


def test_rule_wavelengths_are_twice_the_span_and_twice_the_resolution() -> None:
    assert float(numbers_module.coords_rule_wavelength("longest", -1.0, 1.0, 0.01)) == 4.0
    assert float(numbers_module.coords_rule_wavelength("shortest", 0.0, 50.0, 0.05)) == 0.1
    assert float(numbers_module.coords_rule_wavelength("longest", 0.0, 50.0, 0.05)) == 100.0


def test_nerf_shortest_wavelength() -> None:
    levels = page.NERF_LEVELS
    assert float(numbers_module.coords_nerf_shortest(levels)) == round(
        2 * math.pi / 2 ** (levels - 1), 4)


def test_detr_slow_pairs_closed_form() -> None:
    # Pair m turns by 2*pi * 10000^(-2m/F) over (0, 2*pi]; count those below 0.1 rad.
    feats = page.DETR_FEATS
    want = sum(1 for m in range(feats // 2)
               if 2 * math.pi * 10000.0 ** (-2 * m / feats) < 0.1)
    assert int(numbers_module.coords_slow_pairs(feats, page.DETR_SPAN, 0.1)) == want


def test_grid_widths_follow_the_documented_rule() -> None:
    d, k = page.VIDEO_D, page.VIDEO_AXES
    width = 2 * (d // (2 * k))
    assert int(numbers_module.coords_grid_axis_width(d, k)) == width
    assert int(numbers_module.coords_grid_zero_columns(d, k)) == d - k * width
    for d, k in [(16, 2), (100, 3), (7, 3), (512, 4)]:
        width = 2 * (d // (2 * k))
        assert int(numbers_module.coords_grid_zero_columns(d, k)) == d - k * width


def test_summed_encodings_collide_exactly_on_transposed_points() -> None:
    # With the same ladder on both axes, (a, b) and (b, a) coincide: side*(side-1)/2 pairs,
    # and no others (the concatenated table is injective on the grid).
    side = page.SUM_SIDE
    assert int(numbers_module.coords_sum_collisions(side, page.SUM_D)) == side * (side - 1) // 2
