"""Quantities that wrap (hour of day, longitude) and those that do not (latitude, seconds)."""

import numpy as np

import pe
import pe.coordinates


def dist(a, b):
    return float(np.linalg.norm(a - b))


# Hour of day: a period of 24 hours, harmonics 1 .. 4.
hours = pe.coordinates.periodic_encoding(np.arange(24.0), 8, period=24.0)
print(f"hour, periodic:  |23h - 0h| = {dist(hours[23], hours[0]):.3f},"
      f" |1h - 2h| = {dist(hours[1], hours[2]):.3f}")
plain = pe.coordinates.continuous_encoding(np.arange(24.0), 8, shortest=2.0, longest=48.0)
print(f"hour, not wrapped: |23h - 0h| = {dist(plain[23], plain[0]):.3f},"
      f" |1h - 2h| = {dist(plain[1], plain[2]):.3f}")

# Longitude wraps at +-180 degrees; latitude stops at the poles.
lon = pe.coordinates.periodic_encoding([-179.5, 179.5, 0.0, 1.0], 8, period=360.0)
print(f"longitude, periodic: |-179.5 - 179.5| = {dist(lon[0], lon[1]):.3f},"
      f" |0 - 1| = {dist(lon[2], lon[3]):.3f}")
wrong = pe.coordinates.periodic_encoding([-90.0, 90.0], 8, period=180.0)
print(f"latitude wrapped at 180 degrees: |south pole - north pole| = {dist(*wrong):.3f}")
lat = pe.coordinates.continuous_encoding([-90.0, 90.0], 8, shortest=2.0, longest=360.0)
print(f"latitude, span -90 .. 90, detail 1 degree: |south pole - north pole| = "
      f"{dist(*lat):.3f}")

# A clip sampled at 24 and at 30 frames per second: encode seconds, not frame numbers.
fps_a, fps_b = 24, 30
t_a, t_b = np.arange(10 * fps_a) / fps_a, np.arange(10 * fps_b) / fps_b
kw = {"shortest": 2 / 60, "longest": 20.0}  # 10 s, detail 1/60 s
sec_a = pe.coordinates.continuous_encoding(t_a, 32, **kw)
sec_b = pe.coordinates.continuous_encoding(t_b, 32, **kw)
print(f"seconds: frame 24 at 24 fps vs frame 30 at 30 fps (both 1 s):"
      f" {dist(sec_a[24], sec_b[30]):.3f}")
idx_a, idx_b = pe.encoding(len(t_a), 32), pe.encoding(len(t_b), 32)
print(f"frame index: frame 24 at 24 fps vs frame 30 at 30 fps (both 1 s):"
      f" {dist(idx_a[24], idx_b[30]):.3f}")
print(f"frame index: frame 24 at both rates (1 s and 0.8 s): {dist(idx_a[24], idx_b[24]):.3f}")
