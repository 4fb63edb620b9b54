"""A PyTorch module for the sinusoidal encoding, ready for a real model.

- batch-first (batch, seq, d_model) or sequence-first (seq, batch, d_model) inputs;
- `start` for incremental decoding: step t of a cached decoder passes start=t;
- the table is a non-persistent buffer: it moves with .to(device) but stays out of
  state_dict(), so checkpoints do not carry it and any max_len loads them;
- angles in float64, table rounded once to float32, then cast to the input's dtype
  (float16/bfloat16 under mixed precision);
- past the table, rows are recomputed from the formula instead of failing;
- dropout on the sum, as in the paper (Section 5.4).
"""

import math

import torch
from torch import nn


def sinusoidal_table(length: int, d_model: int, start: int = 0, base: float = 10000.0) -> torch.Tensor:
    position = torch.arange(start, start + length, dtype=torch.float64).unsqueeze(1)
    div_term = torch.exp(
        torch.arange(0, d_model, 2, dtype=torch.float64) * (-math.log(base) / d_model)
    )
    table = torch.zeros(length, d_model, dtype=torch.float64)
    table[:, 0::2] = torch.sin(position * div_term)
    table[:, 1::2] = torch.cos(position * div_term[: d_model // 2])  # odd d: one cosine fewer
    return table.float()


class SinusoidalPositionalEncoding(nn.Module):
    def __init__(self, d_model: int, max_len: int = 4096, dropout: float = 0.1,
                 batch_first: bool = True) -> None:
        super().__init__()
        self.d_model, self.batch_first = d_model, batch_first
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("pe", sinusoidal_table(max_len, d_model), persistent=False)

    def forward(self, x: torch.Tensor, start: int = 0) -> torch.Tensor:
        length = x.size(1 if self.batch_first else 0)
        if start + length <= self.pe.size(0):
            rows = self.pe[start : start + length]
        else:  # longer than the table: the same formula, computed for these positions
            rows = sinusoidal_table(length, self.d_model, start).to(self.pe.device)
        rows = rows.to(dtype=x.dtype)
        rows = rows.unsqueeze(0) if self.batch_first else rows.unsqueeze(1)
        return self.dropout(x + rows)
