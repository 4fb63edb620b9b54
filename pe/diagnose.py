r"""Say what a sinusoidal position table is: the paper's, a known library variant, or which mistakes.

Given the table a reader's code produced (positions x width), [`diagnose`][pe.diagnose.diagnose]
tries every explanation it knows, each a way of computing the table:

* a **layout**: interleaved (sin, cos, sin, cos, ... as in the paper), or split (all sines,
  then all cosines, or the reverse), and for an odd width a lone last sine or a zero column;
* a **frequency rule**: the paper's \(\text{base}^{-2i/d}\), tensor2tensor's
  \(\text{base}^{-i/(d/2-1)}\), or the slips \(i/d\) and \(4i/d\) (the 2 dropped, or applied
  to the column index), with either sign of the exponent; the cosines given the exponent of
  their own column (``2 * (j // 2)`` without the ``// 2``); angles taken as degrees;
* a **base**: 10000, \(e^4\) (``log10`` for ``ln``), \(e^d\) (``-log(10000) / d // 2``),
  or one estimated from how fast the angles of the pairs turn, refined by least squares (a
  table of another base may be the first columns of a wider one: the checker says which);
* **rounding**: none, the result rounded to float16, or the angles themselves computed in
  float16 (positions and frequencies rounded first, as a layer under mixed precision does),
  tried only where the table is precise enough to tell (F16_CLAIM_RESOLUTION; below it the
  diagnosis's ``caveats`` say so);

on top of what it finds in the table's shape: transposed, rows repeated along a batch axis,
rows of zeros, a scale factor, and the first position. An explanation *fits* when every entry
lies within a tolerance built from the table's own precision (its dtype, or the digits it was
printed with) and from float32 arithmetic on the angle. Among the fitting explanations the
simplest wins (fewest departures from a known implementation), so a table is never blamed
for a mistake it does not need. A table nothing explains gets the verdict ``"unknown"`` and
its closest candidates with their errors, never a guess. The promise, and what cannot be told
from the numbers, is tested as a property over random tables
(tests/helpers/diagnose_sweep.py).

The browser's checker (docs/javascripts/checker/diagnose.js) is a line-by-line port of this
module; the tests compare the two on every variant and every mistake.

>>> import pe.variants
>>> from pe.diagnose import diagnose
>>> diagnose(pe.encoding(20, 8)).verdict
'paper'
>>> diagnose(pe.variants.tensor2tensor(20, 8)).codes
('tensor2tensor',)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "MISTAKES",
    "VARIANTS",
    "DiagnoseError",
    "Diagnosis",
    "Finding",
    "decode_text",
    "diagnose",
    "parse_table",
]

F64 = npt.NDArray[np.float64]

#: Every mistake the checker recognises: code -> what it means.
MISTAKES: dict[str, str] = {
    "i-for-2i": "the exponent uses i/d where the paper has 2i/d (the 2 dropped)",
    "2j-for-2i": "the exponent uses 2j/d with j the column index, i.e. 4i/d (the 2 applied twice)",
    "exponent-sign": "the position is multiplied by base^(2i/d) instead of divided by it",
    "spacing-d2-minus-1": "the exponent is divided by d/2 - 1 instead of d/2 "
    "(tensor2tensor's spacing in a table that otherwise follows another layout)",
    "sin-cos-swapped": "cosines stand where the sines belong",
    "odd-width-last-column": "an odd width's last column is zero instead of the last sine",
    "position-offset": "positions start somewhere other than 0",
    "batch-repeat": "each position's row is repeated over consecutive rows (a batch axis "
    "taken for the sequence axis)",
    "transposed": "the table is transposed: its columns are the positions",
    "zero-rows": "some rows are all zeros: positions left unfilled",
    "float16-result": "the values are rounded to float16",
    "float16-angles": "the angles are computed in float16 (positions and frequencies rounded "
    "before the sine), as a layer computing in float16 under mixed precision does",
    "scaled": "the table is multiplied by a constant",
    "column-exponent": "each column uses its own index j in the exponent (j/d where the "
    "paper has 2 * (j // 2) / d): the cosine of pair i turns at base^(-(2i+1)/d) instead of "
    "sharing its sine's base^(-2i/d)",
    "column-exponent-2j": "the exponent is 2j/d with j the column index in every column (the "
    "// 2 of 2 * (j // 2) left out): sines at base^(-4i/d), cosines at base^(-(4i+2)/d)",
    "degrees": "the angles are in degrees: every frequency is multiplied by pi/180, as when "
    "the angle is converted to radians although it already is in radians, or a sine in "
    "degrees is used",
    "log10-for-ln": "log10 where the natural logarithm belongs: exp(-log10(base) * 2i/d) is the "
    "paper's formula with the base e^(log10 base), e^4 for 10000",
    "floor-division": "-log(base) / d // 2 floor-divides (Python's // binds as / does): the "
    "factor is -1, so the frequencies are e^(-2i), the paper's formula with the base e^d",
}

#: Known variants that are not mistakes: code -> what they are.
VARIANTS: dict[str, str] = {
    "marian": "the paper's numbers with all sines first, then all cosines",
    "guided-diffusion": "the paper's numbers with all cosines first, then all sines",
    "tensor2tensor": "all sines, then all cosines, with the spacing base^(-i/(d/2 - 1)) and "
    "a zero column for odd widths",
    "fairseq": "tensor2tensor's table with one row of zeros (fairseq's padding_idx row)",
    "other-base": "a base other than the paper's 10000",
    "first-columns": "the first columns of a wider table: its frequencies are those of a "
    "wider width",
}

#: The section that explains each finding and its fix, as ``<page>#<anchor>`` (the page of
#: ``docs/`` without its ``.md``: ``pitfalls-formula#odd-widths``); the checker page links it.
PITFALLS: dict[str, str] = {
    "i-for-2i": "pitfalls-formula#i-versus-2i-in-the-exponent",
    "2j-for-2i": "pitfalls-formula#i-versus-2i-in-the-exponent",
    "exponent-sign": "pitfalls-formula#multiply-instead-of-divide",
    "spacing-d2-minus-1": "pitfalls-formula#d-over-2-minus-1",
    "sin-cos-swapped": "pitfalls-formula#split-versus-interleaved",
    "odd-width-last-column": "pitfalls-formula#odd-widths",
    "position-offset": "pitfalls-use#left-padding",
    "batch-repeat": "pitfalls-use#batch-axis",
    "transposed": "pitfalls-use#transposed",
    "zero-rows": "pitfalls-formula#positions-only-up-to-l2",
    "float16-result": "pitfalls-use#angles-in-low-precision",
    "float16-angles": "pitfalls-use#angles-in-low-precision",
    "scaled": "pitfalls-use#scaled",
    "column-exponent": "pitfalls-formula#column-index-in-the-exponent",
    "column-exponent-2j": "pitfalls-formula#column-index-in-the-exponent",
    "degrees": "pitfalls-formula#degrees-for-radians",
    "log10-for-ln": "pitfalls-formula#log10-for-ln",
    "floor-division": "pitfalls-formula#floor-division",
    "marian": "pitfalls-formula#split-versus-interleaved",
    "guided-diffusion": "pitfalls-formula#split-versus-interleaved",
    "tensor2tensor": "pitfalls-formula#d-over-2-minus-1",
    "fairseq": "pitfalls-formula#d-over-2-minus-1",
    "other-base": "pitfalls-formula#other-base",
    "first-columns": "pitfalls-formula#first-columns",
}

#: Implementations that refuse or break at an odd width (docs/implementations.md).
EVEN_ONLY = frozenset(
    {
        "the PyTorch tutorial's PositionalEncoding",
        "The Annotated Transformer",
        "the TensorFlow Transformer tutorial",
        "Whisper's sinusoids",
    }
)

#: The implementations whose tables equal each variant (see docs/implementations.md).
IMPLEMENTATIONS: dict[str, tuple[str, ...]] = {
    "paper": (
        "pe.encoding",
        "the PyTorch tutorial's PositionalEncoding",
        "The Annotated Transformer",
        "Hugging Face DistilBERT/XLM",
        "Keras SinePositionEncoding (float32)",
    ),
    "marian": (
        "Hugging Face Marian",
        "the TensorFlow Transformer tutorial",
        "pe.encoding(layout='split')",
    ),
    "guided-diffusion": ("guided-diffusion's timestep_embedding",),
    "tensor2tensor": (
        "tensor2tensor's get_timing_signal_1d",
        "fairseq's table without its padding row",
        "Whisper's sinusoids",
        "DDPM's get_timestep_embedding",
    ),
    "fairseq": ("fairseq's SinusoidalPositionalEmbedding",),
}

LAYOUTS = ("interleaved", "split-sin-first", "split-cos-first", "interleaved-cos-first")
SPACINGS = ("paper", "d2-1", "i-for-2i", "2j-for-2i")
ROUNDINGS = ("none", "float16-result", "float16-angles")
#: Fewer live rows than this give no evidence of float16 rounding (on any base).
MIN_ROWS_FOR_16 = 3
PAPER_BASE = 10000.0
#: exp(-log10(10000) * 2i/d): the paper's formula with base e^4 (log10 taken for ln).
LOG10_BASE = math.exp(math.log10(PAPER_BASE))
DEGREE = math.pi / 180.0
#: Float16 rounding is claimed only when the table is known more precisely than this: an
#: eighth of float16's largest rounding error below 1 (half its spacing 2**-11 in [0.5, 1)).
#: Printed to 4 decimals (errors up to 5e-5) or fewer, float16's errors (up to 2.4e-4) cannot
#: be told from the print's and from a base known to a few digits: the checker does not
#: claim float16 then.
F16_CLAIM_RESOLUTION = 2.0**-15
#: Allowed float32 error of an angle computed in float32: about (2 + ln base) ulp of the
#: angle (the exponent's rounding, exp or pow, the product), doubled for margin.
COMPUTE_ULPS = 16.0
EPS32 = 2.0**-23
#: The float32 arithmetic's share of the tolerance stops growing with the angle here: past
#: it (angles beyond about 3e4 rad) an entry would fit almost any value and so be evidence of
#: nothing, and a slip with huge angles (an exponent's sign flipped) could be named on the
#: strength of columns that say nothing.
COMPUTE_CAP = 0.05
#: The same cap for angles computed in float16 (reached at angles of about 51 rad).
F16_ANGLES_CAP = 0.1
EPS16 = 2.0**-10
#: Differences in the same step of this size are equal for the allowance shown beside the
#: largest (_worst): the two implementations (this module and the browser's port) differ by
#: less (their sines and powers by an ulp, at most 4e-10 on the largest angles the checker
#: meets), so they show the same entry's allowance unless a difference lies that close to a
#: step's edge.
TIE = 1e-9
#: Rows used to screen all candidates before the survivors are checked on every row.
SCREEN_ROWS = 32
#: The first positions the checker considers: 0 up to this (a table starting further on is
#: read at the nearest position that fits, or not at all).
START_LIMIT = 2.0**12
#: When nothing fits, the closest candidates are measured on this many live rows at each end.
CLOSEST_ROWS = 4
#: Float32 counts positions one apart up to here; no closest candidate is read further on.
MAX_POSITION = 2.0**24
#: Live rows (from the first) a first position is checked on within the candidate's tolerance.
START_ROWS = 8
#: Columns a first position is checked on before all of them (_closest_fit).
START_COLUMNS = 8


class DiagnoseError(ValueError):
    """The input is not a table the checker can read; the message names the problem."""


@dataclass(frozen=True)
class Finding:
    """One thing the checker found: a code of MISTAKES or VARIANTS, in words, with evidence."""

    code: str
    message: str
    evidence: str

    @property
    def section(self) -> str:
        """The section that explains it and its fix, ``<page>#<anchor>`` (see :data:`PITFALLS`)."""
        return PITFALLS.get(self.code, "")


