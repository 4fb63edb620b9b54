"""Computations on top of ``pe`` shared by figures, tables and numbers.

Everything here returns arrays or plain values; nothing draws or writes. Quantities that
the site explains but ``pe`` deliberately does not offer (a low-precision recipe, the
buggy loop recipe for odd widths) live here, clearly separate from the reference code.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import ml_dtypes
import numpy as np
import numpy.typing as npt

import pe

Array = npt.NDArray[Any]

#: Low-precision types the precision figure compares, by display name.
LOW_PRECISION: dict[str, Any] = {
    "float32": np.float32,
    "float16": np.float16,
    "bfloat16": ml_dtypes.bfloat16,
}


def cosine_similarity_matrix(enc: Array) -> Array:
    """Cosine similarity between every pair of rows."""
    unit: Array = enc / np.linalg.norm(enc, axis=1, keepdims=True)
    similarity: Array = unit @ unit.T
    return similarity


def cosine_similarity(a: Array, b: Array) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


@lru_cache(maxsize=16)
def similarity_by_offset(max_offset: int, d_model: int, *, base: float = 10000.0) -> Array:
    """Cosine similarity between positions ``p`` and ``p + k`` for ``k = -K .. K``.

    It depends on ``k`` only (every encoding has the same norm and the dot product is a
    sum of ``cos(k w_i)``), so it is measured from the middle position ``K`` of an
    encoding of ``2K + 1`` positions.
    """
    enc = pe.encoding(2 * max_offset + 1, d_model, base=base)
    mid = enc[max_offset]
    sim = np.array([cosine_similarity(mid, row) for row in enc])
    sim.flags.writeable = False  # cached: shared by callers
    return sim


def offset_distances(max_offset: int, d_model: int, *, base: float = 10000.0,
                     chunk: int = 16384) -> Array:
    """Euclidean distance between the encodings of positions ``0`` and ``k``, ``k = 0..K``.

    Since the distance between ``p`` and ``p + k`` depends on ``k`` only, this is the
    distance of every pair of positions ``k`` apart. Computed in chunks to bound memory.
    """
    origin = pe.encoding(1, d_model, base=base)[0]
    out = np.empty(max_offset + 1)
    for start in range(0, max_offset + 1, chunk):
        n = min(chunk, max_offset + 1 - start)
        block = pe.encoding(n, d_model, base=base, start=start)
        out[start:start + n] = np.linalg.norm(block - origin, axis=1)
    return out


@lru_cache(maxsize=16)  # drawn once per theme: compute once per process
def min_distance_by_length(max_length: int, d_model: int, *, base: float = 10000.0
                           ) -> tuple[Array, Array]:
    """For every sequence length ``L = 2 .. max_length``: the smallest distance between two
    different positions among ``0 .. L-1``, and the offset at which it occurs.

    Returns ``(min_distance, argmin_offset)``, both indexed by ``L - 2``.
    """
    dist = offset_distances(max_length - 1, d_model, base=base)
    dist[0] = np.inf  # a position and itself
    running = np.minimum.accumulate(dist)[1:]
    where = np.empty(len(running), dtype=np.int64)
    best, best_k = np.inf, 0
    for k in range(1, len(dist)):  # running argmin: first offset reaching the minimum
        if dist[k] < best:
            best, best_k = dist[k], k
        where[k - 1] = best_k
    running.flags.writeable = where.flags.writeable = False  # cached: shared by callers
    return running, where


def low_precision_encoding(positions: Array, d_model: int, dtype: Any, *,
                           base: float = 10000.0) -> Array:
    """The encoding computed the way a model in ``dtype`` would compute it.

    Positions, frequencies (``exp(-2i ln(base) / d)``, the usual framework recipe), their
    product and the sine/cosine are all held in ``dtype``. Positions beyond the type's
    range become ``inf`` and their encodings ``nan``.
    """
    dt = np.dtype(dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        pos = np.asarray(positions, dtype=np.float64).astype(dt)[:, None]
        scale = np.asarray(-math.log(base) / d_model).astype(dt)
        freq = np.exp(np.arange(0, d_model, 2).astype(dt) * scale)
        angle = pos * freq
        out = np.empty((len(positions), d_model), dtype=dt)
        out[:, 0::2] = np.sin(angle)
        out[:, 1::2] = np.cos(angle[:, : d_model // 2])
    return out


def reference_rows(positions: Array, d_model: int, *, base: float = 10000.0) -> Array:
    """``pe.encoding`` rows (float64) at arbitrary, possibly far-apart positions."""
    return np.stack([pe.encoding(1, d_model, base=base, start=int(p))[0] for p in positions])


def precision_errors(positions: Array, d_model: int, *, base: float = 10000.0
                     ) -> dict[str, Array]:
    """Per position, the largest absolute error over the ``d_model`` entries of the
    low-precision encoding against ``pe.encoding`` rounded to the same type.

    ``nan`` marks positions the type cannot represent (float16 beyond 65504).
    """
    exact = reference_rows(positions, d_model, base=base)
    errors = {}
    for name, dtype in LOW_PRECISION.items():
        low = low_precision_encoding(positions, d_model, dtype, base=base).astype(np.float64)
        ref = exact.astype(dtype).astype(np.float64)
        err = np.abs(low - ref).max(axis=1)
        err[~np.isfinite(low).all(axis=1)] = np.nan
        errors[name] = err
    return errors


def log_positions(largest: int, count: int) -> Array:
    """About ``count`` distinct integer positions from 1 to ``largest``, evenly spaced on a
    log scale (both ends included)."""
    pos = np.unique(np.round(np.logspace(0, math.log10(largest), count)).astype(np.int64))
    return pos


def loop_recipe(length: int, d_model: int, *, base: float = 10000.0) -> Array:
    """The per-element loop found in many tutorials, which runs over ``floor(d/2)`` pairs.

    For odd ``d_model`` it never writes the last column, which stays 0. Kept here only to
    show that mistake; ``pe.encoding`` is the correct recipe.
    """
    out = np.zeros((length, d_model))
    for pos in range(length):
        for i in range(d_model // 2):
            angle = pos / base ** (2 * i / d_model)
            out[pos, 2 * i] = math.sin(angle)
            out[pos, 2 * i + 1] = math.cos(angle)
    return out




def robot_example(*, tokens: list[str], d_model: int, base: float) -> tuple[Array, Array, Array]:
    """The "I am a robot" example: one row per token.

    The token embeddings are illustrative (a seeded draw rounded to two decimals), not
    from a trained model; the positional encoding is ``pe.encoding(len(tokens), d_model,
    base=base)``. Returns ``(embeddings, encoding, sum)``.
    """
    shape = (len(tokens), d_model)
    rng = np.random.default_rng(20170612)  # the paper's arXiv submission date
    emb = np.round(rng.uniform(-1.0, 1.0, size=shape), 2)
    enc = pe.encoding(shape[0], d_model, base=base)
    return emb, enc, emb + enc
