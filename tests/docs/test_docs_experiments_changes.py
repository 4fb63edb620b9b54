"""docs/experiments-changes.md: what each of its scripts shows, and the links to it.

Each test runs one script of docs/examples/experiments-changes/ and asserts the statement
the page makes from its output; the results of the training runs on the page are checked by
tests/pipeline/test_experiment_claims.py.
"""

from __future__ import annotations

import re

from docscan import DOCS, run_example

PAGE = DOCS / "experiments-changes.md"


def _stdout(stem: str) -> str:
    result = run_example(stem)
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout


def _line(out: str, start: str) -> str:
    (line,) = [x for x in out.splitlines() if x.startswith(start)]
    return line


def test_the_slip_is_what_the_checker_names_distinct_and_without_one_map_per_offset() -> None:
    out = _stdout("changes_slip_table")
    assert _line(out, "the checker's verdict:").endswith("('column-exponent',)")
    assert _line(out, "rows all distinct:").endswith("True")
    assert _line(out, "same as the paper's table:").endswith("False")
    errors = {name: float(_line(out, f"{name}: largest error").rsplit(" ", 1)[1])
              for name in ("paper", "slip")}
    # the paper's rows: one exact map per offset (rounding only); the slip's: none near
    assert errors["paper"] < 1e-9 and errors["slip"] > 0.1, errors


def test_a_sliced_table_is_the_shorter_table_bit_for_bit() -> None:
    lines = [x for x in _stdout("changes_slice_shorter").splitlines() if x.startswith("first")]
    assert len(lines) >= 3
    assert all(x.endswith("paper True, split True") for x in lines), lines


def test_row_zero_is_constant_and_a_shifted_embedding_absorbs_it() -> None:
    out = _stdout("changes_one_element")
    row = [float(v) for v in re.findall(r"-?\d+\.\d+", _line(out, "row 0:"))]
    assert row == [0.0, 1.0] * (len(row) // 2) and len(row) % 2 == 0 and row
    assert _line(out, "same inputs without the encoding:").endswith("True")
    assert _line(out, "attention weight on the only key:").endswith("1.0")


def test_the_pages_that_raise_these_questions_link_here() -> None:
    landing = (DOCS / "experiments.md").read_text(encoding="utf-8")
    practice = (DOCS / "practice.md").read_text(encoding="utf-8")
    assert "experiments-changes.md" in landing
    for anchor in ("#trainable", "#shorter"):
        assert f"experiments-changes.md{anchor}" in practice, anchor
    text = PAGE.read_text(encoding="utf-8")
    for anchor in ("trainable", "wrong-formula", "shorter", "one-element"):
        assert f"{{ #{anchor} }}" in text, anchor
