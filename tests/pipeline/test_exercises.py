"""The exercises: declared once, answered by pe, shown on their pages and in the problem set.

The declarations (``EXERCISES`` of each page's module, scripts/artifacts/pages/) are rendered into a fragment per page,
the teachers' problem set and its solutions (scripts/artifacts/exercises.py). Each numeric
answer is computed twice, independently: by the declaration's function with ``pe``, and by
the worked solution's script in docs/examples/ from the closed form; the two must agree.
"""

from __future__ import annotations

import html
import re
import runpy
from collections import Counter
from pathlib import Path

import pytest
from test_registry_text import typed_numbers

from scripts.artifacts import exercises, pages, registry
from scripts.artifacts.exercise_bank import Exercise
from scripts.artifacts.pages import EXERCISES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SECTIONS = exercises.section_titles()
NUMERIC = [e for e in EXERCISES if e.numeric]
SCRIPTED = [e for e in NUMERIC if e.script]
IMPLEMENT = [e for e in EXERCISES if e.level == "implement"]
#: Numbers an exercise's text may type: the paper's base, a constant of the formula.
ALLOWED_NUMBERS = {"10000"}
_FORM = re.compile(r'<form class="pe-answer" data-answer="([^"]+)" data-tolerance="([^"]+)"')


def ids(e: Exercise) -> str:
    return e.anchor


@pytest.fixture(scope="module")
def fragments() -> dict[str, str]:
    return {stem: exercises.fragment(stem=stem, sections=SECTIONS) for stem in exercises.STEMS}


def test_every_explanatory_page_has_three_to_six_exercises() -> None:
    counts = Counter(e.page for e in EXERCISES)
    for page in ("index.md", "formula.md", "wavelengths.md", "embeddings.md", "relative-position.md",
                 "worked-examples.md", "pitfalls.md", "errata.md", "beyond-text.md",
                 "practice.md", "relatives.md"):
        assert 3 <= counts[page] <= 6, f"{page} has {counts[page]} exercises"


def test_each_page_has_a_first_check_and_goes_beyond_it() -> None:
    for page in {e.page for e in EXERCISES}:
        levels = [e.level for e in EXERCISES if e.page == page]
        assert levels[0] == "check", f"{page} should open with a check of understanding"
        assert {"derive", "compute", "implement"} & set(levels), page


def test_each_exercise_is_declared_on_its_page_with_its_script_in_the_page_folder() -> None:
    for module in pages.MODULES:
        for e in getattr(module, "EXERCISES", []):
            assert e.page == module.PAGE, f"{e.anchor} is declared in {pages.source(module)}"
            if e.script:
                folder = e.page.removesuffix(".md")
                assert e.script.startswith(f"{folder}/"), f"{e.anchor}: {e.script}"
                assert (DOCS / "examples" / f"{e.script}.py").is_file(), e.script


def test_the_registry_declares_one_fragment_per_page_and_the_teachers_pages() -> None:
    names = {a.name for a in registry.all_artifacts() if a.module == "exercises"}
    assert names == {f"exercises-{stem}" for stem in exercises.STEMS}
    assert {"exercises-teachers", "exercises-teachers-solutions"} <= names


@pytest.mark.parametrize("page", exercises.PAGES)
def test_a_page_has_its_exercises_just_before_its_references(page: str) -> None:
    # The one change to an existing page: an Exercises section, including the page's
    # fragment, then the References that close the page.
    text = (DOCS / page).read_text(encoding="utf-8")
    stem = page.removesuffix(".md")
    section = (f'## Exercises {{ #exercises }}\n\n--8<-- "tables/exercises-{stem}.md"\n\n'
               "## References { #references }\n")
    assert text.count("## Exercises") == 1 and section in text


@pytest.mark.parametrize("e", EXERCISES, ids=ids)
def test_no_number_is_typed_in_an_exercise(e: Exercise) -> None:
    for what, template in (("prompt", e.prompt), ("solution", e.solution)):
        typed = [n for n in typed_numbers(template) if n not in ALLOWED_NUMBERS]
        assert typed == [], f"{e.anchor}: its {what} types {typed}; use a parameter"
    assert "$" not in exercises.prompt(e) + exercises.solution(e), "a placeholder was left"


