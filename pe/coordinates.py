r"""Encodings of continuous, periodic and multi-axis coordinates.

The paper's encoding takes an integer position and a fixed ladder of frequencies,
\(\omega_i = 10000^{-2i/d}\). When the input is a measurement (seconds, metres, a
timestep in \([0, 1]\)) it is easier to say which wavelengths the ladder should span:

* the **longest** wavelength must not wrap inside the range of the input, and
* the **shortest** must be short enough to tell apart the finest detail that matters.

`wavelengths_for` turns a range and a resolution into
that pair, `ladder` spaces ``d/2`` frequencies geometrically
between them and `continuous_encoding` applies them.
`periodic_encoding` encodes a quantity that wraps
(hour of day, longitude), `fourier_features` applies a
frequency matrix of your own (random Fourier features), and
`grid_encoding` builds 2-D, 3-D or higher tables.

Every function computes in float64 and returns float64. All sin/cos pairs share the
column orders of [`pe.encoding`][pe.encoding]: ``"interleaved"`` (sin, cos, sin, cos, ...)
or ``"split"`` (all sines, then all cosines), highest frequency first.

>>> import pe
>>> pe.coordinates.continuous_encoding([0.0, 0.5], 4, shortest=1.0, longest=4.0).round(4).tolist()
[[0.0, 1.0, 0.0, 1.0], [0.0, -1.0, 0.7071, 0.7071]]
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from pe import _validate

__all__ = [
    "continuous_encoding",
    "fourier_features",
    "frequencies_for",
    "gaussian_matrix",
    "grid_encoding",
    "ladder",
    "periodic_encoding",
    "wavelengths_for",
]

Layout = Literal["interleaved", "split"]
Combine = Literal["concat", "sum"]
F64 = npt.NDArray[np.float64]


# ----------------------------------------------------------------------------- checks


def _real(name: str, value: Any) -> float:
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)
    try:
        x = float(value) if ok else math.nan
    except OverflowError:
        x = math.inf
    if not math.isfinite(x):
        raise ValueError(f"{name} must be a finite real number, got {value!r}")
    return x


def _positive(name: str, value: Any) -> float:
    x = _real(name, value)
    if x <= 0.0:
        raise ValueError(f"{name} must be a finite real number > 0, got {value!r}")
    return x


def _even_width(value: Any, minimum: int = 2) -> int:
    d = _validate.d_model(value)
    if d % 2:
        raise ValueError(
            f"d_model must be even, got {d}: every frequency fills a sin/cos pair; "
            "to reach an odd width, append a zero column yourself"
        )
    if d < minimum:
        raise ValueError(f"d_model must be >= {minimum} here, got {d}")
    return d


def _coordinates(name: str, value: Any) -> F64:
    try:
        x = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of real numbers, got {value!r}") from None
    if np.iscomplexobj(value) or np.asarray(value).dtype == np.bool_:
        raise TypeError(f"{name} must be an array of real numbers, got {value!r}")
    if not np.all(np.isfinite(x)):
        raise ValueError(f"{name} must be finite; found {int(np.sum(~np.isfinite(x)))} "
                         "non-finite values (nan or inf)")
    return x


def _pairs(angles: F64, layout: str) -> F64:
    """sin/cos of ``angles`` (..., n) laid out as (..., 2n)."""
    sin, cos = np.sin(angles), np.cos(angles)
    if layout == "split":
        return np.concatenate([sin, cos], axis=-1)
    out = np.empty(angles.shape[:-1] + (2 * angles.shape[-1],))
    out[..., 0::2], out[..., 1::2] = sin, cos
    return out


# ------------------------------------------------------------------- choosing frequencies


def wavelengths_for(*, span: tuple[float, float], resolution: float) -> tuple[float, float]:
    r"""The ``(shortest, longest)`` wavelengths for inputs in ``span`` with detail ``resolution``.

    The rule, in the input's own units:

    * ``longest = 2 * (hi - lo)``. Over the range, the slowest pair then turns by at most
      half a circle, \(\pi\). On a half circle the distance between two points,
      \(2\sin(\Delta\theta/2)\), grows with \(\Delta\theta\), so in that pair two inputs
      farther apart are never closer than two inputs nearer together, and ``lo`` and ``hi``
      land on opposite points. At ``longest = hi - lo`` the pair would make a full turn
      and map ``lo`` and ``hi`` to the same point.
    * ``shortest = 2 * resolution``. Two inputs ``resolution`` apart then differ by
      \(\pi\) in the fastest pair, opposite points again. A shorter wavelength would
      alias on a grid of that step (the Nyquist limit: at least two samples per
      wavelength); a longer one would separate them less.

    Args:
        span: ``(lo, hi)``, finite, ``lo < hi``.
        resolution: The finest difference that must be told apart, ``0 < resolution < hi - lo``.

    Raises:
        ValueError: an argument is not finite, ``lo >= hi``, or ``resolution`` is not in
            ``(0, hi - lo)``.

    >>> pe.coordinates.wavelengths_for(span=(-1.0, 1.0), resolution=0.01)
    (0.02, 4.0)
    """
    pair = isinstance(span, Sequence | np.ndarray) and not isinstance(span, str)
    if not (pair and np.shape(span) == (2,)):
        raise ValueError(f"span must be a pair (lo, hi), got {span!r}")
    lo, hi = _real("span[0]", span[0]), _real("span[1]", span[1])
    if not lo < hi:
        raise ValueError(f"span must have lo < hi, got {span!r}")
    r = _positive("resolution", resolution)
    if not r < hi - lo:
        raise ValueError(
            f"resolution must be smaller than the span's length {hi - lo!r}, got {resolution!r}"
        )
    return 2.0 * r, 2.0 * (hi - lo)


def ladder(d_model: int, *, shortest: float, longest: float) -> F64:
    r"""``d_model / 2`` angular frequencies whose wavelengths run from ``shortest`` to ``longest``.

    Geometrically spaced, highest frequency first:
    \(\omega_k = \frac{2\pi}{\text{shortest}}
    \left(\frac{\text{shortest}}{\text{longest}}\right)^{k/(n-1)}\),
    \(k = 0, \dots, n-1\), \(n = d/2\). The first wavelength is ``shortest`` and the
    last is ``longest``, both exactly up to rounding. (The paper's ladder is the case
    ``shortest = 2*pi``, ``longest = 2*pi * 10000**((d-2)/d)``.)

    Raises:
        TypeError: ``d_model`` is not an integer.
        ValueError: ``d_model`` is odd or below 4 (one pair cannot span two wavelengths),
            a wavelength is not a finite number ``> 0``, or ``shortest >= longest``.

    >>> (2 * np.pi / pe.coordinates.ladder(6, shortest=1.0, longest=100.0)).round(9).tolist()
    [1.0, 10.0, 100.0]
    """
    d = _even_width(d_model, minimum=4)
    lo = _positive("shortest", shortest)
    hi = _positive("longest", longest)
    if not lo < hi:
        raise ValueError(f"shortest must be < longest, got shortest={shortest!r}, "
                         f"longest={longest!r}")
    n = d // 2
    k = np.arange(n, dtype=np.float64)
    return np.asarray((2.0 * np.pi / lo) * np.power(lo / hi, k / (n - 1)), dtype=np.float64)


def frequencies_for(*, span: tuple[float, float], resolution: float, d_model: int) -> F64:
    """The `ladder` between the wavelengths of
    `wavelengths_for`.

    >>> w = pe.coordinates.frequencies_for(span=(0.0, 10.0), resolution=0.5, d_model=4)
    >>> (2 * np.pi / w).round(9).tolist()
    [1.0, 20.0]
    """
    shortest, longest = wavelengths_for(span=span, resolution=resolution)
    return ladder(d_model, shortest=shortest, longest=longest)


# ------------------------------------------------------------------------------ encodings


def continuous_encoding(
    x: npt.ArrayLike,
    d_model: int,
    *,
    shortest: float,
    longest: float,
    layout: Layout = "interleaved",
) -> F64:
    r"""Encode real-valued coordinates with a `ladder` of frequencies.

    Entry ``[..., 2k]`` is \(\sin(x\,\omega_k)\) and ``[..., 2k+1]`` is
    \(\cos(x\,\omega_k)\) (interleaved layout). ``x`` may have any shape, including a
    scalar; the result has shape ``x.shape + (d_model,)``.

    Raises:
        TypeError: ``x`` is not real-valued, or ``d_model`` is not an integer.
        ValueError: ``x`` holds nan or inf, or any error of `ladder`.

    >>> pe.coordinates.continuous_encoding(0.25, 4, shortest=1.0, longest=2.0).round(4).tolist()
    [1.0, 0.0, 0.7071, 0.7071]
    """
    order = _validate.layout(layout)
    omega = ladder(d_model, shortest=shortest, longest=longest)
    xs = _coordinates("x", x)
    return _pairs(np.multiply.outer(xs, omega), order)


def periodic_encoding(
    x: npt.ArrayLike, d_model: int, *, period: float, layout: Layout = "interleaved"
) -> F64:
    r"""Encode a quantity that wraps around every ``period`` (hours, angles, days of year).

    The frequencies are the harmonics \(\omega_k = 2\pi (k+1) / \text{period}\),
    \(k = 0, \dots, d/2 - 1\), lowest first, so that every column repeats exactly after
    one period: ``periodic_encoding(x + period) == periodic_encoding(x)`` up to rounding,
    and 23:00 sits next to 00:00. The longest wavelength is the period itself; the
    shortest is ``period / (d/2)``.

    Raises:
        TypeError: ``x`` is not real-valued, or ``d_model`` is not an integer.
        ValueError: ``x`` holds nan or inf, ``d_model`` is odd or below 2, or ``period``
            is not a finite number ``> 0``.

    >>> pe.coordinates.periodic_encoding([0.0, 6.0, 24.0], 2, period=24.0).round(4).tolist()
    [[0.0, 1.0], [1.0, 0.0], [-0.0, 1.0]]
    """
    order = _validate.layout(layout)
    d = _even_width(d_model)
    p = _positive("period", period)
    xs = _coordinates("x", x)
    omega = 2.0 * np.pi * np.arange(1, d // 2 + 1, dtype=np.float64) / p
    return _pairs(np.multiply.outer(xs, omega), order)


def gaussian_matrix(
    n_inputs: int, d_model: int, *, scale: float, seed: int | np.random.Generator
) -> F64:
    r"""A ``(n_inputs, d_model / 2)`` matrix of frequencies drawn from \(N(0, \text{scale}^2)\).

    The frequency matrix of random Fourier features (Tancik et al., 2020). Pass it to
    `fourier_features`. NumPy's generator, so the same
    ``seed`` gives the same matrix here, but not the matrix PyTorch would draw.

    >>> pe.coordinates.gaussian_matrix(2, 6, scale=10.0, seed=0).shape
    (2, 3)
    """
    k = _validate.integer("n_inputs", n_inputs)
    if k < 1:
        raise ValueError(f"n_inputs must be >= 1, got {k}")
    d = _even_width(d_model)
    s = _positive("scale", scale)
    if isinstance(seed, np.random.Generator):
        rng = seed
    else:
        rng = np.random.default_rng(_validate.integer("seed", seed))
    return np.asarray(s * rng.standard_normal((k, d // 2)), dtype=np.float64)


def fourier_features(x: npt.ArrayLike, matrix: npt.ArrayLike) -> F64:
    r"""\([\sin(2\pi\,x B), \cos(2\pi\,x B)]\): Fourier features with a frequency matrix \(B\).

    ``x`` has shape ``(..., n_inputs)``, ``matrix`` shape ``(n_inputs, m)``; the result has
    shape ``(..., 2m)``, all sines then all cosines (split layout). Each column of
    ``matrix`` is one frequency vector, in cycles per unit of ``x`` (hence the
    \(2\pi\)).

    Raises:
        TypeError: an argument is not real-valued.
        ValueError: an argument holds nan or inf, ``matrix`` is not 2-D, or the last axis
            of ``x`` does not match ``matrix``'s rows.

    >>> pe.coordinates.fourier_features([0.25], [[1.0]]).round(4).tolist()
    [1.0, 0.0]
    """
    xs = _coordinates("x", x)
    b = _coordinates("matrix", matrix)
    if b.ndim != 2:
        raise ValueError(f"matrix must be 2-D (n_inputs, m), got shape {b.shape}")
    if xs.ndim < 1 or xs.shape[-1] != b.shape[0]:
        raise ValueError(
            f"x's last axis must have matrix's {b.shape[0]} rows, got x of shape {xs.shape}"
        )
    return _pairs(2.0 * np.pi * (xs @ b), "split")


def _axis(k: int, value: Any) -> F64:
    if isinstance(value, numbers.Integral) and not isinstance(value, bool | np.bool_):
        if int(value) < 0:
            raise ValueError(f"axes[{k}] must be a size >= 0 or a 1-D array, got {value!r}")
        return np.arange(int(value), dtype=np.float64)
    coords = _coordinates(f"axes[{k}]", value)
    if coords.ndim != 1:
        raise ValueError(f"axes[{k}] must be a size or a 1-D array, got shape {coords.shape}")
    return coords


def grid_encoding(
    axes: Sequence[int | npt.ArrayLike],
    d_model: int,
    *,
    base: float = 10000.0,
    layout: Layout = "interleaved",
    combine: Combine = "concat",
) -> F64:
    r"""A table for a grid of any number of axes: shape ``(n_0, ..., n_{k-1}, d_model)``.

    Each entry of ``axes`` is a size ``n`` (coordinates ``0 .. n-1``) or a 1-D array of
    coordinates along that axis. Every axis is encoded like [`pe.encoding`][pe.encoding]
    (frequencies ``base**(-2i/w)`` for the axis's width ``w``), at its coordinate.

    ``combine="concat"`` (MAE, DETR): each of the ``k`` axes gets the same even width
    ``w = 2 * floor(d_model / (2k))`` and the axes' blocks follow one another in the
    order of ``axes``. **Widths that do not split:** the ``d_model - k*w`` columns left
    over (fewer than ``2k``) are zero and come last. Zero columns keep every axis on the
    same ladder, so swapping two axes of a square grid only swaps column blocks; giving
    the remainder to one axis would give that axis other frequencies.

    ``combine="sum"``: every axis is encoded at the full width ``d_model`` and the
    encodings are added. No width is lost, but with the same ladder on every axis the sum
    is symmetric: on a square grid, points ``(a, b)`` and ``(b, a)`` get the same vector.

    Raises:
        TypeError: ``d_model`` is not an integer, or an axis holds non-real values.
        ValueError: ``axes`` is empty, an axis is negative, not 1-D or not finite,
            ``combine``/``layout``/``base`` is invalid, ``d_model`` is odd with
            ``combine="sum"``, or ``d_model < 2k`` with ``combine="concat"``.

    >>> t = pe.coordinates.grid_encoding((2, 3), 4)
    >>> t.shape
    (2, 3, 4)
    >>> t[1, 2].round(4).tolist()  # row 1: sin 1, cos 1; column 2: sin 2, cos 2
    [0.8415, 0.5403, 0.9093, -0.4161]
    >>> pe.coordinates.grid_encoding((2, 2, 2), 8)[1, 1, 1].round(4).tolist()  # 8 = 3*2 + 2 zeros
    [0.8415, 0.5403, 0.8415, 0.5403, 0.8415, 0.5403, 0.0, 0.0]
    """
    if isinstance(axes, str | bytes) or not isinstance(axes, Sequence) or len(axes) == 0:
        raise ValueError(f"axes must be a non-empty sequence of sizes or 1-D arrays, got {axes!r}")
    d = _validate.d_model(d_model)
    b = _validate.base(base)
    order = _validate.layout(layout)
    if combine not in ("concat", "sum"):
        raise ValueError(f"combine must be 'concat' or 'sum', got {combine!r}")
    coords = [_axis(k, a) for k, a in enumerate(axes)]
    k = len(coords)
    shape = tuple(c.size for c in coords)
    if combine == "concat":
        w = 2 * (d // (2 * k))
        if w == 0:
            raise ValueError(
                f"d_model={d} is too narrow for {k} axes: each axis needs at least one "
                f"sin/cos pair, so d_model >= {2 * k}"
            )
    else:
        w = _even_width(d)
    pair = np.arange(w // 2, dtype=np.float64)
    omega = np.power(b, -2.0 * pair / w)
    out = np.zeros(shape + (d,))
    for axis, c in enumerate(coords):
        block = _pairs(np.multiply.outer(c, omega), order)  # (n_axis, w)
        view = [1] * k
        view[axis] = c.size
        block = block.reshape(tuple(view) + (w,))
        if combine == "concat":
            out[..., axis * w : (axis + 1) * w] = block
        else:
            out += block
    return out
