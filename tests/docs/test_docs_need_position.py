"""docs/need-position.md: what each of its scripts shows, and the numbers the page quotes.

Each test runs one script of docs/examples/need-position/ and asserts the claim the page
makes from its output; the page's numbers (scripts/artifacts/pages/need_position.py, computed
by scripts/artifacts/numbers.py) must be what the scripts print.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest
from docscan import DOCS, run_example

from scripts.artifacts import numbers
from scripts.artifacts.pages import need_position as page

PAGE = DOCS / "need-position.md"


def _stdout(stem: str) -> str:
    result = run_example(stem)
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout


def _values(line: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", line)]


def _line(out: str, start: str) -> str:
    (line,) = [x for x in out.splitlines() if x.lstrip().startswith(start)]
    return line


@pytest.fixture(scope="module")
def permutation() -> str:
    return _stdout("need_permutation")


def test_attention_without_an_encoding_is_equivariant_and_with_one_is_not(permutation):
    m = numbers.need_permutation_measures(page.PERM_N, page.PERM_D)
    # The tolerance is rounding, not slack: 10 n ulps of the largest output.
    assert m["tolerance"] < 1e3 * np.finfo(np.float64).eps
    for key in ("no_pe", "pe_before_shuffle", "pooling", "cross_memory"):
        assert m[key] <= m["tolerance"], key
    # With pe added by row index the difference is of the size of the outputs themselves.
    assert m["with_pe"] > 1e10 * m["tolerance"] and m["with_pe"] > 0.05
    assert permutation.count("within tolerance: True") == 4
    assert "False" not in permutation


def test_the_permutation_script_prints_the_pages_numbers(permutation):
    printed = _line(permutation, "tolerance").split(": ")[-1]  # 1.5e-14
    mantissa, exponent = printed.split("e")
    superscript = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    assert numbers.need_permutation_tolerance(page.PERM_N, page.PERM_D) == (
        f"{mantissa} × 10{superscript}")
    with_pe = _line(permutation, "pe added by row index")
    assert with_pe.endswith(numbers.need_permutation_with_pe(page.PERM_N, page.PERM_D))


@pytest.fixture(scope="module")
def conv() -> str:
    return _stdout("need_conv_padding")


@pytest.mark.parametrize("padding", ["zero", "circular", "none"])
def test_only_zero_padding_lets_a_read_out_find_the_position(conv, padding):
    shape = (page.CONV_L, page.CONV_C, page.CONV_K, page.CONV_DEPTH)
    distinct, error = numbers.need_conv_measures(*shape, padding)
    # Every position reaches a border within the receptive field: depth x (kernel - 1) / 2.
    assert page.CONV_DEPTH * (page.CONV_K // 2) >= page.CONV_L // 2 + 1
    if padding == "zero":
        assert distinct == page.CONV_L and error < 0.05
    else:
        assert distinct == 1 and error == pytest.approx((page.CONV_L - 1) / 2)
    name = "no" if padding == "none" else padding
    line = _line(conv, f"{name} padding")
    assert _values(line)[:2] == [distinct, page.CONV_L]
    assert line.endswith(f"largest error {numbers.need_conv_error(*shape, padding)} positions")


@pytest.fixture(scope="module")
def causal() -> str:
    return _stdout("need_causal_mask")


def test_a_causal_mask_gives_position_only_with_a_distinct_token(causal):
    m = numbers.need_causal_measures(page.CAUSAL_L, page.CAUSAL_D)
    assert m["spread_no_mask"] < 1e-12
    assert m["spread_causal_same"] < 1e-12
    assert m["spread_causal_bos"] > 0.1
    assert m["uniform_weights"] == pytest.approx([1 / (p + 1) for p in range(page.CAUSAL_L)],
                                                 abs=1e-15)
    assert m["share_falls"]
    assert m["read_back_error"] < 1e-9
    weights = _line(causal, "weight on the first token").split(":")[-1].split()
    assert [Fraction(w) for w in weights] == [Fraction(1, p + 1) for p in range(page.CAUSAL_L)]
    spread = _line(causal, "causal mask, first token distinct")
    assert spread.endswith(numbers.need_causal_spread(page.CAUSAL_L, page.CAUSAL_D))
    assert _line(causal, "positions read back").split("[")[1].split("]")[0] == ", ".join(
        str(p) for p in range(1, page.CAUSAL_L))


def test_graph_encodings_follow_their_nodes():
    out = _stdout("need_graph_encodings")
    assert out.count(": True") == 3 and "False" not in out
    # The page: nodes whose surroundings look alike for a few steps get the same features.
    rows = [_values(line) for line in out.splitlines() if line.lstrip(" [").startswith("0.")]
    assert len(rows) == 4
    assert rows[2] == rows[3] and rows[0] != rows[1]


def test_the_page_quotes_its_numbers_and_links_the_experiment():
    text = PAGE.read_text(encoding="utf-8")
    for n in page.NUMBERS:
        assert f"{{{{ pe:{n.name} }}}}" in text, n.name
    assert "experiments-inside.md#causal-mask" in text
    for stem in ("need_permutation", "need_conv_padding", "need_causal_mask",
                 "need_graph_encodings"):
        assert f"docs/examples/need-position/{stem}.py" in text
        assert f"examples/need-position/{stem}.txt" in text


def test_the_routing_pages_link_here():
    for name in ("beyond-text.md", "questions.md"):
        assert re.search(r"\]\(need-position\.md(#[\w-]+)?\)", (DOCS / name).read_text(encoding="utf-8")), name
