"""Choose the ladder from a range and a resolution, then read three libraries' choices with it."""

import numpy as np

import pe
import pe.coordinates
from pe import coordinates

# A position along a 50 m track, where 5 cm matters.
shortest, longest = coordinates.wavelengths_for(span=(0.0, 50.0), resolution=0.05)
print(f"track 0 .. 50 m, detail 0.05 m: shortest {shortest:g} m, longest {longest:g} m")
d = 16
print("the ladder's wavelengths (m):",
      np.round(2 * np.pi / pe.coordinates.frequencies_for(span=(0.0, 50.0), resolution=0.05, d_model=d),
               3).tolist())
table = pe.coordinates.continuous_encoding([0.0, 0.05, 50.0], d, shortest=shortest, longest=longest)
print("fastest pair at 0 m and 0.05 m:", table[0, :2].round(3).__add__(0.0).tolist(),
      table[1, :2].round(3).__add__(0.0).tolist())
print("slowest pair at 0 m and 50 m:  ", table[0, -2:].round(3).__add__(0.0).tolist(),
      table[2, -2:].round(3).__add__(0.0).tolist())

# NeRF's code: inputs in [-1, 1], frequencies 2^0 .. 2^(L-1) radians per unit, no pi.
L = 10
code = pe.coordinates.continuous_encoding([-1.0, 1.0], 2 * L, shortest=2 * np.pi / 2 ** (L - 1),
                              longest=2 * np.pi)
with_pi = pe.coordinates.continuous_encoding([-1.0, 1.0], 2 * L, shortest=2 / 2 ** (L - 1), longest=2.0)
print("rule for [-1, 1]: longest >=", coordinates.wavelengths_for(span=(-1, 1),
                                                                  resolution=0.01)[1])
print(f"NeRF code, longest 2*pi = {2 * np.pi:.3f}: slowest pair at -1 and 1:",
      code[0, -2:].round(3).__add__(0.0).tolist(), code[1, -2:].round(3).__add__(0.0).tolist())
print("with pi, longest 2:            slowest pair at -1 and 1:",
      with_pi[0, -2:].round(3).__add__(0.0).tolist(), with_pi[1, -2:].round(3).__add__(0.0).tolist())

# DETR normalises each axis to (0, 2*pi] and keeps the paper's ladder (temperature 10000)
# over 128 features per axis: how much does each pair turn across the whole image?
turn = pe.frequencies(128) * 2 * np.pi
print(f"DETR, 64 pairs over (0, 2*pi]: {int(np.sum(turn < 0.1))} turn by less than 0.1 rad,"
      f" {int(np.sum(turn >= np.pi))} by half a circle or more")

# Diffusion timesteps: the paper's ladder (width 128) over t in [0, 1000] or over t in [0, 1].
omega = pe.frequencies(128)
for top in (1000.0, 1.0):
    print(f"t in [0, {top:g}]: {int(np.sum(omega * top >= np.pi))} of 64 pairs turn by half a"
          " circle or more")
