"""Each numeric exercise's tolerance rejects the answers of known slips of reasoning.

A tolerance wide enough to accept the angle where the answer is its sine, ``i`` where it is
``2i``, or degrees where it is radians, would mark a reader right for the mistake the
exercise is there to catch. tests/helpers/exercise_slips.py derives those wrong answers from
each exercise's answer function and parameters; here every one of them, as computed and as
a reader would round it (to the decimals the page prints), must fall outside the tolerance,
with the slack the page's checker adds (docs/javascripts/exercises.js: 1e-9 of the answer).
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers.exercise_slips import KNOWN, slips

from scripts.artifacts.exercise_bank import Exercise
from scripts.artifacts.pages import EXERCISES

NUMERIC = [e for e in EXERCISES if e.numeric]


def accepted(e: Exercise, x: float) -> bool:
    """Whether the page's checker accepts ``x`` (its rule, with its slack)."""
    v = e.value()
    return abs(x - v) <= e.tolerance + 1e-9 * max(1.0, abs(v))


def accepted_slips(e: Exercise) -> list[str]:
    return [f"{what}: {x!r} (or {round(x, e.decimals)!r} rounded) against {e.value()!r} "
            f"± {e.tolerance}"
            for what, x in slips(e).items()
            if accepted(e, x) or accepted(e, round(x, e.decimals))]


@pytest.mark.parametrize("e", NUMERIC, ids=lambda e: e.anchor)
def test_no_known_slip_is_accepted(e: Exercise) -> None:
    assert len(slips(e)) >= 5, e.anchor  # the generic slips at least
    assert accepted_slips(e) == []


def test_every_named_answer_function_has_its_own_slips() -> None:
    # A new answer function gets slips of its own here (lambdas get the generic ones).
    named = {e.answer for e in NUMERIC if e.answer.__name__ != "<lambda>"}
    assert named <= set(KNOWN), sorted(f.__name__ for f in named - set(KNOWN))


def test_the_check_fails_with_the_tolerance_that_accepted_the_angle() -> None:
    # Before issue 24 the entry by hand accepted ±5e-5, and with it 0.03, the angle, where
    # the answer is sin 0.03 = 0.0299955.
    entry = next(e for e in NUMERIC if e.anchor == "ex-formula-entry")
    loose = dataclasses.replace(entry, tolerance=5e-5)
    assert [s for s in accepted_slips(loose) if s.startswith("the angle")]
    assert not accepted(entry, 0.03) and accepted(entry, round(entry.value(), entry.decimals))
