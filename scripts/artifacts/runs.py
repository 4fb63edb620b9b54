"""Training runs for the experiments page: the ``experiments`` package, turned into JSON.

Each run trains in a fresh Python process of its own (``python -m scripts.artifacts.runs``), so
that its settings are in place before any library loads, and no run can depend on what
ran before it. The settings are checked here first, so a bad one is named as a
``ConfigError`` by the builder.

In that process: XLA on the CPU with one thread (the builder already runs one process per
core, and a fixed thread count keeps the arithmetic, and so the numbers, the same from
build to build), and OpenBLAS with one thread (the builder already runs one process per
core). The probes' linear solves are done in NumPy on the host (``measures._probe``):
inside XLA's CPU runtime they hung for good (JAX 0.10).

Given a ``compile_cache`` folder (the builder passes one inside its output), the process keeps
its compiled programs there and loads those another run compiled before (JAX's persistent
compilation cache): runs that differ only in numbers their programs take as inputs
(``experiments.model.Constants``) compile once. A loaded program is the one compiling would
give, so the numbers do not depend on it (``tests/pipeline/test_compile_cache.py``). The
cache's folder is named after the machine and libraries (:func:`compile_cache_folder`): a
program compiled for one processor is never loaded on another.

Each process runs on one processor of its own (:func:`one_cpu`), where the OS can pin it:
XLA's CPU runtime otherwise runs independent operations on helper threads, one per
processor, and two runs side by side then share two processors among six busy threads (a
training step took 0.85 s per 100 steps instead of 0.67 s, measured side by side). Pinning
changes where the arithmetic runs, not what it is: the kept runs, trained unpinned, are
retrained byte for byte (``./dev bench pipeline --experiments`` checks every one).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from experiments.config import RunConfig

ROOT = Path(__file__).resolve().parents[2]
_PROGRESS = "progress "
#: The environment variable that names the processor a training process runs on.
CPU_VARIABLE = "PE_RUN_CPU"


def train(*, progress: Any = None, compile_cache: Path | None = None, **params: Any
          ) -> dict[str, Any]:
    """Train and measure one run (``params``: keyword values of ``RunConfig``) in a fresh
    process; ``progress(done, total, loss)`` is called after each chunk of steps;
    ``compile_cache``: a folder to keep and share compiled programs in (none: compile all)."""
    RunConfig.from_params(params)  # a bad setting raises ConfigError here, by name
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
           "JAX_PLATFORMS": "cpu", "OPENBLAS_NUM_THREADS": "1"}
    if compile_cache is not None:  # JAX reads these as it loads; every program is kept
        env |= {"JAX_COMPILATION_CACHE_DIR": str(compile_cache_folder(compile_cache)),
                "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
                "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "-1"}
    with tempfile.TemporaryDirectory(prefix="pe-run-") as tmp, one_cpu() as cpu:
        if cpu is not None:
            env[CPU_VARIABLE] = str(cpu)
        settings, results = Path(tmp) / "settings.json", Path(tmp) / "results.json"
        settings.write_text(json.dumps(params))
        child = subprocess.Popen([sys.executable, "-m", "scripts.artifacts.runs", settings, results],
                                 cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert child.stderr is not None
        errors = []
        for line in child.stderr:  # progress lines while it trains, then any error
            if line.startswith(_PROGRESS):
                if progress is not None:
                    done, total, loss = line[len(_PROGRESS):].split()
                    progress(int(done), int(total), float(loss))
            else:
                errors.append(line)
        if child.wait() != 0:
            raise RuntimeError("the training process failed:\n" + "".join(errors[-20:]))
        return dict(json.loads(results.read_text()))


@contextlib.contextmanager
def one_cpu(folder: Path | None = None) -> Iterator[int | None]:
    """A processor no other run on this machine holds, held until the block ends (a lock
    file per processor, in ``folder``, by default in the temporary folder); ``None`` where
    processes cannot be pinned (macOS) or every processor is held (more runs than
    processors: pinning two to one would halve both)."""
    try:
        import fcntl

        cpus = sorted(os.sched_getaffinity(0))
    except (ImportError, AttributeError):
        yield None
        return
    folder = folder or Path(tempfile.gettempdir()) / "pe-run-cpus"
    for cpu in cpus:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle = (folder / f"cpu-{cpu}.lock").open("a")
        except OSError:  # e.g. another user's folder: run unpinned rather than fail
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another run holds it
            handle.close()
            continue
        try:
            yield cpu
        finally:
            handle.close()  # closing the file releases the lock (so does the process's end)
        return
    yield None


def pin_to_named_cpu() -> None:
    """Run this process on the processor :data:`CPU_VARIABLE` names, if it names one."""
    if os.environ.get(CPU_VARIABLE):
        os.sched_setaffinity(0, {int(os.environ[CPU_VARIABLE])})


def compile_cache_folder(root: Path) -> Path:
    """The compile cache's folder for this machine and these libraries, under ``root``."""
    from scripts.artifacts.kept_runs import this_machine

    digest = hashlib.sha256(json.dumps(this_machine(), sort_keys=True).encode()).hexdigest()
    return root / digest[:16]


def _main(settings: str, results: str) -> None:
    """In the training process: read the settings' JSON file, write the results' one."""
    pin_to_named_cpu()  # before JAX loads: its thread pool is sized then
    from experiments.run import run

    def report(done: int, total: int, loss: float) -> None:
        print(f"{_PROGRESS}{done} {total} {loss!r}", file=sys.stderr, flush=True)

    params = json.loads(Path(settings).read_text())
    texts = None
    extra: dict[str, Any] = {}
    if params.get("task") == "char_lm":  # the text is read here: experiments/ reads no file
        from experiments.text import files_summary
        from scripts.artifacts.corpus import read

        texts = read()
        extra["corpus"] = {"digest": params.get("corpus"), **files_summary(texts)}
    result = run(params, report, texts).as_dict()
    Path(results).write_text(json.dumps({**result, **extra, "environment": environment()}))


def environment() -> dict[str, Any]:
    """Where a run was trained, as its results record it (the page shows it): the
    machine and library versions the kept record names, the processor count, and the
    device and the XLA flags it computed with (set in :func:`train`)."""
    import jax

    from scripts.artifacts.kept_runs import this_machine

    device = jax.devices()[0]
    return {**this_machine(), "logical_cpus": os.cpu_count() or 0,
            "device": device.platform, "xla_flags": os.environ.get("XLA_FLAGS", "")}


if __name__ == "__main__":
    _main(*sys.argv[1:])
