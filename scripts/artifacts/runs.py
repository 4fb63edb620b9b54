"""Training runs for the experiments page: the ``experiments`` package, turned into JSON.

The XLA settings are fixed here, before JAX starts: one thread per process (the builder
already runs one process per core, and a fixed thread count keeps the arithmetic, and so
the numbers, the same from build to build), and the CPU only.
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

from experiments.run import run  # (after the settings above)
from experiments.train import Progress


def train(*, progress: Progress | None = None, **params: Any) -> dict[str, Any]:
    """Train and measure one run (``params``: keyword values of ``RunConfig``)."""
    return run(params, progress).as_dict()
