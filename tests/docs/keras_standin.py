"""A NumPy stand-in for the few ``keras`` names docs/examples/frameworks/layer_keras.py uses.

Keras is not a dependency of this site. Like torch_standin.py, this lets the file run so that
its slicing, shapes and dtypes are checked; it says nothing about Keras's own arithmetic.
``Layer.__call__`` builds the layer on first use with the input's shape, as Keras does.
"""

from __future__ import annotations

import types
from typing import Any

import numpy as np


class Layer:
    def __init__(self, **kwargs: Any) -> None:
        self.name = kwargs.get("name", type(self).__name__)
        self.built = False

    def build(self, input_shape: tuple[int, ...]) -> None:
        pass

    def __call__(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        if not self.built:
            self.build(np.shape(inputs))
            self.built = True
        return self.call(inputs, *args, **kwargs)  # type: ignore[attr-defined]

    def get_config(self) -> dict[str, Any]:
        return {"name": self.name}


class Dropout(Layer):
    def __init__(self, rate: float, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rate = rate

    def call(self, x: Any, training: bool = False) -> Any:
        if not training or self.rate == 0:
            return x
        keep = np.random.default_rng(0).random(np.shape(x)) >= self.rate
        return (np.asarray(x) * keep / (1 - self.rate)).astype(np.asarray(x).dtype)


def module() -> types.ModuleType:
    """A fresh ``keras`` module (with ``keras.layers`` and ``keras.ops``) for ``sys.modules``."""
    keras = types.ModuleType("keras", __doc__)
    layers = types.ModuleType("keras.layers")
    layers.Layer, layers.Dropout = Layer, Dropout  # type: ignore[attr-defined]
    ops = types.ModuleType("keras.ops")
    ops.shape = np.shape  # type: ignore[attr-defined]
    ops.convert_to_tensor = np.asarray  # type: ignore[attr-defined]
    ops.cast = lambda x, dtype: np.asarray(x).astype(dtype)  # type: ignore[attr-defined]
    keras.layers, keras.ops = layers, ops  # type: ignore[attr-defined]
    return keras
