"""Implementation exercises: the checker accepts their solution and names each planted mistake.

An implementation exercise (``level="implement"``, declared on its page's module in scripts/artifacts/pages/) asks
readers to paste the first rows of their table into the checker page, which runs
``pe.diagnose``. Here the exercise's worked solution (its script in docs/examples/) must get
the verdict the exercise promises, and a student's implementation with one of the exercise's
mistakes planted must get a "mistakes" verdict naming that mistake's code.

The mistaken implementations below are written as a student would write them, from the
formula, independently of ``pe`` and of ``pe.diagnose``.
"""

from __future__ import annotations

import runpy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from docscan import EXAMPLES

from scripts.artifacts.exercise_bank import PASTE_ROWS, Exercise
from scripts.artifacts.pages import EXERCISES

IMPLEMENT = [e for e in EXERCISES if e.level == "implement"]
Diagnose = Callable[[np.ndarray], Any]


@pytest.fixture(scope="module")
def diagnose() -> Diagnose:
    # Imported here, not at the top: without pe.diagnose these tests fail, one by one, and
    # the other docs tests still run.
    from pe.diagnose import diagnose

    return diagnose


def student(length: int, d_model: int, *, exponent: str = "2i", sign: float = -1.0,
            start: int = 0, odd_last_column: bool = True, dtype: type = np.float64,
            base: float = 10000.0) -> np.ndarray:
    """A loop implementation of the paper's table, with switches for the common mistakes.

    ``exponent``: "2i" (right), "i" (i where 2i belongs) or "d2-1" (divide by d/2 - 1);
    ``sign``: -1 (divide, right) or +1 (multiply); ``start``: the first position;
    ``odd_last_column``: False leaves an odd width's last column at zero; ``dtype``: the
    type the result is stored in.
    """
    table = np.zeros((length, d_model))
    pairs = d_model // 2 if not odd_last_column else (d_model + 1) // 2
    for row in range(length):
        pos = start + row
        for i in range(pairs):
            power = {"2i": 2 * i / d_model, "i": i / d_model,
                     "d2-1": i / (d_model // 2 - 1)}[exponent]
            angle = pos * base ** (sign * power)
            table[row, 2 * i] = np.sin(angle)
            if 2 * i + 1 < d_model:
                table[row, 2 * i + 1] = np.cos(angle)
    return table.astype(dtype).astype(np.float64)


#: Each finding code an exercise may name -> a student's table that shows that mistake.
PLANTED: dict[str, Callable[[int, int], np.ndarray]] = {
    "i-for-2i": lambda n, d: student(n, d, exponent="i"),
    "exponent-sign": lambda n, d: student(n, d, sign=+1.0),
    "position-offset": lambda n, d: student(n, d, start=2),  # fairseq's padding_idx + 1
    "spacing-d2-minus-1": lambda n, d: student(n, d, exponent="d2-1"),
    "odd-width-last-column": lambda n, d: student(n, d, odd_last_column=False),
    "transposed": lambda n, d: student(n, d).T,
    "scaled": lambda n, d: student(n, d) * np.sqrt(d),
    "float16-result": lambda n, d: student(n, d, dtype=np.float16),
}


def pasted(table: np.ndarray) -> np.ndarray:
    """``table`` printed with six decimals, as the solutions print theirs, and read back."""
    return np.array([[float(f"{v:.6f}") for v in row] for row in table])


def solution(e: Exercise) -> np.ndarray:
    """The first rows of the table the exercise's worked solution computes."""
    namespace = runpy.run_path(str(EXAMPLES / f"{e.script}.py"), run_name="solution")
    return np.asarray(namespace["encoding"](PASTE_ROWS, e.params["d_model"]))


def printed_solution(e: Exercise) -> np.ndarray:
    """What the reader pastes: the rows the script prints (six decimals)."""
    from docscan import run_example

    lines = run_example(e.script).stdout.strip().splitlines()
    return np.array([[float(v) for v in line.split(",")] for line in lines])


def test_there_are_implementation_exercises() -> None:
    assert IMPLEMENT


def test_the_student_implementation_is_right_when_no_mistake_is_planted() -> None:
    import pe

    for d in (7, 16):
        assert np.abs(student(PASTE_ROWS, d) - pe.encoding(PASTE_ROWS, d)).max() < 1e-12


@pytest.mark.parametrize("e", IMPLEMENT, ids=lambda e: e.anchor)
def test_the_checker_accepts_the_worked_solution(e: Exercise, diagnose: Diagnose) -> None:
    for table in (solution(e), printed_solution(e)):
        assert table.shape == (PASTE_ROWS, e.params["d_model"])
        found = diagnose(table)
        assert found.verdict == e.expect, (e.anchor, found.verdict, found.codes)
        assert found.matches_paper == (e.expect == "paper")
        assert not found.codes or e.expect != "paper", found.codes


@pytest.mark.parametrize(
    ("e", "code"), [(e, code) for e in IMPLEMENT for code in e.mistakes],
    ids=lambda v: v.anchor if isinstance(v, Exercise) else v)
def test_the_checker_names_each_planted_mistake(
    e: Exercise, code: str, diagnose: Diagnose
) -> None:
    # As the reader pastes it: printed with the solution's six decimals. (A table of exact
    # float16 values is a float16 table, which the checker judges at float16's precision.)
    table = pasted(PLANTED[code](PASTE_ROWS, e.params["d_model"]))
    found = diagnose(table)
    assert found.verdict == "mistakes", (code, found.verdict, found.codes)
    assert code in found.codes, (code, found.codes)
    assert not found.matches_paper
