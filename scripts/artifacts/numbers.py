"""Numbers quoted in the prose, computed from ``pe`` (``{{ pe:NAME }}`` on a page).

:func:`compute` returns ``{name: text}``; each text is ready to print: thousands
separators, a typographic minus, and ``×10ⁿ`` notation for small values. The names and
their meanings are listed in :data:`MEANINGS` (also checked: every name has one).
"""

from __future__ import annotations

import math
from typing import Any

import ml_dtypes
import numpy as np

import pe
import pe.variants
from scripts.artifacts.data import (
    LOW_PRECISION,
    cosine_similarity,
    min_distance_by_length,
    offset_distances,
    precision_errors,
    similarity_by_offset,
)

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def fixed(value: float, decimals: int) -> str:
    """Fixed-point with thousands separators and a true minus sign."""
    return f"{value:,.{decimals}f}".replace("-", "\u2212")


def sci(value: float, digits: int = 3) -> str:
    """``1.04 × 10⁻⁴`` style for small or large values, plain fixed-point otherwise."""
    if value == 0 or 1e-3 <= abs(value) < 1e5:
        return fixed(value, max(0, digits - 1 - math.floor(math.log10(abs(value) or 1))))
    exp = math.floor(math.log10(abs(value)))
    mant = value / 10**exp
    return f"{mant:.{digits - 1}f} × 10{str(exp).translate(_SUPERSCRIPT)}".replace("-", "\u2212")


MEANINGS: dict[str, str] = {}


def _put(out: dict[str, str], name: str, text: str, meaning: str) -> None:
    out[name] = text
    MEANINGS[name] = meaning


