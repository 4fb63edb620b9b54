"""Small transformers trained on synthetic tasks, and what is measured on them."""

import os

# Before NumPy, SciPy or JAX load OpenBLAS: one OpenBLAS thread. The probes' solves run in
# jaxlib's LAPACK kernels (SciPy's OpenBLAS); with a thread pool of its own, solves that
# XLA ran side by side deadlocked.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
