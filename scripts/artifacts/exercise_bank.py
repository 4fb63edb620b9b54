r"""What the site's exercises are made of: :class:`Exercise` and the functions of ``pe`` their
answers use. The exercises themselves are declared on their page's module
(``scripts/artifacts/pages/<page>.py``, ``EXERCISES``); ``artifacts.exercises`` renders them.

Each :class:`Exercise` belongs to one page and says which sections it rests on. Its
``prompt`` and ``solution`` are ``string.Template`` texts filled from its ``params`` (and,
for a numeric exercise, from ``$answer``, ``$answer_tex`` (the same inside maths) and
``$tolerance``), so no input or result is typed in the prose. Four kinds, from a first check of understanding to an implementation:

- ``check`` and ``compute``: a number. ``answer(**params)`` computes it with ``pe`` at
  build time; the page checks a typed answer against it within ``tolerance``.
- ``derive``: a derivation; the worked solution is folded away.
- ``implement``: write the encoding and paste the first rows of its table into the checker
  page (``pe.diagnose``). ``expect`` is the verdict a correct solution gets and
  ``mistakes`` the finding codes the checker must name when one of them is planted
  (tests/exercises proves both).

``script``: the path under ``docs/examples/`` (``formula/exercise_formula_entry``, no ``.py``)
of the script the solution shows with its output (it works the answer out step by step; the
tests run it and compare it with ``answer``). It lives in the folder of the exercise's page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

import pe
import pe.relatives

Level = Literal["check", "compute", "derive", "implement"]
#: How the pages name each kind.
LEVELS: dict[str, str] = {"check": "Check of understanding", "compute": "Computation",
                          "derive": "Derivation", "implement": "Implementation"}


@dataclass(frozen=True)
class Exercise:
    page: str  # the page it sits on, e.g. "formula.md"
    slug: str  # unique on its page; the anchor is "ex-<page stem>-<slug>"
    title: str
    level: Level
    prompt: str  # Markdown template
    solution: str  # Markdown template
    rests_on: tuple[str, ...]  # "page.md#anchor" links, first the section it practises
    params: dict[str, Any] = field(default_factory=dict)
    answer: Callable[..., float] | None = None
    tolerance: float = 0.0
    decimals: int = 4  # how the answer is printed
    unit: str = ""  # after the answer, e.g. "positions"
    script: str | None = None
    expect: str = ""  # implement: the checker's verdict on a correct solution
    mistakes: tuple[str, ...] = ()  # implement: codes the checker names when planted

    @property
    def anchor(self) -> str:
        return f"ex-{self.page.removesuffix('.md')}-{self.slug}"

    @property
    def numeric(self) -> bool:
        return self.answer is not None

    def value(self) -> float:
        if self.answer is None:
            raise ValueError(f"exercise {self.anchor} has no numeric answer")
        return float(self.answer(**self.params))


# ---------------------------------------------------------------- answers, computed by pe


def entry(pos: int, column: int, d_model: int, base: float = 10000.0) -> float:
    """One entry of the paper's table."""
    return float(pe.encoding(1, d_model, start=pos, base=base)[0, column])


def longest_wavelength(d_model: int, base: float = 10000.0) -> float:
    return float(pe.wavelengths(d_model, base=base)[-1])


def wavelength(pair: int, d_model: int, base: float = 10000.0) -> float:
    return float(pe.wavelengths(d_model, base=base)[pair])


def wavelength_ratio(d_model: int, base: float = 10000.0) -> float:
    lam = pe.wavelengths(d_model, base=base)
    return float(lam[1] / lam[0])


def base_for_wavelength(d_model: int, target: float) -> float:
    """The base whose longest wavelength is ``target`` positions (checked against pe)."""
    base = float((target / (2 * math.pi)) ** (d_model / (d_model - 2)))
    assert math.isclose(longest_wavelength(d_model, base), target, rel_tol=1e-9)
    return base


def norm(pos: int, d_model: int) -> float:
    return float(np.linalg.norm(pe.encoding(1, d_model, start=pos)[0]))


def dot_at_offset(pos: int, offset: int, d_model: int) -> float:
    rows = pe.encoding(pos + offset + 1, d_model)
    return float(rows[pos] @ rows[pos + offset])


def turn(pair: int, offset: int, d_model: int) -> float:
    """The angle pair ``pair`` turns through over ``offset`` positions, in radians."""
    return float(offset * pe.frequencies(d_model)[pair])


def rotation_entry(offset: int, d_model: int, row: int, column: int) -> float:
    return float(pe.rotation(offset, d_model)[row, column])


def mistaken_longest_wavelength(d_model: int) -> float:
    """Longest wavelength when ``i`` stands where ``2i`` belongs: base^(i/d) for the last
    pair (written out: the mistake has no function in ``pe``)."""
    last = d_model // 2 - 1
    return float(2 * math.pi / pe.frequencies(2 * d_model)[last])


def spacing_longest_wavelength(d_model: int, base: float = 10000.0) -> float:
    """Longest wavelength when the exponent divides by d/2 - 1 (fairseq's spacing,
    written out: omega_i = base^(-i/(h-1)), so the last frequency is 1/base exactly)."""
    h = d_model // 2
    return float(2 * math.pi / base ** (-(h - 1) / (h - 1)))


def half_turn_position(d_model: int) -> float:
    """Positions before the slowest pair has turned half a circle."""
    return float(math.pi / pe.frequencies(d_model)[-1])


def float16_exact_integers(fraction_bits: int) -> float:
    """Every integer up to this one is exact in a binary type with this many fraction bits
    (checked against float16 itself)."""
    top = 2 ** (fraction_bits + 1)
    assert float(np.float16(top + 1)) != top + 1 and all(
        float(np.float16(n)) == n for n in range(top + 1))
    return float(top)


def scaled_norm_ratio(d_model: int) -> float:
    """Length of a sqrt(d)-scaled row of unit-variance entries (sqrt(d) * sqrt(d)) over the
    encoding's length sqrt(d/2)."""
    return float(math.sqrt(d_model) * math.sqrt(d_model) / norm(0, d_model))


def random_cosine_spread(d_model: int) -> float:
    """Standard deviation of the cosine similarity of two independent random directions in
    d dimensions: exactly 1/sqrt(d)."""
    return 1 / math.sqrt(d_model)


def timestep_entry(t: int, column: int, d_model: int) -> float:
    """guided-diffusion's embedding of timestep t: cosines first, then sines, of pe's
    frequencies (pe's split layout with the halves swapped)."""
    split = pe.encoding(1, d_model, start=t, layout="split")[0]
    half = d_model // 2
    return float(np.concatenate([split[half:], split[:half]])[column])


def patch_dot(rows: int, cols: int, d_model: int) -> float:
    """Dot product of the 2-D encodings of two patches ``rows`` and ``cols`` apart (each
    axis gets half the width): the sum of the two 1-D dot products at those offsets."""
    half = d_model // 2
    return dot_at_offset(0, rows, half) + dot_at_offset(0, cols, half)


# ---------------------------------------------------------------- shared by the exercises

#: What an implementation exercise's solution prints: this many rows of its table.
PASTE_ROWS = 8