def compute(*, base: float = 10000.0, offset_d: int = 64, precision_d: int = 512,
            distinct_length: int = 100_000, distinct_ds: list[int] | None = None) -> dict[str, str]:
    """Every number the pages quote."""
    out: dict[str, str] = {}
    two_pi = 2 * math.pi

    # Wavelengths and frequencies.
    _put(out, "base", fixed(base, 0), "the paper's base b")
    _put(out, "wavelength_min", fixed(two_pi, 3), "shortest wavelength, 2π, in positions")
    _put(out, "wavelength_limit", fixed(two_pi * base, 0),
         "2π·base: the bound the wavelengths approach, in positions")
    for d in (50, 512):
        lam = pe.wavelengths(d, base=base)
        omega = pe.frequencies(d, base=base)
        _put(out, f"pairs_d{d}", str(len(lam)), f"number of sin/cos pairs for d = {d}")
        _put(out, f"wavelength_max_d{d}", fixed(lam[-1], 0),
             f"longest wavelength for d = {d}, 2π·base^((d−2)/d), in positions")
        ratio = lam[-1] / (two_pi * base)
        _put(out, f"wavelength_max_ratio_d{d}", fixed(ratio, 4),
             f"longest wavelength for d = {d} divided by 2π·base")
        _put(out, f"wavelength_max_percent_d{d}", f"{100 * ratio:.1f}%",
             f"longest wavelength for d = {d} as a percentage of 2π·base")
        _put(out, f"frequency_min_d{d}", sci(omega[-1]),
             f"lowest angular frequency for d = {d}, in radians per position")
    _put(out, "step_angle_pair0_deg", f"{math.degrees(pe.frequencies(2, base=base)[0]):.1f}°",
         "angle pair 0 turns per position (1 radian), in degrees")
    lam5 = pe.wavelengths(5, base=base)[-1]
    _put(out, "wavelength_last_d5", fixed(lam5, 0),
         "wavelength of the unpaired last sine column for d = 5, in positions")

    # Equal offsets give equal similarity and distance.
    enc = pe.encoding(24, offset_d, base=base)
    _put(out, "offset_demo_d", str(offset_d), "width used for the 7→8 / 22→23 comparison")
    for p, q in ((7, 8), (22, 23)):
        _put(out, f"cos_sim_{p}_{q}", fixed(cosine_similarity(enc[p], enc[q]), 6),
             f"cosine similarity of positions {p} and {q} (d = offset_demo_d)")
        _put(out, f"dist_{p}_{q}", fixed(float(np.linalg.norm(enc[p] - enc[q])), 6),
             f"Euclidean distance between positions {p} and {q} (d = offset_demo_d)")
    norms = np.linalg.norm(pe.encoding(1000, offset_d, base=base), axis=1)
    _put(out, "norm_d64", fixed(float(norms[0]), 4),
         "norm of every encoding vector for d = 64 (√(d/2)), from pe's rows")

    # pe.variants.fairseq against PyTorch's fairseq: float32 exp differs by about 2 ulp,
    # and the angle multiplies the frequency by the row index.
    rows, width = 1024, 512
    half = width // 2
    omega = np.exp(np.arange(half, dtype=np.float32)
                   * np.float32(-math.log(base) / (half - 1)))
    bound = (rows - 1) * 2 * float(np.spacing(omega[1:]).max())
    _put(out, "fairseq_check_rows", fixed(rows, 0), "rows of the fairseq agreement bound")
    _put(out, "fairseq_check_d", str(width), "width of the fairseq agreement bound")
    _put(out, "fairseq_exp_bound", sci(bound, 2),
         "(rows − 1) × 2 ulp of the largest frequency below 1: how far pe.variants.fairseq's "
         "angles can sit from PyTorch's when their float32 exp differ by 2 ulp")

    # Similarity against offset is not monotonic.
    sim = similarity_by_offset(100, 16, base=base)[100:]  # k = 0 .. 100
    dip = next(k for k in range(1, 100) if sim[k] < sim[k - 1] and sim[k] < sim[k + 1])
    peak = next(k for k in range(dip + 1, 100) if sim[k] > sim[k - 1] and sim[k] > sim[k + 1])
    _put(out, "sim_d16_dip_offset", str(dip),
         "d = 16: first offset where the similarity has a local minimum")
    _put(out, "sim_d16_dip", fixed(sim[dip], 3), "d = 16: the similarity at that offset")
    _put(out, "sim_d16_peak_offset", str(peak),
         "d = 16: the next offset where the similarity has a local maximum")
    _put(out, "sim_d16_peak", fixed(sim[peak], 3), "d = 16: the similarity at that offset")

    # Precision: largest error over the d entries at a few positions.
    checkpoints = [1_000, 10_000, 60_000, 100_000]
    errors = precision_errors(np.array(checkpoints), precision_d, base=base)
    _put(out, "precision_d", str(precision_d), "width used for the precision numbers")
    for name, err in errors.items():
        for pos, e in zip(checkpoints, err, strict=True):
            if np.isfinite(e):
                _put(out, f"precision_error_{name}_at_{pos}", sci(float(e), 2),
                     f"largest |error| over the {precision_d} entries at position {pos:,} "
                     f"when computed in {name}")
    f16 = np.finfo(np.float16)
    _put(out, "float16_max", fixed(float(f16.max), 0), "largest finite float16 value")
    for name, dtype in LOW_PRECISION.items():
        finfo: Any = np.finfo if name != "bfloat16" else ml_dtypes.finfo  # ml_dtypes' finfo is untyped
        mant = int(finfo(dtype).nmant)
        _put(out, f"{name}_exact_integers", fixed(2.0 ** (mant + 1), 0),
             f"{name} holds every integer up to this one exactly")

    # Distinctness: the closest two different positions among 0 .. L-1.
    _put(out, "min_distance_length", fixed(distinct_length, 0),
         "sequence length for the min_distance_* numbers")
    for d in distinct_ds or [2, 4, 8, 16, 64, 512]:
        dist, where = min_distance_by_length(distinct_length, d, base=base)
        _put(out, f"min_distance_d{d}", sci(float(dist[-1]), 3),
             f"smallest distance between two different positions' encodings, d = {d}")
        _put(out, f"min_distance_offset_d{d}", fixed(float(where[-1]), 0),
             f"the offset between the two closest positions, d = {d}")
    answers(out, base=base)
    corrections(out, base=base)
    return out


