"""How the numbers quoted in the prose are computed from ``pe`` (``{{ pe:NAME }}`` on a page).

The names are not here: each page's module (``scripts/artifacts/pages/<page>.py``) declares
the numbers it quotes as ``Number("pairs_d50", "pairs", meaning, {"d": 50})``, a literal name,
one function of this module and its parameters. :func:`compute` (the ``numbers`` artifact,
``numbers.json``) calls each declared function. Each returns text ready to print: thousands
separators, a typographic minus, and ``×10ⁿ`` notation for small values. Functions that
share a costly computation share it through a cache.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np

import pe
import pe.coordinates
import pe.variants
from scripts.artifacts.data import (
    LOW_PRECISION,
    cosine_similarity,
    min_distance_by_length,
    offset_distances,
    precision_errors,
    similarity_by_offset,
)

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
PAPER_BASE = 10000.0


def fixed(value: float, decimals: int) -> str:
    """Fixed-point with thousands separators and a true minus sign."""
    return f"{value:,.{decimals}f}".replace("-", "\u2212")


def sci(value: float, digits: int = 3) -> str:
    """``1.04 × 10⁻⁴`` style for small or large values, plain fixed-point otherwise."""
    if value == 0 or 1e-3 <= abs(value) < 1e5:
        return fixed(value, max(0, digits - 1 - math.floor(math.log10(abs(value) or 1))))
    exp = math.floor(math.log10(abs(value)))
    mant = value / 10**exp
    return f"{mant:.{digits - 1}f} × 10{str(exp).translate(_SUPERSCRIPT)}".replace("-", "\u2212")


def compute(*, numbers: dict[str, list[Any]]) -> dict[str, str]:
    """``{name: text}`` for every declared number: ``numbers`` maps each name to
    ``[function name in this module, its parameters]`` (see ``registry.numbers_artifact``)."""
    out: dict[str, str] = {}
    for name, (func, params) in numbers.items():
        fn = FUNCTIONS.get(func)
        if fn is None:
            raise ValueError(f"number {name!r}: no function {func!r} in "
                             f"scripts/artifacts/numbers.py (known: {', '.join(sorted(FUNCTIONS))})")
        out[name] = fn(**params)
    return out


# ---------------------------------------------------------------- wavelengths and frequencies


def as_integer(value: float) -> str:
    """A parameter shown as it is (``10,000``): the width or length a number was taken at."""
    return fixed(value, 0)


def as_digits(value: int) -> str:
    """A parameter as bare digits (``512``), as a width is written next to ``d =``."""
    return str(value)


def wavelength_min() -> str:
    return fixed(2 * math.pi, 3)


def wavelength_limit(base: float = PAPER_BASE) -> str:
    return fixed(2 * math.pi * base, 0)


def pairs(d: int, base: float = PAPER_BASE) -> str:
    return str(len(pe.wavelengths(d, base=base)))


def wavelength_max(d: int, base: float = PAPER_BASE) -> str:
    return fixed(pe.wavelengths(d, base=base)[-1], 0)


def _max_ratio(d: int, base: float) -> float:
    return float(pe.wavelengths(d, base=base)[-1] / (2 * math.pi * base))


def wavelength_max_ratio(d: int, base: float = PAPER_BASE) -> str:
    return fixed(_max_ratio(d, base), 4)


def wavelength_max_percent(d: int, base: float = PAPER_BASE) -> str:
    return f"{100 * _max_ratio(d, base):.1f}%"


def frequency_min(d: int, base: float = PAPER_BASE) -> str:
    return sci(pe.frequencies(d, base=base)[-1])


def step_angle_pair0_deg(base: float = PAPER_BASE) -> str:
    return f"{math.degrees(pe.frequencies(2, base=base)[0]):.1f}°"


def half_turn_slowest(d: int, base: float = PAPER_BASE) -> str:
    return fixed(math.pi / pe.frequencies(d, base=base)[-1], 0)


# ---------------------------------------------------------------- equal offsets, similarity


def cos_sim(p: int, q: int, d: int, base: float = PAPER_BASE) -> str:
    enc = pe.encoding(24, d, base=base)
    return fixed(cosine_similarity(enc[p], enc[q]), 6)


def dist(p: int, q: int, d: int, base: float = PAPER_BASE) -> str:
    enc = pe.encoding(24, d, base=base)
    return fixed(float(np.linalg.norm(enc[p] - enc[q])), 6)


def norm_of_rows(d: int, base: float = PAPER_BASE) -> str:
    """The norm of pe's rows (the first of 1,000; all are equal)."""
    norms = np.linalg.norm(pe.encoding(1000, d, base=base), axis=1)
    return fixed(float(norms[0]), 4)


