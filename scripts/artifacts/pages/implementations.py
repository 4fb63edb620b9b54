"""docs/implementations.md: Implementations compared.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.registry import Number

PAGE = "implementations.md"


#: The table size of the fairseq agreement bound.
FAIRSEQ_ROWS, FAIRSEQ_D = 1024, 512


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("fairseq_check_rows", "as_integer",
           "rows of the fairseq agreement bound",
           {"value": FAIRSEQ_ROWS}),
    Number("fairseq_check_d", "as_digits",
           "width of the fairseq agreement bound",
           {"value": FAIRSEQ_D}),
    Number("fairseq_exp_bound", "fairseq_exp_bound",
           "(rows − 1) × 2 ulp of the largest frequency below 1: how far pe.variants.fairseq's angles can sit from PyTorch's when their float32 exp differ by 2 ulp",
           {"rows": FAIRSEQ_ROWS, "d": FAIRSEQ_D}),
]
