"""Small transformers trained on synthetic tasks, and what is measured on them."""

import os

# Before NumPy, SciPy or JAX load OpenBLAS: one OpenBLAS thread, as the builder's processes
# run one per core already (the probes' solves run in NumPy, see measures._probe).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
