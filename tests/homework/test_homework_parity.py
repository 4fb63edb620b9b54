"""The homework page computes what ``pe.homework`` computes: docs/javascripts/homework.js runs
in Node (it is pure outside the page) and is compared with Python.

- The parameters: the same mulberry32 draws, so the same integers for every seed, exactly.
- The answers: JavaScript's formulas against pe's NumPy, and what the page's answer box
  accepts (``verdict`` of docs/javascripts/exercises.js) for the key's answers.

Tolerance of the answers. Each answer is at most a handful of float64 operations: a power
``10000 ** (2i/d)``, a division or product, then a ``sin`` or ``cos``. V8's and NumPy's
``pow``, ``sin`` and ``cos`` are each faithfully rounded (within one ulp), so the two may
differ by a few ulp. The largest angle is below 2**7 (position 99, or an offset of 90, times a
frequency at most 1), where an ulp is 2**-45; a few ulp of the angle and one of the result
stay under 1e-12. The wavelengths reach about 2π · 10000 < 2**16 (ulp 2**-36), the ALiBi
biases |slope · distance| ≤ 40 (exact products of powers of two, or one rounding).
``ABS_TOL = 1e-9`` is far above all of these and far below the tolerances a student gets
(5e-4 at the finest). The integer answers (T5 buckets, counts, rows) must be equal.
"""

from __future__ import annotations

import itertools
import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pe import homework
from pe.homework import MAX_SEED, PROBLEMS

# The page's JavaScript run in Node against pe: outside ./dev test --fast.
pytestmark = pytest.mark.port

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "homework" / "run_homework.mjs"
ABS_TOL = 1e-9
INTEGER = {p.slug for p in PROBLEMS if p.numeric and p.decimals == 0}


def run_js(**request: Any) -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "Node.js is needed to run the homework page's module (./dev installs it)"
    result = subprocess.run(
        [node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(RUNNER)],
        input=json.dumps({"spec": homework.spec(), **request}), cwd=ROOT,
        capture_output=True, text=True, check=False, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def assert_same_answer(slug: str, python: float, js: float, where: str) -> None:
    if slug in INTEGER:
        assert python == js, f"{where}: pe says {python}, the page {js}"
    else:
        assert math.isclose(python, js, rel_tol=0, abs_tol=ABS_TOL), (
            f"{where}: pe says {python!r}, the page {js!r}")


SEEDS = st.lists(st.integers(0, MAX_SEED), min_size=1, max_size=40, unique=True)


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_the_page_draws_the_parameters_and_answers_of_pe(seeds: list[int]) -> None:
    js = run_js(seeds=seeds)
    for seed in seeds:
        assert js["draws"][str(seed)] == homework.draw(seed), seed
        expected = homework.answers(seed)
        assert set(js["answers"][str(seed)]) == set(expected)
        for slug, value in expected.items():
            assert_same_answer(slug, value, js["answers"][str(seed)][slug], f"seed {seed}, {slug}")


def test_the_edges_of_the_seed_range() -> None:
    seeds = [0, 1, 2, 17, 2**31 - 1, 2**31, MAX_SEED - 1, MAX_SEED]
    js = run_js(seeds=seeds)
    for seed in seeds:
        assert js["draws"][str(seed)] == homework.draw(seed), seed


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_the_pages_answer_box_accepts_the_keys_answers(seeds: list[int]) -> None:
    """What the key prints (rounded) and pe's full value are "right" in the page's box;
    an answer just outside the tolerance is not."""
    typed, wanted = [], []
    for seed in seeds:
        for slug, value in homework.answers(seed).items():
            p = homework.problem(slug)
            rounded = homework.fixed(value, p.decimals)
            off = value + p.tolerance + max(1e-3 * abs(value), 1e-3)
            for text, want in ((rounded, "right"), (repr(value), "right"),
                               (f"{rounded} {p.unit}".strip(), "right"), (repr(off), "wrong")):
                typed.append({"seed": seed, "slug": slug, "text": text,
                              "tolerance": p.tolerance, "unit": p.unit})
                wanted.append(want)
    states = run_js(typed=typed)["verdicts"]
    for case, want, state in zip(typed, wanted, states, strict=True):
        assert state == want, (case, state)


def test_every_parameter_set_of_the_finite_problems() -> None:
    """Where a problem has few parameter sets, all of them (a T5 bucket or a count flips
    at a boundary if the two languages round a logarithm or a power differently)."""
    cases: list[dict[str, Any]] = []
    for p in PROBLEMS:
        if p.slug not in ("t5", "extrapolation", "learned", "alibi"):
            continue
        names: list[str] = []
        ranges: list[list[int] | None] = []
        for name, choices in p.draws:
            names.append(name)
            if "of" in choices:
                ranges.append(list(choices["of"]))
            elif isinstance(choices["hi"], str):
                ranges.append(None)  # depends on an earlier draw: below
            else:
                ranges.append(list(range(choices["lo"], choices["hi"] + 1)))
        if p.slug == "alibi":  # every head of every head count, a few distances
            combos: list[dict[str, int]] = [{"heads": h, "head": k, "query": 40, "back": b}
                      for h in (4, 8, 12, 16) for k in range(1, h + 1) for b in (0, 1, 7, 40)]
        else:
            combos = [dict(zip(names, values, strict=True))
                      for values in itertools.product(*ranges)]  # type: ignore[arg-type]
        cases += [{"slug": p.slug, "params": c} for c in combos]
    js = run_js(cases=cases)["cases"]
    for case, value in zip(cases, js, strict=True):
        p = homework.problem(case["slug"])
        assert p.answer is not None
        assert_same_answer(p.slug, p.answer(**case["params"]), value, str(case))


def test_bad_seeds_get_the_same_words_in_python_and_on_the_page() -> None:
    texts = ["17", " 17 ", "0", str(MAX_SEED), str(MAX_SEED + 1), "99999999999999999999",
             "-3", "- 3", "-0.5", "1.5", "1e3", "abc", "", "  ", "0x10", "+5", "١٧"]
    js = run_js(texts=texts)["seeds"]
    for text, said in zip(texts, js, strict=True):
        try:
            assert said == {"seed": homework.parse_seed(text)}, text
        except homework.HomeworkError as exc:
            assert said == {"error": str(exc)}, text
