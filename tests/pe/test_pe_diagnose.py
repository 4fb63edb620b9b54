"""pe.diagnose: every known variant and every known mistake gets its verdict and its codes, a
table nothing explains gets "unknown" with its closest candidates, and bad input gets an error
naming the problem. The tables are built the way each implementation computes them
(tests/helpers/diagnose_cases.py), not with pe.diagnose's own formulas."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from helpers.diagnose_cases import CASES, MISTAKE_CASES, UNKNOWN_CASES, VARIANT_CASES, Case, D, L

import pe
import pe.variants
from pe.diagnose import (
    MISTAKES,
    VARIANTS,
    DiagnoseError,
    Diagnosis,
    Finding,
    diagnose,
    parse_table,
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_verdict_and_codes(case: Case) -> None:
    d = diagnose(case.build())
    assert d.verdict == case.verdict, d.text()
    assert set(d.codes) == case.codes, d.text()
    assert d.matches_paper == (case.verdict == "paper")
    assert all(isinstance(f, Finding) and f.message and f.evidence for f in d.findings)
    assert set(d.codes) <= set(MISTAKES) | set(VARIANTS)


def test_every_known_code_is_exercised() -> None:
    shown = set().union(*(c.codes for c in CASES))
    assert shown == set(MISTAKES) | set(VARIANTS), "a code without a test table"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_text_and_dict_agree(case: Case) -> None:
    d = diagnose(case.build())
    text, data = d.text(), d.to_dict()
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    assert data["verdict"] == d.verdict and data["codes"] == list(d.codes)
    assert data["matches_paper"] == d.matches_paper
    for code in d.codes:
        assert f"- {code}: " in text
    assert text.startswith("Verdict: ")


@pytest.mark.parametrize("case", VARIANT_CASES + MISTAKE_CASES, ids=lambda c: c.name)
def test_explained_tables_report_their_error(case: Case) -> None:
    table = case.build()
    d = diagnose(table)
    assert d.layout is not None and d.base is not None and d.start is not None
    assert d.max_abs_error is not None and 0 <= d.max_abs_error < 2e-2
    assert d.error_units is not None and math.isclose(
        d.error_units * _unit(d), d.max_abs_error, rel_tol=1e-12, abs_tol=0
    )


def _unit(d: Diagnosis) -> float:
    """The unit the diagnosis names, recomputed from the table's dtype and scale."""
    top = max(1.0, abs(d.scale or 1.0))
    bits = {"ulp of float16": 10, "ulp of float32": 23, "ulp of float64": 52}.get(d.unit)
    if bits is None:  # the last printed digit
        decimals = int(d.precision.split()[2])
        return 10.0**-decimals
    return 2.0 ** (math.frexp(top)[1] - 1 - bits)


def test_float32_paper_table_is_within_half_an_ulp() -> None:
    # pe.encoding rounds its float64 result once to float32: half an ulp at most.
    d = diagnose(pe.encoding(L, D, dtype=np.float32))
    assert d.unit == "ulp of float32" and d.error_units is not None and d.error_units <= 0.5


def test_printed_tables_are_judged_by_their_digits() -> None:
    for decimals in (3, 4, 6):
        d = diagnose(np.round(pe.encoding(L, D), decimals))
        assert d.verdict == "paper", d.text()
        assert d.precision == f"printed to {decimals} decimals"
        assert d.error_units is not None and d.error_units <= 0.5 + 1e-9


def test_details_of_the_findings() -> None:
    assert diagnose(pe.encoding(L, D, start=7)).start == 7
    scaled = diagnose(pe.encoding(L, D) * math.sqrt(D))
    assert scaled.scale is not None and math.isclose(scaled.scale, math.sqrt(D), rel_tol=1e-9)
    assert f"sqrt({D})" in scaled.text()
    fairseq = diagnose(pe.variants.fairseq(L, D, padding_idx=3))
    assert fairseq.codes == ("fairseq",) and "padding_idx = 3" in fairseq.text()
    other = diagnose(pe.encoding(L, D, base=500.0))
    assert other.codes == ("other-base",) and other.base_estimated
    assert other.base is not None and math.isclose(other.base, 500.0, rel_tol=1e-3)
    repeated = diagnose(np.repeat(pe.encoding(12, D), 5, axis=0))
    assert "5 consecutive rows" in repeated.text()


def test_simplest_explanation_wins() -> None:
    # i/d with base 10000 is the paper's formula with base 100: the slip is named, with the
    # equivalent base as evidence, rather than an unusual base.
    d = diagnose(MISTAKE_CASES[0].build())
    assert d.codes == ("i-for-2i",) and "base 100" in d.findings[0].evidence


