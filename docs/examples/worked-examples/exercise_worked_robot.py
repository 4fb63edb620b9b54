"""Exercise: "robot" at position 3, d_model = 4, base 100: column 2."""

import math

import pe

pos, column, d, base = 3, 2, 4, 100.0
omega = base ** (-2 * (column // 2) / d)
answer = math.sin(pos * omega)
print(f"omega_1 = 100 ** (-2/4) = {omega:g};  angle = {pos * omega:g}")
print(f"sin(angle) = {answer:.8f};  pe: {pe.encoding(pos + 1, d, base=base)[pos, column]:.8f}")
