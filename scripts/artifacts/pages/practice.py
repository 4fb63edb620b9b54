"""docs/practice.md: Using the encoding in a model.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

import numpy as np

from scripts.artifacts.exercise_bank import Exercise, sp
from scripts.artifacts.registry import Number

PAGE = "practice.md"


#: The width and the rows of the float32 table whose rounding the PyTorch section measures.
FLOAT32_TABLE_D, FLOAT32_TABLE_ROWS = 512, 4096


#: The numbers this page's prose quotes as {{ pe:NAME }}; ``func`` names a function of
#: scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("float32_table_d", "as_digits",
           "width of the measured float32 table (the recipe's)",
           {"value": FLOAT32_TABLE_D}),
    Number("float32_table_rows", "as_integer",
           "rows (positions 0 .. L-1) of the measured float32 table, the module's max_len",
           {"value": FLOAT32_TABLE_ROWS}),
    Number("float32_table_worst_ulp", "float32_table_worst_ulp",
           "the recipe's float32 table: largest error of an entry, in float32 ulps of its exact value",
           {"d": FLOAT32_TABLE_D, "length": FLOAT32_TABLE_ROWS}),
    Number("float32_table_over_half_ulp", "float32_table_over_half_ulp",
           "the recipe's float32 table: how many entries are more than half an ulp off",
           {"d": FLOAT32_TABLE_D, "length": FLOAT32_TABLE_ROWS}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "practice.md", "decoding-row", "Which row while decoding?", "check",
        prompt=r"A decoder with a key-value cache has processed a prompt of ${prompt} tokens "
               r"and now generates the next token, one at a time. Which row of the table "
               r"(counting from 0) does that new token receive?",
        solution=r"Its position is the number of tokens before it, prompt included: row "
                 r"$answer. Slicing the table from zero at every step would give every new "
                 r"token row 0.",
        rests_on=("practice.md#incremental-decoding",),
        params={"prompt": 12}, answer=lambda prompt: prompt, tolerance=0,
        exact=lambda prompt: sp.Integer(prompt), decimals=0),
    Exercise(
        "practice.md", "float16-rows", "Rounding the rows to float16", "compute",
        prompt=r"The table is computed in float64 and its rows are cast to float16 at the "
               r"addition. For an entry in \([1/2, 1)\), what is the largest error that cast "
               r"can make?",
        solution=r"In \([1/2, 1)\), float16 numbers are \(2^{-${fraction_bits}-1}\) apart "
                 r"(${fraction_bits} fraction bits), and rounding to the nearest is off by at "
                 r"most half of that, \(2^{-${fraction_bits}-2} \approx $answer\). The script "
                 r"measures it on a whole table.",
        rests_on=("practice.md#mixed-precision", "pitfalls-use.md#angles-in-low-precision"),
        params={"fraction_bits": int(np.finfo(np.float16).nmant)},
        answer=lambda fraction_bits: float(np.spacing(np.float16(0.5))) / 2,
        exact=lambda fraction_bits: sp.Integer(2) ** (-fraction_bits - 2),
        tolerance=1e-6, decimals=7, script="practice/exercise_practice_float16"),
    Exercise(
        "practice.md", "batch-first", "The batch axis taken for the sequence", "derive",
        prompt=r"A module stores the table with shape \((L_{\max}, 1, d)\) and adds "
               r"`table[:x.shape[0]]` to its input \(x\). Fed a batch-first \(x\) of shape "
               r"\((B, S, d)\), what does token \(s\) of sequence \(b\) receive, and why does "
               r"nothing fail?",
        solution=r"`table[:B]` has shape \((B, 1, d)\): row \(b\) of the table, once per "
                 r"sequence. Broadcasting stretches its axis of length 1 over the \(S\) "
                 r"tokens, so \(x_{b,s}\) receives \(PE_b\) for every \(s\): each sequence gets "
                 r"one constant vector, the position of the sequence in the batch. The shapes "
                 r"are compatible, so nothing raises; the model just never sees the order of "
                 r"its tokens.",
        rests_on=("practice.md#layouts", "pitfalls-use.md#batch-axis")),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    24: "float32 arithmetic: 2**-24, half an ulp below 1 rounded up, the tests' bound",
    11: "float16 arithmetic: 2**-11, its bound, and 2**11, where its integers stop being exact",
}
