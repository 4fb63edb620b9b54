"""The coordinate designer's page (docs/coordinate-designer.md) in headless Chromium: for
generated settings in the page address, what the page computes (``window.peDesign.result``)
and what it shows (the table, the curve) are pe's numbers within the tolerances of
tests/helpers/design_tool.py; bad input typed into the form gets one sentence and no curve;
without JavaScript the page says what the designer needs. Its accessibility, contrast, layout
shift and requests are checked with every page by tests/site/test_pages.py and
tests/helpers/page_files.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import numpy as np
import pytest
from helpers.design_tool import FIELD_NAMES, check, infinities, omega_of, parsed, valid_raw
from helpers.site_harness import LoadedPage
from hypothesis import HealthCheck, given, settings

pytestmark = pytest.mark.browser

PAGE = "coordinate-designer/"
OpenPage = Callable[..., LoadedPage]
#: The page shows frequencies and wavelengths to six significant digits.
SHOWN_REL = 5e-6


def open_designer(open_page: OpenPage, raw: dict[str, str] | None = None) -> LoadedPage:
    loaded = open_page(PAGE + ("?" + urlencode(raw) if raw else ""))
    loaded.page.wait_for_function("() => window.peDesign && window.peDesign.count > 0")
    return loaded


def result(page: Any) -> dict[str, Any]:
    out: dict[str, Any] = infinities(
        page.evaluate(
            "() => JSON.parse(JSON.stringify(peDesign.result,"
            " (_, v) => typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))"
        )
    )
    return out


def shown_number(text: str) -> float:
    return float(text.replace("−", "-"))


def no_problems(loaded: LoadedPage) -> None:
    problems = [*loaded.request_problems(), *loaded.console_errors, *loaded.page_errors]
    assert not problems, "\n".join(map(str, problems))


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(valid_raw(max_width=64))
def test_the_page_shows_pes_numbers(open_page: OpenPage, raw: dict[str, str]) -> None:
    loaded = open_designer(open_page, raw)
    page = loaded.page
    js = result(page)
    s = parsed(raw)
    assert js["error"] is None, js["error"]
    check(js, s)

    omega = omega_of(s)
    rows = page.locator("[data-testid=pe-d-pair]").all()
    assert len(rows) == s["d"] // 2
    for k, row in enumerate(rows):
        cells = row.locator("td").all_inner_texts()
        assert int(cells[0]) == k
        assert shown_number(cells[1]) == pytest.approx(omega[k], rel=SHOWN_REL)
        assert shown_number(cells[2]) == pytest.approx(2 * np.pi / omega[k], rel=SHOWN_REL)
    points = page.locator("[data-pe-d-chart] polyline").get_attribute("points") or ""
    assert len(points.split()) == len(js["xs"])
    out = page.locator("[data-pe-d-out]").inner_text()
    assert "NaN" not in out and "undefined" not in out
    assert page.locator("[data-pe-d-message]").inner_text().strip()
    assert page.locator("[data-pe-d-caption]").inner_text().startswith("Cosine similarity")
    no_problems(loaded)


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("lo", "abc"),
        ("hi", "-5"),
        ("resolution", "0"),
        ("resolution", "500"),
        ("d", "7"),
        ("d", "2"),
        ("d", "1.5"),
        ("reference", "1000"),
    ],
)
def test_bad_input_typed_into_the_form_gets_one_sentence(
    open_page: OpenPage, field: str, text: str
) -> None:
    loaded = open_designer(open_page)
    page = loaded.page
    box = page.locator(f"#pe-d-{field}")
    before = box.input_value()
    box.fill("")
    box.press_sequentially(text)
    # Rendered for the whole text typed (not for a state on the way there).
    page.wait_for_function(
        "([f, t]) => peDesign.raw[f] === t && peDesign.result.error !== null", arg=[field, text]
    )
    message = page.locator("[data-pe-d-message]").inner_text().strip()
    assert message == page.evaluate("() => peDesign.result.error")
    assert re.fullmatch(r"[A-Z][^\n]*\.", message) and ". " not in message, message
    assert {**FIELD_NAMES, "reference": "reference value"}[field] in message, message
    assert box.get_attribute("aria-invalid") == "true"
    assert box.get_attribute("aria-describedby") == "pe-d-message"
    assert page.locator("[data-pe-d-chart] polyline").count() == 0
    assert page.locator("[data-testid=pe-d-pair]").count() == 0
    out = page.locator("[data-pe-d-out]").inner_text()
    assert "NaN" not in out and "undefined" not in out
    # Putting the value back brings the design back.
    box.fill(before)
    page.wait_for_function(
        "([f, t]) => peDesign.raw[f] === t && peDesign.result.error === null", arg=[field, before]
    )
    assert page.locator("[data-pe-d-chart] polyline").count() == 1
    assert box.get_attribute("aria-invalid") is None
    no_problems(loaded)


def test_the_address_keeps_the_settings(open_page: OpenPage) -> None:
    loaded = open_designer(open_page)
    page = loaded.page
    page.locator("input[name=method][value=paper]").check()
    page.locator("#pe-d-hi").fill("1")
    page.locator("#pe-d-resolution").fill("0.001")
    page.wait_for_function(
        "() => peDesign.raw.resolution === '0.001' && peDesign.result.settings?.hi === 1"
    )
    assert page.locator("#pe-d-base").is_enabled()
    assert not page.locator("#pe-d-shortest").is_enabled()
    query = page.evaluate("() => location.search")
    again = open_designer(open_page, dict(re.findall(r"(\w+)=([^&]*)", query[1:])))
    js = result(again.page)
    assert js["settings"]["method"] == "paper" and js["settings"]["hi"] == 1
    # The paper's ladder on values in [0, 1]: wavelengths from 2 pi, far coarser than the
    # resolution, which the page says.
    assert again.page.locator(".pe-d-coarse").count() == 1
    no_problems(loaded)


def test_without_javascript_the_page_says_what_the_designer_needs(
    browser: Any, site_url: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + PAGE)
        note = page.locator("[data-pe-d-nojs]")
        assert note.is_visible()
        assert "frequencies_for" in note.inner_text()
        assert not page.locator("[data-pe-design]").is_visible()
        assert not page.locator("[data-pe-d-out]").is_visible()
    finally:
        context.close()
