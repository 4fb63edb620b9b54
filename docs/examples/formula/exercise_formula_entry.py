"""Exercise: one entry of the d_model = 4 table, by hand and with pe."""

import math

import pe

pos, column, d, base = 3, 2, 4, 10000.0
i = column // 2  # column 2i holds the sine of pair i
omega = base ** (-2 * i / d)
answer = math.sin(pos * omega)
print(f"pair i = {i}: omega = {base:g} ** (-{2 * i}/{d}) = {omega:g}")
print(f"angle = {pos} * {omega:g} = {pos * omega:g};  sin(angle) = {answer:.8f}")
print(f"pe.encoding: {pe.encoding(pos + 1, d)[pos, column]:.8f}")
