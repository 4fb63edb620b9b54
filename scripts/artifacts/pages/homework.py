"""docs/homework.md: Homework sheet.

Its sheet (``tables/homework-sheet.md``) is made by ``scripts/artifacts/homework_sheet.py``
from ``pe.homework`` for the default seed; the headings its problems rest on are a
parameter, so renaming one rebuilds it.
"""

from __future__ import annotations

from pe.homework import DEFAULT_SEED, PROBLEMS
from scripts.artifacts.registry import Artifact, table

PAGE = "homework.md"

#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    17: "an example seed in the instructions (`?seed=17`, `--seed 17`): any seed would do",
}


def artifacts() -> list[Artifact]:
    from scripts.artifacts.exercises import DOCS, section_titles

    if not (DOCS / PAGE).is_file():  # a copy of the pipeline without the pages
        return []
    pages = sorted({link.split("#")[0] for p in PROBLEMS for link in p.rests_on})
    return [table("homework-sheet", "homework_sheet:fragment", seed=DEFAULT_SEED,
                  titles=section_titles(pages))]
