"""A fixed table sliced for a shorter input is exactly the table of that length.

Every row is a function of its position alone, so rows 0 .. n-1 of a long table are the
table of n positions, to the last bit. The same holds for a library's spacing (Whisper's
encoder uses tensor2tensor's, with all sines first).
"""

import numpy as np

import pe
import pe.variants

long, d = 1500, 64
for n in (1, 10, 750):
    paper = np.array_equal(pe.encoding(long, d)[:n], pe.encoding(n, d))
    library = np.array_equal(pe.variants.tensor2tensor(long, d)[:n],
                             pe.variants.tensor2tensor(n, d))
    print(f"first {n} of {long} rows equal the table of {n}: paper {paper}, split {library}")
