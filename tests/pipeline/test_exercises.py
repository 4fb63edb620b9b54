"""The exercises: declared once, answered by pe, shown on their pages and in the problem set.

The declarations (``EXERCISES`` of each page's module, scripts/artifacts/pages/) are rendered into a fragment per page,
the teachers' problem set and its solutions (scripts/artifacts/exercises.py). Each numeric
answer is computed twice, independently: by the declaration's function with ``pe``, and by
the worked solution's script in docs/examples/ from the closed form; the two must agree.
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
import runpy
from collections import Counter
from pathlib import Path

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from test_registry_text import typed_numbers

from scripts.artifacts import exercise_bank as bank
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
_FORM = re.compile(r'<form class="pe-answer[^"]*" data-answer="([^"]+)" data-tolerance="([^"]+)"')


def ids(e: Exercise) -> str:
    return e.anchor


@pytest.fixture(scope="module")
def fragments() -> dict[str, str]:
    return {stem: exercises.fragment(stem=stem, sections=SECTIONS) for stem in exercises.STEMS}


def test_every_explanatory_page_has_three_to_six_exercises() -> None:
    counts = Counter(e.page for e in EXERCISES)
    for page in ("index.md", "formula.md", "wavelengths.md", "embeddings.md", "relative-position.md",
                 "worked-examples.md", "pitfalls-formula.md", "pitfalls-use.md", "errata.md", "beyond-text.md",
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


# ---------------------------------------------------------------- the exact forms


def _within_ulps(expr, value: float, scale: float, ulps: float = bank.EXACT_ULPS) -> bool:
    """``expr``, evaluated by SymPy to 30 digits, within ``ulps`` units in the last place
    of ``scale`` of the float64 ``value`` (written out here, not taken from the bank)."""
    exact = sp.N(sp.sympify(expr).doit(), 30)
    return bool(abs(exact - sp.Float(value, 30)) <= ulps * math.ulp(scale))


def test_every_numeric_exercise_declares_an_exact_form() -> None:
    # None (no closed form worth showing) must be said by the counterpart, not left out.
    missing = [e.anchor for e in NUMERIC if e.exact is None]
    assert missing == [], f"declare exact=... for {missing}"


@pytest.mark.parametrize("e", NUMERIC, ids=ids)
def test_the_exact_form_is_the_answer_pe_computes(e: Exercise) -> None:
    # EXACT_ULPS (8) of the answer, or of 1 through a sine or cosine: a few correctly rounded
    # float64 operations, and a sine's error in absolute terms (exercise_bank says why); the
    # answers' tolerances are at least 1e-6, 10^9 times more than this allows.
    expr = e.exact_form()
    if expr is None:
        return
    value = e.value()
    scale = max(abs(value), 1.0) if expr.has(sp.sin, sp.cos) else abs(value)
    assert _within_ulps(expr, value, scale), (e.anchor, sp.N(expr.doit(), 30))
    assert bank.exact_agrees(expr, value)
    if e.tolerance == 0:  # typed exactly: a whole number, exactly
        assert expr.is_Integer and int(expr) == value, e.anchor


@pytest.mark.parametrize("e", [e for e in NUMERIC if e.tolerance > 0], ids=ids)
def test_a_wrong_exact_form_fails(e: Exercise) -> None:
    # The check can fail: the exact form off by one part in 10^13 (far inside every
    # answer's tolerance), or a sine taken for a cosine, fails the fragment, naming it.
    expr = e.exact_form()
    if expr is None:
        return
    for wrong in (expr * (1 + sp.Rational(1, 10**13)), expr.replace(sp.sin, sp.cos)
                  if expr.has(sp.sin) else expr + 1):
        assert not _within_ulps(wrong, e.value(), bank.exact_scale(expr, e.value()))
        bad = dataclasses.replace(e, exact=lambda wrong=wrong, **_: wrong)
        with pytest.raises(ValueError, match=f"exercise {e.anchor}: its exact form"):
            exercises.exact_tex(bad)


@pytest.mark.parametrize("e", NUMERIC, ids=ids)
def test_the_answer_box_carries_the_exact_form_after_a_right_answer(e: Exercise, fragments) -> None:
    section = fragments[e.page.removesuffix(".md")].split(f"{{ #{e.anchor} }}")[1]
    form = section.split("</form>")[0]
    shown = exercises.exact_tex(e)
    templates = re.findall(r'<template class="pe-answer-exact">(.*?)</template>', form)
    if shown is None:  # nothing more than the number, which a whole answer already is
        assert templates == [] and (e.tolerance == 0 or e.exact_form() is None)
        assert "pe-answer-exact-form" not in form
        return
    assert '<form class="pe-answer pe-answer-exact-form"' in form  # four lines on a phone
    # Typeset at build time (\(..\) in the page's text; the site's KaTeX pass).
    unit = e.unit.removesuffix("s") if shown == "1" else e.unit  # "1 radian"
    tex = html.escape(shown, quote=False)
    assert templates == [f" The exact value is \\({tex}\\){' ' + unit if unit else ''}."]
    if not e.exact_form().is_Integer:  # then the answer in full, as pe computes it
        assert float(shown.split()[-1]) == e.value()


@pytest.mark.parametrize("page", exercises.PAGES)
def test_the_introduction_says_a_right_answer_shows_the_exact_value(page: str, fragments) -> None:
    text = fragments[page.removesuffix(".md")]
    assert (exercises.EXACT_NOTE in text) == ('class="pe-answer-exact"' in text), page


def test_an_exercise_without_a_closed_form_shows_only_the_number() -> None:
    e = next(e for e in NUMERIC if e.anchor == "ex-formula-entry")
    plain = dataclasses.replace(e, exact=bank.no_closed_form)
    assert exercises.exact_tex(plain) is None
    assert "<template" not in exercises.answer_form(plain)
    assert "<template" in exercises.answer_form(e)
    with pytest.raises(ValueError, match="ex-formula-entry declares no exact form"):
        dataclasses.replace(e, exact=None).exact_form()


def test_the_exact_forms_keep_the_formulas_shape() -> None:
    # A power of the base stays one (SymPy alone writes 5 * 10000^(-1/25) as 10^(21/25)/2),
    # unless it is a rational number.
    assert bank.tex(bank.entry_exact(5, 2, 50)) == r"\sin{\left(5 \cdot 10000^{-1/25} \right)}"
    assert bank.tex(bank.entry_exact(3, 2, 4)) == r"\sin{\left(3 / 100 \right)}"
    assert bank.tex(bank.wavelength_exact(24, 50)) == r"2 \pi \cdot 10000^{24/25}"


_WIDTHS = st.integers(1, 256).map(lambda h: 2 * h)
#: SymPy's first evaluations are slow on a shared machine: no per-example deadline.
_PROPERTY = settings(deadline=None, max_examples=60)


@_PROPERTY
@given(pos=st.integers(0, 10_000), width=_WIDTHS, data=st.data(),
       base=st.sampled_from([10.0, 100.0, 500.0, 10000.0, 2.5, 1e5]))
def test_entry_exact_is_pes_entry_for_every_input(pos: int, width: int, data, base: float
                                                  ) -> None:
    # pe computes the angle p * omega_i in float64, within about an ulp of the angle; through
    # the sine that is an absolute error, so the scale is the angle (and at least 1).
    column = data.draw(st.integers(0, width - 1), label="column")
    angle = pos * base ** (-2 * (column // 2) / width)
    assert _within_ulps(bank.entry_exact(pos, column, width, base),
                        bank.entry(pos, column, width, base), max(angle, 1.0), ulps=16)


@_PROPERTY
@given(width=_WIDTHS, data=st.data(), base=st.sampled_from([10.0, 100.0, 10000.0, 1e5]))
def test_wavelength_exact_is_pes_wavelength_for_every_input(width: int, data, base: float
                                                            ) -> None:
    pair = data.draw(st.integers(0, width // 2 - 1), label="pair")
    value = bank.wavelength(pair, width, base)
    assert _within_ulps(bank.wavelength_exact(pair, width, base), value, value)


@_PROPERTY
@given(pos=st.integers(0, 1000), offset=st.integers(0, 1000), width=st.integers(1, 8).map(
    lambda h: 2 * h))
def test_the_exact_dot_product_is_pes_for_every_input(pos: int, offset: int, width: int
                                                     ) -> None:
    # A sum of d/2 cosines of angles up to 1000: each term's error is absolute, up to an ulp
    # of its angle, and the rows' products add one rounding each.
    value = bank.dot_at_offset(pos, offset, width)
    assert _within_ulps(bank.dot_at_offset_exact(pos, offset, width), value,
                        max(pos + offset, width, 1), ulps=4 * width)


MOVED_EXERCISES = [e for e in EXERCISES if e.former]


@pytest.mark.parametrize("e", MOVED_EXERCISES, ids=ids)
def test_a_moved_exercise_keeps_its_old_addresses(e: Exercise, fragments) -> None:
    # On the page it left, a "moved" list item with its old id links it where it is now;
    # on the teachers' pages, its old problem ids stay, just above its heading.
    anchors = [a for x in EXERCISES for a in (x.anchor, *x.former)]
    pages_text = "\n".join(p.read_text("utf-8") for p in DOCS.glob("*.md"))
    for old in e.former:
        assert anchors.count(old) == 1, f"{old} is the anchor of two exercises"
        assert f"]({e.page}#{e.anchor}){{ #{old} }}" in pages_text, (
            f"no page lists {old} as moved to {e.page}#{e.anchor}")
    for stem in ("teachers", "teachers-solutions"):
        for problem in e.problem_anchors[1:]:
            assert f'<div id="{problem}"></div>' in fragments[stem], (stem, problem)


def test_the_moved_exercises_are_found() -> None:
    assert MOVED_EXERCISES, "no exercise declares a former anchor: is the scan still right?"
