"""The exp/log form in PyTorch, computed in float32 (PyTorch's default)."""

import math

import torch


def sinusoidal_encoding(length: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    position = torch.arange(length, dtype=torch.float32).unsqueeze(1)  # (length, 1)
    div_term = torch.exp(
        torch.arange(0, d_model, 2, dtype=torch.float32) * (-math.log(base) / d_model)
    )
    out = torch.zeros(length, d_model)
    out[:, 0::2] = torch.sin(position * div_term)
    out[:, 1::2] = torch.cos(position * div_term[: d_model // 2])  # odd d: one cosine fewer
    return out
