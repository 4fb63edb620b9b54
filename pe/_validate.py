"""Argument checks shared by the public functions.

Each check names the parameter and the value it received, so a caller sees
what was wrong instead of a NumPy traceback from deep inside a computation.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

#: Positions are held as float64; beyond 2**53 consecutive integers are no longer distinct.
MAX_POSITION = 2**53

LAYOUTS = ("interleaved", "split")
FLOAT_DTYPES = (np.dtype(np.float64), np.dtype(np.float32), np.dtype(np.float16))


def integer(name: str, value: Any) -> int:
    """Return ``value`` as an ``int``; reject bools, floats and everything else."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {value!r} ({type(value).__name__})")
    return int(value)


def length(value: Any) -> int:
    n = integer("length", value)
    if n < 0:
        raise ValueError(f"length must be >= 0, got {n}")
    return n


def d_model(value: Any) -> int:
    d = integer("d_model", value)
    if d < 1:
        raise ValueError(f"d_model must be >= 1, got {d}")
    return d


def base(value: Any) -> float:
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)
    try:
        b = float(value) if ok else math.nan
    except OverflowError:  # an int beyond float range, e.g. 10**400
        b = math.inf
    if not (math.isfinite(b) and b > 1.0):
        raise ValueError(f"base must be a finite real number > 1, got {value!r}")
    return b


def layout(value: Any) -> str:
    # Check the type first: `in` on an array would compare elementwise and fail obscurely.
    if not isinstance(value, str) or value not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(map(repr, LAYOUTS))}, got {value!r}")
    return str(value)


def dtype(value: Any) -> np.dtype[Any]:
    try:
        dt: np.dtype[Any] = np.dtype(value)
    except TypeError:
        raise TypeError(f"dtype must be a floating dtype, got {value!r}") from None
    if dt not in FLOAT_DTYPES:
        allowed = ", ".join(d.name for d in FLOAT_DTYPES)
        raise TypeError(f"dtype must be one of {allowed}, got {value!r}")
    return dt


def offset(value: Any) -> int:
    """A shift in positions, limited like positions so that float64 holds it exactly."""
    k = integer("offset", value)
    if abs(k) > MAX_POSITION:
        raise ValueError(
            f"offset={k} exceeds 2**53 in magnitude, where float64 can no longer tell "
            "neighbouring positions apart"
        )
    return k


def positions(start: int, count: int) -> None:
    """Reject position ranges that float64 cannot represent exactly."""
    if abs(start) > MAX_POSITION or abs(start + count) > MAX_POSITION:
        raise ValueError(
            f"positions start={start} .. {start + count - 1} exceed 2**53 in magnitude, "
            "where float64 can no longer tell neighbouring positions apart"
        )
