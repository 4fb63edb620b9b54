"""The checker's promise as a property, for Hypothesis: random bases, widths, lengths, layouts,
first positions and precisions, a correct table of each, and each slip the checker names.

The promise (pe.diagnose, docs/checker.md):

* **A correct table is never blamed.** pe.encoding's table for any base, layout and first
  position, printed to 3 to 8 decimals or stored as float32 or float16, gets no mistake
  but ``position-offset`` (which only says where it starts; it is named exactly when the
  first position the checker reads is not 0: a table of one or two frequencies, printed to
  few digits, can fit more than one first position, and the checker reads the smallest). The one exception is a base that *is* a slip's: the paper's formula
  with base 100 is 10000's ``i-for-2i``, with base e^4 10000's ``log10-for-ln`` (the table is
  the same number for number); the checker then names the slip and its evidence names the
  base. The sweep draws bases log-uniformly, so it meets those bases only within the
  precision of a small table, where the slip is an equally good reading (``ALIASES``).
* **A slip is named, or the checker says it cannot tell.** Each slip's table gets its code
  (in the findings or among the equally good explanations), or the verdict ``"unknown"``
  (no explanation fits: the checker does not guess), or, when the slip's table is within
  the table's precision of the correct one (a slip that does not change any printed digit,
  e.g. ``i-for-2i`` at width 2, which has one frequency), no mistake at all. Never another
  mistake in its place. Float16 rounding is claimed only where it can be told (5 or more
  printed decimals, or a binary array): at 3 and 4 decimals the diagnosis says it cannot
  tell (``caveats``) and reads the values as exact.

Slips that are the paper's formula with another base (i-for-2i, 2j-for-2i, the interleaved
d/2 - 1 spacing, log10-for-ln, and the two column-index exponents, which the checker tries
with the known base only) are swept at base 10000: at another base the table is a correct
table of another base, or, for the column-index exponents, a table the checker calls
"unknown".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

import pe

Table = npt.NDArray[np.floating[Any]]

#: Every mistake code the checker can give (kept here so the helper does not read pe.diagnose).
SLIPS = (
    "sin-cos-swapped",
    "exponent-sign",
    "odd-width-last-column",
    "batch-repeat",
    "transposed",
    "zero-rows",
    "scaled",
    "float16-result",
    "float16-angles",
    "degrees",
    "i-for-2i",
    "2j-for-2i",
    "spacing-d2-minus-1",
    "column-exponent",
    "column-exponent-2j",
    "log10-for-ln",
    "floor-division",
)
#: Slips swept at base 10000 only (see the module's docstring).
KNOWN_BASE_ONLY = {
    "i-for-2i",
    "2j-for-2i",
    "spacing-d2-minus-1",
    "column-exponent",
    "column-exponent-2j",
    "log10-for-ln", "floor-division",
}
#: Codes that describe a correct table and blame nothing.
DESCRIPTIVE = {
    "marian",
    "guided-diffusion",
    "tensor2tensor",
    "fairseq",
    "other-base",
    "first-columns",
}


@dataclass(frozen=True)
class Sweep:
    """One drawn table: what it is (``slip`` None for a correct one) and how it was made."""

    slip: str | None
    table: Table
    base: float
    layout: str
    start: int
    precision: str  # "3".."8" (decimals printed), "float32" or "float16"
    reference: Table  # the correct table of the same base, layout and first position
    d: int

    def label(self) -> str:
        n = self.table.shape[0]
        return (
            f"{self.slip or 'correct'} n={n} d={self.d} base={self.base!r} "
            f"layout={self.layout} start={self.start} precision={self.precision}"
        )


def stored(x: Table, precision: str) -> Table:
    """The table as the checker receives it: printed to k decimals, or cast."""
    if precision == "float32":
        return x.astype(np.float32)
    if precision == "float16":
        return x.astype(np.float16)
    return np.round(x.astype(np.float64), int(precision))


def resolution(precision: str) -> float:
    """Half the spacing of the stored values near 1: how much a stored value may be off."""
    return {"float32": 2.0**-24, "float16": 2.0**-11}.get(precision, 0.0) or (
        0.5 * 10.0 ** -int(precision)
    )


def assemble(sin: Table, cos: Table, d: int, layout: str) -> Table:
    """Columns of sines and cosines in pe's layouts (an odd width's lone sine last)."""
    if layout == "interleaved":
        out = np.zeros((sin.shape[0], d))
        out[:, 0::2] = sin[:, : (d + 1) // 2]
        out[:, 1::2] = cos[:, : d // 2]
        return out
    return np.concatenate([sin[:, : (d + 1) // 2], cos[:, : d // 2]], axis=1)


def angles(n: int, start: int, omega: Table) -> Table:
    return np.multiply.outer(np.arange(start, start + n, dtype=np.float64), omega)


def slip_table(
    slip: str, n: int, d: int, base: float, layout: str, start: int, extra: float
) -> Table:
    """The table a slip gives, in float64, built from its formula (not from pe.diagnose)."""
    i = np.arange((d + 1) // 2, dtype=np.float64)
    paper = base ** (-2 * i / d)
    if slip == "sin-cos-swapped":
        a = angles(n, start, paper)
        return (
            assemble(np.cos(a), np.sin(a), d, "interleaved") if d % 2 == 0 else (_swapped_odd(a, d))
        )
    if slip == "exponent-sign":
        a = angles(n, start, base ** (2 * i / d))
        return assemble(np.sin(a), np.cos(a), d, layout)
    if slip == "odd-width-last-column":
        a = angles(n, start, paper)
        out = assemble(np.sin(a), np.cos(a), d, "interleaved")
        out[:, -1] = 0.0
        return out
    correct = pe.encoding(n, d, base=base, start=start, layout=layout)  # type: ignore[arg-type]
    if slip == "batch-repeat":
        return np.repeat(correct, int(extra), axis=0)
    if slip == "transposed":
        return correct.T.copy()
    if slip == "zero-rows":
        out = correct.copy()
        out[n // 2 :] = 0.0
        return out
    if slip == "scaled":
        return correct * extra
    if slip == "float16-result":
        return pe.encoding(
            n,
            d,
            base=base,
            start=start,
            layout=layout,  # type: ignore[arg-type]
            dtype=np.float16,
        ).astype(np.float64)
    if slip == "float16-angles":  # Keras' SinePositionEncoding under a float16 policy
        f16 = np.float16
        positions = np.arange(start, start + n).astype(f16)
        exponent = (2 * (np.arange(d) // 2)).astype(f16) / f16(d)
        timescales = np.power(f16(1 / base), exponent).astype(f16)
        a = (positions[:, None] * timescales[None, :]).astype(f16).astype(np.float64)
        return np.where(np.arange(d) % 2 == 0, np.sin(a), np.cos(a)).astype(f16).astype(np.float64)
    if slip == "degrees":
        a = np.radians(angles(n, start, paper))
        return assemble(np.sin(a), np.cos(a), d, layout)
    spacing = {
        "i-for-2i": base ** (-i / d),
        "2j-for-2i": base ** (-4 * i / d),
        "spacing-d2-minus-1": base ** (-i / max(d // 2 - 1, 1)),
        "log10-for-ln": np.exp(-math.log10(base) * 2 * i / d),
        "floor-division": np.exp(2 * i * (-math.log(base) / d // 2)),
    }
    if slip in spacing:
        a = angles(n, start, spacing[slip])
        return assemble(np.sin(a), np.cos(a), d, layout)
    # The column-index exponents, per column j as the TensorFlow tutorial's get_angles
    # without its // 2: base ** (j / d) (column-exponent) or base ** (2j / d) (-2j).
    j = np.arange(d, dtype=np.float64)
    k = j if slip == "column-exponent" else 2 * j
    a = angles(n, start, base ** (-k / d))
    return np.where(j % 2 == 0, np.sin(a), np.cos(a))


def _swapped_odd(a: Table, d: int) -> Table:
    out = np.zeros((a.shape[0], d))
    out[:, 0:-1:2] = np.cos(a[:, : d // 2])
    out[:, 1::2] = np.sin(a[:, : d // 2])
    out[:, -1] = np.sin(a[:, -1])
    return out


PRECISIONS = st.sampled_from(["3", "4", "5", "6", "8", "float32", "float16"])
BASES = st.floats(math.log(20.0), math.log(1e6)).map(math.exp)


@st.composite
def correct_tables(draw: st.DrawFn) -> Sweep:
    """pe.encoding's table for a random base, width (odd included), length, layout, first
    position and precision."""
    d = draw(st.integers(1, 40))
    n = draw(st.integers(2, 40))
    base = draw(BASES)
    layout = draw(st.sampled_from(["interleaved", "split"]))
    start = draw(st.one_of(st.just(0), st.integers(1, 2000)))
    precision = draw(PRECISIONS)
    ref = pe.encoding(n, d, base=base, start=start, layout=layout)  # type: ignore[arg-type]
    return Sweep(None, stored(ref, precision), base, layout, start, precision, ref, d)


@st.composite
def slip_tables(draw: st.DrawFn, slip: str) -> Sweep:
    """A table with ``slip``, at a random base (10000 for KNOWN_BASE_ONLY), width, length,
    layout (where the slip has one), first position and precision."""
    # Below these widths the slip's table is another correct one, or another slip's: at
    # width 2 cos, sin is guided-diffusion's, at width 3 a zero last column is
    # tensor2tensor's, at width 4 the flipped sign's fast pair aliases to a slow one (a
    # correct table of another base) and 4i/d is i/(d/2 - 1); and at width 2 the one
    # frequency turns 1 rad per position, so position and float16 rounding are confounded.
    low = {
        "odd-width-last-column": 5,
        "exponent-sign": 5,
        "transposed": 4,
        "sin-cos-swapped": 3,
        "2j-for-2i": 5,
        "spacing-d2-minus-1": 5,
        "float16-result": 3,
        "float16-angles": 3,
        "floor-division": 5,
    }.get(slip, 2)
    d = draw(st.integers(low, 40))
    if slip == "odd-width-last-column":
        d |= 1
    n = draw(st.integers(4, 40))
    base = 10000.0 if slip in KNOWN_BASE_ONLY else draw(BASES)
    if slip == "float16-angles":  # Keras rounds 1 / base to float16: normal numbers only
        base = min(base, 16384.0)
    layout = "interleaved"
    if slip in {
        "exponent-sign",
        "degrees",
        "i-for-2i",
        "2j-for-2i",
        "log10-for-ln",
        "batch-repeat",
        "zero-rows",
        "scaled",
        "float16-result",
        "transposed",
    }:
        layout = draw(st.sampled_from(["interleaved", "split"]))
    start = 0 if slip in {"float16-angles"} else draw(st.one_of(st.just(0), st.integers(1, 2000)))
    if slip == "float16-angles":
        n = draw(st.integers(24, 64))  # float16 angles show once the positions are large
    precision = draw(PRECISIONS)
    if slip == "float16-result" and precision == "float16":
        precision = "float32"  # a float16 array of float16 values is the float16-result slip's
    extra = 1.0
    if slip == "batch-repeat":
        extra = draw(st.integers(2, 4))
        n = min(n, 16)
    if slip == "scaled":
        extra = draw(st.one_of(st.just(math.sqrt(d)), st.floats(1.5, 20.0)))
    table = slip_table(slip, n, d, base, layout, start, extra)
    ref = pe.encoding(n, d, base=base, start=start, layout=layout)  # type: ignore[arg-type]
    return Sweep(slip, stored(table, precision), base, layout, start, precision, ref, d)


def alias_codes(case: Sweep) -> set[str]:
    """The slips a correct table of this base also is, within its precision: the base equals
    the slip's (100 = 10000^(1/2) for i-for-2i, e^4 for log10-for-ln, ...)."""
    d = case.d
    rel = 20 * resolution(case.precision) + 1e-6  # how closely a small table pins its base
    aliases = {"i-for-2i": 100.0, "2j-for-2i": 1e8, "log10-for-ln": math.exp(4.0)}
    if d >= 5:
        aliases["floor-division"] = math.exp(d)
    if d >= 3 and case.layout == "interleaved":  # below 6 the slip's d/2 - 1 is floored at 1
        aliases["spacing-d2-minus-1"] = 10000.0 ** (d / (2 * max(d // 2 - 1, 1)))
    return {code for code, b in aliases.items() if abs(math.log(case.base / b)) <= rel * d}


def problems_correct(case: Sweep, result: dict[str, Any], mistakes: set[str]) -> list[str]:
    """Why ``result`` (a Diagnosis.to_dict) breaks the promise for a correct table."""
    codes = set(result["codes"])
    blamed = (codes & mistakes) - {"position-offset"} - alias_codes(case)
    out = [f"blamed for {sorted(blamed)}"] if blamed else []
    if result["verdict"] != "unknown" and ("position-offset" in codes) != (result["start"] != 0):
        out.append("position-offset named for a table that starts at 0, or not named")
    if (
        result["verdict"] != "unknown"
        and case.d >= 2
        and not alias_codes(case)
        and (result["start"] != case.start)
        and not same_within_precision(case, result["start"])
    ):
        out.append(f"first position {result['start']}, not {case.start}")
    return out


def same_within_precision(case: Sweep, start: int) -> bool:
    """Whether the table starting at ``start`` (same base and layout) prints as the stored
    one, each entry within one stored unit (twice the rounding): then both first positions
    read the table equally well. With one frequency, 1 rad per position (widths 2 and 3),
    positions a whole number of turns apart nearly repeat: 711 is 113 turns and 1.00006 rad,
    so at 4 decimals a table starting there prints as one starting at 1."""
    n = case.table.shape[0]
    other = pe.encoding(n, case.d, base=case.base, start=start, layout=case.layout)  # type: ignore[arg-type]
    return bool(np.abs(other - case.table.astype(np.float64)).max() <= 2 * resolution(case.precision))


def named(result: dict[str, Any], slip: str) -> bool:
    return slip in result["codes"] or any(slip in alt for alt in result["alternatives"])


def indistinguishable(case: Sweep) -> bool:
    """The slip's table lies within the stored precision of the correct one (and so can be
    the correct table for all the checker can see)."""
    table = case.table.astype(np.float64)
    if table.shape != case.reference.shape:
        return False
    return bool(np.max(np.abs(table - case.reference)) <= 2 * resolution(case.precision))


def correct_within_precision(case: Sweep, result: dict[str, Any]) -> bool:
    """Whether the correct table the checker reads (its base, first position and layout,
    recomputed here with pe) lies within the stored precision of the slip's table: then the
    slip changes nothing the checker can see, whatever the base it was made with (float16
    angles at a small width, absorbed by an estimated base 0.1 % off)."""
    layout = result.get("layout")
    if result.get("base") is None or layout not in ("interleaved", "split", "split-cos-first"):
        return False
    n, d = case.table.shape
    split = "interleaved" if layout == "interleaved" else "split"
    read = pe.encoding(n, d, base=result["base"], start=result["start"], layout=split)
    if layout == "split-cos-first":  # guided-diffusion's: the cosines, the sines, a zero column
        h = d // 2
        read = np.concatenate([read[:, d - h :], read[:, :h], np.zeros((n, d % 2))], axis=1)
    scale = result.get("scale") or 1.0
    return bool(np.abs(scale * read - case.table.astype(np.float64)).max()
                <= 2 * resolution(case.precision))


def equivalents(case: Sweep) -> set[str]:
    """Other slips the table shows as well, by construction: float16 angles give float16
    values, and where few angles are rounded (small positions, a base whose inverse float16
    holds exactly) they read as float16 results of a nearby base."""
    if case.slip == "float16-angles":
        return {"float16-result"}
    return set()


def problems_slip(case: Sweep, result: dict[str, Any], mistakes: set[str]) -> list[str]:
    """Why ``result`` breaks the promise for a table with ``case.slip``."""
    assert case.slip is not None
    codes = set(result["codes"])
    if (
        result["verdict"] == "unknown"
        or named(result, case.slip)
        or any(named(result, other) for other in equivalents(case))
    ):
        others = (codes & mistakes) - {case.slip, "position-offset"} - alias_codes(case)
        others -= equivalents(case)
        return [f"named {sorted(others)} besides {case.slip}"] if others else []
    if (
        case.slip in ("float16-result", "float16-angles")
        and result["caveats"]
        and not (codes & mistakes) - {"position-offset"} - alias_codes(case)
    ):
        return []  # 3 or 4 decimals: the checker says it cannot tell float16 (caveats)
    if (indistinguishable(case) or correct_within_precision(case, result)) and not (
        codes & mistakes
    ) - {"position-offset"} - alias_codes(case):
        return []
    return [f"{case.slip} not named and not 'unknown': {result['verdict']} {sorted(codes)}"]
