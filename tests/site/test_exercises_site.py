"""The exercises in the built site, in headless Chromium: a reader types answers and the page
says right or wrong; without scripts the answers are still there; the problem set prints
without the site around it. (Only the pages with exercises load the exercises' files:
tests/helpers/page_files.py, checked on every page by tests/site/test_pages.py.)

(tests/site/test_pages.py runs axe, the layout-shift and the overflow checks on these pages
too, as on every page of the sitemap.)
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.page_files import EXERCISE_PAGES, SOLUTIONS, TEACHERS
from helpers.site_harness import LoadedPage, layout_shift_problems

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
from scripts.artifacts.pages import EXERCISES

IMPLEMENT = [e for e in EXERCISES if e.level == "implement"]

OpenPage = Callable[..., LoadedPage]
PHONE = {"width": 390, "height": 844}

_FORMS_JS = """() => [...document.querySelectorAll('form.pe-answer')].map((f) => ({
  id: f.querySelector('input').id,
  answer: f.dataset.answer,
  tolerance: f.dataset.tolerance,
  unit: f.dataset.unit || '',
  exact: f.querySelector('template.pe-answer-exact') !== null,
  shown: f.nextElementSibling.textContent,
}))"""


def forms(page: Any) -> list[dict[str, str]]:
    return page.evaluate(_FORMS_JS)


def answer_and_check(page: Any, input_id: str, text: str) -> dict[str, str]:
    """Type ``text`` into the box and press Enter (the keyboard path); what the page says."""
    box = page.locator(f"#{input_id}")
    box.fill("")
    box.focus()
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    result = page.locator(f"#{input_id.removesuffix('-input')}-result")
    result.wait_for(state="attached")
    page.wait_for_function("(el) => el.textContent.length > 0", arg=result.element_handle())
    return page.evaluate(
        """(id) => { const input = document.getElementById(id);
                     return {text: input.form.querySelector('output').textContent,
                             state: input.form.dataset.state || '',
                             invalid: input.getAttribute('aria-invalid') || '',
                             live: input.form.querySelector('output').getAttribute('aria-live'),
                             math: (input.form.querySelector('output .katex-mathml math') || {})
                               .textContent || '',
                             label: input.labels[0] ? input.labels[0].textContent : ''}; }""",
        input_id,
    )


def test_the_sitemap_lists_the_exercise_and_teachers_pages(site_pages: list[str]) -> None:
    assert set(EXERCISE_PAGES) | {TEACHERS, SOLUTIONS} <= set(site_pages)


@pytest.mark.parametrize("path", EXERCISE_PAGES)
def test_right_and_wrong_answers_on_every_exercise(open_page: OpenPage, path: str) -> None:
    loaded = open_page(path)
    page = loaded.page
    found = forms(page)
    assert found, f"{path} has no answer boxes"
    for form in found:
        expected, tolerance = float(form["answer"]), float(form["tolerance"])
        # The answer the folded block shows (rounded, with a true minus sign) is accepted.
        shown = re.search(r"Answer:\s*([−\-]?[\d,]*\.?\d+)", form["shown"])
        assert shown, f"{form['id']}: no answer in its folded block"
        right = answer_and_check(page, form["id"], shown.group(1))
        assert right["state"] == "right" and right["text"].startswith("✓ Right"), right
        assert right["invalid"] == "false" and right["live"] == "polite"
        assert right["label"].startswith("Your answer"), right
        if tolerance and form["exact"]:  # the exact form, typeset, and the answer in full
            assert "The exact value is" in right["text"], right
            last = re.search(r"([−\-]?[\d.]+)$", right["math"])
            assert last and math.isclose(float(last.group(1).replace("−", "-")), expected,
                                         rel_tol=1e-12), right
        elif tolerance:  # the exact value, in full, after a right answer
            exact = re.search(r"the exact value is (\S+)\.$", right["text"])
            assert exact and float(exact.group(1).replace("−", "-")) == expected, right
        else:
            assert not right["math"], right
        if form["unit"]:  # with the unit the label names, as the folded block writes it
            assert form["unit"] in right["label"]
            typed = f"{shown.group(1)} {form['unit']}"
            assert answer_and_check(page, form["id"], typed)["state"] == "right", typed
        # Just beyond the tolerance: wrong, and the page says which way, in words.
        off = expected + tolerance + max(1e-3 * abs(expected), 1e-3) + 1
        wrong = answer_and_check(page, form["id"], repr(off))
        assert wrong["state"] == "wrong" and "too high" in wrong["text"], wrong
        assert wrong["text"].startswith("✗ Not yet") and wrong["invalid"] == "true"
    assert not loaded.request_problems(), loaded.request_problems()


def test_what_a_reader_may_type(open_page: OpenPage) -> None:
    page = open_page("formula/").page
    entry = next(f for f in forms(page) if f["id"] == "ex-formula-entry-input")
    value = float(entry["answer"])
    for text in (f"{value:.6f}", f"{value:.6e}", f"{value:.6f}".replace(".", ","),
                 f"{value * 1e4:.4f} × 10⁻⁴", f"  {value:.6f} ", "sin(0.03)",
                 "sin(3·10000^(−2/4))"):
        assert answer_and_check(page, entry["id"], text)["state"] == "right", text
    # The angle for its sine: wrong (it was right within the old ±5e-5).
    assert answer_and_check(page, entry["id"], "0.03")["state"] == "wrong"
    for text, named in (("abc", "“abc”"), ("0.0.3", "“.3”"), ("1e", "exponent"),
                        ("--1", "two signs"), ("1/2π", "ambiguous")):
        said = answer_and_check(page, entry["id"], text)
        assert said["state"] == "invalid" and said["text"].startswith(
            "Not a number I can read:") and named in said["text"], (text, said)
    said = answer_and_check(page, entry["id"], "")
    assert said["state"] == "invalid" and "Type your answer" in said["text"]
    page = open_page("worked-examples/").page  # formula's answers are all positive
    negative = next(f for f in forms(page) if float(f["answer"]) < 0)
    minus = f"\u2212{abs(float(negative['answer'])):.5f}"
    assert answer_and_check(page, negative["id"], minus)["state"] == "right", minus


def test_the_sites_notation_and_units(open_page: OpenPage) -> None:
    page = open_page("wavelengths/").page
    boxes = {f["id"]: f for f in forms(page)}
    shortest = boxes["ex-wavelengths-shortest-input"]
    for text in ("2π", "2 pi", "τ", "2π positions", "6.2832 positions"):
        assert answer_and_check(page, shortest["id"], text)["state"] == "right", text
    said = answer_and_check(page, shortest["id"], "2π radians")
    assert said["state"] == "invalid" and "in positions" in said["text"], said
    page = open_page("pitfalls-use/").page
    for text in ("2^11", "2**11", "2¹¹", "2048"):
        assert answer_and_check(page, "ex-pitfalls-use-float16-input", text)["state"] == "right"
    # 2¹¹ was read as 211 before issue 24.
    assert answer_and_check(page, "ex-pitfalls-use-float16-input", "211")["state"] == "wrong"


def test_editing_the_answer_clears_the_verdict(open_page: OpenPage) -> None:
    page = open_page("formula/").page
    entry = next(f for f in forms(page) if f["id"] == "ex-formula-entry-input")
    assert answer_and_check(page, entry["id"], "0.03")["state"] == "wrong"
    page.locator(f"#{entry['id']}").press("Backspace")
    state = page.evaluate("""(id) => { const input = document.getElementById(id);
        return [input.form.dataset.state || '', input.getAttribute('aria-invalid') || '',
                input.form.querySelector('output').textContent]; }""", entry["id"])
    assert state == ["", "", ""], state


_OUTPUT_JS = """(id) => { const output = document.getElementById(id).form
    .querySelector('output');
  const visual = output.querySelector('.katex-html');
  return {text: output.innerText, math: output.querySelectorAll('.katex-mathml math').length,
          drawn: visual ? visual.getBoundingClientRect().width : 0,
          hidden: visual ? visual.getAttribute('aria-hidden') : null,
          live: output.getAttribute('aria-live')}; }"""


def test_a_right_answer_shows_the_exact_value_typeset_and_editing_hides_it(
    open_page: OpenPage,
) -> None:
    # Issue 24: after a right answer, the exact value as well as the number: typeset when the
    # site was built (KaTeX's HTML to see, its MathML for screen readers), in the verdict's
    # live region so it is announced with it; gone with the verdict when the answer changes.
    page = open_page("formula/").page
    box = "ex-formula-entry-input"
    assert answer_and_check(page, box, "0.03")["state"] == "wrong"
    wrong = page.evaluate(_OUTPUT_JS, box)
    assert wrong["math"] == 0 and "exact value" not in wrong["text"], wrong
    assert answer_and_check(page, box, "sin(0.03)")["state"] == "right"
    right = page.evaluate(_OUTPUT_JS, box)
    assert right["text"].startswith("✓ Right: ") and "The exact value is" in right["text"]
    assert right["math"] == 1 and right["drawn"] > 0 and right["hidden"] == "true", right
    assert right["live"] == "polite"
    # The MathML a screen reader reads: sin(3/100) ≈ the answer pe computes, in full.
    spoken = page.evaluate("""(id) => document.getElementById(id).form
        .querySelector('output .katex-mathml math').textContent""", box)
    value = float(next(f for f in forms(page) if f["id"] == box)["answer"])
    assert spoken.startswith("sin") and spoken.endswith(repr(value)), spoken
    page.locator(f"#{box}").press("Backspace")
    edited = page.evaluate(_OUTPUT_JS, box)
    assert edited["text"] == "" and edited["math"] == 0, edited
    # The typed-in exact value is there for the next right answer.
    assert answer_and_check(page, box, "0.029996")["state"] == "right"
    assert page.evaluate(_OUTPUT_JS, box)["math"] == 1


@pytest.mark.parametrize("path", ["", "beyond-text/", "wavelengths/"])
def test_the_exact_values_move_nothing_on_a_phone(open_page: OpenPage, path: str) -> None:
    # The tallest and longest exact forms: the home page's square root of a sum over 256
    # pairs, beyond-text's two sums, wavelengths' power of a bracket. On a phone each fits
    # the lines a box with an exact form reserves.
    page = open_page(path, viewport=PHONE).page
    height = "(el) => el.form.getBoundingClientRect().height"
    exact = [f for f in forms(page) if f["exact"]]
    assert exact, path
    for form in exact:
        before = page.locator(f"#{form['id']}").evaluate(height)
        said = answer_and_check(page, form["id"], repr(float(form["answer"])))
        assert said["state"] == "right" and said["math"], said
        after = page.locator(f"#{form['id']}").evaluate(height)
        assert after == before, f"{form['id']} grew from {before} to {after} px"
    assert layout_shift_problems(page) == []


@pytest.mark.parametrize("path", EXERCISE_PAGES)
def test_the_exercises_come_just_before_the_references(built_site: Path, path: str) -> None:
    html = (built_site / path / "index.html").read_text(encoding="utf-8")
    sections = re.findall(r'<h2 id="([\w-]+)"', html)
    assert "exercises" in sections and "references" in sections, sections
    assert sections.index("references") == sections.index("exercises") + 1, sections


def test_checking_an_answer_moves_nothing(open_page: OpenPage) -> None:
    # The verdict's line is reserved; on a phone a long verdict wraps within it.
    page = open_page("pitfalls-formula/", viewport=PHONE).page
    form = forms(page)[0]
    box = page.locator(f"#{form['id']}").evaluate("(el) => el.form.getBoundingClientRect().height")
    # The longest verdicts: wrong, right with the exact value in full, and not understood.
    for text in ("12345678", repr(float(form["answer"])), "12345678 + 2π·√(1/0.5) ?"):
        answer_and_check(page, form["id"], text)
        after = page.locator(f"#{form['id']}").evaluate(
            "(el) => el.form.getBoundingClientRect().height")
        assert after == box, f"the answer box grew from {box} to {after} px for {text!r}"
    assert layout_shift_problems(page) == []


def test_without_javascript_the_answers_are_folded_on_the_page(
    browser: Any, site_url: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "formula/", wait_until="load")
        shown = page.evaluate(
            "() => [...document.querySelectorAll('form.pe-answer')]"
            ".map((f) => getComputedStyle(f).display)")
        assert shown and set(shown) == {"none"}, "answer boxes that cannot work are shown"
        folded = page.locator("details:has(summary:text('Answer and worked solution'))")
        assert folded.count() == len(shown)
        folded.first.locator("summary").click()
        assert "Answer:" in folded.first.inner_text()
    finally:
        context.close()


_HIDDEN_JS = """(selectors) => selectors.map((s) => [...document.querySelectorAll(s)]
  .every((el) => getComputedStyle(el).display === 'none'))"""


def test_the_problem_set_prints_without_the_site_around_it(open_page: OpenPage) -> None:
    page = open_page(TEACHERS).page
    page.emulate_media(media="print")
    chrome = [".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer"]
    assert page.evaluate(_HIDDEN_JS, chrome) == [True] * len(chrome)
    text = page.locator("article").inner_text()
    assert "Problem 1." in text and "Answer: ____" in text  # a blank to fill in
    assert not re.search(r"Answer:\s*[−\-\d]", text), "the answers belong on the solutions page"
    assert page.locator("article details, article form").count() == 0


def test_printing_an_exercise_page_hides_answer_boxes_and_solutions(
    open_page: OpenPage,
) -> None:
    page = open_page("errata/").page
    page.emulate_media(media="print")
    assert page.evaluate(_HIDDEN_JS, ["form.pe-answer", "#exercises ~ details"]) == [True, True]
    # The page's own folded blocks (errata folds its scripts) still print.
    shown = page.evaluate("""() => [...document.querySelectorAll('article details')]
        .filter((d) => getComputedStyle(d).display !== 'none').length""")
    assert shown > 0


def test_the_solutions_page_answers_every_problem(open_page: OpenPage) -> None:
    problems = open_page(TEACHERS).page.locator("article h3").all_inner_texts()
    solutions = open_page(SOLUTIONS).page.locator("article h2").all_inner_texts()
    numbered = [t for t in problems if t.startswith("Problem ")]
    assert numbered and [t for t in solutions if t.startswith("Problem ")] == numbered


def _printed_rows(script: str) -> str:
    """What an implementation exercise's worked solution prints: the rows a reader pastes."""
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "examples" / f"{script}.py")],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return done.stdout


