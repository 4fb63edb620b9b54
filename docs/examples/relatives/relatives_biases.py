"""Non-sinusoidal contrasts: ALiBi's linear bias, T5's bucketed bias, and a learned table."""

import numpy as np

import pe
import pe.relatives

# The paper's encoding: similarity of two positions against their distance rises and falls.
sim = pe.encoding(1, 128) @ pe.encoding(201, 128).T  # position 0 against 0 .. 200
rises = int(np.sum(np.diff(sim[0]) > 0))
print(f"sinusoid, d=128: PE_0·PE_k for k = 0..200 goes up again {rises} times out of 200 steps")

bias = pe.relatives.alibi_bias(201, 8)[:, 200, ::-1]  # the last query against keys 0 .. 200 back
slopes = pe.relatives.alibi_slopes(8)
print("ALiBi, 8 heads: bias = -slope·distance exactly:",
      np.array_equal(bias, -slopes[:, None] * np.arange(201)), "; slopes", slopes[[0, -1]].tolist())

back = pe.relatives.t5_bucket(-np.arange(300), bidirectional=False)
starts = [int(np.argmax(back == b)) for b in np.unique(back)]
print("T5 decoder buckets start at distances:", starts)
far = pe.relatives.t5_bucket(-np.arange(starts[-1], 10_001), bidirectional=False)
print(f"T5: every distance from {starts[-1]} to 10,000 is in bucket {int(far[0])}:", bool(np.all(far == far[0])))

# A learned table (here as initialised, from N(0, 0.02²)) has no row past
# its length and, until trained, no relation between rows at equal offsets.
rng = np.random.default_rng(0)
learned = rng.normal(scale=0.02, size=(512, 64))
try:
    learned[512]
except IndexError as e:
    print("learned table, row 512 of 512:", f"IndexError ({e})")
same_offset = [learned[i] @ learned[i + 1] for i in range(100)]
print(f"learned (untrained), offset 1: dot products spread {np.std(same_offset):.1e}"
      f" around {np.mean(same_offset):.1e}")
