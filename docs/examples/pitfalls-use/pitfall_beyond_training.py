"""Pitfall: positions beyond the longest sequence seen in training."""

import numpy as np

import pe

L_train, d = 512, 512
w = pe.frequencies(d)
seen_arc = (L_train - 1) * w  # each pair's angle swept 0 .. (L_train - 1) * w in training

# Pairs that completed a full turn in training have met every angle; the slower ones
# have met only an arc of their circle.
partial = seen_arc < 2 * np.pi
print(
    f"pairs that never completed a turn in positions 0-{L_train - 1}: {int(partial.sum())} of {d // 2}"
)
for pos in (L_train, 2 * L_train, 8 * L_train):
    new = partial & (np.mod(pos * w, 2 * np.pi) > seen_arc)
    print(f"  at position {pos:>4}: {int(new.sum()):>3} pairs at an angle never met in training")

# The fixed encoding is still defined there; a learned table of L_train rows is not.
print(
    "pe.encoding at position", 8 * L_train, "-> shape", pe.encoding(1, d, start=8 * L_train).shape
)
learned = np.zeros((L_train, d))
try:
    learned[8 * L_train]
except IndexError as error:
    print(f"learned table of {L_train} rows -> {type(error).__name__}: {error}")
