"""The questions tables: every entry of docs/data/practice_questions.yml is shown exactly once,
answered ones with their thread and their section, left-out ones with their reason."""

from __future__ import annotations

from scripts.artifacts import practice_questions
from scripts.artifacts.pages import practice_questions as practice_questions_page


def test_every_question_appears_once_in_its_table() -> None:
    tables = {a.name: a for a in practice_questions_page.artifacts()}
    questions = tables["practice-questions"].params["questions"]
    assert questions == tables["practice-questions-left-out"].params["questions"]
    answered = practice_questions.answered(questions)
    left = practice_questions.left_out(questions)
    for entry in questions:
        table = answered if "answer" in entry else left
        other = left if "answer" in entry else answered
        assert table.count(f"({entry['address']})") == 1, entry["address"]
        assert f"({entry['address']})" not in other
        if "answer" in entry:
            assert f"]({entry['answer']})" in table
        else:
            assert entry["left_out"].strip() in table
    rows = answered.count("\n") - 2 + left.count("\n") - 2
    assert rows == len(questions)


def test_a_pipe_in_a_question_does_not_break_the_table() -> None:
    table = practice_questions.answered(
        [{"question": "a | b?", "project": "p", "address": "https://github.com/o/r/issues/1",
          "answer": "practice.md#x"}])
    assert r"a \| b?" in table and table.count("\n") == 3