def norm_formula(d: int) -> str:
    """sqrt(d/2), the length of every encoding vector."""
    return fixed(math.sqrt(d / 2), 0)


def unit_embedding_ratio(d: int) -> str:
    """An N(0, 1) embedding row has expected squared length d; scaled by sqrt(d) its length
    is about d, against sqrt(d/2) for the encoding: a ratio of sqrt(2d)."""
    return fixed(math.sqrt(2 * d), 0)


@functools.cache
def _dip_and_peak(d: int, base: float) -> tuple[int, float, int, float]:
    """Similarity against offset is not monotonic: its first local minimum and the next local
    maximum (offsets up to 100)."""
    sim = similarity_by_offset(100, d, base=base)[100:]  # k = 0 .. 100
    dip = next(k for k in range(1, 100) if sim[k] < sim[k - 1] and sim[k] < sim[k + 1])
    peak = next(k for k in range(dip + 1, 100) if sim[k] > sim[k - 1] and sim[k] > sim[k + 1])
    return dip, float(sim[dip]), peak, float(sim[peak])


def similarity_dip_offset(d: int, base: float = PAPER_BASE) -> str:
    return str(_dip_and_peak(d, base)[0])


def similarity_dip(d: int, base: float = PAPER_BASE) -> str:
    return fixed(_dip_and_peak(d, base)[1], 3)


def similarity_peak_offset(d: int, base: float = PAPER_BASE) -> str:
    return str(_dip_and_peak(d, base)[2])


def similarity_peak(d: int, base: float = PAPER_BASE) -> str:
    return fixed(_dip_and_peak(d, base)[3], 3)


# ---------------------------------------------------------------- fairseq's float32 bound


def fairseq_exp_bound(rows: int, d: int, base: float = PAPER_BASE) -> str:
    """(rows - 1) x 2 ulp of the largest frequency below 1: pe.variants.fairseq against
    PyTorch's fairseq, whose float32 exp differs by about 2 ulp, and whose angle multiplies
    the frequency by the row index."""
    half = d // 2
    omega = np.exp(np.arange(half, dtype=np.float32)
                   * np.float32(-math.log(base) / (half - 1)))
    return sci((rows - 1) * 2 * float(np.spacing(omega[1:]).max()), 2)


# ---------------------------------------------------------------- precision


#: The positions at which the precision errors are taken (computed together).
PRECISION_CHECKPOINTS = (1_000, 10_000, 60_000, 100_000)


@functools.cache
def _precision_errors(d: int, base: float) -> dict[str, Any]:
    return precision_errors(np.array(PRECISION_CHECKPOINTS), d, base=base)


def precision_error(dtype: str, position: int, d: int, base: float = PAPER_BASE) -> str:
    """Largest |error| over the d entries at ``position`` when computed in ``dtype``."""
    error = float(_precision_errors(d, base)[dtype][PRECISION_CHECKPOINTS.index(position)])
    if not np.isfinite(error):
        raise ValueError(f"the {dtype} error at position {position:,} is not finite")
    return sci(error, 2)


def float16_max() -> str:
    return fixed(float(np.finfo(np.float16).max), 0)


def exact_integers(dtype: str) -> str:
    """``dtype`` holds every integer up to this one exactly."""
    finfo: Any = np.finfo if dtype != "bfloat16" else ml_dtypes.finfo  # ml_dtypes' finfo is untyped
    return fixed(2.0 ** (int(finfo(LOW_PRECISION[dtype]).nmant) + 1), 0)