@dataclass(frozen=True)
class _Candidate:
    """One way of computing a table: the explanation the checker tries."""

    layout: str
    odd: str  # "sin" (the paper's lone last sine) or "zero"
    spacing: str
    sign: int  # -1: base^(-e) as in the paper; +1: the exponent's sign flipped
    base: float
    base_kind: str  # "known" or "estimated"
    rounding: str
    unit: str = "rad"  # "deg": every frequency multiplied by pi/180
    shift: bool = False  # the cosine of pair i takes the exponent half a step further
    spread: float = 0.0  # how far an estimated kappa may be off per unit of noise (_refined)

    def describe(self, d: int) -> str:
        sign = "" if self.sign < 0 else " with the exponent's sign flipped"
        if self.shift:
            sign += ", cosines half a step further"
        if self.unit == "deg":
            sign += ", in degrees"
        odd = ""
        if d % 2:
            odd = ", last column " + ("a lone sine" if self.odd == "sin" else "zero")
        kind = "" if self.base_kind == "known" else " (estimated)"
        rounding = "" if self.rounding == "none" else f", {self.rounding.replace('-', ' ')}"
        return (
            f"{self.layout} layout, {SPACING_WORDS[self.spacing]} spacing{sign}, "
            f"base {_fmt(self.base)}{kind}{odd}{rounding}"
        )


SPACING_WORDS = {
    "paper": "the paper's 2i/d",
    "d2-1": "tensor2tensor's i/(d/2 - 1)",
    "i-for-2i": "i/d",
    "2j-for-2i": "4i/d",
}


@dataclass(frozen=True)
class Diagnosis:
    """The checker's answer; ``text()`` in words, ``to_dict()`` for JSON."""

    verdict: str  # "paper" | "variant" | "mistakes" | "unknown"
    findings: tuple[Finding, ...]
    shape: tuple[int, int]
    dtype: str
    precision: str
    layout: str | None = None
    variant: str | None = None
    implementations: tuple[str, ...] = ()
    base: float | None = None
    base_estimated: bool = False
    start: int | None = None
    scale: float | None = None
    max_abs_error: float | None = None
    allowed_error: float | None = None
    error_units: float | None = None
    unit: str = ""
    closest: tuple[tuple[str, float, float | None], ...] = field(default=())
    alternatives: tuple[tuple[str, ...], ...] = field(default=())
    caveats: tuple[str, ...] = field(default=())

    @property
    def matches_paper(self) -> bool:
        return self.verdict == "paper"

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(f.code for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "matches_paper": self.matches_paper,
            "codes": list(self.codes),
            "findings": [
                {
                    "code": f.code,
                    "message": f.message,
                    "evidence": f.evidence,
                    "section": f.section,
                }
                for f in self.findings
            ],
            "shape": list(self.shape),
            "dtype": self.dtype,
            "precision": self.precision,
            "layout": self.layout,
            "variant": self.variant,
            "implementations": list(self.implementations),
            "base": self.base,
            "base_estimated": self.base_estimated,
            "start": self.start,
            "scale": self.scale,
            "max_abs_error": self.max_abs_error,
            "allowed_error": self.allowed_error,
            "error_units": self.error_units,
            "unit": self.unit,
            "alternatives": [list(a) for a in self.alternatives],
            "caveats": list(self.caveats),
            "closest": [
                {
                    "description": c,
                    "max_abs_error": e if math.isfinite(e) else None,
                    "allowed_error": a,
                }
                for c, e, a in self.closest
            ],
        }

    def text(self) -> str:
        n, d = self.shape
        head = {
            "paper": "matches the paper's encoding (Attention Is All You Need, Section 3.5).",
            "variant": "a known variant of the paper's encoding, not the paper's table itself.",
            "mistakes": "not the paper's encoding: the known mistakes below explain it.",
            "unknown": "not a known variant: no explanation the checker knows fits this table.",
        }[self.verdict]
        lines = [
            f"Verdict: {head}",
            f"Table: {n} rows x {d} columns, {self.dtype} ({self.precision}).",
        ]
        if self.verdict != "unknown":
            lines.append(f"Layout: {LAYOUT_WORDS[self.layout or 'interleaved']}.")
            base = _fmt(self.base or PAPER_BASE) + (" (estimated)" if self.base_estimated else "")
            where = "Position of the row" if n == 1 else "First position"
            lines.append(f"Base: {base}. {where}: {self.start}.")
            lines.append(
                f"Largest difference from that explanation: {_fmt(self.max_abs_error or 0.0)} "
                f"= {_fmt(self.error_units or 0.0)} {self.unit}; allowed at that entry: "
                f"{_allowed(self.allowed_error)}."
            )
            if self.implementations:
                lines.append("Equals: " + "; ".join(self.implementations) + ".")
        for f in self.findings:
            see = f" See {f.section}." if f.section else ""
            lines.append(f"- {f.code}: {f.message}. Evidence: {f.evidence}.{see}")
        if self.alternatives:
            others = "; ".join(", ".join(a) for a in self.alternatives)
            lines.append(f"Equally well explained by: {others}.")
        lines += [f"Cannot tell: {c}." for c in self.caveats]
        if self.closest:
            lines.append(
                f"Closest candidates (largest difference on the first and last {CLOSEST_ROWS} "
                "rows, and the difference allowed there):"
            )
            lines += [f"  {_fmt(e)} (allowed {_allowed(a)})  {c}" for c, e, a in self.closest]
        return "\n".join(lines)


LAYOUT_WORDS = {
    "interleaved": "interleaved, sin then cos in each pair (the paper's)",
    "interleaved-cos-first": "interleaved, cos then sin in each pair",
    "split-sin-first": "split, all sines first, then all cosines",
    "split-cos-first": "split, all cosines first, then all sines",
}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _allowed(x: float | None) -> str:
    return "-" if x is None else _fmt(x)


def _fmt(x: float) -> str:
    """Four significant digits, without an exponent where that reads better."""
    if not math.isfinite(x):
        return str(x)
    if x == int(x) and abs(x) < 1e7:
        return str(int(x))
    if 1e-3 <= abs(x) < 1e6:
        return f"{x:.4g}"
    return f"{x:.3e}"


# --------------------------------------------------------------------------- input


