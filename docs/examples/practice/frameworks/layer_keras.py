"""A Keras 3 layer for the sinusoidal encoding (any backend), batch-first as Keras is."""

import keras
import numpy as np
from keras import ops


def sinusoidal_table(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    pos = np.arange(length)[:, None]
    w = base ** (-np.arange(0, d_model, 2) / d_model)  # float64 angles, rounded once below
    table = np.zeros((length, d_model))
    table[:, 0::2] = np.sin(pos * w)
    table[:, 1::2] = np.cos(pos * w[: d_model // 2])
    return table.astype("float32")


class SinusoidalPositionalEncoding(keras.layers.Layer):
    def __init__(self, max_len: int = 4096, dropout: float = 0.1, **kwargs):
        super().__init__(**kwargs)
        self.max_len, self.rate = max_len, dropout
        self.dropout = keras.layers.Dropout(dropout)

    def build(self, input_shape):
        # A constant, not self.add_weight(): never trained, never saved with the weights.
        self.table = sinusoidal_table(self.max_len, input_shape[-1])

    def call(self, inputs, start=0, training=False):
        length = ops.shape(inputs)[1]  # (batch, seq, d_model); needs a static length
        rows = ops.convert_to_tensor(self.table[start : start + length])
        return self.dropout(inputs + ops.cast(rows, inputs.dtype)[None], training=training)

    def get_config(self):
        return {**super().get_config(), "max_len": self.max_len, "dropout": self.rate}