def wavelength_last_odd(d: int, base: float = PAPER_BASE) -> str:
    """The wavelength of the unpaired last sine column of an odd width."""
    return fixed(pe.wavelengths(d, base=base)[-1], 0)


# ---------------------------------------------------------------- a float32 table's rounding


@functools.cache
def _float32_table_ulps(d: int, length: int, base: float) -> tuple[float, int]:
    """The practice page's PyTorch recipe in NumPy: float64 angles ``pos * exp(2i * -ln(b)/d)``,
    sin and cos in float64, the table rounded once to float32. Returns the largest error of an
    entry against the exact value, in float32 ulps of that value, and how many entries are
    more than half an ulp off. Every entry is checked: one whose rounding error plus a
    generous bound on the float64 error (``|angle| 2**-44 + 2**-50``) stays within half an ulp
    cannot be further off; the others (near zeros of a sine or cosine) are compared with
    the exact value, evaluated by mpmath to 40 digits (the library SymPy evaluates with,
    called directly: 0.5 s for the page's table, where SymPy's expressions took 6.7 s)."""
    import mpmath  # type: ignore[import-untyped]

    pos = np.arange(length, dtype=np.float64)[:, None]
    angles = pos * np.exp(np.arange(0, d, 2, dtype=np.float64) * (-math.log(base) / d))
    t64 = np.zeros((length, d))
    t64[:, 0::2], t64[:, 1::2] = np.sin(angles), np.cos(angles[:, : d // 2])
    t32 = t64.astype(np.float32)
    bound = np.repeat(np.abs(angles), 2, axis=1)[:, :d] * 2.0**-44 + 2.0**-50
    ulp = np.spacing(np.abs(t32)).astype(np.float64)
    rows, cols = np.nonzero((np.abs(t32 - t64) + bound) / ulp > 0.5)
    worst, over = 0.0, 0
    with mpmath.workdps(40):
        b = mpmath.mpf(base)  # the float the recipe uses, exactly
        for r, c in zip(rows.tolist(), cols.tolist()):
            angle = r * b ** (mpmath.mpf(-2 * (c // 2)) / d)
            exact = mpmath.sin(angle) if c % 2 == 0 else mpmath.cos(angle)
            err = float(abs(mpmath.mpf(float(t32[r, c])) - exact))
            err /= float(np.spacing(np.float32(abs(float(exact)))))
            worst, over = max(worst, err), over + (err > 0.5)
    return worst, over


def float32_table_worst_ulp(d: int, length: int, base: float = PAPER_BASE) -> str:
    return fixed(_float32_table_ulps(d, length, base)[0], 2)


def float32_table_over_half_ulp(d: int, length: int, base: float = PAPER_BASE) -> str:
    return fixed(_float32_table_ulps(d, length, base)[1], 0)


# ---------------------------------------------------------------- distinctness


@functools.cache
def _min_distance(length: int, d: int, base: float) -> tuple[float, float]:
    dist_, where = min_distance_by_length(length, d, base=base)
    return float(dist_[-1]), float(where[-1])


def min_distance(d: int, length: int, base: float = PAPER_BASE) -> str:
    """The smallest distance between two different positions' encodings among 0 .. L-1."""
    return sci(_min_distance(length, d, base)[0], 3)


def min_distance_offset(d: int, length: int, base: float = PAPER_BASE) -> str:
    """The offset between the two closest positions among 0 .. L-1."""
    return fixed(_min_distance(length, d, base)[1], 0)


@functools.cache
def _first_near_repeat(d: int, *, base: float, max_offset: int) -> tuple[int, float, float]:
    """The first offset whose two positions are closer than neighbours, that distance, and the
    neighbours' distance (width ``d``). The distance depends on the offset only, so scanning
    the offsets from position 0 covers every pair of positions."""
    dist_ = offset_distances(max_offset, d, base=base)
    closer = np.flatnonzero(dist_[2:] < dist_[1])
    if not len(closer):
        raise ValueError(f"d = {d}: no offset up to {max_offset:,} is closer than neighbours")
    k = int(closer[0]) + 2
    return k, float(dist_[k]), float(dist_[1])


#: How far the near-repeat is searched for.
NEAR_REPEAT_SEARCH = 1_000_000


def near_repeat_offset(d: int, base: float = PAPER_BASE) -> str:
    return fixed(_first_near_repeat(d, base=base, max_offset=NEAR_REPEAT_SEARCH)[0], 0)


def near_repeat_distance(d: int, base: float = PAPER_BASE) -> str:
    return fixed(_first_near_repeat(d, base=base, max_offset=NEAR_REPEAT_SEARCH)[1], 3)


def neighbour_distance(d: int, base: float = PAPER_BASE) -> str:
    return fixed(_first_near_repeat(d, base=base, max_offset=NEAR_REPEAT_SEARCH)[2], 3)


def sines_only_min_distance(d: int, length: int, base: float = PAPER_BASE) -> str:
    """Sine columns only: the smallest distance between two positions' rows among 0 .. L-1."""
    sines = pe.encoding(length, d, base=base)[:, 0::2]
    gaps = np.linalg.norm(sines[:, None, :] - sines[None, :, :], axis=-1)
    np.fill_diagonal(gaps, np.inf)
    return fixed(float(gaps.min()), 3)


# ---------------------------------------------------------------- timestep embeddings


def timestep_spacing_max_difference(d: int, steps: int, base: float = PAPER_BASE) -> str:
    """DDPM / fairseq spacing 10000^(-i/(h-1)) against the paper's 10000^(-i/h), both split:
    the largest entry difference."""
    h_minus_1 = pe.variants.fairseq(steps, d).astype(np.float64)
    paper = pe.encoding(steps, d, base=base, layout="split")
    return fixed(float(np.abs(h_minus_1 - paper).max()), 1)


# ---------------------------------------------------------------- do you need an encoding?
# The three demonstrations of docs/need-position.md, computed as its scripts in
# docs/examples/need-position/ compute them (same seeds, same order of random draws);
# tests/docs/test_docs_need_position.py checks that each script prints these numbers.


def _softmax(s: np.ndarray) -> np.ndarray:
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return np.asarray(e / e.sum(axis=-1, keepdims=True))


@functools.cache
def need_permutation_measures(n: int, d: int, seed: int = 0) -> dict[str, float]:
    """need_permutation.py: one attention layer with random weights, rows shuffled."""
    rng = np.random.default_rng(seed)
    wq, wk, wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
    query = rng.normal(size=d)

    def attend(queries: np.ndarray, memory: np.ndarray) -> np.ndarray:
        q, k, v = queries @ wq, memory @ wk, memory @ wv
        return np.asarray(_softmax(q @ k.T / np.sqrt(d)) @ v)

    def att(x: np.ndarray) -> np.ndarray:
        return attend(x, x)

    x = rng.normal(size=(n, d))
    perm = np.roll(np.arange(n), 3)
    enc = pe.encoding(n, d)
    out = att(x)
    queries = rng.normal(size=(3, d))
    return {
        "tolerance": float(10 * n * np.finfo(np.float64).eps * np.abs(out).max()),
        "no_pe": float(np.abs(att(x[perm]) - out[perm]).max()),
        "with_pe": float(np.abs(att(x[perm] + enc) - att(x + enc)[perm]).max()),
        "pe_before_shuffle": float(np.abs(att((x + enc)[perm]) - att(x + enc)[perm]).max()),
        "pooling": float(np.abs(attend(query[None, :], x[perm])
                                - attend(query[None, :], x)).max()),
        "cross_memory": float(np.abs(attend(queries, x[perm]) - attend(queries, x)).max()),
    }


def need_permutation_tolerance(n: int, d: int) -> str:
    return sci(need_permutation_measures(n, d)["tolerance"], 2)


def need_permutation_with_pe(n: int, d: int) -> str:
    return fixed(need_permutation_measures(n, d)["with_pe"], 3)


@functools.cache
def need_conv_measures(length: int, channels: int, kernel: int, depth: int,
                       padding: str, seed: int = 0) -> tuple[int, float]:
    """need_conv_padding.py: (distinct feature rows, the linear read-out's largest error)."""
    rng = np.random.default_rng(seed)
    weights = [rng.normal(size=(channels, 1 if i == 0 else channels, kernel))
               / np.sqrt(kernel * (1 if i == 0 else channels)) for i in range(depth)]
    biases = [0.1 * rng.normal(size=channels) for _ in range(depth)]
    r = kernel // 2
    h = np.ones((length + (depth * (kernel - 1) if padding == "none" else 0), 1))
    for w, b in zip(weights, biases):
        if padding == "zero":
            h = np.pad(h, ((r, r), (0, 0)))
        elif padding == "circular":
            h = np.pad(h, ((r, r), (0, 0)), mode="wrap")
        windows = np.stack([h[i:i + kernel] for i in range(len(h) - kernel + 1)])
        h = np.tanh(np.einsum("nki,oik->no", windows, w) + b)
    distinct = len(np.unique(h.round(9), axis=0))
    a = np.c_[h, np.ones(length)]
    coef, *_ = np.linalg.lstsq(a, np.arange(length), rcond=None)
    return distinct, float(np.abs(a @ coef - np.arange(length)).max())


def need_conv_distinct(length: int, channels: int, kernel: int, depth: int,
                       padding: str) -> str:
    return f"{need_conv_measures(length, channels, kernel, depth, padding)[0]:,}"


def need_conv_error(length: int, channels: int, kernel: int, depth: int, padding: str) -> str:
    return fixed(need_conv_measures(length, channels, kernel, depth, padding)[1], 1)


@functools.cache
def need_causal_measures(length: int, d: int, seed: int = 1) -> dict[str, Any]:
    """need_causal_mask.py: constant tokens after a distinct first one, one attention layer."""
    rng = np.random.default_rng(seed)
    wq, wk, wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
    b, e = rng.normal(size=d), rng.normal(size=d)

    def attention(x: np.ndarray, causal: bool, q: np.ndarray = wq) -> tuple[np.ndarray, ...]:
        s = (x @ q) @ (x @ wk).T / np.sqrt(d)
        if causal:
            s = np.where(np.tril(np.ones((len(x), len(x)), bool)), s, -np.inf)
        w = _softmax(s)
        return w, w @ (x @ wv)

    def spread(out: np.ndarray) -> float:
        return float(np.abs(out[1:] - out[1]).max())

    same = np.tile(e, (length, 1))
    with_bos = np.vstack([b, same[1:]])
    uniform = attention(with_bos, True, np.zeros((d, d)))[0][:, 0]
    w, out = attention(with_bos, True)
    vb, ve = b @ wv, e @ wv
    share = (out - ve) @ (vb - ve) / ((vb - ve) @ (vb - ve))
    ratio = np.exp(((e @ wq) @ (e @ wk) - (e @ wq) @ (b @ wk)) / np.sqrt(d))
    p_read = (1 / share[1:] - 1) / ratio
    return {
        "spread_no_mask": spread(attention(with_bos, False)[1]),
        "spread_causal_same": spread(attention(same, True)[1]),
        "spread_causal_bos": spread(out),
        "uniform_weights": [float(x) for x in uniform],
        "share_falls": bool(np.all(np.diff(w[:, 0]) < 0)),
        "read_back_error": float(np.abs(p_read - np.arange(1, length)).max()),
    }


def need_causal_spread(length: int, d: int) -> str:
    return fixed(need_causal_measures(length, d)["spread_causal_bos"], 3)


# ---------------------------------------------------------- where the encoding enters
# The two demonstrations of docs/where-it-enters.md, computed as its scripts in
# docs/examples/where-it-enters/ compute them (same seeds, same order of random draws);
# tests/docs/test_docs_where_it_enters.py checks that each script prints these numbers.


@functools.cache
def enters_qk_measures(n: int, d: int, seed: int = 0) -> dict[str, float]:
    """enters_qk_only.py: the encoding on queries and keys only, or on the values too."""
    rng = np.random.default_rng(seed)
    wq, wk, wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
    x = rng.normal(size=(n, d))
    enc = pe.encoding(n, d)
    perm = np.roll(np.arange(n), 3)

    def weights(q_in: np.ndarray, k_in: np.ndarray) -> np.ndarray:
        return _softmax((q_in @ wq) @ (k_in @ wk).T / np.sqrt(d))

    w = weights(x + enc, x + enc)
    return {
        "qk_only": float(np.abs(x[perm] @ wv - (x @ wv)[perm]).max()),
        "on_values": float(np.abs((x[perm] + enc) @ wv - ((x + enc) @ wv)[perm]).max()),
        "pattern": float(np.abs(weights(x[perm] + enc, x[perm] + enc)
                                - w[perm][:, perm]).max()),
        "carried": float(np.abs(w @ (enc @ wv)).max()),
    }


def enters_qk_only(n: int, d: int) -> str:
    return repr(enters_qk_measures(n, d)["qk_only"])


def enters_on_values(n: int, d: int) -> str:
    return fixed(enters_qk_measures(n, d)["on_values"], 3)


def enters_pattern(n: int, d: int) -> str:
    return fixed(enters_qk_measures(n, d)["pattern"], 3)


def enters_carried(n: int, d: int) -> str:
    return fixed(enters_qk_measures(n, d)["carried"], 3)


def _enters_on_the_fly(length: int, d: int) -> np.ndarray:
    pos = np.arange(length, dtype=np.float32)[:, None]
    freq = np.power(np.float32(10000.0), -np.arange(0, d, 2, dtype=np.float32) / np.float32(d))
    angle = pos * freq
    out = np.empty((length, d), dtype=np.float32)
    out[:, 0::2], out[:, 1::2] = np.sin(angle), np.cos(angle)
    return out


@functools.cache
def enters_buffer_measures(max_len: int, d: int, lengths: tuple[int, ...],
                           past: int) -> dict[str, float]:
    """enters_buffer_slice.py: a float32 table sliced to each length against on the fly."""
    table = _enters_on_the_fly(max_len, d)
    return {
        "slice": max(float(np.abs(table[:n] - _enters_on_the_fly(n, d)).max())
                     for n in lengths),
        "float32": float(np.abs(table - pe.encoding(max_len, d)).max()),
        "rows_past": float(table[:past].shape[0]),
    }


def enters_buffer_slice(max_len: int, d: int, lengths: tuple[int, ...], past: int) -> str:
    return repr(enters_buffer_measures(max_len, d, tuple(lengths), past)["slice"])


def enters_buffer_float32(max_len: int, d: int, lengths: tuple[int, ...], past: int) -> str:
    return sci(enters_buffer_measures(max_len, d, tuple(lengths), past)["float32"], 2)


@functools.cache
def enters_cross_measures(m: int, t: int, d: int, seed: int = 2) -> dict[str, float]:
    """enters_cross_attention.py: keys carry the memory's encoding, queries their own."""
    rng = np.random.default_rng(seed)
    wq, wk, wv = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))
    memory = rng.normal(size=(m, d))
    queries = rng.normal(size=(t, d))
    p_mem = pe.encoding(m, d)

    def cross(q_in: np.ndarray, mem: np.ndarray,
              mem_pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w = _softmax((q_in @ wq) @ ((mem + mem_pos) @ wk).T / np.sqrt(d))
        return w, np.asarray(w @ (mem @ wv))

    q_restart = queries + pe.encoding(t, d)
    w, out = cross(q_restart, memory, p_mem)
    perm = np.roll(np.arange(m), 2)
    w_continue, _ = cross(queries + pe.encoding(t, d, start=m), memory, p_mem)
    return {
        "tolerance": float(10 * m * np.finfo(np.float64).eps * np.abs(out).max()),
        "moved": float(np.abs(cross(q_restart, memory[perm], p_mem)[1] - out).max()),
        "together": float(np.abs(cross(q_restart, memory[perm], p_mem[perm])[1] - out).max()),
        "numbering": float(np.abs(w_continue - w).max()),
    }


def enters_cross_tolerance(m: int, t: int, d: int) -> str:
    return sci(enters_cross_measures(m, t, d)["tolerance"], 2)


def enters_cross_moved(m: int, t: int, d: int) -> str:
    return fixed(enters_cross_measures(m, t, d)["moved"], 3)


def enters_cross_numbering(m: int, t: int, d: int) -> str:
    return fixed(enters_cross_measures(m, t, d)["numbering"], 3)


# ---------------------------------------------------------------- continuous coordinates
# docs/coordinates.md: the wavelength rule of pe.coordinates and what it says about
# libraries' choices, and the widths of multi-axis tables.


def coords_rule_wavelength(which: str, lo: float, hi: float, resolution: float) -> str:
    """``shortest`` or ``longest`` of pe.coordinates.wavelengths_for((lo, hi), resolution)."""
    shortest, longest = pe.coordinates.wavelengths_for(span=(lo, hi), resolution=resolution)
    return sci({"shortest": shortest, "longest": longest}[which])


def coords_nerf_shortest(levels: int) -> str:
    """NeRF's code: frequencies 2^0 .. 2^(L-1) radians per unit, shortest wavelength."""
    return fixed(2 * math.pi / 2 ** (levels - 1), 4)


def coords_slow_pairs(feats: int, span: float, angle: float, base: float = PAPER_BASE) -> str:
    """How many of the ``feats / 2`` pairs of a ``feats``-wide encoding turn by less than
    ``angle`` radians over inputs spanning ``span``."""
    return str(int(np.sum(pe.frequencies(feats, base=base) * span < angle)))


def _grid_widths(d: int, axes: int) -> tuple[int, int]:
    """(width per axis, zero columns) of pe.coordinates.grid_encoding's concatenation, read off a table."""
    table = pe.coordinates.grid_encoding((3,) * axes, d).reshape(-1, d)
    zero = int(np.sum(~table.any(axis=0)))
    return (d - zero) // axes, zero


def coords_grid_axis_width(d: int, axes: int) -> str:
    """Width each axis gets in pe.coordinates.grid_encoding's concatenation."""
    return str(_grid_widths(d, axes)[0])


def coords_grid_zero_columns(d: int, axes: int) -> str:
    """Columns of pe.coordinates.grid_encoding left zero (the remainder)."""
    return str(_grid_widths(d, axes)[1])


def coords_sum_collisions(side: int, d: int) -> str:
    """Pairs of distinct points of a side x side grid whose summed encodings coincide."""
    table = pe.coordinates.grid_encoding((side, side), d, combine="sum").reshape(side * side, d)
    dist = np.linalg.norm(table[:, None, :] - table[None, :, :], axis=-1)
    upper = np.triu(dist < 1e-9, k=1)
    return str(int(upper.sum()))


#: The functions a ``Number`` may name.
FUNCTIONS: dict[str, Callable[..., str]] = {fn.__name__: fn for fn in (
    as_integer, as_digits, wavelength_min, wavelength_limit, pairs, wavelength_max,
    wavelength_max_ratio, wavelength_max_percent, frequency_min, step_angle_pair0_deg,
    half_turn_slowest, cos_sim, dist, norm_of_rows, norm_formula, unit_embedding_ratio,
    similarity_dip_offset, similarity_dip, similarity_peak_offset, similarity_peak,
    fairseq_exp_bound, precision_error, float16_max, exact_integers, wavelength_last_odd,
    min_distance, min_distance_offset, near_repeat_offset, near_repeat_distance,
    neighbour_distance, sines_only_min_distance, timestep_spacing_max_difference,
    float32_table_worst_ulp, float32_table_over_half_ulp, need_permutation_tolerance,
    need_permutation_with_pe, need_conv_distinct, need_conv_error, need_causal_spread,
    enters_qk_only, enters_on_values, enters_pattern, enters_carried, enters_buffer_slice,
    enters_buffer_float32, enters_cross_tolerance, enters_cross_moved, enters_cross_numbering,
    coords_rule_wavelength, coords_nerf_shortest, coords_slow_pairs, coords_grid_axis_width,
    coords_grid_zero_columns, coords_sum_collisions)}
