"""On every page with both, the Exercises section comes before the References.

A page's references close it (tests/docs/test_docs_links.py); its exercises, a generated
fragment included under "## Exercises", come just before them, so that a reader who has
finished the explanation meets the practice first and the bibliography last. Checked on the
Markdown of every page and on the fragments the pages include (which must not open a
section of their own); tests/site/test_exercises_site.py checks the built pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docscan import pages, split_fences

from scripts.artifacts import exercises

_H2 = re.compile(r"^##\s+(\S+)")


def order_problems(page: Path, text: str | None = None) -> list[str]:
    """What is wrong with the order of the page's Exercises and References sections."""
    _, lines = split_fences(page, text)
    titles = [m.group(1) for m in map(_H2.match, lines) if m]
    if "Exercises" not in titles or "References" not in titles:
        return []
    problems = []
    if titles.count("Exercises") > 1:
        problems.append(f"{page.name}: {titles.count('Exercises')} Exercises sections")
    at = titles.index("Exercises")
    if titles[at + 1:at + 2] != ["References"]:
        problems.append(f"{page.name}: the section after Exercises is "
                        f"{titles[at + 1] if at + 1 < len(titles) else 'none'}, not References")
    return problems


def test_exercises_come_just_before_the_references_on_every_page() -> None:
    problems = [p for page in pages() for p in order_problems(page)]
    with_both = [page for page in pages() if re.search(r"^## Exercises", page.read_text(
        encoding="utf-8"), re.MULTILINE)]
    assert len(with_both) == len(exercises.PAGES)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("stem", [Path(p).stem for p in exercises.PAGES])
def test_an_exercises_fragment_opens_no_section_of_its_own(stem: str) -> None:
    text = exercises.fragment(stem=stem, sections=exercises.section_titles())
    assert not [line for line in text.splitlines() if re.match(r"^##\s", line)]


def test_the_check_fails_on_references_first() -> None:
    page = Path("x.md")
    wrong = "# X\n\n## References\n\n- a\n\n## Exercises\n\n--8<-- \"tables/exercises-x.md\"\n"
    assert order_problems(page, wrong) == [
        "x.md: the section after Exercises is none, not References"]
    between = "# X\n\n## Exercises\n\nx\n\n## See also\n\n- b\n\n## References\n\n- a\n"
    assert order_problems(page, between)
    right = "# X\n\n## Exercises\n\nx\n\n## References\n\n- a\n"
    fenced = "# X\n\n```text\n## References\n```\n\n## Exercises\n\nx\n\n## References\n\n- a\n"
    assert order_problems(page, right) == order_problems(page, fenced) == []
