"""Exercise: how far apart float32 numbers are at the angle 60000 (the fastest pair's)."""

import numpy as np

position = 60_000
angle = np.float32(position)  # frequency 1: the angle is the position, in radians
answer = float(np.spacing(angle))  # the gap to the next float32 number
print(f"float32 gap at {position}: {answer} radians = 2^{int(np.log2(answer))}")
print(f"the angle {position} + 0.001 in float32: {float(np.float32(position + 0.001))}")
