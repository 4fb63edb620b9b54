"""``python -m pe homework --seed N [--key] [--url URL]``, run as a reader runs it: the sheet
and the key of a seed, the same every time, and one line naming the problem (exit status 2,
no traceback) for a seed that is not one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pe import homework
from pe.homework import MAX_SEED, PROBLEMS

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pe", "homework", *args], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=120)


def test_the_sheet_for_a_seed() -> None:
    result = run("--seed", "17", "--url", "https://example.org/pe-site/homework/")
    assert result.returncode == 0 and not result.stderr, result.stderr
    sheet = result.stdout
    assert sheet == homework.sheet(17, "https://example.org/pe-site/homework/")
    assert "Name: ____" in sheet and "Date: ____" in sheet
    assert "https://example.org/pe-site/homework/?seed=17" in sheet
    assert f"{homework.total_points()} points in all" in sheet
    headings = re.findall(r"^## Problem (\d+)\. .* \((\d+) points?\)$", sheet, re.MULTILINE)
    assert [int(n) for n, _ in headings] == list(range(1, len(PROBLEMS) + 1))
    assert sum(int(pts) for _, pts in headings) == homework.total_points()
    # The sheet's numbers are the seed's; no answer is on it.
    for slug, params in homework.draw(17).items():
        for value in params.values():
            assert f"{value:,}".replace("-", "−") in sheet, (slug, value)
    assert "**Answer:**" not in sheet and "good answer" not in sheet
    for answer in homework.answers(17).values():
        if abs(answer) >= 1 and answer != int(answer):  # integers may be parameters too
            assert homework.fixed(answer, 4) not in sheet


def test_the_key_for_a_seed_gives_pes_answers() -> None:
    result = run("--seed", "17", "--key")
    assert result.returncode == 0 and not result.stderr, result.stderr
    key = result.stdout
    shown = re.findall(r"^\*\*Answer:\*\* (\S+)", key, re.MULTILINE)
    answers = homework.answers(17)
    assert len(shown) == len(answers)
    for text, (slug, value) in zip(shown, answers.items(), strict=True):
        p = homework.problem(slug)
        typed = float(text.replace("−", "-").replace(",", ""))
        assert abs(typed - value) <= max(p.tolerance, 0) + 0.5 * 10 ** -p.decimals, slug
    assert key.count("What a good answer contains") == sum(p.kind == "design" for p in PROBLEMS)


def test_seeds_give_different_sheets_and_the_same_seed_the_same() -> None:
    assert run("--seed", "3").stdout == run("--seed", "3").stdout
    assert homework.draw(3) != homework.draw(4)
    assert len({str(homework.draw(s)) for s in range(50)}) == 50


@pytest.mark.parametrize(("seed", "named"), [
    ("-3", 'the seed "-3" is negative'),
    ("1.5", 'the seed "1.5" is not a whole number'),
    ("abc", 'the seed "abc" is not a whole number'),
    ("", "the seed is empty"),
    (str(MAX_SEED + 1), f'the seed "{MAX_SEED + 1}" is too large'),
    ("9" * 40, "is too large"),
])
def test_a_bad_seed_is_named(seed: str, named: str) -> None:
    result = run(f"--seed={seed}")
    assert result.returncode == 2 and not result.stdout
    assert result.stderr.startswith("error: --seed: ") and named in result.stderr, result.stderr
    assert f"from 0 to {MAX_SEED}" in result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_no_seed_is_a_usage_error() -> None:
    result = run()
    assert result.returncode == 2 and "--seed" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_largest_and_smallest_seeds_work() -> None:
    for seed in ("0", str(MAX_SEED)):
        assert run("--seed", seed, "--key").returncode == 0
