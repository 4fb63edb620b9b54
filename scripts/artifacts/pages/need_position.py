"""docs/need-position.md: Do you need a position encoding?

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define). Its numbers
are computed by ``scripts/artifacts/numbers.py`` the way the page's scripts in
``docs/examples/need-position/`` compute them; tests/docs/test_docs_need_position.py checks
that each script prints what the page quotes.
"""

from __future__ import annotations

from scripts.artifacts.registry import Number

PAGE = "need-position.md"

#: need_permutation.py: tokens and width of the attention layer.
PERM_N, PERM_D = 8, 16
#: need_conv_padding.py: positions, channels, kernel and layers of the convolution stack.
CONV_L, CONV_C, CONV_K, CONV_DEPTH = 16, 16, 5, 5
#: need_causal_mask.py: tokens and width of the attention layer.
CAUSAL_L, CAUSAL_D = 8, 16

_CONV = {"length": CONV_L, "channels": CONV_C, "kernel": CONV_K, "depth": CONV_DEPTH}

NUMBERS: list[Number] = [
    Number("need_perm_tokens", "as_digits", "tokens of the permutation demonstration",
           {"value": PERM_N}),
    Number("need_perm_tolerance", "need_permutation_tolerance",
           "float64 tolerance of the permutation demonstration (10 n eps x largest output)",
           {"n": PERM_N, "d": PERM_D}),
    Number("need_perm_with_pe", "need_permutation_with_pe",
           "largest |f(shuffled x + P) - shuffled f(x + P)| with pe added by row index",
           {"n": PERM_N, "d": PERM_D}),
    Number("need_conv_positions", "as_digits", "positions of the convolution demonstration",
           {"value": CONV_L}),
    Number("need_conv_channels", "as_digits", "channels of the convolution demonstration",
           {"value": CONV_C}),
    Number("need_conv_zero_distinct", "need_conv_distinct",
           "distinct feature rows of a constant input, zero padding",
           {**_CONV, "padding": "zero"}),
    Number("need_conv_circular_distinct", "need_conv_distinct",
           "distinct feature rows of a constant input, circular padding",
           {**_CONV, "padding": "circular"}),
    Number("need_conv_zero_error", "need_conv_error",
           "linear read-out's largest position error, zero padding",
           {**_CONV, "padding": "zero"}),
    Number("need_conv_circular_error", "need_conv_error",
           "linear read-out's largest position error, circular padding",
           {**_CONV, "padding": "circular"}),
    Number("need_causal_tokens", "as_digits", "tokens of the causal-mask demonstration",
           {"value": CAUSAL_L}),
    Number("need_causal_spread", "need_causal_spread",
           "largest difference between the outputs of two positions holding the same token, "
           "causal mask and a distinct first token",
           {"length": CAUSAL_L, "d": CAUSAL_D}),
]