TOKEN = re.compile(
    r"(?P<number>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf(?:inity)?)(?!\w))"
    r"|(?P<word>[A-Za-z_][\w.]*)|(?P<other>[^\s,;()]+)",
    re.IGNORECASE,
)


#: A keyword argument of a print-out: dtype=float32, device='cuda:0', grad_fn=<AddBackward0>,
#: requires_grad=True, shape=(2, 4), numpy=... (its value holds no table numbers).
KEYWORD = re.compile(r"\b[A-Za-z_]\w*\s*=\s*(?:'[^']*'|\"[^\"]*\"|<[^>]*>|\([^()]*\)|[\w.:+-]+)")
INTEGER = re.compile(r"[-+]?\d+")


def parse_table(text: str) -> F64:
    """Read rows of numbers as printed by NumPy, PyTorch, TensorFlow, JAX, pandas or a CSV file.

    Rows are the innermost bracketed groups when the text has brackets (so wrapped print-outs
    such as ``tensor([[0.0, 1.0, ...`` work; three levels are one table when they hold one
    sequence, (1, L, d), or one row per position, PyTorch's (max_len, 1, d) buffer), else its
    non-empty lines; numbers are separated by commas, semicolons, tabs or spaces. Words
    (``tensor``, ``array``), keyword arguments (``dtype=float32``, ``device='cuda:0'``,
    ``grad_fn=<AddBackward0>``, ``shape=(2, 4)``) and lines starting with ``#`` are ignored.
    A byte-order mark is dropped and the Unicode minus sign (U+2212) read as ``-``. Where the
    separators are semicolons or tabs and every comma stands between digits (Excel in a
    language that writes 0,5), the commas are decimal commas. A pandas print-out or
    ``to_csv`` output loses its header row of column labels 0, 1, 2, ... and its index
    column of consecutive whole numbers (a print-out wrapped into blocks of columns is joined
    again); a first line 0, 1, ..., d - 1 above rows of decimals is a header from three
    columns on (at two, ``0 1`` is also the paper's first row, and is read as a row).

    Raises:
        DiagnoseError: no numbers, a summarised print-out (``...``), an unreadable token,
            rows of different lengths, or several sequences (a batch).

    >>> parse_table("tensor([[0.0, 1.0],\\n        [0.8415, 0.5403]])").tolist()
    [[0.0, 1.0], [0.8415, 0.5403]]
    """
    text = text.removeprefix("\ufeff").replace("\u2212", "-")
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("#")]
    body = "\n".join(lines)
    if "..." in body or "…" in body:
        raise DiagnoseError(
            "the text is a summarised print-out ('...' stands for rows or columns left out); "
            "print the whole table, e.g. with np.set_printoptions(threshold=sys.maxsize) "
            "or torch.set_printoptions(profile='full')"
        )
    body = KEYWORD.sub(" ", body)
    rows = _bracket_rows(body) if "[" in body else _line_rows(body)
    rows = [r for r in rows if r]
    if not rows:
        raise DiagnoseError("no numbers found: paste rows of numbers, one row per position")
    widths = sorted({len(r) for r in rows})
    if len(widths) > 1:
        raise DiagnoseError(
            f"rows have different lengths ({', '.join(map(str, widths))} numbers): "
            "every row of a table has the same width"
        )
    return np.array([[float(t) for t in r] for r in rows], dtype=np.float64)


def decode_text(data: bytes) -> str:
    """The text of a table file's bytes (UTF-8, with or without a byte-order mark).

    Raises:
        DiagnoseError: UTF-16 text, or bytes that are not text at all, in one sentence.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DiagnoseError(
            "the file is UTF-16 text, not UTF-8: save it as UTF-8 (Excel: CSV UTF-8) or as .npy"
        )
    try:
        if b"\0" in data:
            raise UnicodeError
        return data.decode("utf-8")
    except UnicodeError:
        raise DiagnoseError(
            "the file is not text (it holds bytes that are no UTF-8 characters): save the table "
            "as .csv or .txt text, or as .npy"
        ) from None


def _bracket_rows(body: str) -> list[list[str]]:
    """The innermost bracketed groups; of three levels, one sequence or one row per group."""
    depth, max_depth, group = 0, 0, 0
    current: list[str] | None = None
    rows: list[list[str]] = []
    groups: list[int] = []  # the second-level group each row is in
    for m in re.finditer(r"\[|\]|[^\[\]]+", body):
        tok = m.group(0)
        if tok == "[":
            depth += 1
            max_depth = max(max_depth, depth)
            group += depth == 2
            current = []
        elif tok == "]":
            if current is not None:
                rows.append(current)
                groups.append(group)
            current = None
            depth -= 1
        elif current is not None:
            current += _tokens(tok)
        elif any(m.group("number") for m in TOKEN.finditer(tok)):
            raise DiagnoseError(f"numbers outside brackets near {tok.strip()[:30]!r}")
    per_group = [groups.count(g) for g in sorted(set(groups))]
    if max_depth == 3 and (len(per_group) == 1 or max(per_group) == 1):
        return rows  # (1, L, d): one sequence; (max_len, 1, d): one row per position
    if max_depth > 2:
        raise DiagnoseError(
            f"the text has {max_depth} levels of brackets, a table has 2 (rows of numbers): "
            "a batch of several sequences? print one sequence, e.g. table[0]"
        )
    return rows


def _line_rows(body: str) -> list[list[str]]:
    """The numbers of each line, without a pandas header row or index column."""
    commas = body.count(",")
    if (";" in body or "\t" in body) and commas and commas == len(re.findall(r"\d,\d", body)):
        body = body.replace(",", ".")  # decimal commas
    rows = []
    for line in body.splitlines():
        nums = _tokens(line.rstrip().removesuffix("\\"))  # "\": pandas' wrapped line
        if nums:
            rows.append(nums)
    return _without_labels(rows)


def _labels(row: list[str]) -> bool:
    """Whole numbers counting up by one from the first: column labels or an index."""
    if not all(INTEGER.fullmatch(t) for t in row):
        return False
    return [int(t) for t in row] == list(range(int(row[0]), int(row[0]) + len(row)))


def _without_labels(rows: list[list[str]]) -> list[list[str]]:
    """``rows`` without pandas' header rows and index column (see parse_table)."""
    heads = [
        k
        for k, r in enumerate(rows[:-1])
        if _labels(r) and len(rows[k + 1]) == len(r) + 1 and INTEGER.fullmatch(rows[k + 1][0])
    ]
    if heads and heads[0] == 0:
        blocks = [rows[a + 1 : b] for a, b in zip(heads, [*heads[1:], len(rows)], strict=True)]
        index = [r[0] for r in blocks[0]]
        if all(
            [r[0] for r in block] == index and all(len(r) == len(rows[h]) + 1 for r in block)
            for block, h in zip(blocks, heads, strict=True)
        ) and _labels(index):
            return [[t for block in blocks for t in block[k][1:]] for k in range(len(index))]
    data = rows[1:]
    if (
        len(rows) >= 2
        and len(rows[0]) >= 3
        and _labels(rows[0])
        and rows[0][0] == "0"
        and all(len(r) == len(rows[0]) for r in data)
        and not all(INTEGER.fullmatch(t) for r in data for t in r)
    ):
        rows = data  # to_csv(index=False): a header of the labels 0 .. d-1
    firsts = [r[0] for r in rows]
    if (
        len(rows) >= 2
        and all(len(r) >= 2 for r in rows)
        and _labels(firsts)
        and not all(INTEGER.fullmatch(t) for r in rows for t in r[1:])
    ):
        rows = [r[1:] for r in rows]  # an index column
    return rows


def _tokens(chunk: str) -> list[str]:
    """The numbers in ``chunk`` as written; words (tensor, dtype names, headers) are skipped."""
    out = []
    for m in TOKEN.finditer(chunk):
        if m.group("number") is not None:
            out.append(m.group("number"))
        elif m.group("other") is not None:
            raise DiagnoseError(f"not a number: {m.group('other')[:30]!r}")
    return out


def _validated(table: Any) -> tuple[F64, str]:
    try:
        arr = np.asarray(table)
    except (ValueError, TypeError):
        raise DiagnoseError(
            "not a table of numbers: its rows have different lengths or hold other things"
        ) from None
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.floating) or np.issubdtype(arr.dtype, np.integer)
    ):
        raise DiagnoseError(f"the table must hold real numbers, got dtype {arr.dtype}")
    shape = arr.shape
    if arr.ndim == 1:  # one row
        arr = arr[None, :]
    elif arr.ndim == 3 and shape[1] == 1:  # PyTorch's buffer: (max_len, 1, d)
        arr = arr[:, 0, :]
    elif arr.ndim == 3 and shape[0] == 1:  # a batch of one sequence: (1, L, d)
        arr = arr[0]
    if arr.ndim != 2:
        hint = ""
        if arr.ndim == 3:
            hint = ": a batch of several sequences? pass one sequence, e.g. table[0]"
        raise DiagnoseError(f"a table has 2 axes (positions, width), got shape {shape}{hint}")
    n, d = arr.shape
    if d == 0:
        raise DiagnoseError(f"the table has a width of 0 (shape {shape})")
    if n < 1:
        raise DiagnoseError(f"the table has no rows (shape {shape})")
    values = arr.astype(np.float64)
    if not np.isfinite(values).all():
        bad = np.argwhere(~np.isfinite(values))[0]
        raise DiagnoseError(
            f"the table holds NaN or infinity (first at row {bad[0]}, column {bad[1]}): "
            "an encoding is always finite; an overflow in float16?"
        )
    name = arr.dtype.name if np.issubdtype(arr.dtype, np.floating) else "float64"
    if name not in ("float16", "float32", "float64"):
        name = "float64"
    return values, name


