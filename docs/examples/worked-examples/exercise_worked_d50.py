"""Exercise: position 5, d_model = 50, column 2 (the sine of pair 1)."""

import math

import pe

pos, column, d = 5, 2, 50
omega = 10000.0 ** (-2 * (column // 2) / d)
answer = math.sin(pos * omega)
print(f"omega_1 = {omega:.6f};  angle = {pos * omega:.6f} (pi = {math.pi:.6f})")
print(f"sin(angle) = {answer:.8f};  pe: {pe.encoding(pos + 1, d)[pos, column]:.8f}")