@pytest.mark.parametrize("case", UNKNOWN_CASES, ids=lambda c: c.name)
def test_unknown_tables_get_their_closest_candidates(case: Case) -> None:
    d = diagnose(case.build())
    assert d.verdict == "unknown" and not d.codes and not d.matches_paper
    assert 1 <= len(d.closest) <= 3
    errors = [e for _, e, _ in d.closest]
    assert errors == sorted(errors) and all(e > 0 for e in errors)
    # Beside each, what was allowed at that entry: less than the difference (it failed there
    # or somewhere else), never missing for a finite difference.
    assert all(a is not None and a > 0 for _, e, a in d.closest if math.isfinite(e))
    assert "not a known variant" in d.text()
    assert len({c for c, _, _ in d.closest}) == len(d.closest)


BAD_INPUT = [
    (np.zeros(()), "2 axes"),
    (np.zeros((2, 2, 2, 2)), "2 axes"),
    (np.zeros((2, 5, 8)), "batch of several sequences"),
    (np.zeros((0, 8)), "no rows"),
    (np.zeros((5, 0)), "width of 0"),
    (np.where(np.eye(4) > 0, np.nan, 0.0), "NaN or infinity"),
    (np.full((3, 4), np.inf), "NaN or infinity"),
    (np.array([["a", "b"], ["c", "d"]]), "real numbers"),
    (np.array([[1, "b"], [None, 2]], dtype=object), "real numbers"),
    (np.ones((3, 4), dtype=complex), "real numbers"),
    ([[1.0, 2.0], [3.0]], "not a table"),
]


@pytest.mark.parametrize(("table", "words"), BAD_INPUT, ids=lambda x: str(x)[:20])
def test_bad_input_is_named(table: object, words: str) -> None:
    with pytest.raises(DiagnoseError, match=words):
        diagnose(table)


def test_diagnose_error_is_a_value_error() -> None:
    assert issubclass(DiagnoseError, ValueError)


def test_float16_overflow_is_reported_as_nan() -> None:
    table = pe.encoding(4, 8).astype(np.float16)
    table[2, 3] = np.inf  # what float16 makes of 70000
    with pytest.raises(DiagnoseError, match="row 2, column 3"):
        diagnose(table)


PRINTOUTS = [
    # NumPy
    "array([[0.        , 1.        ],\n       [0.84147098, 0.54030231]])",
    # PyTorch, wrapped
    "tensor([[0.0000e+00,\n 1.0000e+00],\n        [8.4147e-01, 5.4030e-01]], dtype=torch.float32)",
    # CSV with a header and a comment
    "# my table\nsin0,cos0\n0,1\n0.84147098,0.54030231\n",
    # plain rows
    "0 1\n0.84147098 0.54030231\n\n",
]


@pytest.mark.parametrize("text", PRINTOUTS)
def test_parse_table_reads_printouts(text: str) -> None:
    table = parse_table(text)
    assert table.shape == (2, 2)
    np.testing.assert_allclose(table, pe.encoding(2, 2), atol=1e-4)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "no numbers"),
        ("tensor([[0.0, ..., 1.0]])", "summarised"),
        ("[[[0, 1], [1, 0]], [[0, 1], [1, 0]]]", "batch of several sequences"),
        ("[[[[0, 1]]]]", "4 levels of brackets"),
        ("0 1 2\n3 4\n", "different lengths"),
        ("0 1\n2 @\n", "not a number"),
    ],
)
def test_parse_table_names_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(DiagnoseError, match=words):
        parse_table(text)


def test_an_odd_width_lists_only_implementations_that_run_there() -> None:
    # The PyTorch tutorial and The Annotated Transformer raise a shape error at odd widths,
    # the TensorFlow tutorial returns one column too many and Whisper refuses them
    # (docs/implementations.md); the others give the lone last sine or the zero column.
    odd = diagnose(pe.encoding(L, D + 1)).implementations
    even = diagnose(pe.encoding(L, D)).implementations
    assert set(odd) == {
        "pe.encoding",
        "Hugging Face DistilBERT/XLM",
        "Keras SinePositionEncoding (float32)",
    }
    assert "the PyTorch tutorial's PositionalEncoding" in even
    assert "Whisper's sinusoids" in diagnose(pe.variants.tensor2tensor(L, D)).implementations
    assert (
        "Whisper's sinusoids" not in diagnose(pe.variants.tensor2tensor(L, D + 1)).implementations
    )
    assert (
        "the TensorFlow Transformer tutorial"
        not in diagnose(pe.encoding(L, D + 1, layout="split")).implementations
    )


def test_the_first_columns_of_a_wider_table_say_which_width() -> None:
    d = diagnose(np.round(pe.encoding(30, 512)[:, :8], 4))
    assert d.verdict == "variant" and "first-columns" in d.codes
    assert "width 512" in d.text()
