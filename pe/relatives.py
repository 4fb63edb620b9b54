r"""Relatives of the sinusoidal encoding, each written from its paper and reference code.

The site's page "Relatives of the encoding" compares each with ``pe.encoding``:

- [`nerf`][pe.relatives.nerf]: NeRF's positional encoding of a continuous coordinate
  (Mildenhall et al., <https://arxiv.org/abs/2003.08934>, Section 5.1, equation 4).
- [`detr_sine`][pe.relatives.detr_sine]: DETR's 2-D sine encoding of a feature map
  (Carion et al., <https://arxiv.org/abs/2005.12872>; ``PositionEmbeddingSine``).
- [`alibi_slopes`][pe.relatives.alibi_slopes] and [`alibi_bias`][pe.relatives.alibi_bias]:
  ALiBi's linear attention biases (Press et al., <https://arxiv.org/abs/2108.12409>, Section 3).
- [`t5_bucket`][pe.relatives.t5_bucket]: T5's relative-position buckets
  (Raffel et al., <https://arxiv.org/abs/1910.10683>, Section 2.1).

Like the rest of ``pe`` the module is pure: it computes arrays and returns them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from pe import _validate

__all__ = ["alibi_bias", "alibi_slopes", "detr_sine", "nerf", "t5_bucket"]


def _positive(name: str, value: Any) -> int:
    n = _validate.integer(name, value)
    if n < 1:
        raise ValueError(f"{name} must be >= 1, got {n}")
    return n


def _finite_array(name: str, value: Any) -> npt.NDArray[np.float64]:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of real numbers, got {value!r}") from None
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must hold finite numbers only")
    return arr


def nerf(coordinates: npt.ArrayLike, num_freqs: int, *, pi: bool = True) -> npt.NDArray[np.float64]:
    r"""NeRF's \(\gamma(p)\): sine and cosine of each coordinate at frequencies \(2^k\pi\).

    \[
    \begin{aligned}
    \gamma(p) = \bigl(&\sin(2^0\pi p), \cos(2^0\pi p), \\
    &\dots, \\
    &\sin(2^{L-1}\pi p), \cos(2^{L-1}\pi p)\bigr)
    \end{aligned}
    \]

    for each scalar coordinate \(p\) (the paper normalises them to \([-1, 1]\)).

    Args:
        coordinates: Any array of finite real numbers.
        num_freqs: \(L\), the number of frequencies, ``>= 1`` (10 for positions and 4 for
            directions in the paper).
        pi: Multiply by \(\pi\) as equation 4 does; the authors' code leaves it out
            (``pi=False``).

    Returns:
        Array of shape ``coordinates.shape + (2 * num_freqs,)``, interleaved like the
        paper's encoding: column \(2k\) is the sine and \(2k + 1\) the cosine of frequency
        \(k\).

    >>> pe.relatives.nerf([0.5], 2).round(6).tolist()
    [[1.0, 0.0, 0.0, -1.0]]
    """
    p = _finite_array("coordinates", coordinates)
    n = _positive("num_freqs", num_freqs)
    freqs = np.power(2.0, np.arange(n)) * (np.pi if pi else 1.0)
    angles = p[..., None] * freqs
    out = np.empty((*p.shape, 2 * n))
    out[..., 0::2] = np.sin(angles)
    out[..., 1::2] = np.cos(angles)
    return out


def detr_sine(
    height: int,
    width: int,
    num_pos_feats: int = 128,
    *,
    temperature: float = 10000.0,
    normalize: bool = True,
    scale: float = 2 * math.pi,
) -> npt.NDArray[np.float64]:
    r"""DETR's ``PositionEmbeddingSine`` for one unpadded feature map, channels last.

    Rows and columns are counted from 1 (DETR takes a cumulative sum over the pixels that
    are not padding). With ``normalize`` each count is divided by the map's height or
    width and multiplied by ``scale``, so positions run over \((0, 2\pi]\) whatever the
    image size. Each axis then gets the paper's interleaved encoding with
    ``num_pos_feats`` columns and base ``temperature``; the row encoding comes first.

    Args:
        height: Rows of the feature map, ``>= 1``.
        width: Columns of the feature map, ``>= 1``.
        num_pos_feats: Columns per axis, even and ``>= 2`` (DETR: half its hidden width,
            128).
        temperature: The base of the frequencies, ``> 1``.
        normalize: Scale positions to \((0, \text{scale}]\) (DETR's models use ``True``).
        scale: The upper end of the normalised positions, finite and ``> 0``.

    Returns:
        Array of shape ``(height, width, 2 * num_pos_feats)``.

    >>> pe.relatives.detr_sine(1, 2, 2, normalize=False)[0].round(4).tolist()
    [[0.8415, 0.5403, 0.8415, 0.5403], [0.8415, 0.5403, 0.9093, -0.4161]]
    """
    h = _positive("height", height)
    w = _positive("width", width)
    f = _positive("num_pos_feats", num_pos_feats)
    if f % 2:
        raise ValueError(f"num_pos_feats must be even (sine and cosine pairs), got {f}")
    base = _validate.base(temperature)
    if not (isinstance(scale, int | float) and math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be a finite number > 0, got {scale!r}")
    rows = np.arange(1, h + 1, dtype=np.float64)
    cols = np.arange(1, w + 1, dtype=np.float64)
    if normalize:
        rows, cols = rows / h * scale, cols / w * scale
    freqs = np.power(base, -2.0 * np.arange(f // 2) / f)

    def axis(positions: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        angles = np.multiply.outer(positions, freqs)
        out = np.empty((positions.size, f))
        out[:, 0::2], out[:, 1::2] = np.sin(angles), np.cos(angles)
        return out

    return np.concatenate(
        [np.broadcast_to(axis(rows)[:, None, :], (h, w, f)),
         np.broadcast_to(axis(cols)[None, :, :], (h, w, f))],
        axis=-1,
    )


def alibi_slopes(num_heads: int) -> npt.NDArray[np.float64]:
    r"""ALiBi's head-specific slopes \(m_h\).

    For \(n\) heads, \(n\) a power of two, the geometric sequence
    \(2^{-8/n}, 2^{-16/n}, \dots, 2^{-8}\). Otherwise the reference code takes the slopes
    of the power of two below \(n\) and fills up with every other slope of the power of
    two above.

    >>> pe.relatives.alibi_slopes(8).tolist()
    [0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625]
    """
    n = _positive("num_heads", num_heads)

    def power_of_two(k: int) -> list[float]:
        return [2.0 ** (-8.0 * (h + 1) / k) for h in range(k)]

    below = 2 ** math.floor(math.log2(n))
    if below == n:
        return np.array(power_of_two(n))
    return np.array(power_of_two(below) + power_of_two(2 * below)[0::2][: n - below])


def alibi_bias(length: int, num_heads: int) -> npt.NDArray[np.float64]:
    r"""ALiBi's bias added to the causal attention scores: \(-m_h\,(i - j)\) for key \(j \le i\).

    Entries above the diagonal (keys after the query) are \(-\infty\), the causal mask ALiBi
    is used with.

    Returns:
        Array of shape ``(num_heads, length, length)``, indexed ``[head, query, key]``.

    >>> pe.relatives.alibi_bias(3, 1)[0].tolist()
    [[-0.0, -inf, -inf], [-0.00390625, -0.0, -inf], [-0.0078125, -0.00390625, -0.0]]
    """
    n = _validate.length(length)
    slopes = alibi_slopes(num_heads)
    offset = np.subtract.outer(np.arange(n), np.arange(n)).astype(np.float64)  # i - j
    bias = -slopes[:, None, None] * offset
    bias[:, offset < 0] = -np.inf
    return bias


def t5_bucket(
    relative_position: npt.ArrayLike,
    *,
    bidirectional: bool = True,
    num_buckets: int = 32,
    max_distance: int = 128,
) -> npt.NDArray[np.int64]:
    r"""T5's bucket for each relative position ``key - query``.

    Half the buckets (per direction when ``bidirectional``) hold the small distances one
    by one; the other half cover distances up to ``max_distance`` on a logarithmic scale,
    and every farther distance shares the last bucket. A learned scalar per bucket and
    head is then added to the attention scores.

    Args:
        relative_position: Integers, ``key_position - query_position``.
        bidirectional: Encoder (both directions) or decoder (only keys before the query;
            later keys share bucket 0).
        num_buckets: ``>= 4`` (and even when ``bidirectional``); 32 in T5.
        max_distance: The distance from which all share one bucket, ``>`` the exact
            range; 128 in T5.

    Returns:
        Array of bucket indices in ``[0, num_buckets)``, the shape of the input.

    >>> pe.relatives.t5_bucket([-1, 0, 1, 200]).tolist()
    [1, 0, 17, 31]
    """
    rel = np.asarray(relative_position)
    if not np.issubdtype(rel.dtype, np.integer):
        raise TypeError(f"relative_position must hold integers, got dtype {rel.dtype}")
    buckets = _validate.integer("num_buckets", num_buckets)
    if buckets < 4 or (bidirectional and buckets % 2):
        raise ValueError(f"num_buckets must be >= 4 (and even when bidirectional), got {buckets}")
    far = _validate.integer("max_distance", max_distance)
    rel = rel.astype(np.int64)
    out = np.zeros(rel.shape, dtype=np.int64)
    if bidirectional:
        buckets //= 2
        out += (rel > 0) * buckets
        n = np.abs(rel)
    else:
        n = np.maximum(-rel, 0)
    exact = buckets // 2
    if far <= exact:
        raise ValueError(f"max_distance must exceed the exact range {exact}, got {far}")
    # The log is only used where n >= exact; clip below to keep it finite elsewhere.
    large = exact + (
        np.log(np.maximum(n, exact) / exact) / math.log(far / exact) * (buckets - exact)
    ).astype(np.int64)
    out += np.where(n < exact, n, np.minimum(large, buckets - 1))
    return out
