r"""Two widely copied library variants of the sinusoidal encoding, reproduced step by step.

Both differ from the paper in the same two ways:

* **Split layout.** All sines come first, then all cosines, instead of alternating
  sin, cos, sin, cos.
* **Frequency spacing.** With \(h = \lfloor d/2 \rfloor\) frequencies, pair
  \(i\) turns at \(\omega_i = 10000^{-i/(h-1)}\), so the last pair reaches
  \(\omega_{h-1} = 1/10000\) exactly. The paper uses \(10000^{-2i/d}\), whose
  last pair stops at \(10000^{-(d-2)/d}\), short of \(1/10000\).

The originals compute in float32. These functions repeat their float32 arithmetic
step by step with NumPy, so they differ from the originals only where two float32
``exp``/``sin``/``cos`` implementations round differently. That is not always the last
bit of the result: a frequency that is off by a few ulp is then multiplied by the
position, so at row \(r\) the angle can be off by about \(r \cdot 2\,\text{ulp}(\omega)\)
(for 1024 rows and width 512, about 1.2e-4; see ``fairseq`` below). Neither PyTorch nor
TensorFlow is needed.

>>> import pe.variants
>>> pe.variants.tensor2tensor(2, 4).astype(float).round(4).tolist()
[[0.0, 0.0, 1.0, 1.0], [0.8415, 0.0001, 0.5403, 1.0]]
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np
import numpy.typing as npt

from pe import _validate

__all__ = ["fairseq", "tensor2tensor"]

F32 = np.float32
#: The originals hold positions as 32-bit integers before converting them to float32.
_INT32 = 2**31


def _positive_finite(name: str, value: Any) -> float:
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)
    x = float(value) if ok else math.nan
    if not (math.isfinite(x) and x > 0.0):
        raise ValueError(f"{name} must be a finite real number > 0, got {value!r}")
    return x


def _count(name: str, value: Any, minimum: int) -> int:
    n = _validate.integer(name, value)
    if n < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {n}")
    return n


def tensor2tensor(
    length: int,
    channels: int,
    *,
    min_timescale: float = 1.0,
    max_timescale: float = 1.0e4,
    start_index: int = 0,
) -> npt.NDArray[np.float32]:
    r"""tensor2tensor's ``get_timing_signal_1d``, without its leading batch axis.

    With \(n = \lfloor \text{channels}/2 \rfloor\) timescales and position
    \(p = \text{start\_index} + r\) on row \(r\),

    \[
    \begin{aligned}
    \Delta &= \frac{\ln(\text{max\_timescale}/\text{min\_timescale})}{\max(n - 1,\ 1)}, \\
    \omega_i &= \text{min\_timescale}\cdot e^{-i\Delta},
    \end{aligned}
    \]

    \[
    \begin{aligned}
    \text{out}[r, i] &= \sin(p\,\omega_i), \\
    \text{out}[r, n + i] &= \cos(p\,\omega_i), \\
    i &= 0, \dots, n - 1,
    \end{aligned}
    \]

    and for odd ``channels`` a last column of zeros. Note that the original
    *multiplies* by ``min_timescale``: the first frequency is ``min_timescale``, not
    ``1 / min_timescale``. With the default ``min_timescale=1.0`` this makes no
    difference; the function keeps the original's behaviour either way.

    Every step runs in float32, in the original's order: the logarithm (taken in
    float64) is rounded to float32 and divided in float32, then ``i * -Delta``,
    ``exp``, the product with ``min_timescale``, the product with the position, and
    ``sin``/``cos``, each rounded to float32. The original, at the commit it was checked
    against:
    <https://github.com/tensorflow/tensor2tensor/blob/bafdc1b67730430d38d6ab802cbd51f9d053ba2e/tensor2tensor/layers/common_attention.py#L408-L456>.

    Args:
        length: Number of positions (rows), ``>= 0``.
        channels: Width of the signal (columns), ``>= 1``.
        min_timescale: Scale of the first frequency, a finite number ``> 0``.
        max_timescale: Timescale of the last pair, a finite number ``> 0``.
        start_index: Position of the first row; the original holds positions as
            int32, so every position must lie in ``[-2**31, 2**31)``.

    Returns:
        float32 array of shape ``(length, channels)``.

    Raises:
        TypeError: ``length``, ``channels`` or ``start_index`` is not an integer.
        ValueError: a count is out of range, a timescale is not a finite positive
            number, or a position does not fit in int32.

    >>> pe.variants.tensor2tensor(1, 5, start_index=3).astype(float).round(4).tolist()
    [[0.1411, 0.0003, -0.99, 1.0, 0.0]]
    """
    n_rows = _count("length", length, 0)
    width = _count("channels", channels, 1)
    lo = _positive_finite("min_timescale", min_timescale)
    hi = _positive_finite("max_timescale", max_timescale)
    first = _validate.integer("start_index", start_index)
    last = first + max(n_rows, 1) - 1
    if not (-_INT32 <= first and last < _INT32):
        raise ValueError(
            f"positions start_index={first} .. {last} must fit in int32 "
            f"[-2**31, 2**31), as in the original"
        )

    n = width // 2
    # math.log(max / min) is a Python float; dividing it by a float32 tensor
    # rounds it to float32 first and divides in float32.
    increment = F32(math.log(hi / lo)) / max(F32(n) - F32(1), F32(1))
    inv_timescales = F32(lo) * np.exp(np.arange(n, dtype=F32) * -increment)
    position = (np.arange(n_rows, dtype=np.int64) + first).astype(F32)
    scaled_time = position[:, None] * inv_timescales[None, :]
    out = np.zeros((n_rows, width), dtype=F32)
    out[:, :n] = np.sin(scaled_time)
    out[:, n : 2 * n] = np.cos(scaled_time)
    return out


def fairseq(
    num_embeddings: int, embedding_dim: int, *, padding_idx: int | None = None
) -> npt.NDArray[np.float32]:
    r"""fairseq's ``SinusoidalPositionalEmbedding.get_embedding``.

    With \(h = \lfloor \text{embedding\_dim}/2 \rfloor\) and row index
    \(r = 0, \dots, \text{num\_embeddings} - 1\),

    \[
    \Delta = \frac{\ln 10000}{h - 1}, \qquad \omega_i = e^{-i\Delta},
    \]

    \[
    \begin{aligned}
    \text{out}[r, i] &= \sin(r\,\omega_i), \\
    \text{out}[r, h + i] &= \cos(r\,\omega_i), \\
    i &= 0, \dots, h - 1,
    \end{aligned}
    \]

    a last column of zeros for odd ``embedding_dim``, and the row ``padding_idx``
    (if given) set to zero. The row index is the angle's multiplier: fairseq numbers
    the real tokens from ``padding_idx + 1`` on, so the first token of a sentence
    reads row ``padding_idx + 1``, not row 0.

    As in the original, \(\Delta\) is computed in float64 and rounded to float32
    when it multiplies the float32 ``arange``; ``exp``, the product with the row index
    and ``sin``/``cos`` are float32. The original, at the commit it was checked against:
    <https://github.com/facebookresearch/fairseq/blob/3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99/fairseq/modules/sinusoidal_positional_embedding.py#L48-L70>.

    Small widths behave as in the original. Width 1 has no frequency at all
    (\(h = 0\)): the table is one column of zeros. Widths 2 and 3 have one frequency,
    and the original divides by \(h - 1 = 0\) (Python's ``ZeroDivisionError``); this
    function raises ``ValueError`` instead. The original also fails for
    ``num_embeddings = 0``: reshaping its empty table with ``view(0, -1)`` leaves the
    ``-1`` undetermined, so PyTorch raises.

    **Agreement with PyTorch.** PyTorch's and NumPy's float32 ``exp`` differ by up to
    about 2 ulp for some frequencies. The angle multiplies the frequency by the row
    index, so row \(r\) can differ by about \(r \cdot 2\,\text{ulp}(\omega_i)\):
    with \(\omega_1 \approx 0.96\) (ulp \(2^{-24}\)) and 1024 rows that is
    \(1023 \cdot 2 \cdot 2^{-24} \approx 1.2 \times 10^{-4}\) in the angle, and so in
    the sines and cosines. Use the PyTorch original where weights must match bit for
    bit.

    Args:
        num_embeddings: Number of rows, ``>= 1``.
        embedding_dim: Width, ``1`` or ``>= 4``.
        padding_idx: Row to zero out, ``0 <= padding_idx < num_embeddings``, or None.

    Returns:
        float32 array of shape ``(num_embeddings, embedding_dim)``.

    Raises:
        TypeError: an argument is not an integer (or None for ``padding_idx``).
        ValueError: an argument is out of range, including the widths 2 and 3 and
            ``num_embeddings = 0``, which the original cannot build either.

    >>> pe.variants.fairseq(3, 4, padding_idx=0).astype(float).round(4).tolist()
    [[0.0, 0.0, 0.0, 0.0], [0.8415, 0.0001, 0.5403, 1.0], [0.9093, 0.0002, -0.4161, 1.0]]
    >>> pe.variants.fairseq(2, 1).tolist()
    [[0.0], [0.0]]
    """
    n_rows = _validate.integer("num_embeddings", num_embeddings)
    if n_rows < 1:
        raise ValueError(
            f"num_embeddings must be >= 1, got {n_rows}: fairseq reshapes its table with "
            f"view(num_embeddings, -1), which PyTorch cannot do for an empty table"
        )
    width = _validate.integer("embedding_dim", embedding_dim)
    if width < 1 or width in (2, 3):
        raise ValueError(
            f"embedding_dim must be 1 or >= 4, got {width}: fairseq divides by "
            f"embedding_dim // 2 - 1, which is zero for widths 2 and 3"
        )
    pad: int | None = None
    if padding_idx is not None:
        pad = _validate.integer("padding_idx", padding_idx)
        if not 0 <= pad < n_rows:
            raise ValueError(
                f"padding_idx must be in [0, num_embeddings) = [0, {n_rows}), got {pad}"
            )

    half = width // 2
    # float64, as in Python; width 1 (half = 0) divides by -1 and uses no frequency at all.
    step = math.log(10000) / (half - 1)
    inv = np.exp(np.arange(half, dtype=F32) * F32(-step))
    angles = np.arange(n_rows, dtype=F32)[:, None] * inv[None, :]
    out = np.zeros((n_rows, width), dtype=F32)
    out[:, :half] = np.sin(angles)
    out[:, half : 2 * half] = np.cos(angles)
    if pad is not None:
        out[pad, :] = 0
    return out
