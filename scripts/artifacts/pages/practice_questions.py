"""docs/practice-questions.md: Questions from practice.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define): its two
tables, made from ``docs/data/practice_questions.yml``.
"""

from __future__ import annotations

from scripts.artifacts.registry import ROOT, Artifact, table

PAGE = "practice-questions.md"

PRACTICE_QUESTIONS = ROOT / "docs" / "data" / "practice_questions.yml"


def artifacts() -> list[Artifact]:
    """The two tables of docs/practice-questions.md (none if the questions file is missing,
    as in a checkout without docs). The file's entries are the parameters, so an edit to it
    rebuilds the tables."""
    if not PRACTICE_QUESTIONS.is_file():
        return []
    import yaml  # cheap, unlike the table code; only needed here

    questions = yaml.safe_load(PRACTICE_QUESTIONS.read_text(encoding="utf-8"))
    if not isinstance(questions, list):
        raise TypeError(f"{PRACTICE_QUESTIONS.name} must be a list of questions")
    return [
        table("practice-questions", "practice_questions:answered", questions=questions),
        table("practice-questions-left-out", "practice_questions:left_out",
               questions=questions),
    ]