def answers(out: dict[str, str], *, base: float = 10000.0, d: int = 512) -> None:
    """Numbers quoted on the questions page and in the answers it links to."""
    slowest = pe.frequencies(d, base=base)[-1]
    _put(out, f"half_turn_slowest_d{d}", fixed(math.pi / slowest, 0),
         f"positions before the slowest pair of d = {d} has turned half a circle")
    _put(out, f"norm_d{d}", fixed(math.sqrt(d / 2), 0),
         f"length of every encoding vector for d = {d}, sqrt(d/2)")
    # An N(0, 1) embedding row has expected squared length d; scaled by sqrt(d) its length
    # is about d, against sqrt(d/2) for the encoding: a ratio of sqrt(2d).
    _put(out, f"unit_embedding_ratio_d{d}", fixed(math.sqrt(2 * d), 0),
         f"d = {d}: length of a sqrt(d)-scaled N(0, 1) embedding row over the encoding's")


def _first_near_repeat(d: int, *, base: float, max_offset: int) -> tuple[int, float, float]:
    """The first offset whose two positions are closer than neighbours, that distance, and the
    neighbours' distance (width ``d``). The distance depends on the offset only, so scanning
    the offsets from position 0 covers every pair of positions."""
    dist = offset_distances(max_offset, d, base=base)
    closer = np.flatnonzero(dist[2:] < dist[1])
    if not len(closer):
        raise ValueError(f"d = {d}: no offset up to {max_offset:,} is closer than neighbours")
    k = int(closer[0]) + 2
    return k, float(dist[k]), float(dist[1])


def corrections(out: dict[str, str], *, base: float = 10000.0) -> None:
    """Numbers that bound claims the pages once made too broadly (distinctness, sines alone,
    timestep embeddings)."""
    k, near, neighbours = _first_near_repeat(16, base=base, max_offset=1_000_000)
    _put(out, "near_repeat_offset_d16", fixed(k, 0),
         "d = 16: the smallest offset whose two positions are closer than neighbours")
    _put(out, "near_repeat_distance_d16", fixed(near, 3),
         "d = 16: the distance between two positions near_repeat_offset_d16 apart")
    _put(out, "neighbour_distance_d16", fixed(neighbours, 3),
         "d = 16: the distance between neighbouring positions")
    length = 1000
    sines = pe.encoding(length, 16, base=base)[:, 0::2]
    gaps = np.linalg.norm(sines[:, None, :] - sines[None, :, :], axis=-1)
    np.fill_diagonal(gaps, np.inf)
    _put(out, "sines_only_length", fixed(length, 0),
         "positions 0 .. L-1 over which sines_only_min_distance_d16 is taken")
    _put(out, "sines_only_min_distance_d16", fixed(float(gaps.min()), 3),
         "d = 16, sine columns only: the smallest distance between two positions' rows")
    # DDPM / fairseq spacing 10000^(-i/(h-1)) against the paper's 10000^(-i/h), both split.
    d, steps = 128, 1000
    h_minus_1 = pe.variants.fairseq(steps, d).astype(np.float64)
    paper = pe.encoding(steps, d, base=base, layout="split")
    _put(out, "timestep_spacing_d", str(d), "width of the timestep-spacing comparison")
    _put(out, "timestep_spacing_steps", fixed(steps, 0),
         "steps 0 .. T-1 of the timestep-spacing comparison")
    _put(out, "timestep_spacing_max_difference", fixed(float(np.abs(h_minus_1 - paper).max()), 1),
         "largest entry difference between the d/2 − 1 spacing and the paper's, same layout")
