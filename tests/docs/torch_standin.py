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


# --- torch.nn, for docs/examples/frameworks/module_torch.py ----------------------------------

float16 = np.float16


def _size(self: Tensor, dim: int | None = None) -> Any:
    return self.shape if dim is None else self.shape[dim]


def _to(self: Tensor, *args: Any, dtype: Any = None, **_: Any) -> Tensor:
    # .to(device) is a no-op here (there is one device); .to(dtype=...) converts like torch.
    return np.asarray(self, dtype=dtype).view(Tensor) if dtype is not None else self


Tensor.size = _size  # type: ignore[attr-defined]
Tensor.to = _to  # type: ignore[attr-defined]
Tensor.device = None  # type: ignore[attr-defined]


class Module:
    """The parts of nn.Module the example uses: buffers (persistent or not), state_dict,
    train/eval, and calling forward."""

    def __init__(self) -> None:
        self._buffers: dict[str, Tensor] = {}
        self._non_persistent: set[str] = set()
        self.training = True

    def register_buffer(self, name: str, value: Tensor, persistent: bool = True) -> None:
        self._buffers[name] = value
        if not persistent:
            self._non_persistent.add(name)
        object.__setattr__(self, name, value)

    def _children(self) -> dict[str, Module]:
        return {k: v for k, v in vars(self).items() if isinstance(v, Module)}

    def state_dict(self) -> dict[str, Tensor]:
        out = {k: v for k, v in self._buffers.items() if k not in self._non_persistent}
        for name, child in self._children().items():
            out.update({f"{name}.{k}": v for k, v in child.state_dict().items()})
        return out

    def train(self, mode: bool = True) -> Module:
        self.training = mode
        for child in self._children().values():
            child.train(mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.forward(*args, **kwargs)  # type: ignore[attr-defined]


class Dropout(Module):
    def __init__(self, p: float = 0.5) -> None:
        super().__init__()
        self.p = p

    def forward(self, x: Tensor) -> Tensor:
        if not self.training or self.p == 0:
            return x
        keep = np.random.default_rng(0).random(x.shape) >= self.p
        return (np.asarray(x) * keep / (1 - self.p)).astype(x.dtype).view(Tensor)


def nn_module() -> types.ModuleType:
    mod = types.ModuleType("torch.nn")
    mod.Module, mod.Dropout = Module, Dropout  # type: ignore[attr-defined]
    return mod


def module_with_nn() -> types.ModuleType:
    """``torch`` with ``torch.nn`` and float16, to place in ``sys.modules``."""
    mod = module()
    mod.float16 = float16  # type: ignore[attr-defined]
    mod.nn = nn_module()  # type: ignore[attr-defined]
    return mod
