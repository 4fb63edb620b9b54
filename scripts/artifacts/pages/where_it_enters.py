"""docs/where-it-enters.md: Where the encoding enters the model.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define). Its numbers
are computed by ``scripts/artifacts/numbers.py`` the way the page's scripts in
``docs/examples/where-it-enters/`` compute them; tests/docs/test_docs_where_it_enters.py
checks that each script prints what the page quotes.
"""

from __future__ import annotations

from scripts.artifacts.registry import Number

PAGE = "where-it-enters.md"

#: enters_qk_only.py: tokens and width of the attention layer.
QK_N, QK_D = 8, 16
#: enters_buffer_slice.py: rows and width of the table, the lengths sliced, a length past it.
BUF_MAX_LEN, BUF_D = 512, 64
BUF_LENGTHS = [1, 7, 100, 333, 512]
BUF_PAST = 600
#: enters_cross_attention.py: memory rows, decoder queries, width.
CROSS_M, CROSS_T, CROSS_D = 6, 4, 16

_QK = {"n": QK_N, "d": QK_D}
_CROSS = {"m": CROSS_M, "t": CROSS_T, "d": CROSS_D}
_BUF = {"max_len": BUF_MAX_LEN, "d": BUF_D, "lengths": BUF_LENGTHS, "past": BUF_PAST}

NUMBERS: list[Number] = [
    Number("enters_qk_tokens", "as_digits", "tokens of the queries-and-keys demonstration",
           {"value": QK_N}),
    Number("enters_qk_only", "enters_qk_only",
           "largest |V(shuffled x) - shuffled V(x)|, encoding on queries and keys only "
           "(exactly zero)", _QK),
    Number("enters_on_values", "enters_on_values",
           "the same difference with the encoding added to the values too", _QK),
    Number("enters_pattern", "enters_pattern",
           "largest change of the attention weights under the shuffle, beyond the shuffle "
           "itself", _QK),
    Number("enters_carried", "enters_carried",
           "largest entry of W @ (P Wv), the position-only part of the outputs when the "
           "values carry the encoding", _QK),
    Number("enters_buffer_rows", "as_digits", "rows of the precomputed table",
           {"value": BUF_MAX_LEN}),
    Number("enters_buffer_past", "as_digits", "a length past the table",
           {"value": BUF_PAST}),
    Number("enters_buffer_slice", "enters_buffer_slice",
           "largest |table[:L] - computed on the fly|, float32, over the lengths sliced", _BUF),
    Number("enters_buffer_float32", "enters_buffer_float32",
           "largest |float32 table - pe's float64 encoding| over the table", _BUF),
    Number("enters_cross_rows", "as_digits", "memory rows of the cross-attention demonstration",
           {"value": CROSS_M}),
    Number("enters_cross_tolerance", "enters_cross_tolerance",
           "float64 tolerance of the cross-attention demonstration (10 m eps x largest output)",
           _CROSS),
    Number("enters_cross_moved", "enters_cross_moved",
           "largest output change when memory contents move and their encodings stay", _CROSS),
    Number("enters_cross_numbering", "enters_cross_numbering",
           "largest change of the cross-attention weights, queries numbered from m instead "
           "of 0", _CROSS),
]
