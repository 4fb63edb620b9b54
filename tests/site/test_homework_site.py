"""The homework sheet in the built site, in headless Chromium: the sheet of ``?seed=N`` is
pe.homework's for that seed and its boxes accept that seed's key; a bad seed is named on the
page; printed, the sheet has a name line, the address with the seed, the points and room for
the work, and no answers; the solutions page prints with its folds open.

(tests/site/test_pages.py runs axe, the layout-shift and the overflow checks on this page
too, as on every page of the sitemap.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from helpers.site_harness import LoadedPage

from pe import homework
from pe.homework import DEFAULT_SEED, MAX_SEED, PROBLEMS

pytestmark = pytest.mark.browser

OpenPage = Callable[..., LoadedPage]
HOMEWORK, TEACHERS, SOLUTIONS = "homework/", "teachers/", "teachers-solutions/"
PHONE = {"width": 390, "height": 844}

_SHEET_JS = """() => ({
  params: Object.fromEntries([...document.querySelectorAll('[data-pe-hw]')]
    .map((el) => [el.dataset.peHw, el.textContent])),
  answers: Object.fromEntries([...document.querySelectorAll('form[data-pe-hw-answer]')]
    .map((f) => [f.dataset.peHwAnswer, Number(f.dataset.answer)])),
  seed: [...document.querySelectorAll('.pe-hw-seed')].map((el) => el.textContent),
  address: [...document.querySelectorAll('.pe-sheet-address')].map((el) => el.textContent),
  status: document.getElementById('pe-hw-status').hidden ? null
    : document.getElementById('pe-hw-status').textContent,
})"""


def sheet(page: Any) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(_SHEET_JS)
    return out


def expected_params(seed: int) -> dict[str, str]:
    return {f"{slug}.{name}": f"{value:,}".replace("-", "−")
            for slug, params in homework.draw(seed).items() for name, value in params.items()}


def check(page: Any, slug: str, text: str) -> str:
    box = page.locator(f"#hw-{slug}-input")
    box.fill(text)
    box.press("Enter")
    page.wait_for_function("(id) => document.getElementById(id).textContent.length > 0",
                           arg=f"hw-{slug}-result")
    state: str = page.evaluate("(id) => document.getElementById(id).form.dataset.state",
                               f"hw-{slug}-input")
    return state


def test_the_built_sheet_is_the_default_seeds(open_page: OpenPage, site_url: str) -> None:
    loaded = open_page(HOMEWORK)
    got = sheet(loaded.page)
    assert got["params"] == expected_params(DEFAULT_SEED)
    assert got["answers"] == pytest.approx(homework.answers(DEFAULT_SEED), abs=0)
    assert got["seed"] == [str(DEFAULT_SEED)] and got["status"] is None
    # The address, from site_url at build time: the one this site was built for.
    assert got["address"] == [loaded.page.evaluate(
        "() => document.querySelector('link[rel=canonical]').href")]
    assert not loaded.request_problems(), loaded.request_problems()


@pytest.mark.parametrize("seed", [17, 0, MAX_SEED])
def test_a_seed_gives_its_sheet_and_its_keys_answers_are_right(
    open_page: OpenPage, seed: int
) -> None:
    loaded = open_page(f"{HOMEWORK}?seed={seed}")
    page = loaded.page
    got = sheet(page)
    assert got["params"] == expected_params(seed)
    assert got["seed"] == [str(seed)] and got["status"] is None
    assert got["address"][0].endswith(f"/homework/?seed={seed}")
    assert page.locator("#pe-hw-seed-input").input_value() == str(seed)
    for slug, value in homework.answers(seed).items():
        p = homework.problem(slug)
        assert check(page, slug, homework.fixed(value, p.decimals)) == "right", (seed, slug)
        off = value + p.tolerance + max(1e-3 * abs(value), 1e-3)
        assert check(page, slug, repr(off)) == "wrong", (seed, slug)
    assert not loaded.request_problems(), loaded.request_problems()


def test_the_seed_box_opens_that_seeds_sheet(open_page: OpenPage) -> None:
    page = open_page(HOMEWORK).page
    page.fill("#pe-hw-seed-input", "42")
    with page.expect_navigation():
        page.press("#pe-hw-seed-input", "Enter")
    assert page.url.endswith("/homework/?seed=42")
    page.wait_for_function("() => document.querySelector('.pe-hw-seed').textContent === '42'")
    assert sheet(page)["params"] == expected_params(42)


@pytest.mark.parametrize("text", ["-3", "1.5", "abc", "", str(MAX_SEED + 1), "9" * 30])
def test_a_bad_seed_is_named_and_the_sheet_kept(open_page: OpenPage, text: str) -> None:
    loaded = open_page(f"{HOMEWORK}?seed={text}")
    got = sheet(loaded.page)
    with pytest.raises(homework.HomeworkError) as said:
        homework.parse_seed(text)
    assert got["status"] == f"This is the sheet for seed {DEFAULT_SEED}: {said.value}."
    assert got["params"] == expected_params(DEFAULT_SEED)
    role = loaded.page.get_attribute("#pe-hw-status", "role")
    assert role == "alert"
    assert not loaded.page_errors and not loaded.console_errors


def _printed_text(page: Any) -> str:
    text: str = page.locator("article").inner_text()  # rendered text only: not display:none
    return text


def test_the_sheet_prints_with_name_address_points_and_room(open_page: OpenPage) -> None:
    page = open_page(f"{HOMEWORK}?seed=17").page
    page.emulate_media(media="print")
    text = _printed_text(page)
    assert re.search(r"Name:\s+Date:", text), text[:400]
    assert "/homework/?seed=17" in text
    assert f"{homework.total_points()} points" in text
    headings = page.locator("article h2").all_inner_texts()
    points = [int(m.group(1)) for h in headings
              if (m := re.search(r"\((\d+) points?\)", h))]
    assert len(points) == len(PROBLEMS) and sum(points) == homework.total_points()
    # No answers: no box, no verdict, no key; an answer line to fill in instead.
    assert "Your answer" not in text and "good answer" not in text
    assert text.count("Answer") == sum(p.numeric for p in PROBLEMS)
    for value in homework.answers(17).values():
        if value != int(value):
            assert homework.fixed(value, 4)[:-1] not in text, value
    assert page.locator("article form").evaluate_all(
        "(fs) => fs.every((f) => getComputedStyle(f).display === 'none')")
    # Room for the work, as many lines as each problem asks for, none on screen.
    rooms = page.locator(".pe-sheet-room").evaluate_all(
        "(els) => els.map((el) => el.getBoundingClientRect().height)")
    lines = [p.space for p in PROBLEMS]
    assert len(rooms) == len(lines) and all(h > 0 for h in rooms)
    per_line = rooms[0] / lines[0]
    assert [round(h / per_line, 1) for h in rooms] == lines  # to a pixel
    # The intro for the teacher is not on the sheet.
    assert "--key" not in text
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 2
    page.emulate_media(media="screen")
    assert page.locator(".pe-sheet-room").evaluate_all(
        "(els) => els.every((el) => getComputedStyle(el).display === 'none')")
    assert page.locator(".pe-sheet-name").evaluate("(el) => getComputedStyle(el).display") \
        == "none"


def test_the_problem_set_prints_as_a_sheet_too(open_page: OpenPage) -> None:
    from scripts.artifacts.exercises import POINTS, ROOM
    from scripts.artifacts.pages import EXERCISES

    page = open_page(TEACHERS).page
    page.emulate_media(media="print")
    text = _printed_text(page)
    assert re.search(r"Name:\s+Date:", text), text[:400]
    canonical = page.evaluate("() => document.querySelector('link[rel=canonical]').href")
    assert f"The problems online: {canonical}" in text
    total = sum(POINTS[e.level] for e in EXERCISES)
    assert f"{len(EXERCISES)} problems, {total} points in all" in text
    shown = [int(n) for n in re.findall(r"^\S.*?, (\d+) points?\. ", text, re.MULTILINE)]
    assert len(shown) == len(EXERCISES) and sum(shown) == total
    rooms = page.locator(".pe-sheet-room").evaluate_all(
        "(els) => els.map((el) => el.getBoundingClientRect().height)")
    assert len(rooms) == sum(1 for e in EXERCISES if ROOM[e.level]) and min(rooms) > 0
    page.emulate_media(media="screen")
    assert page.locator(".pe-sheet-name").evaluate("(el) => getComputedStyle(el).display") \
        == "none"


def test_the_sheet_works_on_a_phone(open_page: OpenPage) -> None:
    page = open_page(f"{HOMEWORK}?seed=17", viewport=PHONE).page
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
    assert check(page, "learned", homework.fixed(homework.answers(17)["learned"], 0)) == "right"


def test_the_solutions_print_with_their_folds_open(open_page: OpenPage) -> None:
    page = open_page(SOLUTIONS).page
    page.emulate_media(media="print")
    folds = page.evaluate("""() => [...document.querySelectorAll('article details')].map((d) => {
        const inner = d.querySelector(':scope > :not(summary)');
        return inner ? inner.getBoundingClientRect().height : -1; })""")
    assert folds and all(h > 0 for h in folds), folds
    breaks = page.evaluate("""() => ({
        details: getComputedStyle(document.querySelector('article details')).breakInside,
        p: getComputedStyle(document.querySelector('article p')).breakInside})""")
    assert breaks == {"details": "auto", "p": "avoid"}, breaks
    assert "Answer:" in page.locator("article").inner_text()
