r"""Sinusoidal positional encoding, as in "Attention Is All You Need" (Vaswani et al., 2017).

The paper: <https://arxiv.org/abs/1706.03762>, Section 3.5.

For a position \(pos\) and pair index \(i = 0, \dots, \lceil d/2 \rceil - 1\),

\[
\begin{aligned}
\omega_i &= \text{base}^{-2i/d}, \\
PE_{pos,\,2i} &= \sin(pos\,\omega_i), \\
PE_{pos,\,2i+1} &= \cos(pos\,\omega_i).
\end{aligned}
\]

The package is pure: it computes arrays and returns them. It draws nothing and
touches no file; the site's figure pipeline and the tests build on it.

>>> import pe
>>> pe.encoding(2, 4).round(4).tolist()
[[0.0, 1.0, 0.0, 1.0], [0.8415, 0.5403, 0.01, 1.0]]
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from pe import _validate

__all__ = [
    "continuous_encoding",
    "encoding",
    "frequencies",
    "frequencies_for",
    "grid_encoding",
    "periodic_encoding",
    "rotation",
    "wavelengths",
]

Layout = Literal["interleaved", "split"]
FloatArray = npt.NDArray[np.floating[Any]]


def frequencies(d_model: int, *, base: float = 10000.0) -> npt.NDArray[np.float64]:
    r"""Angular frequencies \(\omega_i = \text{base}^{-2i/d}\) of the sin/cos pairs.

    Args:
        d_model: Width of the encoding, ``>= 1``.
        base: The constant of the geometric progression (10000 in the paper), ``> 1``.

    Returns:
        Array of shape ``(ceil(d_model / 2),)``, starting at exactly 1 and decreasing.

    >>> pe.frequencies(4).round(15).tolist()  # libm pow may differ in the last bit
    [1.0, 0.01]
    """
    d = _validate.d_model(d_model)
    b = _validate.base(base)
    pair = np.arange((d + 1) // 2, dtype=np.float64)
    return np.power(b, -2.0 * pair / d)


def wavelengths(d_model: int, *, base: float = 10000.0) -> npt.NDArray[np.float64]:
    r"""Wavelengths \(\lambda_i = 2\pi / \omega_i = 2\pi\,\text{base}^{2i/d}\), in positions.

    They run from exactly \(2\pi\) up to \(2\pi\,\text{base}^{(d-2)/d}\) for even
    ``d_model``, which approaches but never reaches \(2\pi\,\text{base}\).

    Returns:
        Array of shape ``(ceil(d_model / 2),)``, increasing.

    >>> (pe.wavelengths(4, base=100) / (2 * np.pi)).tolist()
    [1.0, 10.0]
    """
    d = _validate.d_model(d_model)
    b = _validate.base(base)
    pair = np.arange((d + 1) // 2, dtype=np.float64)
    return 2.0 * np.pi * np.power(b, 2.0 * pair / d)


def encoding(
    length: int,
    d_model: int,
    *,
    base: float = 10000.0,
    start: int = 0,
    layout: Layout = "interleaved",
    dtype: npt.DTypeLike = np.float64,
) -> FloatArray:
    r"""The positional-encoding matrix: one row per position, one column per dimension.

    Row ``r`` encodes position ``pos = start + r``. Column ``2i`` holds
    \(\sin(pos\,\omega_i)\) and column ``2i + 1`` holds \(\cos(pos\,\omega_i)\),
    with \(\omega_i\) from [`frequencies`][pe.frequencies]. For odd ``d_model`` the last column
    is the sine of the last frequency: ``ceil(d/2)`` sines and ``floor(d/2)`` cosines.

    Args:
        length: Number of positions (rows), ``>= 0``.
        d_model: Width of the encoding (columns), ``>= 1``.
        base: The constant of the frequency progression, a finite number ``> 1``.
        start: The position of the first row.
        layout: ``"interleaved"`` (sin, cos, sin, cos, ... as in the paper) or
            ``"split"`` (all sines, then all cosines: the paper's numbers in the column
            order of Hugging Face's Marian; tensor2tensor and fairseq use this order
            too, but with other frequencies, see ``pe.variants``).
        dtype: ``float64``, ``float32`` or ``float16``. Angles are always computed in
            float64 and the result is rounded once to ``dtype``.

    Returns:
        Array of shape ``(length, d_model)``.

    Raises:
        TypeError: ``length``, ``d_model`` or ``start`` is not an integer, or ``dtype``
            is not one of the floating types above.
        ValueError: ``length < 0``, ``d_model < 1``, ``base`` is not a finite number
            ``> 1``, ``layout`` is unknown, or positions exceed ``2**53``.

    >>> pe.encoding(3, 2).round(4).tolist()
    [[0.0, 1.0], [0.8415, 0.5403], [0.9093, -0.4161]]
    >>> pe.encoding(1, 5, start=1, layout="split").round(4).tolist()
    [[0.8415, 0.0251, 0.0006, 0.5403, 0.9997]]
    """
    n = _validate.length(length)
    d = _validate.d_model(d_model)
    b = _validate.base(base)
    first = _validate.integer("start", start)
    order = _validate.layout(layout)
    out_dtype = _validate.dtype(dtype)
    _validate.positions(first, n)

    n_sin, n_cos = (d + 1) // 2, d // 2
    pos = np.arange(first, first + n, dtype=np.float64)
    angles = np.multiply.outer(pos, frequencies(d, base=b))
    out = np.empty((n, d), dtype=out_dtype)
    if order == "interleaved":
        sin_cols, cos_cols = out[:, 0::2], out[:, 1::2]
    else:
        sin_cols, cos_cols = out[:, :n_sin], out[:, n_sin:]
    # The ufunc runs its float64 loop and rounds once into the output's dtype.
    np.sin(angles, out=sin_cols, casting="same_kind")
    np.cos(angles[:, :n_cos], out=cos_cols, casting="same_kind")
    return out


def rotation(
    offset: int, d_model: int, *, base: float = 10000.0, layout: Layout = "interleaved"
) -> npt.NDArray[np.float64]:
    r"""The matrix that moves every encoding ``offset`` positions along.

    ``R = rotation(k, d)`` satisfies ``encoding(L, d)[p + k] == R @ encoding(L, d)[p]``
    (column-vector convention) for every position ``p``. It is block-diagonal, one
    2x2 block per sin/cos pair:

    \[
    \begin{pmatrix} \sin((p+k)\omega_i) \\ \cos((p+k)\omega_i) \end{pmatrix}
    = \begin{pmatrix} \cos k\omega_i & \sin k\omega_i \\
                      -\sin k\omega_i & \cos k\omega_i \end{pmatrix}
      \begin{pmatrix} \sin p\omega_i \\ \cos p\omega_i \end{pmatrix}.
    \]

    For row vectors (``row @ M``) use the transpose, ``R.T``.

    Args:
        offset: The shift ``k`` in positions; may be negative.
        d_model: Width of the encoding; must be even.
        base: As in [`encoding`][pe.encoding].
        layout: As in [`encoding`][pe.encoding]; the blocks are permuted to match.

    Raises:
        ValueError: ``d_model`` is odd, or ``|offset| > 2**53``. The last sine column of an
            odd width is unpaired (it has no cosine partner), and
            ``sin((p+k)w)`` is not a fixed linear combination of ``sin(pw)`` alone.

    >>> R = pe.rotation(3, 4)
    >>> bool(np.allclose(R @ pe.encoding(8, 4)[2], pe.encoding(8, 4)[5]))
    True
    """
    k = _validate.offset(offset)
    d = _validate.d_model(d_model)
    b = _validate.base(base)
    order = _validate.layout(layout)
    if d % 2:
        raise ValueError(
            f"rotation needs an even d_model, got {d}: the last column sin(pos*w) is unpaired "
            "(it has no cosine partner), so no fixed matrix maps it from one position to another"
        )
    angle = k * frequencies(d, base=b)
    cos, sin = np.cos(angle), np.sin(angle)
    half = d // 2
    sin_idx = np.arange(0, d, 2) if order == "interleaved" else np.arange(half)
    cos_idx = sin_idx + 1 if order == "interleaved" else np.arange(half, d)
    rot = np.zeros((d, d))
    rot[sin_idx, sin_idx] = cos
    rot[sin_idx, cos_idx] = sin
    rot[cos_idx, sin_idx] = -sin
    rot[cos_idx, cos_idx] = cos
    return rot


# Imported last: pe.coordinates uses only pe._validate, but keeps the core above standalone.
from pe.coordinates import (
    continuous_encoding,
    frequencies_for,
    grid_encoding,
    periodic_encoding,
)
