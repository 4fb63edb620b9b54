"""The checker page (docs/checker.md) in headless Chromium: pasted rows, a chosen file and a
dropped file each get the verdict pe.diagnose gives, shown in the page's live region, driven
from the keyboard too; bad input gets its error; nothing is requested from anywhere else."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.diagnose_cases import CASES
from helpers.site_harness import LoadedPage, axe_violations, format_axe_violations

import pe
import pe.variants
from pe.diagnose import DiagnoseError, diagnose, parse_table

pytestmark = pytest.mark.browser

OpenPage = Callable[..., LoadedPage]
PAGE = "checker/"
BY_NAME = {c.name: c for c in CASES}


def open_checker(open_page: OpenPage, **kwargs: Any) -> LoadedPage:
    loaded = open_page(PAGE, **kwargs)
    loaded.page.wait_for_function("() => window.peChecker !== undefined")
    return loaded


def result_after(page: Any, action: Callable[[], None]) -> dict[str, Any]:
    """What the page shows after ``action``: window.peChecker once its count has moved on."""
    before = page.evaluate("() => window.peChecker.count")
    action()
    page.wait_for_function(f"() => window.peChecker.count > {before}")
    return page.evaluate("() => window.peChecker")


def shown(page: Any) -> tuple[str, str, str]:
    box = page.locator("[data-pe-checker-result]")
    return box.get_attribute("data-verdict"), box.get_attribute("data-codes"), box.inner_text()


def text_of(table: np.ndarray) -> str:
    return "\n".join(" ".join(f"{v:.6g}" for v in row) for row in table)


@pytest.mark.parametrize(
    "name", ["paper-float32", "tensor2tensor", "fairseq", "i-for-2i", "batch-first-bug", "random"]
)
def test_pasted_rows_get_the_verdict_of_pe(open_page: OpenPage, name: str) -> None:
    loaded = open_checker(open_page)
    page = loaded.page
    text = text_of(BY_NAME[name].build())
    expected = diagnose(parse_table(text)).to_dict()
    page.fill("#pe-c-rows", text)
    got = result_after(page, lambda: page.click("button[type=submit]"))
    assert got["error"] is None
    assert got["result"]["verdict"] == expected["verdict"]
    assert got["result"]["codes"] == expected["codes"]
    verdict, codes, words = shown(page)
    assert (verdict, codes) == (expected["verdict"], " ".join(expected["codes"]))
    for code in expected["codes"]:
        assert code in words
    assert not loaded.request_problems(), loaded.request_problems()


def test_keyboard_only(open_page: OpenPage) -> None:
    loaded = open_checker(open_page)
    page = loaded.page
    page.focus("#pe-c-rows")
    page.keyboard.insert_text(text_of(pe.encoding(12, 8, start=3)))
    got = result_after(page, lambda: page.keyboard.press("Control+Enter"))
    assert got["result"]["codes"] == ["position-offset"]
    # Tab reaches the button and Enter presses it.
    page.fill("#pe-c-rows", text_of(pe.encoding(12, 8)))
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.type") == "submit"
    got = result_after(page, lambda: page.keyboard.press("Enter"))
    assert got["result"]["verdict"] == "paper"


def test_chosen_and_dropped_files(open_page: OpenPage, tmp_path: Path) -> None:
    loaded = open_checker(open_page)
    page = loaded.page
    table = BY_NAME["float16-angles"].build()  # float16: only a .npy keeps the dtype
    np.save(tmp_path / "mine.npy", table)
    got = result_after(page, lambda: page.set_input_files("#pe-c-file", tmp_path / "mine.npy"))
    expected = diagnose(table)
    assert (got["result"]["verdict"], got["result"]["codes"]) == (
        expected.verdict,
        list(expected.codes),
    )
    assert got["result"]["dtype"] == "float16"
    np.savetxt(tmp_path / "mine.csv", pe.variants.tensor2tensor(20, 16), delimiter=",")
    data = (tmp_path / "mine.csv").read_text()
    drop = """(text) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], "mine.csv", {type: "text/csv"}));
        document.querySelector("#pe-c-rows").dispatchEvent(
            new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
    }"""
    got = result_after(page, lambda: page.evaluate(drop, data))
    assert got["result"]["codes"] == ["tensor2tensor"]
    assert not loaded.request_problems(), loaded.request_problems()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0 1 2\n3 4",
        "tensor([[0.0, ..., 1.0]])",
        "0 1\nnan 1",
        "hello world",
        "Traceback (most recent call last):\n  File \"x.py\", line 3 @",
        "<table><tr><td>0.5</td></tr></table>",
        "[[[0, 1], [1, 0]], [[0, 1], [1, 0]]]",
    ],
)
def test_bad_input_is_named(open_page: OpenPage, text: str) -> None:
    loaded = open_checker(open_page)
    page = loaded.page
    page.fill("#pe-c-rows", text)
    got = result_after(page, lambda: page.click("button[type=submit]"))
    with pytest.raises(DiagnoseError) as expected:
        diagnose(parse_table(text))
    assert got["result"] is None and got["error"] == str(expected.value)
    verdict, _, words = shown(page)
    assert verdict == "error" and str(expected.value) in words


def test_the_page_shows_the_numbers_of_the_command(open_page: OpenPage, tmp_path: Path) -> None:
    """The differences and allowances the page shows are those `python -m pe diagnose`
    prints for the same text (both rounded to 4 significant digits by the same rule)."""
    loaded = open_checker(open_page)
    page = loaded.page
    for name in ("i-for-2i", "scaled", "random"):
        text = text_of(BY_NAME[name].build())
        (tmp_path / f"{name}.txt").write_text(text)
        run = subprocess.run(
            [sys.executable, "-m", "pe", "diagnose", str(tmp_path / f"{name}.txt")],
            capture_output=True, text=True, check=False,
        )
        assert run.returncode == 1, run.stderr  # all three are mistakes or unknown
        page.fill("#pe-c-rows", text)
        result_after(page, lambda: page.click("button[type=submit]"))
        _, _, words = shown(page)
        # The page orders a candidate's words and numbers differently: the same numbers.
        # Both print 4 significant digits from two float64 implementations (Python, JS),
        # which may differ in the last bits; a value at a rounding boundary can then print
        # one unit apart in the 4th digit, so the check allows 1.5e-3 relative, not equality.
        command = sorted(map(float, NUMBERS.findall(" ".join(_figures(run.stdout)))))
        shown_ = sorted(map(float, NUMBERS.findall(" ".join(_figures(words)))))
        assert len(command) == len(shown_) and all(
            math.isclose(a, b, rel_tol=1.5e-3) for a, b in zip(command, shown_, strict=True)
        ), (run.stdout, words)


NUMBERS = re.compile(r"\d+(?:\.\d+)?(?:e[-+]\d+)?")


def _figures(text: str) -> list[str]:
    """The lines that carry the measured numbers: the largest difference and its allowance,
    or each closest candidate's."""
    return [
        line.split(":", 1)[-1] if "Largest difference" in line else line
        for line in text.splitlines()
        if "Largest difference" in line or "(allowed" in line
    ]


