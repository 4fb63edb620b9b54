"""docs/where-it-enters.md: what each of its scripts shows, and the numbers the page quotes.

Each test runs one script of docs/examples/where-it-enters/ and asserts the claim the page
makes from its output; the page's numbers (scripts/artifacts/pages/where_it_enters.py,
computed by scripts/artifacts/numbers.py) must be what the scripts print.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from docscan import DOCS, run_example

from scripts.artifacts import numbers
from scripts.artifacts.pages import where_it_enters as page

PAGE = DOCS / "where-it-enters.md"
QK = (page.QK_N, page.QK_D)
CROSS = (page.CROSS_M, page.CROSS_T, page.CROSS_D)
BUF = (page.BUF_MAX_LEN, page.BUF_D, tuple(page.BUF_LENGTHS), page.BUF_PAST)


def _stdout(stem: str) -> str:
    result = run_example(stem)
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout


def _line(out: str, start: str) -> str:
    (line,) = [x for x in out.splitlines() if x.lstrip().startswith(start)]
    return line


@pytest.fixture(scope="module")
def qk() -> str:
    return _stdout("enters_qk_only")


def test_values_without_the_encoding_move_exactly_with_their_rows(qk):
    m = numbers.enters_qk_measures(*QK)
    # Exactly zero, not small: a value is a function of its own row's content only.
    assert m["qk_only"] == 0.0
    # With the encoding on the values, the difference is of the size of the values.
    assert m["on_values"] > 0.5
    # The weights change with the shuffle in both designs: that is where position acts.
    assert m["pattern"] > 0.1
    assert m["carried"] > 0.5
    line = _line(qk, "encoding on queries and keys only")
    assert line.endswith("= 0.0  exact: True")
    assert f"= {numbers.enters_qk_only(*QK)}" in line


def test_the_qk_script_prints_the_pages_numbers(qk):
    assert _line(qk, "encoding on the values too").endswith(numbers.enters_on_values(*QK))
    assert _line(qk, "attention weights").endswith(numbers.enters_pattern(*QK))
    assert _line(qk, "position-only part").endswith(numbers.enters_carried(*QK))


def test_the_memorys_order_lives_in_its_keys_encoding():
    out = _stdout("enters_cross_attention")
    m = numbers.enters_cross_measures(*CROSS)
    assert m["tolerance"] < 1e3 * np.finfo(np.float64).eps
    # Contents moved without their encodings: a change of the size of the outputs.
    assert m["moved"] > 1e10 * m["tolerance"] and m["moved"] > 0.1
    # Rows moved with their encodings: rounding only.
    assert m["together"] <= m["tolerance"]
    assert "within tolerance: True" in out and "False" not in out
    # Restarting or continuing the queries' numbering gives different weights.
    assert m["numbering"] > 0.05
    assert _line(out, "memory contents moved").endswith(numbers.enters_cross_moved(*CROSS))
    assert _line(out, "queries numbered from").endswith(numbers.enters_cross_numbering(*CROSS))
    assert _line(out, "queries numbered from").startswith(f"queries numbered from {page.CROSS_M} ")
    printed = _line(out, "tolerance").split(": ")[-1]  # 2.6e-14
    mantissa, exponent = printed.split("e")
    superscript = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    assert numbers.enters_cross_tolerance(*CROSS) == f"{mantissa} × 10{superscript}"


@pytest.fixture(scope="module")
def buffer() -> str:
    return _stdout("enters_buffer_slice")


def test_a_sliced_table_equals_the_encoding_computed_on_the_fly(buffer):
    m = numbers.enters_buffer_measures(*BUF)
    # The page says "the same rows": within one float32 ulp of an entry of size <= 1.
    assert m["slice"] <= np.finfo(np.float32).eps
    # Both are float32 roundings of the float64 encoding: the error is float32-sized, from
    # angles up to max_len rounded to float32.
    assert m["float32"] < page.BUF_MAX_LEN * np.finfo(np.float32).eps
    line = _line(buffer, "table of")
    assert line.endswith(f"largest difference {numbers.enters_buffer_slice(*BUF)}")
    for n in page.BUF_LENGTHS:
        assert str(n) in line
    printed = _line(buffer, "float32 against").split()[-1]  # 3.8e-05
    mantissa, exponent = printed.split("e")
    superscript = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    assert numbers.enters_buffer_float32(*BUF) == f"{mantissa} × 10{superscript}"


def test_slicing_past_the_table_returns_the_table_and_fails_at_the_sum(buffer):
    m = numbers.enters_buffer_measures(*BUF)
    assert page.BUF_PAST > page.BUF_MAX_LEN
    assert m["rows_past"] == page.BUF_MAX_LEN
    assert _line(buffer, "rows the table gives").endswith(
        f"length {page.BUF_PAST}: {page.BUF_MAX_LEN}")
    assert "ValueError" in _line(buffer, "adding them")
    assert _line(buffer, "computed on the fly").endswith(f"{page.BUF_PAST} rows")


def test_the_page_quotes_its_numbers_and_shows_its_scripts():
    text = PAGE.read_text(encoding="utf-8")
    for n in page.NUMBERS:
        assert f"{{{{ pe:{n.name} }}}}" in text, n.name
    for stem in ("enters_qk_only", "enters_cross_attention", "enters_buffer_slice"):
        assert f"docs/examples/where-it-enters/{stem}.py" in text
        assert f"examples/where-it-enters/{stem}.txt" in text


def test_code_is_pinned_and_the_required_sources_are_cited():
    text = PAGE.read_text(encoding="utf-8")
    blobs = re.findall(r"https://github\.com/[\w.-]+/[\w.-]+/blob/([^/]+)/[^)\s>]+", text)
    assert blobs
    for ref in blobs:
        assert re.fullmatch(r"[0-9a-f]{40}", ref), ref
    code_links = re.findall(r"/blob/[0-9a-f]{40}/[^)\s>]+", text)
    # Every code link but DETR's one-line query_embed names a line range.
    assert all("#L" in link for link in code_links)
    assert "detr/blob/29901c51d7fe8712168b8d0d64351170bc0f83e0/models/transformer.py" in text
    assert "facebookresearch/sam2/blob/" in text
    assert "https://arxiv.org/abs/1706.03762" in text
    for thread in ("fairseq/issues/2468", "tf2-transformer-chatbot/issues/12",
                   "keras-io/pull/894", "pegasus/issues/164", "wenet/issues/460"):
        assert thread in text, thread


def test_the_routing_pages_link_here():
    for name in ("need-position.md", "questions.md", "design/index.md"):
        body = (DOCS / name).read_text(encoding="utf-8")
        assert re.search(r"\]\((?:\.\./)?where-it-enters\.md(#[\w-]+)?\)", body), name