# --------------------------------------------------------------------------- precision


@dataclass(frozen=True)
class _Precision:
    resolution: float  # half the spacing of the stored values at the largest magnitude
    unit: float
    unit_name: str
    words: str


def _precision(values: F64, dtype: str) -> _Precision:
    """How precisely the entries are stored: by their dtype, or the digits they were printed with."""
    top = float(np.max(np.abs(values)))
    if dtype == "float16" or (dtype == "float64" and _all_exact(values, np.float16)):
        ulp = _spacing(top, 10)
        return _Precision(ulp / 2, ulp, "ulp of float16", "float16 values")
    if dtype == "float32" or _all_exact(values, np.float32):
        ulp = _spacing(top, 23)
        return _Precision(ulp / 2, ulp, "ulp of float32", "float32 values")
    decimals = _printed_decimals(values, top)
    if decimals <= 12:
        last = 10.0**-decimals
        return _Precision(
            last / 2, last, "units of the last printed digit", f"printed to {decimals} decimals"
        )
    ulp = _spacing(top, 52)
    return _Precision(ulp / 2, ulp, "ulp of float64", "float64 values")


def _all_exact(values: F64, dtype: type[np.floating[Any]]) -> bool:
    with np.errstate(over="ignore"):
        return bool(np.all(values.astype(dtype).astype(np.float64) == values))


def _spacing(top: float, mantissa_bits: int) -> float:
    """The gap between neighbouring floats at magnitude ``top`` (at least at 1)."""
    exponent = math.frexp(max(top, 1.0))[1] - 1
    return 2.0 ** (exponent - mantissa_bits)


def _printed_decimals(values: F64, top: float) -> int:
    """Decimals after the point of the shortest repr, over the entries of the larger magnitudes
    in the first rows (a printed table has as many decimals in every row)."""
    most = 0
    for v in values[:SCREEN_ROWS].ravel():
        if abs(v) < 0.1 * top or v == 0:
            continue
        mantissa, _, exp = repr(float(v)).partition("e")
        frac = mantissa.partition(".")[2].rstrip("0")
        most = max(most, len(frac) - (int(exp) if exp else 0))
    return most


# --------------------------------------------------------------------------- candidates


@dataclass(frozen=True)
class _Columns:
    """Which function (0 sin, 1 cos, 2 zero) and which frequency each column holds."""

    func: npt.NDArray[np.int64]
    pair: npt.NDArray[np.int64]
    n_freq: int
    pairs: tuple[tuple[int, int], ...]  # (sine column, cosine column) of every pair


def _columns(layout: str, odd: str, d: int) -> _Columns:
    h, lone = d // 2, d % 2 == 1
    func = np.zeros(d, dtype=np.int64)
    pair = np.zeros(d, dtype=np.int64)
    if layout.startswith("interleaved"):
        sin_cols = list(range(0, 2 * h, 2))
        cos_cols = list(range(1, 2 * h, 2))
        if layout == "interleaved-cos-first":
            sin_cols, cos_cols = cos_cols, sin_cols
        lone_col = d - 1
    else:
        n_sin = h + 1 if (lone and odd == "sin") else h
        first, second = list(range(n_sin)), list(range(n_sin, n_sin + h))
        if layout == "split-cos-first":
            first, second = list(range(h)), list(range(h, h + n_sin))
            sin_cols, cos_cols = second[:h], first
        else:
            sin_cols, cos_cols = first[:h], second
        lone_col = (
            (second[-1] if layout == "split-cos-first" else first[-1]) if odd == "sin" else d - 1
        )
    for i, (s, c) in enumerate(zip(sin_cols, cos_cols, strict=True)):
        func[s], pair[s] = 0, i
        func[c], pair[c] = 1, i
    n_freq = h
    if lone:
        if odd == "sin":
            func[lone_col], pair[lone_col] = 0, h
            n_freq = h + 1
        else:
            func[lone_col], pair[lone_col] = 2, 0
    return _Columns(func, pair, n_freq, tuple(zip(sin_cols, cos_cols, strict=True)))