def _check_in_the_page(page: Any, rows: str) -> str:
    page.fill("#pe-c-rows", rows)
    page.locator("[data-pe-checker] button[type=submit]").click()
    page.wait_for_function(
        "() => !['', 'busy', undefined].includes("
        "document.querySelector('[data-pe-checker-result]').dataset.verdict)")
    return page.evaluate("() => document.querySelector('[data-pe-checker-result]').dataset.verdict")


@pytest.mark.parametrize("e", IMPLEMENT, ids=lambda e: e.anchor)
def test_the_checker_page_accepts_the_implementation_solutions(
    open_page: OpenPage, e: Any
) -> None:
    # End to end, as the exercise tells a reader to do it: the worked solution's printed rows
    # pasted into the checker page (tests/docs/test_docs_exercise_checker.py plants each
    # mistake; here one planted slip shows the page does not accept everything).
    page = open_page("checker/").page
    rows = _printed_rows(e.script)
    assert _check_in_the_page(page, rows) == e.expect
    slipped = [[float(v) for v in line.split(",")] for line in rows.strip().splitlines()]
    slipped = [[2 * v for v in row] for row in slipped]  # a scale factor applied
    text = "\n".join(",".join(f"{v:.6f}" for v in row) for row in slipped)
    assert _check_in_the_page(page, text) == "mistakes"
