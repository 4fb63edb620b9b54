"""Known wrong answers to the exercises: what a reader gets from a known slip of reasoning.

:func:`slips` derives them from an exercise's answer function and parameters (never typed
numbers): for every numeric exercise the sign flipped, twice and half the answer, a factor
2π too many or too few and radians read as degrees; for an entry of the table the angle
for its sine or cosine (the function forgotten), the other function, the angle taken in
degrees, ``i`` where ``2i`` belongs (and ``2i`` counted in columns), fairseq's
``d/2 - 1`` spacing; for a wavelength the frequency, ``i`` for ``2i``; and so on for the
other answer functions (see :func:`_by_function`). tests/pipeline/test_exercise_slips.py
asserts that the page's tolerance rejects every one of them, tests/docs/
test_docs_answer_parser.py that the page's answer box says "Not yet" to them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from scripts.artifacts import exercise_bank as bank
from scripts.artifacts.exercise_bank import Exercise

TAU = 2 * math.pi
DEG = math.pi / 180


def _omega(pair: float, d_model: int, base: float = 10000.0, *, spacing: float | None = None) -> float:
    """``base^(-2 pair / d)``, or with ``spacing`` given, ``base^(-pair / spacing)``."""
    return base ** (-pair / spacing) if spacing else base ** (-2 * pair / d_model)


def _entry_slips(pos: float, column: int, d_model: int, base: float = 10000.0) -> dict[str, float]:
    pair, fn = column // 2, (math.sin if column % 2 == 0 else math.cos)
    other = math.cos if fn is math.sin else math.sin
    angle = pos * _omega(pair, d_model, base)
    return {
        "the angle, its sine or cosine forgotten": angle,
        "the other function (sin for cos or cos for sin)": other(angle),
        "the angle taken in degrees": fn(angle * DEG),
        "i where 2i belongs": fn(pos * base ** (-pair / d_model)),
        "the column counted as i": fn(pos * _omega(column, d_model, base)),
        "2i where i belongs": fn(pos * base ** (-4 * pair / d_model)),
        "fairseq's d/2 - 1 spacing": fn(pos * _omega(pair, d_model, base,
                                                     spacing=max(d_model // 2 - 1, 1))),
    }


def _wavelength_slips(pair: int, d_model: int, base: float = 10000.0) -> dict[str, float]:
    return {
        "the frequency for the wavelength": _omega(pair, d_model, base),
        "1/frequency, 2π forgotten": 1 / _omega(pair, d_model, base),
        "i where 2i belongs": TAU * base ** (pair / d_model),
        "the exponent taken as 1 (2π · base)": TAU * base,
    }


def _by_function(e: Exercise) -> dict[str, float]:
    p, f = e.params, e.answer
    if f is bank.entry:
        return _entry_slips(p["pos"], p["column"], p["d_model"], p.get("base", 10000.0))
    if f is bank.timestep_entry:
        half = p["d_model"] // 2
        column = p["column"]
        # guided-diffusion's layout: cos of all frequencies, then sin; the interleaved
        # table (the paper's) is the slip.
        pair = column - half if column >= half else column
        fn = math.sin if column >= half else math.cos
        angle = p["t"] * _omega(pair, p["d_model"])
        return {
            "the paper's interleaved layout": bank.entry(p["t"], column, p["d_model"]),
            "sines first, then cosines": (math.cos if fn is math.sin else math.sin)(angle),
            "the angle, its sine forgotten": angle,
            "the angle taken in degrees": fn(angle * DEG),
        }
    if f is bank.wavelength:
        return _wavelength_slips(p["pair"], p["d_model"], p.get("base", 10000.0))
    if f is bank.longest_wavelength:
        return _wavelength_slips(p["d_model"] // 2 - 1, p["d_model"], p.get("base", 10000.0))
    if f is bank.wavelength_ratio:
        d, base = p["d_model"], p.get("base", 10000.0)
        return {"i where 2i belongs": base ** (1 / d), "the ratio turned over": base ** (-2 / d),
                "the exponent 2i/d with i = d/2": base}
    if f is bank.base_for_wavelength:
        d, target = p["d_model"], p["target"]
        return {"the exponent d/(d-2) forgotten": target / TAU,
                "the exponent turned over": (target / TAU) ** ((d - 2) / d),
                "2π forgotten": target ** (d / (d - 2))}
    if f is bank.turn:
        angle = p["offset"] * _omega(p["pair"], p["d_model"])
        return {"degrees for radians": angle / DEG,
                "i where 2i belongs": p["offset"] * 10000.0 ** (-p["pair"] / p["d_model"]),
                "the sine of the angle": math.sin(angle),
                "per position, not over the offset": _omega(p["pair"], p["d_model"])}
    if f is bank.dot_at_offset:
        d, k = p["d_model"], p["offset"]
        pairs = range(d // 2)
        return {"offset 0 (the squared length d/2)": d / 2,
                "i where 2i belongs": sum(math.cos(k * 10000.0 ** (-i / d)) for i in pairs),
                "sines for cosines": sum(math.sin(k * _omega(i, d)) for i in pairs)}
    if f is bank.norm:
        return {"the squared length d/2": p["d_model"] / 2, "sqrt(d)": math.sqrt(p["d_model"])}
    if f is bank.scaled_norm_ratio:
        d = p["d_model"]
        return {"sqrt(d) over sqrt(d/2)": math.sqrt(2), "d over sqrt(d)": math.sqrt(d)}
    if f is bank.random_cosine_spread:
        d = p["d_model"]
        return {"the variance 1/d": 1 / d, "sqrt(2/d)": math.sqrt(2 / d)}
    if f is bank.spacing_longest_wavelength:
        return {"the paper's spacing": bank.longest_wavelength(p["d_model"]),
                "2π forgotten": 10000.0}
    if f is bank.mistaken_longest_wavelength:
        return {"the paper's longest wavelength": bank.longest_wavelength(p["d_model"]),
                "2π forgotten": 1 / bank.pe.frequencies(2 * p["d_model"])[p["d_model"] // 2 - 1]}
    if f is bank.half_turn_position:
        return {"the base itself": 10000.0,
                "a full turn": 2 * bank.half_turn_position(p["d_model"]),
                "π · base": math.pi * 10000.0}
    if f is bank.float16_exact_integers:
        bits = p["fraction_bits"]
        return {"2^bits, the implicit bit forgotten": 2.0**bits, "2^(bits + 2)": 2.0 ** (bits + 2),
                "the largest float16": 65504.0}
    if f is bank.patch_dot:
        d = p["d_model"]
        return {"the whole width for each axis": bank.dot_at_offset(0, p["rows"], d)
                + bank.dot_at_offset(0, p["cols"], d),
                "one axis only": bank.dot_at_offset(0, p["rows"], d // 2)}
    if f is bank.float32_angle_step:
        bits, e_ = p["fraction_bits"], p["exponent"]
        return {"the gap at 1, 2^-bits": 2.0**-bits, "float16's 10 fraction bits": 2.0 ** (e_ - 10),
                "the exponent one too high": 2.0 ** (e_ + 1 - bits)}
    if f is bank.left_padded_first_position:
        n, k = p["length"], p["tokens"]
        return {"counted from 1": n - k + 1, "the number of real tokens": k,
                "the last position": n - 1, "position 0, as without padding": 0.0}
    return {}


def slips(e: Exercise) -> dict[str, float]:
    """``{slip: the answer it gives}`` for a numeric exercise, without the slips that give
    the right answer anyway (a slip that changes nothing is no slip here)."""
    v = e.value()
    found: dict[str, float] = {}
    if v != 0:
        found |= {"the sign flipped": -v, "twice the answer": 2 * v, "half the answer": v / 2,
                  "a factor 2π too many": v * TAU, "a factor 2π too few": v / TAU,
                  "radians read as degrees": v / DEG, "degrees read as radians": v * DEG}
    found |= _by_function(e)
    return {what: float(x) for what, x in found.items()
            if math.isfinite(x) and not math.isclose(x, v, rel_tol=1e-12, abs_tol=1e-15)}


#: Answer functions the slips above know (the others get the generic slips only).
KNOWN: tuple[Callable[..., float], ...] = (
    bank.entry, bank.timestep_entry, bank.wavelength, bank.longest_wavelength,
    bank.wavelength_ratio, bank.base_for_wavelength, bank.turn, bank.dot_at_offset, bank.norm,
    bank.scaled_norm_ratio, bank.random_cosine_spread, bank.spacing_longest_wavelength,
    bank.mistaken_longest_wavelength, bank.half_turn_position, bank.float16_exact_integers,
    bank.patch_dot, bank.float32_angle_step, bank.left_padded_first_position)
