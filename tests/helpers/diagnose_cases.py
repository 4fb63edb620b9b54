"""Tables for the checker's tests: every known variant and every known mistake, each built the
way the code that produces it computes it (independently of pe.diagnose), with the verdict and
codes the checker must give. Shared by the unit tests (tests/pe/test_pe_diagnose.py), the
command-line tests and the browser parity tests (tests/checker/).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import pe
import pe.variants

Table = npt.NDArray[np.floating]
F32 = np.float32
L, D = 48, 64  # rows and width of most cases: enough rows for float16 angles to show


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[], Table]
    verdict: str
    codes: frozenset[str]


def interleave(sin: Table, cos: Table, d: int) -> Table:
    out = np.zeros((sin.shape[0], d), dtype=sin.dtype)
    out[:, 0::2] = sin
    out[:, 1::2] = cos[:, : d // 2]
    return out


def with_exponent(exponent: Callable[[Table], Table], d: int = D, n: int = L) -> Table:
    """The paper's interleaved table in float64, with the exponent of 10000 given per pair."""
    pair = np.arange((d + 1) // 2, dtype=np.float64)
    angle = np.arange(n, dtype=np.float64)[:, None] * 10000.0 ** exponent(pair)[None, :]
    return interleave(np.sin(angle), np.cos(angle), d)


def pytorch_tutorial(n: int = L, d: int = D) -> Table:
    """The PyTorch tutorial's PositionalEncoding in float32 (exp of 2i * -ln(10000)/d)."""
    position = np.arange(n, dtype=F32)[:, None]
    div_term = np.exp(np.arange(0, d, 2, dtype=F32) * F32(-math.log(10000.0) / d))
    return interleave(np.sin(position * div_term), np.cos(position * div_term), d)


def keras(n: int = L, d: int = D, dtype: type = F32, max_wavelength: float = 10000.0) -> Table:
    """KerasHub's SinePositionEncoding.call, every operation in ``dtype`` (its compute dtype).

    The sines and cosines are taken of the rounded angles and rounded once to ``dtype`` (a
    float16 sine is the float32 sine rounded to float16, as on a CPU).
    """
    positions = np.arange(n).astype(dtype)
    min_freq = dtype(1 / max_wavelength)
    exponent = (2 * (np.arange(d) // 2)).astype(dtype) / dtype(d)
    timescales = np.power(min_freq, exponent).astype(dtype)
    angles = (positions[:, None] * timescales[None, :]).astype(dtype)
    wide = angles.astype(np.float64)
    out = np.where(np.arange(d) % 2 == 0, np.sin(wide), np.cos(wide))
    return out.astype(dtype)


def whisper(n: int = L, channels: int = D) -> Table:
    """Whisper's sinusoids (split, h - 1 spacing), float32 as torch computes it."""
    increment = math.log(10000) / (channels // 2 - 1)
    inv = np.exp(F32(-increment) * np.arange(channels // 2, dtype=F32))
    scaled = np.arange(n, dtype=F32)[:, None] * inv[None, :]
    return np.concatenate([np.sin(scaled), np.cos(scaled)], axis=1)


def guided_diffusion(n: int = L, dim: int = D) -> Table:
    """guided-diffusion's timestep_embedding: cat([cos, sin]), paper spacing, float32."""
    half = dim // 2
    freqs = np.exp(-math.log(10000) * np.arange(half, dtype=F32) / half).astype(F32)
    args = np.arange(n, dtype=F32)[:, None] * freqs[None]
    return np.concatenate([np.cos(args), np.sin(args)], axis=1)


def batch_first_bug(batch: int = 6, seq: int = 10, d: int = D) -> Table:
    """The PyTorch tutorial's pe[:x.size(0)] with batch-first input, flattened: every token of
    sequence b gets position b."""
    table = pe.encoding(64, d)[:, None, :]  # (max_len, 1, d), as the tutorial stores it
    x = np.zeros((batch, seq, d))
    return (x + table[:batch]).reshape(batch * seq, d)


def loop_recipe(n: int = L, d: int = D + 1) -> Table:
    """The loop over d // 2 pairs: an odd width's last column keeps its zeros."""
    out = np.zeros((n, d))
    for p in range(n):
        for i in range(d // 2):
            out[p, 2 * i] = math.sin(p / 10000 ** (2 * i / d))
            out[p, 2 * i + 1] = math.cos(p / 10000 ** (2 * i / d))
    return out


def half_range(n: int = L, d: int = D) -> Table:
    """The positions-only-up-to-L/2 slip: the second half of the rows stays zero."""
    out = np.zeros((n, d))
    out[: n // 2] = pe.encoding(n // 2, d)
    return out


def swapped(n: int = L, d: int = D) -> Table:
    table = pe.encoding(n, d)
    out = table.copy()
    out[:, 0::2], out[:, 1::2] = table[:, 1::2], table[:, 0::2]
    return out


def tf_get_angles(n: int = L, d: int = D, floor: bool = False, two: bool = True) -> Table:
    """The TensorFlow tutorial's get_angles / positional_encoding recipe, per column ``j``:
    ``pos / 10000 ** ((2 * (j // 2)) / d)``, sines on even columns and cosines on odd ones.
    ``floor=False`` leaves out the ``// 2``; ``two=False`` also the ``2 *`` (exponent j/d)."""
    j = np.arange(d)[None, :]
    k = 2 * (j // 2) if floor else (2 * j if two else j)
    angles = np.arange(n)[:, None] / np.power(10000, k / np.float32(d))
    angles[:, 0::2] = np.sin(angles[:, 0::2])
    angles[:, 1::2] = np.cos(angles[:, 1::2])
    return angles


def cos_exponent_2i_plus_1(n: int = L, d: int = D) -> Table:
    """A loop that gives the cosine of pair i its own exponent (2i + 1)/d."""
    out = np.zeros((n, d))
    for p in range(n):
        for i in range(d // 2):
            out[p, 2 * i] = math.sin(p / 10000 ** (2 * i / d))
            out[p, 2 * i + 1] = math.cos(p / 10000 ** ((2 * i + 1) / d))
    return out


def degrees(n: int = L, d: int = D) -> Table:
    """Angles taken as degrees: the radians converted once more (np.radians of an angle that
    already is one), as a sine in degrees would read it."""
    return interleave_angles(np.radians(angles_of(n, d)), d)


def angles_of(n: int, d: int) -> Table:
    return np.arange(n, dtype=np.float64)[:, None] * pe.frequencies(d)[None, :]


def interleave_angles(angles: Table, d: int) -> Table:
    return interleave(np.sin(angles), np.cos(angles), d)


def log10_for_ln(n: int = L, d: int = D) -> Table:
    """The exp/log recipe with log10 where ln belongs: exp(2i * -(log10(10000) / d))."""
    position = np.arange(n, dtype=F32)[:, None]
    div_term = np.exp(np.arange(0, d, 2, dtype=F32) * F32(-math.log10(10000.0) / d))
    return interleave(np.sin(position * div_term), np.cos(position * div_term), d)


def floor_division(n: int = L, d: int = D) -> Table:
    """The exp/log recipe with the precedence slip: -log(10000) / d // 2 floors to -1."""
    position = np.arange(n, dtype=F32)[:, None]
    div_term = np.exp(np.arange(0, d, 2, dtype=F32) * F32(-math.log(10000.0) / d // 2))
    return interleave(np.sin(position * div_term), np.cos(position * div_term), d)


def random_frequencies(n: int = L, d: int = D) -> Table:
    """Sines and cosines in pairs, as the encoding, but of frequencies drawn at random."""
    angle = np.arange(n)[:, None] * np.random.default_rng(1).uniform(0, 1, d // 2)[None]
    return interleave(np.sin(angle), np.cos(angle), d)


VARIANT_CASES = [
    Case("paper-float64", lambda: pe.encoding(L, D), "paper", frozenset()),
    Case("paper-float32", lambda: pe.encoding(L, D, dtype=F32), "paper", frozenset()),
    Case("paper-float16", lambda: pe.encoding(L, D, dtype=np.float16), "paper", frozenset()),
    Case("paper-odd-width", lambda: pe.encoding(L, D + 1), "paper", frozenset()),
    Case("paper-long", lambda: pe.encoding(600, 128, dtype=F32), "paper", frozenset()),
    Case("pytorch-tutorial", pytorch_tutorial, "paper", frozenset()),
    Case("keras-float32", keras, "paper", frozenset()),
    Case("marian", lambda: pe.encoding(L, D, layout="split"), "variant", frozenset({"marian"})),
    Case("marian-odd", lambda: pe.encoding(L, D + 1, layout="split"), "variant",
         frozenset({"marian"})),
    Case("guided-diffusion", guided_diffusion, "variant", frozenset({"guided-diffusion"})),
    Case("tensor2tensor", lambda: pe.variants.tensor2tensor(L, D), "variant",
         frozenset({"tensor2tensor"})),
    Case("tensor2tensor-odd", lambda: pe.variants.tensor2tensor(L, D + 1), "variant",
         frozenset({"tensor2tensor"})),
    Case("whisper", whisper, "variant", frozenset({"tensor2tensor"})),
    Case("fairseq", lambda: pe.variants.fairseq(L, D, padding_idx=1), "variant",
         frozenset({"fairseq"})),
    Case("keras-base-1000", lambda: keras(max_wavelength=1000.0), "variant",
         frozenset({"other-base"})),
    Case("first-columns", lambda: np.round(pe.encoding(30, 512)[:, :8], 4), "variant",
         frozenset({"other-base", "first-columns"})),
    Case("tf-get-angles", lambda: tf_get_angles(floor=True), "paper", frozenset()),
]

MISTAKE_CASES = [
    Case("i-for-2i", lambda: with_exponent(lambda i: -i / D), "mistakes",
         frozenset({"i-for-2i"})),
    Case("2j-for-2i", lambda: with_exponent(lambda i: -4 * i / D), "mistakes",
         frozenset({"2j-for-2i"})),
    Case("exponent-sign", lambda: with_exponent(lambda i: 2 * i / D), "mistakes",
         frozenset({"exponent-sign"})),
    Case("spacing-d2-minus-1", lambda: with_exponent(lambda i: -i / (D // 2 - 1)), "mistakes",
         frozenset({"spacing-d2-minus-1"})),
    Case("sin-cos-swapped", swapped, "mistakes", frozenset({"sin-cos-swapped"})),
    Case("odd-width-last-column", loop_recipe, "mistakes",
         frozenset({"odd-width-last-column"})),
    Case("position-offset", lambda: pe.encoding(L, D, start=7), "mistakes",
         frozenset({"position-offset"})),
    Case("fairseq-positions", lambda: pe.variants.fairseq(L + 2, D, padding_idx=1)[2:],
         "mistakes", frozenset({"tensor2tensor", "position-offset"})),
    Case("batch-repeat", lambda: np.repeat(pe.encoding(12, D), 4, axis=0), "mistakes",
         frozenset({"batch-repeat"})),
    Case("batch-first-bug", batch_first_bug, "mistakes", frozenset({"batch-repeat"})),
    Case("batch-one-sequence", lambda: np.repeat(pe.encoding(1, D), 20, axis=0), "mistakes",
         frozenset({"batch-repeat"})),
    Case("transposed", lambda: pe.encoding(L, D).T, "mistakes", frozenset({"transposed"})),
    Case("zero-rows", half_range, "mistakes", frozenset({"zero-rows"})),
    Case("float16-result", lambda: pe.encoding(L, D, dtype=np.float16).astype(F32), "mistakes",
         frozenset({"float16-result"})),
    Case("float16-angles", lambda: keras(dtype=np.float16), "mistakes",
         frozenset({"float16-angles"})),
    Case("float16-angles-cast", lambda: keras(dtype=np.float16).astype(F32), "mistakes",
         frozenset({"float16-angles"})),
    Case("scaled", lambda: pe.encoding(L, D) * math.sqrt(D), "mistakes", frozenset({"scaled"})),
    Case("tensor2tensor-scaled-transposed", lambda: (pe.variants.tensor2tensor(L, D) * 3).T,
         "mistakes", frozenset({"tensor2tensor", "scaled", "transposed"})),
    Case("column-exponent", lambda: tf_get_angles(two=False), "mistakes",
         frozenset({"column-exponent"})),
    Case("cos-exponent-2i-plus-1", cos_exponent_2i_plus_1, "mistakes",
         frozenset({"column-exponent"})),
    Case("column-exponent-2j", tf_get_angles, "mistakes", frozenset({"column-exponent-2j"})),
    Case("degrees", degrees, "mistakes", frozenset({"degrees"})),
    Case("log10-for-ln", log10_for_ln, "mistakes", frozenset({"log10-for-ln"})),
    Case("floor-division", floor_division, "mistakes", frozenset({"floor-division"})),
    Case("split-i-for-2i", lambda: np.concatenate(
        [with_exponent(lambda i: -i / D)[:, 0::2], with_exponent(lambda i: -i / D)[:, 1::2]],
        axis=1), "mistakes", frozenset({"marian", "i-for-2i"})),
]

UNKNOWN_CASES = [
    Case("random", lambda: np.random.default_rng(0).normal(size=(L, D)), "unknown",
         frozenset()),
    Case("random-frequencies", lambda: random_frequencies(), "unknown", frozenset()),
    Case("paper-plus-noise", lambda: pe.encoding(L, D)
         + 0.01 * np.random.default_rng(2).normal(size=(L, D)), "unknown", frozenset()),
]

CASES = VARIANT_CASES + MISTAKE_CASES + UNKNOWN_CASES
