"""Pitfall: a double loop over d // 2 pairs leaves the last column at zero for odd d."""

import numpy as np

import pe


def loop_recipe(length: int, d: int, base: float = 10000.0) -> np.ndarray:
    table = np.zeros((length, d))
    for pos in range(length):
        for pair in range(d // 2):  # d // 2 pairs: for odd d, column d - 1 is never written
            scale = base ** (2 * pair / d)
            table[pos, 2 * pair] = np.sin(pos / scale)
            table[pos, 2 * pair + 1] = np.cos(pos / scale)
    return table


def loop_fixed(length: int, d: int, base: float = 10000.0) -> np.ndarray:
    table = np.zeros((length, d))
    for pos in range(length):
        for pair in range((d + 1) // 2):  # ceil(d / 2) pairs: the last one may be a lone sine
            scale = base ** (2 * pair / d)
            table[pos, 2 * pair] = np.sin(pos / scale)
            if 2 * pair + 1 < d:
                table[pos, 2 * pair + 1] = np.cos(pos / scale)
    return table


np.set_printoptions(precision=4, suppress=True)
d = 5
print("last column, loop recipe:", loop_recipe(6, d)[:, -1])
print("last column, fixed loop: ", loop_fixed(6, d)[:, -1])
print("last column, pe.encoding:", pe.encoding(6, d)[:, -1])
print("fixed loop == pe.encoding:", np.allclose(loop_fixed(40, d), pe.encoding(40, d)))
