"""The numbers the questions page and its answers quote, recomputed independently."""

from __future__ import annotations

import math

import numpy as np
import pytest

import pe
from scripts.artifacts import numbers as numbers_module
from scripts.artifacts import pages, registry

NAMES = ("half_turn_slowest_d512", "norm_d512", "unit_embedding_ratio_d512")


@pytest.fixture(scope="module")
def numbers() -> dict[str, str]:
    declared = [n for n in pages.numbers() if n.name in NAMES]
    return numbers_module.compute(**registry.numbers_artifact(declared).params)


def test_every_answer_number_is_declared_with_a_meaning(numbers: dict[str, str]) -> None:
    assert set(numbers) == set(NAMES)
    assert all(n.meaning for n in pages.numbers() if n.name in NAMES)


def test_half_turn_of_the_slowest_pair(numbers: dict[str, str]) -> None:
    # Half the longest wavelength: the slowest pair's angle reaches pi there.
    half = pe.wavelengths(512)[-1] / 2
    assert float(numbers["half_turn_slowest_d512"].replace(",", "")) == pytest.approx(half, abs=0.5)
    assert np.sin(round(half) * pe.frequencies(512)[-1]) == pytest.approx(0, abs=1e-4)


def test_norm_and_embedding_ratio(numbers: dict[str, str]) -> None:
    assert float(numbers["norm_d512"]) == pytest.approx(np.linalg.norm(pe.encoding(1, 512, start=7)))
    # Sampled N(0, 1) rows scaled by sqrt(d): the ratio to the encoding's length is sqrt(2d)
    # up to sampling error, which for 2,000 rows of 512 entries is well under 1 %.
    rows = np.random.default_rng(1).normal(size=(2000, 512)) * math.sqrt(512)
    ratio = np.linalg.norm(rows, axis=1).mean() / math.sqrt(256)
    assert float(numbers["unit_embedding_ratio_d512"]) == pytest.approx(ratio, rel=0.01)