def test_an_npz_file_and_a_single_row(open_page: OpenPage, tmp_path: Path) -> None:
    loaded = open_checker(open_page)
    page = loaded.page
    np.savez_compressed(tmp_path / "mine.npz", pe=pe.encoding(12, 16, dtype=np.float32)[:, None, :])
    got = result_after(page, lambda: page.set_input_files("#pe-c-file", tmp_path / "mine.npz"))
    assert (got["result"]["verdict"], got["result"]["shape"]) == ("paper", [12, 16])
    page.fill("#pe-c-rows", text_of(pe.encoding(1, 16, start=321)))
    got = result_after(page, lambda: page.click("button[type=submit]"))
    assert (got["result"]["verdict"], got["result"]["start"]) == ("paper", 321)
    assert "position of the row: 321" in shown(page)[2]


def test_result_is_announced_and_accessible(open_page: OpenPage) -> None:
    for scheme in ("light", "dark"):
        loaded = open_checker(open_page, color_scheme=scheme)
        page = loaded.page
        box = page.locator("[data-pe-checker-result]")
        assert box.get_attribute("role") == "status" and box.get_attribute("aria-live") == "polite"
        assert page.locator("label[for=pe-c-rows]").count() == 1
        assert page.locator("label[for=pe-c-file]").count() == 1
        page.fill("#pe-c-rows", text_of(BY_NAME["scaled"].build()))
        result_after(page, lambda page=page: page.click("button[type=submit]"))
        violations = axe_violations(page)
        assert not violations, format_axe_violations(violations)


def test_the_page_without_javascript_says_so(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + PAGE)
        assert page.locator("[data-pe-c-nojs]").is_visible()
        assert page.locator("button[type=submit]").is_disabled()
    finally:
        context.close()


@pytest.mark.parametrize("name", ["i-for-2i", "batch-first-bug"])  # a formula slip, a slip in use
def test_a_findings_link_leads_to_the_heading_of_its_section(open_page: OpenPage, name: str) -> None:
    loaded = open_checker(open_page)
    page = loaded.page
    text = text_of(BY_NAME[name].build())
    sections = [f["section"] for f in diagnose(parse_table(text)).to_dict()["findings"] if f["section"]]
    page.fill("#pe-c-rows", text)
    result_after(page, lambda: page.click("button[type=submit]"))
    links = page.locator("[data-pe-checker-result] a", has_text="Why it happens")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert sections and hrefs == [f"../{s.replace('#', '/#')}" for s in sections]
    for href, section in zip(hrefs, sections, strict=True):
        page.goto(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[0] + "/" + href.removeprefix("../"))
        anchor = section.partition("#")[2]
        assert page.locator(f"h2#{anchor}, h3#{anchor}").count() == 1, href