@pytest.mark.parametrize("e", NUMERIC, ids=ids)
def test_a_numeric_exercise_states_a_tolerance_its_answer_can_meet(e: Exercise) -> None:
    assert e.tolerance >= 0
    # The printed answer is itself an answer the page accepts.
    shown = round(e.value(), e.decimals)
    assert abs(shown - e.value()) <= max(e.tolerance, 0.5 * 10.0**-e.decimals)
    if e.tolerance == 0:
        assert e.value() == round(e.value()), "an exact answer must be a whole number"


@pytest.mark.parametrize("e", SCRIPTED, ids=ids)
def test_the_worked_solution_script_computes_the_same_answer(e: Exercise, capsys) -> None:
    # Two float64 evaluations of one closed form in a different order of operations differ
    # by a few ulp; the sampled ones (embeddings) are checked against their tolerance.
    namespace = runpy.run_path(str(DOCS / "examples" / f"{e.script}.py"))
    capsys.readouterr()
    assert namespace["answer"] == pytest.approx(e.value(), rel=1e-9, abs=1e-12)


def test_numeric_exercises_without_a_script_compute_nothing_by_hand() -> None:
    # Their solutions are a line of reasoning; a solution that works a number out in steps
    # shows the script that does it.
    for e in NUMERIC:
        if e.script is None:
            assert e.level == "check" or e.anchor == "ex-errata-d50", e.anchor


@pytest.mark.parametrize("e", NUMERIC, ids=ids)
def test_the_page_carries_the_answer_and_tolerance(e: Exercise, fragments) -> None:
    text = fragments[e.page.removesuffix(".md")]
    section = text.split(f"{{ #{e.anchor} }}")[1].split("\n### ")[0]
    answer, tolerance = _FORM.search(section).groups()
    assert float(html.unescape(answer)) == e.value()
    assert float(tolerance) == e.tolerance
    # Without scripts the answer is still on the page, in the folded block.
    assert '??? note "Answer and worked solution"' in section
    assert exercises.answer_line(e) in section


@pytest.mark.parametrize("e", EXERCISES, ids=ids)
def test_every_exercise_links_the_sections_it_rests_on(e: Exercise) -> None:
    assert e.rests_on, e.anchor
    for link in e.rests_on:
        assert link in SECTIONS, f"{e.anchor}: {link} is no heading"


def test_a_link_to_a_missing_section_fails_the_fragment() -> None:
    e = Exercise("formula.md", "x", "x", "derive", "p", "s", ("formula.md#no-such-heading",))
    with pytest.raises(ValueError, match="no-such-heading"):
        exercises.rests_on(e, SECTIONS)


def test_the_problem_set_holds_every_exercise_in_order_and_no_answers(fragments) -> None:
    text = fragments["teachers"]
    titles = re.findall(r"^### Problem (\d+)\. (.+?) \{", text, re.MULTILINE)
    assert [(int(n), t) for n, t in titles] == [(n, e.title) for n, e in
                                                enumerate(EXERCISES, 1)]
    assert "Answer:**" not in text and "??? " not in text and "--8<--" not in text
    for e in EXERCISES:
        assert exercises.prompt(e) in text
        assert exercises.rests_on(e, SECTIONS) in text  # the table of what it rests on


def test_the_solutions_page_answers_every_problem(fragments) -> None:
    text = fragments["teachers-solutions"]
    for n, e in enumerate(EXERCISES, 1):
        assert f"## Problem {n}. {e.title}" in text
        assert exercises.solution(e) in text
        if e.numeric:
            assert exercises.answer_line(e) in text
        if e.script:  # in a folded block of its own, after the worked solution
            fold = text.index(exercises.solution(e)) + len(exercises.solution(e))
            assert text.index(exercises.SCRIPT_FOLD, fold) < text.index(
                f'    --8<-- "docs/examples/{e.script}.py"', fold)


def test_implementation_exercises_link_the_checker(fragments) -> None:
    assert IMPLEMENT
    for e in IMPLEMENT:
        assert "(checker.md)" in exercises.prompt(e)
        assert e.expect and e.mistakes and e.script, e.anchor


def test_exercise_pages_load_the_script_and_stylesheet_and_others_do_not(fragments) -> None:
    for stem, text in fragments.items():
        up = "" if stem == "index" else "../"  # relative to the page's address
        assert text.startswith(f'<link rel="stylesheet" href="{up}{exercises.STYLESHEET}">')
        has_forms = "<form" in text
        assert has_forms == (f'src="{up}{exercises.SCRIPT}"' in text), stem
    assert (DOCS / exercises.SCRIPT).is_file() and (DOCS / exercises.STYLESHEET).is_file()