def _exponents(spacing: str, n_freq: int, d: int) -> F64:
    i = np.arange(n_freq, dtype=np.float64)
    if spacing == "paper":
        return (2.0 * i) / d
    if spacing == "i-for-2i":
        return i / d
    if spacing == "2j-for-2i":
        return (4.0 * i) / d
    return i / max(d // 2 - 1, 1)


def _frequencies(c: _Candidate, n_freq: int, d: int) -> F64:
    e = _exponents(c.spacing, n_freq, d)
    omega = np.power(c.base, -e if c.sign < 0 else e)
    return omega * DEGREE if c.unit == "deg" else omega


def _column_frequencies(c: _Candidate, cols: _Columns, omega: F64) -> F64:
    """Each column's frequency: its pair's, or for a shifted candidate's cosines half a step
    further (base^(-(2i+1)/d) for the paper's spacing)."""
    freq = omega[cols.pair] if omega.size else np.zeros(len(cols.pair))
    if c.shift:
        d = len(cols.func)
        half = _exponents(c.spacing, 2, d)[1] / 2.0
        freq = np.where(cols.func == 1, freq * c.base ** (-half if c.sign < 0 else half), freq)
    return freq


def _round16(x: F64) -> F64:
    with np.errstate(over="ignore", invalid="ignore"):
        return x.astype(np.float16).astype(np.float64)


def _expected(
    c: _Candidate, cols: _Columns, omega: F64, positions: F64, precision: _Precision
) -> tuple[F64, F64]:
    """The candidate's table at ``positions`` and the tolerance of every entry."""
    freq = _column_frequencies(c, cols, omega)
    if c.rounding == "float16-angles":
        with np.errstate(invalid="ignore"):  # inf * 0 where float16 overflows: NaN, fails
            theta = _round16(np.multiply.outer(_round16(positions), _round16(freq)))
    else:
        theta = np.multiply.outer(positions, freq)
    with np.errstate(invalid="ignore"):
        table = np.where(
            cols.func == 0, np.sin(theta), np.where(cols.func == 1, np.cos(theta), 0.0)
        )
    theta = np.where(cols.func == 2, 0.0, np.abs(theta))
    tol = precision.resolution + np.minimum(COMPUTE_ULPS * EPS32 * (1.0 + theta), COMPUTE_CAP)
    if c.spread:  # an estimated base: the angle of pair i is off by up to i * theta * spread
        noise = precision.resolution + (EPS16 if c.rounding != "none" else 0.0)
        with np.errstate(invalid="ignore"):  # an infinite angle: NaN, fails
            tol = tol + c.spread * noise * cols.pair * theta
    if c.rounding != "none":
        table = _round16(table)
        tol = tol + EPS16 * np.abs(table) + 2.0**-24
    if c.rounding == "float16-angles":  # capped as COMPUTE_CAP, for the same reason
        tol = tol + np.minimum(2.0 * EPS16 * theta, F16_ANGLES_CAP)
    return table, tol


def _worst(diff: F64, tol: F64) -> tuple[float, float]:
    """The largest |difference| and the difference allowed there: of the entries whose
    difference is in the largest's step of TIE (equal differences, told apart only by
    rounding), the tightest allowance. An infinite difference (NaN: float16 overflow) has no
    allowance to show (NaN)."""
    if not diff.size:
        return 0.0, 0.0
    size = np.abs(diff)
    worst = float(np.max(size))
    if math.isnan(worst):
        return math.inf, math.nan
    step = np.floor(size / TIE)
    return worst, float(np.min(tol[step == math.floor(worst / TIE)]))


def _score(diff: F64, tol: F64) -> float:
    """The largest |difference| in tolerances; NaN (float16 overflow) counts as infinite."""
    ratio = np.abs(diff) / tol
    if ratio.size == 0:
        return 0.0
    worst = float(np.max(ratio))
    return math.inf if math.isnan(worst) else worst


# --------------------------------------------------------------------------- structure


@dataclass(frozen=True)
class _Structure:
    """What the table's shape says before any formula is tried."""

    rows: F64  # distinct rows (batch repeats collapsed)
    repeat: int  # rows per position (1: no batch repeat)
    zero_rows: tuple[int, ...]  # indices into ``rows``

    @property
    def single(self) -> bool:
        """The table is one row (not one row repeated)."""
        return len(self.rows) == 1 and self.repeat == 1


def _structure(values: F64) -> _Structure:
    same = np.all(values[1:] == values[:-1], axis=1)
    starts = [0] + [r + 1 for r in range(len(same)) if not same[r]]
    lengths = np.diff(starts + [len(values)])
    repeat = 1
    rows = values
    if lengths.max() > 1 and (len(lengths) == 1 or np.all(lengths == lengths[0])):
        repeat = int(lengths[0])
        rows = values[starts]
    # A width of 1 is one sine, zero at position 0: no row of it is an unfilled one.
    zero = (
        ()
        if values.shape[1] == 1
        else tuple(int(r) for r in np.flatnonzero(np.all(rows == 0, axis=1)))
    )
    return _Structure(rows, repeat, zero)


@dataclass(frozen=True)
class _Fit:
    candidate: _Candidate
    start: int
    scale: float
    score: float
    max_abs: float
    findings: tuple[Finding, ...]
    template: str
    complexity: int
    order: int
    allowed: float = math.nan  # the tolerance of the entry with the largest difference


def _scale(rows: F64, cols: _Columns, live: npt.NDArray[np.bool_]) -> float:
    """The median radius of the sin/cos pairs: 1 for an unscaled table."""
    if not cols.pairs:
        return 1.0
    s = rows[live][:, [p[0] for p in cols.pairs]]
    c = rows[live][:, [p[1] for p in cols.pairs]]
    radius = np.sqrt(s * s + c * c).ravel()
    median = float(np.median(radius)) if radius.size else 1.0
    return median if median > 0 else 1.0  # mostly zeros: no scale to read


def _kappa(
    rows: F64, cols: _Columns, live: npt.NDArray[np.bool_], unit: float = 1.0
) -> float | None:
    r"""The log-ratio of consecutive frequencies, \(\omega_i = e^{-\kappa i}\), from the angle steps.

    Each pair's angle turns by \(\omega_i\) per row (mod \(2\pi\)); pairs whose step
    reads clearly are averaged, weighted by how precisely each gives \(\kappa\). With
    ``unit`` (pi/180 for angles in degrees) the frequencies are \(u\,e^{-\kappa i}\).
    """
    if len(cols.pairs) < 2 or int(np.sum(live)) < 2:
        return None
    idx = np.flatnonzero(live)
    consecutive = idx[1:][np.diff(idx) == 1]
    if consecutive.size == 0:
        return None
    sines = np.array([p[0] for p in cols.pairs])
    cosines = np.array([p[1] for p in cols.pairs])
    theta = np.arctan2(rows[np.ix_(idx, sines)], rows[np.ix_(idx, cosines)])  # sampled rows
    at = {r: k for k, r in enumerate(idx)}
    now = theta[[at[r] for r in consecutive]]
    before = theta[[at[r - 1] for r in consecutive]]
    w = now - before
    w = w - 2 * np.pi * np.floor(w / (2 * np.pi) + 0.5)
    steps = [float(x) / unit for x in np.mean(w, axis=0)]
    if not steps[1] > 0:
        return None
    k1 = -math.log(steps[1])
    num = den = 0.0
    for i in range(1, len(steps)):
        predicted = math.exp(min(-k1 * i, 700.0))  # JS: Infinity; both fail the test below
        if predicted * unit < 2.0 and steps[i] > 0:
            weight = (steps[i] * i) ** 2
            num += weight * (-math.log(steps[i]) / i)
            den += weight
    return num / den if den > 0 else k1


def _refined(
    rows: F64,
    cols: _Columns,
    screen: npt.NDArray[np.int64],
    kappa: float | None,
    key: tuple[str, str, str],
    first: int,
    precision: _Precision,
) -> tuple[float | None, float]:
    r"""\(\kappa\) refined by least squares on the pairs' angles of the screened rows.

    The steps give \(\kappa\) to about the table's precision over the rows' count, which at
    3 or 4 printed decimals can leave the angles of the last rows just outside the tolerance;
    three Gauss-Newton steps on \(\theta_{p,i} = p\,u\,e^{-\kappa i}\) (positions from
    the unwrapped first row) bring the error down to the print's own. Least squares is not
    the largest error's minimum: the second number is how far \(\kappa\) may still be off
    per unit of noise on the angles (three standard errors), which, times the noise a
    candidate allows (the table's resolution, plus float16's for a float16 candidate), widens
    the tolerance of the candidates built on it.
    """
    if kappa is None or kappa == 0 or len(cols.pairs) < 2:
        return kappa, 0.0
    layout, odd, unit = key
    d = len(cols.func)
    n_freq = len(cols.pairs)
    idx = np.arange(n_freq, dtype=np.float64)
    s_cols = [p[0] for p in cols.pairs]
    c_cols = [p[1] for p in cols.pairs]
    observed = np.arctan2(rows[screen][:, s_cols], rows[screen][:, c_cols])
    u = DEGREE if unit == "deg" else 1.0
    # A negative kappa (frequencies growing: the exponent's sign flipped) is refined the same
    # way, with a probe of the flipped sign; its fast pairs' angles may overflow (inf, NaN),
    # which ends the refinement (the step is not finite).
    with np.errstate(over="ignore", invalid="ignore"):
        for _ in range(3):
            base = math.exp(min(abs(kappa) * d / 2.0, 700.0))
            sign = -1 if kappa > 0 else 1
            probe = _Candidate(layout, odd, "paper", sign, base, "estimated", "none", unit)
            omega = u * np.exp(-kappa * idx)
            start = _start(probe, cols, _frequencies(probe, cols.n_freq, d), rows, first, precision)
            theta = np.multiply.outer(screen.astype(np.float64) + start, omega)
            resid = observed - theta
            resid = resid - 2 * np.pi * np.floor(resid / (2 * np.pi) + 0.5)
            grad = -idx * theta
            den = float(np.sum(grad * grad))
            if not den > 0:
                break
            step = float(np.sum(grad * resid)) / den
            if not math.isfinite(step) or abs(step) > 0.5 * abs(kappa):
                break
            kappa += step
        else:
            return kappa, 3.0 / math.sqrt(den)
    return kappa, 0.0


def _start(
    c: _Candidate, cols: _Columns, omega: F64, rows: F64, first: int, precision: _Precision
) -> int:
    r"""The position of row 0: row ``first``'s, unwrapped from the slowest pair to the fastest.

    The slowest pair gives the position up to its turns, \(2\pi k/\omega\): every ``k``
    that keeps the position below START_LIMIT is unwrapped through the faster pairs. Of the
    positions whose angles all fit within a few resolutions (a loose screen), the one whose
    first rows fit within the candidate's own tolerance and differ least from it wins
    (_closest_fit; for a candidate without float16 rounding); else the first to pass the
    screen, else the closest. Without pairs (a width of 1) row 0 is position 0.
    """
    order = sorted(
        (float(omega[i]), i) for i in range(len(cols.pairs)) if 0 < omega[i] <= 1.0 + 1e-9
    )
    if not order:
        return 0
    row = rows[first]
    if c.shift:
        p = _start_shifted(c, cols, omega, row, order)
    else:
        loose, p = _unwrap(order, cols, row, c.rounding, precision)
        if loose and c.rounding == "none":
            p = _closest_fit(c, cols, omega, rows, first, precision, loose)
        elif loose:
            # A float16 candidate allows about 1e-3 per entry (0.1 past 51 rad with float16
            # angles): over the hundreds of positions that pass its screen one fits a small
            # table by chance (a float16 result at width 3 read at 1175 with float16 angles
            # and base e^4, a base-11650 table at 3608 as 10000's in float16). The first wins.
            p = loose[0]
    guess = math.floor(p + 0.5)
    best, best_err = guess, math.inf
    for q in (guess, guess - 1, guess + 1):
        table, _ = _expected(c, cols, omega, np.array([float(q)]), precision)
        err = float(np.max(np.abs(row - table[0])))
        if err < best_err:
            best, best_err = q, err
    return best - first


def _ahead(rows: F64, first: int) -> list[int]:
    """The first START_ROWS rows from ``first`` that are not all zeros."""
    out: list[int] = []
    for r in range(first, rows.shape[0]):
        if len(out) == START_ROWS:
            break
        if np.any(rows[r] != 0):
            out.append(r)
    return out


def _closest_fit(
    c: _Candidate,
    cols: _Columns,
    omega: F64,
    rows: F64,
    first: int,
    precision: _Precision,
    loose: list[float],
) -> float:
    """Of the positions ``loose`` for row ``first``, the one whose first rows (_ahead) fit
    within the candidate's tolerance and differ least from it (the first on a tie), else the
    first. The loose screen lets a wrong position through where one or two frequencies turn
    fast: a table starting at 720 = 10 + 710 passes it at 10 (710 rad is 113 turns and 6e-5
    rad) and then misses its rows by more than the candidate allows; and the first that fits
    can be an alias, as the tolerance grows with the angle."""
    ahead = _ahead(rows, first)
    offsets = np.array(ahead, dtype=np.float64) - first
    # Checked on the first columns, then every column for the positions that pass: where
    # only the slowest pair turns below 1 rad per position (the sign flipped), hundreds pass
    # the loose screen and most miss at once.
    ps = np.array(loose)
    d = rows.shape[1]
    worst = np.zeros(ps.size)
    for k in (min(d, START_COLUMNS), d):
        part = _Columns(cols.func[:k], cols.pair[:k], cols.n_freq, cols.pairs)
        positions = np.add.outer(np.floor(ps + 0.5), offsets).ravel()
        table, tol = _expected(c, part, omega, positions, precision)
        shape = (ps.size, len(ahead) * k)
        with np.errstate(invalid="ignore"):
            diff = np.abs(rows[ahead, :k].ravel() - table.reshape(shape))
            strict = np.max(diff / tol.reshape(shape), axis=1) <= 1.0  # NaN: not <= 1
            worst = np.max(diff, axis=1)
        ps, worst = ps[strict], worst[strict]
    return float(ps[int(np.argmin(worst))] if ps.size else loose[0])


def _unwrap(
    order: list[tuple[float, int]], cols: _Columns, row: F64, rounding: str, precision: _Precision
) -> tuple[list[float], float]:
    """The positions (by turns of the slowest pair) whose angles all fit within a few
    resolutions, and the closest; a few turns (wide tables) in plain floats, many (a slowest
    pair near 1 rad per position) vectorised over the turns: the same arithmetic either way."""
    w = [o[0] for o in order]
    theta = [math.atan2(row[cols.pairs[i][0]], row[cols.pairs[i][1]]) for _, i in order]
    theta = [t + 2 * math.pi if t < 0 else t for t in theta]
    slack = 2 * COMPUTE_ULPS * EPS32 + (4 * EPS16 if rounding != "none" else 0.0)
    tau = 2 * math.pi
    n_turns = int(START_LIMIT * w[0] / tau) + 1
    if n_turns > 16:
        wa, ta = np.array(w), np.array(theta)
        ps_all = (ta[0] + tau * np.arange(n_turns, dtype=np.float64)) / wa[0]
        for j in range(1, len(order)):
            ps_all = (ta[j] + tau * np.floor((ps_all * wa[j] - ta[j]) / tau + 0.5)) / wa[j]
        guesses = np.floor(ps_all + 0.5)
        misses = np.multiply.outer(guesses, wa) - ta
        misses = np.max(np.abs(misses - tau * np.floor(misses / tau + 0.5)), axis=1)
        fits = misses <= 4 * precision.resolution + slack * (1.0 + guesses * wa[-1])
        return ps_all[fits].tolist(), float(ps_all[int(np.argmin(misses))])
    loose: list[float] = []
    p, best_miss = math.nan, math.inf
    for turn in range(n_turns):
        ps = (theta[0] + tau * turn) / w[0]
        for wj, tj in zip(w[1:], theta[1:], strict=True):
            ps = (tj + tau * math.floor((ps * wj - tj) / tau + 0.5)) / wj
        g = math.floor(ps + 0.5)
        miss = 0.0
        for wj, tj in zip(w, theta, strict=True):
            m = g * wj - tj
            miss = max(miss, abs(m - tau * math.floor(m / tau + 0.5)))
        if miss <= 4 * precision.resolution + slack * (1.0 + g * w[-1]):
            loose.append(ps)
        if miss < best_miss:
            p, best_miss = ps, miss
    return loose, p


def _start_shifted(
    c: _Candidate, cols: _Columns, omega: F64, row: F64, order: list[tuple[float, int]]
) -> float:
    """The position of a row when each pair's cosine turns at another rate than its sine:
    the slowest pair's angle, then each faster pair's from the steeper of its two columns
    on the branch nearest the slower pairs' position."""
    freq = _column_frequencies(c, cols, omega)
    p = 0.0
    for n, (w, i) in enumerate(order):
        s, co = cols.pairs[i]
        if n > 0:
            # The sine and the cosine turn at different rates: read the angle from the
            # steeper of the two columns, on the branch nearest the slower pairs' position.
            col = s if abs(row[s]) <= abs(row[co]) else co
            w = float(freq[col])
            v = min(max(float(row[col]), -1.0), 1.0)
            if col == s:
                branches = (math.asin(v), math.pi - math.asin(v))
            else:
                branches = (math.acos(v), -math.acos(v))
            thetas = [
                b + 2 * math.pi * math.floor((p * w - b) / (2 * math.pi) + 0.5) for b in branches
            ]
            theta = min(thetas, key=lambda t: (abs(t - p * w), t))
            p = theta / w
        else:
            theta = math.atan2(row[s], row[co])
            p = (theta + 2 * math.pi if theta < 0 else theta) / w
    return p


def _template_spacing(layout: str) -> str:
    return "d2-1" if layout == "split-sin-first" else "paper"


def _template(c: _Candidate) -> str:
    if c.layout.startswith("interleaved"):
        return "paper"
    if c.layout == "split-cos-first":
        return "guided-diffusion"
    return "tensor2tensor" if c.spacing == "d2-1" else "marian"


def _floor_base(d: int) -> float:
    """exp(arange(0, d, 2) * (-log(10000) / d // 2)): for d >= 5 the factor floors to -1, so
    the frequencies are e^(-2i) = (e^d)^(-2i/d). 0 where the slip gives another factor."""
    return math.exp(d) if 5 <= d <= 700 else 0.0


def _bases(
    kind: str, kappa: float | None, step: float, sign: int, plain: bool, d: int
) -> list[float]:
    """The bases a candidate of this kind tries: 10000 (and, for the paper's own rule,
    ``plain``, e^4 and e^d: two slips in the exp/log form), or the one the angle steps give,
    as estimated or rounded to 3 digits."""
    if kind == "known":
        slips = [b for b in (LOG10_BASE, _floor_base(d)) if b and b != PAPER_BASE]
        return [PAPER_BASE, *slips] if plain else [PAPER_BASE]
    if kappa is None or step == 0 or (kappa < 0) != (sign > 0):
        return []
    with np.errstate(over="ignore"):
        base = math.exp(min(abs(kappa) / step, 700.0))
    if kind == "rounded":
        base = float(f"{base:.3g}")
    known = (PAPER_BASE, LOG10_BASE, _floor_base(d))
    return [base] if 1.0 < base < 1e300 and base not in known else []


def _candidates(
    kappas: dict[tuple[str, str, str], tuple[float | None, float]],
    d: int,
    f16: bool,
    claim16: bool,
) -> list[_Candidate]:
    """Every explanation to try, in the order that breaks ties between equally simple ones.

    ``f16``: the table is stored as float16 (so rounding its result to float16 explains
    nothing); ``claim16``: the table is precise enough to tell float16 rounding from its own
    (F16_CLAIM_RESOLUTION), else no float16 rounding is tried.
    """
    odds = ("sin", "zero") if d % 2 else ("sin",)
    roundings = [
        r for r in ROUNDINGS if not (f16 and r == "float16-result") and (claim16 or r == "none")
    ]
    out: list[_Candidate] = []
    for kind in ("known", "rounded", "estimated"):
        for layout in LAYOUTS:
            for odd in odds:
                # All cosines first is guided-diffusion's layout, which pads an odd width with
                # a zero column: a lone last sine there is no implementation's (at width 3 it
                # is the interleaved cos, sin pair with its lone sine: sin-cos-swapped).
                if d % 2 and layout == "split-cos-first" and odd == "sin":
                    continue
                for unit in ("rad", "deg"):
                    kappa, spread = kappas[(layout, odd, unit)]
                    for spacing in SPACINGS:
                        step = _exponents(spacing, 2, d)[1]
                        for sign in (-1, 1):
                            if unit == "deg" and (spacing != "paper" or sign > 0):
                                continue
                            # Every spacing is linear in i: with a base read from the table
                            # they are one table, named by the paper's spacing (or
                            # tensor2tensor's for all sines first), never as a slip.
                            if kind != "known" and spacing not in (
                                "paper",
                                _template_spacing(layout),
                            ):
                                continue
                            plain = spacing == "paper" and sign < 0 and unit == "rad"
                            for base in _bases(kind, kappa, step, sign, plain, d):
                                shifts = [False]
                                if (
                                    kind == "known"
                                    and base == PAPER_BASE
                                    and unit == "rad"
                                    and sign < 0
                                    and layout.startswith("interleaved")
                                    and spacing in ("paper", "2j-for-2i")
                                ):
                                    shifts.append(True)
                                out += [
                                    _Candidate(
                                        layout,
                                        odd,
                                        spacing,
                                        sign,
                                        base,
                                        "known" if kind == "known" else "estimated",
                                        rounding,
                                        unit,
                                        shift,
                                        spread if kind == "estimated" else 0.0,
                                    )
                                    for shift in shifts
                                    for rounding in roundings
                                ]
    return out


def _findings(
    c: _Candidate, structure: _Structure, start: int, scale: float, transposed: bool, d: int
) -> tuple[str, list[Finding], int]:
    """The candidate's departures from its closest known implementation, as findings."""
    template = _template(c)
    found: list[Finding] = []
    deviations = 0

    def add(code: str, message: str, evidence: str, counts: bool = True) -> None:
        nonlocal deviations
        found.append(Finding(code, message, evidence))
        deviations += counts

    fairseq = template == "tensor2tensor" and len(structure.zero_rows) == 1
    if transposed:
        add(
            "transposed",
            "the table is transposed: each column is one position",
            f"read as {d} columns, the rows fit once the table is turned",
        )
    if structure.repeat > 1:
        count = structure.repeat if len(structure.rows) > 1 else "every"
        add(
            "batch-repeat",
            "each position's row fills several consecutive rows: the table was indexed along "
            "the batch axis, so all tokens of a sequence share one position",
            f"{count} consecutive rows are identical; the distinct rows are positions "
            f"{start} to {start + len(structure.rows) - 1}",
        )
    if fairseq:
        add(
            "fairseq",
            VARIANTS["fairseq"],
            f"row {structure.zero_rows[0]} is all zeros: padding_idx = {structure.zero_rows[0]}",
            counts=False,
        )
    elif template != "paper":
        add(
            template,
            VARIANTS[template],
            "equals " + ", ".join(IMPLEMENTATIONS[template]),
            counts=False,
        )
    if structure.zero_rows and not fairseq:
        rows = ", ".join(map(str, structure.zero_rows[:8]))
        add(
            "zero-rows",
            "rows of zeros: those positions get no encoding at all",
            f"rows {rows}{' ...' if len(structure.zero_rows) > 8 else ''} are all zeros",
        )
    if c.layout == "interleaved-cos-first":
        add(
            "sin-cos-swapped",
            "each pair holds the cosine first, the paper puts the sine first",
            "column 0 reads cos(pos), column 1 sin(pos)",
        )
    template_spacing = "d2-1" if template == "tensor2tensor" else "paper"
    if c.shift:
        code = "column-exponent" if c.spacing == "paper" else "column-exponent-2j"
        lo, hi = ("2i", "2i+1") if c.spacing == "paper" else ("4i", "4i+2")
        cos0 = c.base ** -(_exponents(c.spacing, 2, d)[1] / 2)
        add(
            code,
            MISTAKES[code],
            f"the sine of pair i fits base^(-{lo}/d), its cosine base^(-({hi})/d): the first "
            f"cosine turns {_fmt(cos0)} rad per position, not 1",
        )
    elif c.spacing != template_spacing:
        equivalent = ""
        if c.spacing != "d2-1":
            ratio = _exponents(c.spacing, 2, d)[1] / _exponents("paper", 2, d)[1]
            equivalent = f"; the same as the paper's formula with base {_fmt(c.base**ratio)}"
        code = "spacing-d2-minus-1" if c.spacing == "d2-1" else c.spacing
        add(code, MISTAKES[code], f"frequencies follow {SPACING_WORDS[c.spacing]}{equivalent}")
    if c.sign > 0:
        add(
            "exponent-sign",
            "the frequencies grow with the pair index instead of falling: the position is "
            "multiplied by base^(2i/d) where the paper divides",
            f"pair 1 turns {_fmt(_frequencies(c, 2, d)[1])} rad per position, more than pair 0",
        )
    template_odd = "zero" if template in ("tensor2tensor", "guided-diffusion") else "sin"
    if d % 2 and c.odd == "zero" and template_odd == "sin":
        add(
            "odd-width-last-column",
            MISTAKES["odd-width-last-column"],
            f"width {d} is odd and the last column is all zeros",
        )
    if c.unit == "deg":
        add(
            "degrees",
            "the angles are in degrees where sin and cos take radians: every pair turns "
            "pi/180 times as fast as it should",
            f"pair 0 turns {_fmt(DEGREE)} rad per position (1 degree), not 1 rad",
        )
    if c.base_kind == "known" and c.base == LOG10_BASE:
        add(
            "log10-for-ln",
            "the base is e^4, not 10000: exp(-log10(10000) * 2i/d) takes log10 where the "
            "natural logarithm belongs (math.log, np.log, torch.log)",
            f"the table is the paper's with base e^4 = {_fmt(LOG10_BASE)}",
        )
    if c.base_kind == "known" and c.base == _floor_base(d) and c.base != LOG10_BASE:
        add(
            "floor-division",
            "the base is e^d, not 10000: in -log(10000) / d // 2 the // divides the quotient, "
            "which floors to -1, so the frequencies are e^(-2i) (write / (d // 2) or 2i / d)",
            f"the table is the paper's with base e^{d} = {_fmt(c.base)}",
        )
    if c.base_kind == "estimated":
        add(
            "other-base",
            f"the base is about {_fmt(c.base)}, not the paper's 10000",
            "estimated from how fast the pairs' angles turn",
        )
        cut = _cut_from(c, d)
        if cut:
            add(
                "first-columns",
                f"these {d} columns can be the first {d} of a table of width {cut} with the "
                f"paper's base 10000 (or of any width w with base {_fmt(c.base)}^(w/{d}))",
                f"10000^({d}/{cut}) = {_fmt(PAPER_BASE ** (d / cut))}, the estimated base",
                counts=False,
            )
    if start != 0 and not structure.single:  # a single row: its position is what is asked
        fairseq_note = ""
        if template == "tensor2tensor" and start >= 1:
            fairseq_note = (
                f"; fairseq numbers the real tokens from padding_idx + 1 "
                f"(padding_idx = {start - 1} gives this)"
            )
        add(
            "position-offset",
            f"the first row is position {start}, not 0{fairseq_note}",
            f"the angles of row 0 fit position {start}",
        )
    if abs(scale - 1.0) > 0:
        sqrt_d = math.sqrt(d)
        note = ""
        if abs(scale - sqrt_d) <= 1e-3 * sqrt_d:
            note = f" = sqrt({d}), the factor that belongs on the token embeddings"
        add(
            "scaled",
            f"every entry is multiplied by {_fmt(scale)}{note}",
            f"the sin/cos pairs have radius {_fmt(scale)}, not 1",
        )
    if c.rounding == "float16-result":
        add(
            "float16-result",
            "the values are the right ones rounded to float16 (about 3 significant digits); "
            "compute in float32 and cast at the end if the model needs more",
            "every entry equals the explanation's value rounded to float16",
        )
    if c.rounding == "float16-angles":
        add(
            "float16-angles",
            "the angles are computed in float16: positions and frequencies are rounded to "
            "float16 before the sine, so the error grows with the position "
            "(as Keras' SinePositionEncoding under a float16 policy)",
            "the entries fit angles rounded to float16 and not the exact ones",
        )
    return template, found, deviations


def _cut_from(c: _Candidate, d: int) -> int:
    """The even width w > d whose first d columns, with base 10000, give this candidate's
    table (10000^(d/w) = its base, to 0.2% of w), or 0."""
    if (
        c.spacing != "paper"
        or c.sign > 0
        or c.unit != "rad"
        or c.shift
        or not c.layout.startswith("interleaved")
        or not 1.0 < c.base < PAPER_BASE
    ):
        return 0
    wide = d * math.log(PAPER_BASE) / math.log(c.base)
    w = 2 * math.floor(wide / 2 + 0.5)
    return w if d < w <= 65536 and abs(wide - w) <= 2e-3 * w else 0


# --------------------------------------------------------------------------- diagnose


def _analyse(
    values: F64, precision: _Precision, dtype: str, transposed: bool, below: float = math.inf
) -> tuple[_Fit | None, list[_Fit]]:
    """The simplest fitting explanation of ``values`` (or None) and the closest candidates.

    Candidates are tried simplest first (their findings, and so their complexity, need no
    table); each is screened on a few rows, and the first that fits them is checked on every
    row. Only when none fits is every candidate measured (on the first and last CLOSEST_ROWS
    rows), for the closest. ``below``: only
    explanations simpler than this count (the turned table only matters if it is simpler),
    and no closest candidates are returned.
    """
    structure = _structure(values)
    rows = structure.rows
    n, d = rows.shape
    live = np.ones(n, dtype=bool)
    live[list(structure.zero_rows)] = False
    if not live.any():
        return None, []
    first = int(np.flatnonzero(live)[0])
    screen = np.unique(
        np.r_[np.flatnonzero(live)[:SCREEN_ROWS], np.flatnonzero(live)[-SCREEN_ROWS:]]
    )

    last = _ahead(rows, first)[-1]
    layouts = {(lay, odd): _columns(lay, odd, d) for lay in LAYOUTS for odd in ("sin", "zero")}
    # Scale and spacing are read from the screened rows: they are the same in every row.
    sample = np.zeros(n, dtype=bool)
    sample[screen] = True
    scales = {key: _scale(rows, cols, sample) for key, cols in layouts.items()}
    kappas = {
        (*key, unit): _kappa(rows, cols, sample, DEGREE if unit == "deg" else 1.0)
        for key, cols in layouts.items()
        for unit in ("rad", "deg")
    }  # angles: scale-free
    refined = {
        key: _refined(rows, layouts[key[:2]], screen, kappa, key, first, precision)
        for key, kappa in kappas.items()
    }
    claim16 = _claims16(precision)
    fits: list[_Fit] = []
    for order, c in enumerate(_candidates(refined, d, dtype == "float16", claim16)):
        cols = layouts[(c.layout, c.odd)]
        scale = _snap(scales[(c.layout, c.odd)], precision)
        omega = _frequencies(c, cols.n_freq, d)
        head = rows[: last + 1] / scale  # the start is read from rows ``first`` to ``last``
        start = _start(c, cols, omega, head, first, _scaled_precision(precision, scale))
        template, found, deviations = _findings(c, structure, start, scale, transposed, d)
        fits.append(
            _Fit(c, start, scale, math.nan, math.nan, tuple(found), template, deviations, order)
        )

    def measured(f: _Fit, at: npt.NDArray[np.int64]) -> _Fit:
        """``f`` with its score and largest difference over the rows ``at``."""
        cols = layouts[(f.candidate.layout, f.candidate.odd)]
        prec = _scaled_precision(precision, f.scale)
        omega = _frequencies(f.candidate, cols.n_freq, d)
        pos = at.astype(np.float64) + f.start
        table, tol = _expected(f.candidate, cols, omega, pos, prec)
        diff = rows[at] / f.scale - table
        worst, allowed = _worst(diff * f.scale, tol * f.scale)
        return replace(f, score=_score(diff, tol), max_abs=worst, allowed=allowed)

    screened: dict[int, _Fit] = {}

    def screen_of(f: _Fit) -> _Fit:
        if f.order not in screened:
            screened[f.order] = measured(f, screen)
        return screened[f.order]

    every = np.flatnonzero(live)

    def unfounded16(f: _Fit) -> bool:
        # One or two rows fix a base and a first position with little to spare, and float16's
        # tolerance then lets a slip fit a correct table: no evidence of float16 (PE_SWEEP
        # found 2 rows at position 237 read as float16 angles, and one row of base 46630 at
        # width 21 as base 10000 with i/(d/2 - 1) and float16 angles).
        return f.candidate.rounding != "none" and every.size < MIN_ROWS_FOR_16

    # Ties go to the tighter rounding: float16 angles explain whatever a float16 result does.
    ranked = sorted(
        fits, key=lambda f: (f.complexity, ROUNDINGS.index(f.candidate.rounding), f.order)
    )
    for k, f in enumerate(ranked):
        if f.complexity >= below:
            break
        if unfounded16(f):
            continue
        if screen_of(f).score <= 1.0:
            checked = measured(f, every)
            if checked.score <= 1.0:
                rest = ranked[k + 1 :]
                alternatives = _alternatives(checked, rest, screen_of, lambda g: measured(g, every))
                # A base read from a small table can absorb float16 rounding: where the same
                # reading with float16 results fits too, both are said (neither is asserted).
                twin = replace(checked.candidate, rounding="float16-result")
                if (
                    checked.candidate.base_kind == "estimated"
                    and checked.candidate.rounding == "none"
                ):
                    for g in rest:
                        if g.candidate == twin and len(alternatives) < 3:
                            g = measured(replace(g, start=checked.start), every)
                            if g.score <= 1.0:
                                alternatives.append(g)
                            break
                return checked, alternatives
    if below < math.inf:
        return None, []
    # The closest, by their largest difference on the first and last CLOSEST_ROWS rows: on
    # every row, or on the screened rows, every candidate's would take seconds in the browser
    # for a 2048 x 1024 table, and a table nothing explains is as far from them in a few rows.
    # A candidate read past position 2**24 is none: float32 cannot count positions one apart
    # there, and its position (an angle over a frequency that barely turns, estimated to the
    # last bit) puts its values anywhere.
    ends = np.unique(np.r_[every[:CLOSEST_ROWS], every[-CLOSEST_ROWS:]])
    read = [f for f in fits if abs(f.start) <= MAX_POSITION and not unfounded16(f)]
    closest: list[_Fit] = []
    for f in sorted((measured(f, ends) for f in read), key=lambda f: (f.max_abs, f.order)):
        if all(f.candidate.describe(d) != g.candidate.describe(d) for g in closest):
            closest.append(f)
        if len(closest) == 3:
            break
    return None, closest


def _alternatives(
    winner: _Fit,
    rest: list[_Fit],
    screen_of: Callable[[_Fit], _Fit],
    full: Callable[[_Fit], _Fit],
) -> list[_Fit]:
    """Other explanations as simple as the winner, with other codes, that fit as well: a small
    table can be explained by two slips at once (at width 4, 4i/d and i/(d/2 - 1) coincide)."""
    seen = {_codes(winner)}
    out: list[_Fit] = []
    for f in rest:
        if f.complexity != winner.complexity or len(out) == 3:
            break
        if f.candidate.rounding != winner.candidate.rounding or _codes(f) in seen:
            continue
        if screen_of(f).score <= 1.0 and full(f).score <= 1.0:
            seen.add(_codes(f))
            out.append(f)
    return out


def _describe(f: _Fit, n: int, d: int) -> str:
    """A candidate in words; a transposed one reads the table's n rows as its width."""
    if any(x.code == "transposed" for x in f.findings):
        return "the table transposed: " + f.candidate.describe(n)
    return f.candidate.describe(d)


def _codes(f: _Fit) -> tuple[str, ...]:
    return tuple(x.code for x in f.findings)


def _claims16(precision: _Precision) -> bool:
    """Whether float16 rounding can be told at this precision (F16_CLAIM_RESOLUTION)."""
    return not precision.words.startswith("printed") or (
        precision.resolution <= F16_CLAIM_RESOLUTION
    )


def _scaled_precision(precision: _Precision, scale: float) -> _Precision:
    """The precision of the table divided by ``scale``; a scale read from the pairs' radius is
    itself known only to the table's precision, which doubles the allowance."""
    factor = 1.0 if scale == 1.0 else 2.0
    return _Precision(factor * precision.resolution / scale, precision.unit, "", "")


def _snap(scale: float, precision: _Precision) -> float:
    """A pair radius within reading precision of 1 is 1: no scale factor."""
    return 1.0 if abs(scale - 1.0) <= max(1e-3, 8 * precision.resolution) else scale


def diagnose(table: Any) -> Diagnosis:
    """Say whether ``table`` is the paper's encoding, a known variant, or which mistakes it shows.

    Args:
        table: array-like of shape ``(positions, width)``, any real dtype (float16, float32
            and float64 keep their precision; text read by [`parse_table`][pe.diagnose.parse_table]
            is float64 and its printed digits set its precision).

    Returns:
        A [`Diagnosis`][pe.diagnose.Diagnosis]: ``verdict`` is ``"paper"``, ``"variant"``,
        ``"mistakes"`` or ``"unknown"``; ``findings`` name every mistake and variant shown.

    Raises:
        DiagnoseError: not 2 axes, fewer than 2 rows, a width of 0, NaN or infinity, or
            not numbers.
    """
    values, dtype = _validated(table)
    precision = _precision(values, dtype)
    n, d = values.shape
    caveats: tuple[str, ...] = ()
    if not _claims16(precision):
        caveat = (
            f"{precision.words}, the values may be off by up to {_fmt(precision.resolution)}, "
            f"as much as float16's rounding (up to {_fmt(2.0**-12)} below 1), so whether they "
            "went through float16 is not checked; print 5 or more decimals, or save the "
            "array (.npy), to check it"
        )
        caveats = (caveat,)
    fit, closest = _analyse(values, precision, dtype, transposed=False)
    # One column turned is one row; a single row is a row. Turning counts as one departure,
    # so the turned table can only win against two or more.
    if d >= 2 and n >= 2 and (fit is None or fit.complexity > 1):
        below = math.inf if fit is None else fit.complexity
        turned, turned_closest = _analyse(
            values.T.copy(), precision, dtype, transposed=True, below=below
        )
        if turned is not None and (fit is None or turned.complexity < fit.complexity):
            fit, closest = turned, turned_closest
        elif fit is None:
            pool = sorted(closest + turned_closest, key=lambda f: f.max_abs)
            closest = pool[:3]
    if fit is None:
        return Diagnosis(
            verdict="unknown",
            findings=(),
            shape=(n, d),
            dtype=dtype,
            precision=precision.words,
            unit=precision.unit_name,
            closest=tuple((_describe(f, n, d), f.max_abs, _finite(f.allowed)) for f in closest),
            caveats=caveats,
        )
    mistakes = [f for f in fit.findings if f.code in MISTAKES]
    verdict = "mistakes" if mistakes else ("variant" if fit.findings else "paper")
    c = fit.candidate
    variant = "fairseq" if any(f.code == "fairseq" for f in fit.findings) else fit.template
    plain = verdict != "mistakes" and not any(f.code == "other-base" for f in fit.findings)
    implementations = IMPLEMENTATIONS[variant] if plain else ()
    if d % 2:
        implementations = tuple(i for i in implementations if i not in EVEN_ONLY)
    return Diagnosis(
        verdict=verdict,
        findings=fit.findings,
        shape=(n, d),
        dtype=dtype,
        precision=precision.words,
        alternatives=tuple(_codes(f) for f in closest),
        layout=c.layout,
        variant=variant,
        implementations=implementations,
        base=c.base,
        base_estimated=c.base_kind == "estimated",
        start=fit.start,
        scale=fit.scale,
        max_abs_error=fit.max_abs,
        allowed_error=_finite(fit.allowed),
        error_units=fit.max_abs / precision.unit,
        unit=precision.unit_name,
        caveats=caveats,
    )
