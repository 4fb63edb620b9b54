"""docs/coordinates.md: Continuous and multi-axis coordinates.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define). Its
scripts in ``docs/examples/coordinates/`` use ``pe.coordinates``.
"""

from __future__ import annotations

import math

from scripts.artifacts.registry import Number

PAGE = "coordinates.md"

#: NeRF's number of frequencies for positions in its code's get_embedder(multires=10).
NERF_LEVELS = 10
#: DETR's features per axis (hidden_dim 256 // 2) and its normalised span, (0, 2*pi].
DETR_FEATS, DETR_SPAN = 128, 2 * math.pi
#: The video table: width and number of axes (frames, rows, columns).
VIDEO_D, VIDEO_AXES = 512, 3
#: The square grid on which summed per-axis encodings collide.
SUM_SIDE, SUM_D = 14, 64

NUMBERS: list[Number] = [
    Number("coords_unit_longest", "coords_rule_wavelength",
           "the rule's longest wavelength for inputs in [-1, 1]",
           {"which": "longest", "lo": -1.0, "hi": 1.0, "resolution": 0.01}),
    Number("coords_track_shortest", "coords_rule_wavelength",
           "the rule's shortest wavelength for a 50 m track with 5 cm detail",
           {"which": "shortest", "lo": 0.0, "hi": 50.0, "resolution": 0.05}),
    Number("coords_track_longest", "coords_rule_wavelength",
           "the rule's longest wavelength for a 50 m track",
           {"which": "longest", "lo": 0.0, "hi": 50.0, "resolution": 0.05}),
    Number("coords_nerf_levels", "as_digits", "NeRF's number of frequencies for positions",
           {"value": NERF_LEVELS}),
    Number("coords_nerf_shortest", "coords_nerf_shortest",
           "shortest wavelength of NeRF's code, 2 pi / 2^(L-1)", {"levels": NERF_LEVELS}),
    Number("coords_detr_feats", "as_digits", "DETR's features per axis",
           {"value": DETR_FEATS}),
    Number("coords_detr_slow_pairs", "coords_slow_pairs",
           "pairs of DETR's per-axis encoding that turn by less than 0.1 rad over (0, 2 pi]",
           {"feats": DETR_FEATS, "span": DETR_SPAN, "angle": 0.1}),
    Number("coords_video_d", "as_digits", "width of the video table", {"value": VIDEO_D}),
    Number("coords_video_axis_width", "coords_grid_axis_width",
           "columns per axis of a 512-wide table over three axes",
           {"d": VIDEO_D, "axes": VIDEO_AXES}),
    Number("coords_video_zero_columns", "coords_grid_zero_columns",
           "zero columns left over when 512 is split over three axes",
           {"d": VIDEO_D, "axes": VIDEO_AXES}),
    Number("coords_sum_side", "as_digits", "side of the square grid of the sum comparison",
           {"value": SUM_SIDE}),
    Number("coords_sum_collisions", "coords_sum_collisions",
           "pairs of distinct patches of a 14 x 14 grid whose summed encodings coincide",
           {"side": SUM_SIDE, "d": SUM_D}),
]

#: The integers this page's prose types, each with why it is not a result.
ALLOWED_NUMBERS: dict[int, str] = {
    3: "an example input: three axes (frames, rows, columns), a 3-D table",
    4: "a constant of guided-diffusion's code: the MLP widens the embedding four times",
    24: "a known period, hours in a day; and an example input, a frame rate",
    30: "an example input: a frame rate in frames per second",
    90: "the range of latitude, -90 to 90 degrees",
    180: "the range of longitude, -180 to 180 degrees; the period that wrongly wraps latitude",
    256: "a default of DETR's code: its hidden width, quoted from main.py",
    360: "a known period: degrees in a circle",
    1000: "a constant of guided-diffusion's code: timesteps rescaled to 0 .. 1000",
}
