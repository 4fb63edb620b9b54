"""A NumPy stand-in for the few ``torch`` calls in docs/examples/frameworks/torch_*.py.

PyTorch is not a dependency of this site (and is too large to install for a test). The
stand-in lets those files run, so that their indexing, slicing and shapes are checked,
odd widths included. It implements only what the files call, with PyTorch's float32 default
for new floating tensors; it says nothing about PyTorch's own arithmetic.
"""

from __future__ import annotations

import types
from typing import Any

import numpy as np

float32 = np.float32
float64 = np.float64
int64 = np.int64


class Tensor(np.ndarray):
    """An ndarray with the two Tensor methods the examples use."""

    def unsqueeze(self, dim: int) -> Tensor:
        return np.expand_dims(np.asarray(self), dim).view(Tensor)

    def float(self) -> Tensor:
        return np.asarray(self, dtype=np.float32).view(Tensor)


def _tensor(values: Any) -> Tensor:
    return np.asarray(values).view(Tensor)


def arange(start: float, end: float | None = None, step: float = 1, *, dtype: Any = None) -> Tensor:
    if end is None:
        start, end = 0, start
    if dtype is None:  # torch: int64 for integer arguments, else the default float32
        ints = all(float(v).is_integer() for v in (start, end, step))
        dtype = np.int64 if ints else np.float32
    return _tensor(np.arange(start, end, step, dtype=dtype))


def zeros(*shape: int, dtype: Any = np.float32) -> Tensor:
    return _tensor(np.zeros(shape, dtype=dtype))


def exp(x: Tensor) -> Tensor:
    return _tensor(np.exp(x))


def sin(x: Tensor) -> Tensor:
    return _tensor(np.sin(x))


def cos(x: Tensor) -> Tensor:
    return _tensor(np.cos(x))


def module() -> types.ModuleType:
    """A fresh module object to place in ``sys.modules["torch"]``."""
    mod = types.ModuleType("torch", __doc__)
    for name in ("Tensor", "arange", "zeros", "exp", "sin", "cos", "float32", "float64", "int64"):
        setattr(mod, name, globals()[name])
    return mod
