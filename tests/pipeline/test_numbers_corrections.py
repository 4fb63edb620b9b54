"""The numbers behind issue 16's corrections, recomputed without pe's encoding where possible.

Each correction narrowed a claim ("a pair is unambiguous for half a turn", "from d = 16 on
the closest positions are neighbours whatever L", "sines alone are as good for
distinctness", "a timestep embedding is the same function"); these tests hold the numbers
the corrected sentences quote.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import pe
from scripts.artifacts import numbers as numbers_module
from scripts.artifacts import pages, registry


def value(text: str) -> float:
    return float(text.replace(",", ""))


def compute(*names: str) -> dict[str, str]:
    """The declared numbers ``names`` (all of them if none), as the pipeline computes them."""
    declared = [n for n in pages.numbers() if not names or n.name in names]
    return numbers_module.compute(**registry.numbers_artifact(declared).params)


CORRECTIONS = ("near_repeat_offset_d16", "near_repeat_distance_d16", "neighbour_distance_d16",
               "sines_only_length", "sines_only_min_distance_d16", "timestep_spacing_d",
               "timestep_spacing_steps", "timestep_spacing_max_difference")


@pytest.fixture(scope="module")
def numbers() -> dict[str, str]:
    return compute(*CORRECTIONS)


def test_every_correction_number_is_declared_with_a_meaning(numbers: dict[str, str]) -> None:
    assert set(numbers) == set(CORRECTIONS)
    assert all(n.meaning for n in pages.numbers() if n.name in CORRECTIONS)


def test_a_pair_is_one_to_one_over_a_full_turn_not_half() -> None:
    """The slowest pair of d = 512 puts positions less than a wavelength apart on different
    points of its circle; at half a turn only the distance from the start stops growing."""
    n = compute("wavelength_max_d512", "half_turn_slowest_d512")
    omega = 10000.0 ** (-510 / 512)  # the slowest pair's frequency, written out
    full, half = value(n["wavelength_max_d512"]), value(n["half_turn_slowest_d512"])
    assert full == pytest.approx(2 * math.pi / omega, abs=0.5)
    assert half == pytest.approx(full / 2, abs=1)
    positions = np.arange(int(full) + 1)  # 0 .. 60,611: less than one wavelength apart
    angles = np.sort(np.mod(positions * omega, 2 * math.pi))
    wrap = angles[0] + 2 * math.pi - angles[-1]
    # Smallest gap between two positions' points: far above rounding (about 1e-12 here).
    assert min(np.diff(angles).min(), wrap) > 1e-6
    # Distance from position 0 on the pair's circle (a chord) peaks at the half turn.
    chord = 2 * np.abs(np.sin(positions * omega / 2))
    assert abs(int(np.argmax(chord)) - half) <= 1
    # The cosine alone is ambiguous past half a turn: cos(a) = cos(2 pi - a).
    past = int(half) + 100
    mirror = round(2 * math.pi / omega - past)
    assert math.cos(past * omega) == pytest.approx(math.cos(mirror * omega), abs=1e-3)


def test_d16_near_repeat_beyond_the_lengths_drawn(numbers: dict[str, str]) -> None:
    """Closed form |PE(p + k) - PE(p)| = 2 sqrt(sum_i sin^2(k w_i / 2)), independent of pe's
    encoding: the first offset closer than neighbours, and nothing closer before it."""
    omega = 10000.0 ** (-np.arange(8) * 2 / 16)
    k = int(value(numbers["near_repeat_offset_d16"]))
    offsets = np.arange(1, k + 1, dtype=np.float64)
    dist = 2 * np.sqrt((np.sin(offsets[:, None] * omega / 2) ** 2).sum(axis=1))
    neighbours = dist[0]
    assert value(numbers["neighbour_distance_d16"]) == pytest.approx(neighbours, abs=5e-4)
    assert value(numbers["near_repeat_distance_d16"]) == pytest.approx(dist[-1], abs=5e-4)
    assert dist[-1] < neighbours and (dist[1:-1] >= neighbours).all()
    # The figure draws lengths up to min_distance_length: the near-repeat lies beyond them,
    # which is why the caption may only say "for every length drawn".
    assert k > value(compute("min_distance_length")["min_distance_length"])


def test_sines_alone_are_distinct_but_poorly_separated(numbers: dict[str, str]) -> None:
    length = int(value(numbers["sines_only_length"]))
    pos = np.arange(length, dtype=np.float64)[:, None]
    sines = np.sin(pos * 10000.0 ** (-np.arange(8) * 2 / 16))
    sq = (sines**2).sum(axis=1)
    gap2 = sq[:, None] + sq[None, :] - 2 * sines @ sines.T
    np.fill_diagonal(gap2, np.inf)
    closest = math.sqrt(max(gap2.min(), 0.0))
    assert value(numbers["sines_only_min_distance_d16"]) == pytest.approx(closest, abs=5e-4)
    assert 0 < closest < value(numbers["neighbour_distance_d16"]) / 10


def test_h_minus_1_spacing_is_a_different_function(numbers: dict[str, str]) -> None:
    d, steps = int(numbers["timestep_spacing_d"]), int(value(numbers["timestep_spacing_steps"]))
    h = d // 2
    t = np.arange(steps, dtype=np.float64)[:, None]
    ddpm = np.exp(-math.log(10000) / (h - 1) * np.arange(h))
    paper = 10000.0 ** (-np.arange(h) / h)
    diff = np.abs(np.sin(t * ddpm) - np.sin(t * paper)).max()
    # float32 in pe.variants.fairseq shifts the difference by far less than the 0.05 of
    # one printed decimal.
    assert value(numbers["timestep_spacing_max_difference"]) == pytest.approx(diff, abs=0.05)
    assert diff > 1.9  # "up to 2 apart": some entry has opposite signs near +-1
    assert np.array_equal(pe.frequencies(d)[:1], paper[:1])  # the first frequency is shared
