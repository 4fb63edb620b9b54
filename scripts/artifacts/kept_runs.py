"""Training results kept in the repository (``runs/<name>.json``), so no checkout trains.

A kept run records the input key of the run it holds (the builder's ``input_key``: its
settings, the ``experiments``/``pe`` sources and ``scripts/artifacts/runs.py`` it runs, the
versions of the libraries that do its arithmetic and Python's minor version), the machine
it was trained on, and its results. The builder uses a kept result only when that key is
the key of the run now; a stale one is refused (the run trains, and its new result is kept
in its place, to commit). ``tests/pipeline/test_kept_runs.py`` fails while any is stale,
and retrains one run from scratch to compare it with the kept result.

This module is the builder's (file handling), not an input of any artifact.
"""

from __future__ import annotations

import json
import platform
import sys
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

#: The libraries whose arithmetic a run's numbers depend on (recorded, and in the run's key).
RUN_LIBRARIES = ("numpy", "scipy", "ml_dtypes", "jax", "jaxlib", "optax")


def library_versions() -> dict[str, str]:
    out = {}
    for lib in RUN_LIBRARIES:
        try:
            out[lib] = version(lib)
        except PackageNotFoundError:
            out[lib] = "missing"
    return out


def run_environment() -> str:
    """What a run's key holds of the environment: Python's minor version (the arithmetic
    runs in the libraries, not in Python) and the versions of :data:`RUN_LIBRARIES`."""
    libs = ";".join(f"{k}={v}" for k, v in library_versions().items())
    return f"python={sys.version_info[0]}.{sys.version_info[1]};{libs}"


def cpu_model() -> str:
    """The processor's model name, as the OS reports it (floating-point results of XLA's
    CPU kernels can differ between processors, never between runs on one)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "cpu model", "hardware")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    if sys.platform == "darwin":
        import subprocess

        proc = subprocess.run(["sysctl", "-n", "machdep.cpu.brand_string"],
                              capture_output=True, text=True, check=False)
        if proc.returncode == 0 and proc.stdout.strip():
            return proc.stdout.strip()
    return platform.processor() or "unknown"


#: The vector instructions XLA's CPU kernels and NumPy's BLAS choose their code paths by.
SIMD_FLAGS = ("sse4_1", "sse4_2", "avx", "avx2", "fma", "f16c", "avx512f", "avx512dq",
              "avx512bw", "avx512vl", "avx512cd", "avx512ifma", "avx512vbmi", "avx512_vnni",
              "avx512_bf16", "avx512_fp16", "amx_tile", "amx_bf16")


def cpu_features() -> str:
    """The processor's generation and vector instructions, as Linux reports them: a model
    name alone ("AMD EPYC") is shared by generations whose kernels round differently (seen:
    a run retrained on family 26 differed from one kept from another generation in its
    last bit). Empty where /proc/cpuinfo is missing (macOS: the model name tells the chip)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return ""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        fields.setdefault(key.strip().lower(), value.strip())
        if not line.strip():
            break  # the first processor describes them all
    flags = set(fields.get("flags", "").split())
    generation = f"family {fields.get('cpu family', '?')} model {fields.get('model', '?')}"
    return " ".join([generation, *(f for f in SIMD_FLAGS if f in flags)])


def this_machine() -> dict[str, Any]:
    """The machine a run is trained on: what decides the last bits of its numbers."""
    return {"system": f"{platform.system()} {platform.machine()}", "cpu": cpu_model(),
            "cpu_features": cpu_features(), "python": platform.python_version(),
            "libraries": library_versions()}


def same_machine(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two records were made where identical bytes are expected: a record without
    the processor's features (kept before they were recorded) matches no machine."""
    keys = ("system", "cpu", "cpu_features", "libraries")
    return all(a.get(k) is not None and a.get(k) == b.get(k) for k in keys)


@dataclass(frozen=True)
class KeptRun:
    name: str
    key: str
    machine: dict[str, Any]
    results: bytes  # exactly the bytes of generated/runs/<name>.json


class KeptRunError(Exception):
    """A kept file that cannot be read (named, never a traceback)."""


def results_bytes(results: dict[str, Any]) -> bytes:
    """A run's results as stored: exact float text (repr) and sorted keys, so the same
    numbers always give the same bytes."""
    return (json.dumps(results, sort_keys=True) + "\n").encode()


class KeptRuns:
    """The folder of kept runs (``runs/`` at the repository's root)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def read(self, name: str) -> KeptRun | None:
        """The kept run ``name``, or None if there is none."""
        path = self.path(name)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return KeptRun(name, str(data["inputs"]), dict(data["made_on"]),
                           results_bytes(data["results"]))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise KeptRunError(f"{path} is not a kept run ({exc}); delete it to retrain") from None

    def current(self, name: str, key: str) -> bytes | None:
        """The kept results of ``name`` if they were made from the inputs ``key``, else None."""
        kept = self.read(name)
        return kept.results if kept is not None and kept.key == key else None

    @staticmethod
    def record(name: str, key: str, results: bytes) -> bytes:
        """The kept file of run ``name``, made from inputs ``key`` on this machine (the
        builder writes it, atomically)."""
        record = {"run": name, "inputs": key, "made_on": this_machine(),
                  "results": json.loads(results)}
        return (json.dumps(record, sort_keys=True) + "\n").encode()
