"""Benchmark: pe.encoding against the recipes readers copy, measured in one run.

Prints, for each (length, d_model), the time of ``pe.encoding`` and of each
baseline as a ratio to it, and the peak memory ``pe.encoding`` allocates beyond
its output. Targets (issue 2): at least 50x faster than the per-element loop,
no slower than the exp/log recipe, extra memory at most one float64 array of
the output's size.

    python scripts/bench/encoding.py [--repeat N]
"""

from __future__ import annotations

import argparse
import math
import sys
import timeit
import tracemalloc
from collections.abc import Callable

import numpy as np

import pe

SHAPES = [(2048, 512), (32768, 1024)]
LOOP_ROWS = 256  # the loop is timed on this many rows and scaled: it is exactly linear in rows


def loop_recipe(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The per-element double loop found in many tutorials, with NumPy scalar calls as they write it."""
    out = np.zeros((length, d_model))
    for pos in range(length):
        for i in np.arange(d_model // 2):
            denominator = np.power(base, 2 * i / d_model)
            out[pos, 2 * i] = np.sin(pos / denominator)
            out[pos, 2 * i + 1] = np.cos(pos / denominator)
    return out


def exp_log_recipe(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The PyTorch tutorial's vectorised exp/log recipe, in NumPy."""
    position = np.arange(length, dtype=np.float64)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-math.log(base) / d_model))
    out = np.zeros((length, d_model))
    out[:, 0::2] = np.sin(position * div_term)
    out[:, 1::2] = np.cos(position * div_term)
    return out


def best_time(fn: Callable[[], object], repeat: int) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number


def extra_peak_bytes(length: int, d_model: int) -> int:
    """Peak bytes allocated by pe.encoding beyond the array it returns."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    out = pe.encoding(length, d_model)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak - out.nbytes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timing repeats (best is kept)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be >= 1, got {args.repeat}")

    results = [measure(length, d, args.repeat) for length, d in SHAPES]
    return 0 if all(results) else 1


def measure(length: int, d: int, repeat: int) -> bool:
    """Time one shape, print the table, and say whether every target is met."""
    assert np.allclose(exp_log_recipe(64, d), pe.encoding(64, d), atol=1e-9)
    assert np.allclose(loop_recipe(8, d), pe.encoding(8, d), atol=1e-12)
    t_pe = best_time(lambda: pe.encoding(length, d), repeat)
    t_exp = best_time(lambda: exp_log_recipe(length, d), repeat)
    t_full = best_time(lambda: np.full((length, d), 0.5), repeat)
    rows = min(length, LOOP_ROWS)
    t_loop = best_time(lambda: loop_recipe(rows, d), 1) * length / rows
    extra = extra_peak_bytes(length, d)
    budget = length * d * 8
    scaled = f"   (timed on {rows} rows, scaled)" if rows < length else ""
    print(f"\n(length, d_model) = ({length}, {d})")
    print(f"  pe.encoding          {t_pe * 1e3:10.2f} ms   1.00x")
    print(f"  per-element loop     {t_loop * 1e3:10.2f} ms   {t_loop / t_pe:7.1f}x{scaled}")
    print(f"  exp/log recipe       {t_exp * 1e3:10.2f} ms   {t_exp / t_pe:7.2f}x")
    print(f"  numpy.full (floor)   {t_full * 1e3:10.2f} ms   {t_full / t_pe:7.2f}x")
    print(
        f"  extra peak memory    {extra / 2**20:10.1f} MiB  "
        f"({extra / budget:.2f} of one float64 output array)"
    )
    checks = {
        "loop >= 50x slower": t_loop / t_pe >= 50,
        "exp/log not faster": t_exp / t_pe >= 1.0,
        "extra memory <= one float64 output": extra <= budget,
    }
    for name, passed in checks.items():
        print(f"  target {name:36s} {'met' if passed else 'MISSED'}")
    return all(checks.values())


if __name__ == "__main__":
    sys.exit(main())
