"""Training runs for the experiments page: the ``experiments`` package, turned into JSON.

Runs train in a training process of their own (``python -m scripts.artifacts.runs``),
started with its settings in place before any library loads, and kept for the next run of
the process that started it (a builder worker trains one run after another). JAX is loaded
once per training process, not once per run, and a run reuses the programs an earlier run
of that process traced and compiled from the same ``RunConfig.program()``: the programs are
traced from that alone, so they are the ones the run would trace itself, and its numbers do
not depend on what ran before it (every retrained run is compared byte for byte with its
kept result by ``./dev bench pipeline --experiments``). The settings are checked here
first, so a bad one is named as a ``ConfigError`` by the builder; a run that fails ends
its training process, and the next run starts a new one.

In that process: XLA on the CPU with one thread (the builder already runs one process per
core, and a fixed thread count keeps the arithmetic, and so the numbers, the same from
build to build), and OpenBLAS with one thread (the builder already runs one process per
core). The probes' linear solves are done in NumPy on the host (``measures._probe``):
inside XLA's CPU runtime they hung for good (JAX 0.10).

Given a ``compile_cache`` folder (the builder passes one inside its output), the process keeps
its compiled programs there and loads those another process compiled before (JAX's
persistent compilation cache): runs that differ only in numbers their programs take as
inputs (``experiments.model.Constants``) compile once. A loaded program is the one compiling
would give, so the numbers do not depend on it (``tests/pipeline/test_compile_cache.py``).
The cache's folder is named after the machine and libraries (:func:`compile_cache_folder`):
a program compiled for one processor is never loaded on another.

When the builder trains runs side by side, each trains on one processor of its own
(:func:`one_cpu`; :class:`_Trainer` moves its process there, and an idle process holds none),
where the OS can pin it: XLA's CPU runtime otherwise runs independent operations on helper threads, one per
processor, and two runs side by side then share two processors among six busy threads (a
training step took 0.85 s per 100 steps instead of 0.67 s, measured side by side). A
training process always starts on one processor, so XLA's pool is sized for one whatever
runs it: XLA splits some sums by the number of processors it may use (retrained pinned, the kept runs trained unpinned came
out byte for byte the same but for the text runs' held-out losses, which moved by at most
7e-7 nats, the last bit of a float32 mean).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from experiments.config import RunConfig

ROOT = Path(__file__).resolve().parents[2]
_PROGRESS = "progress "
_DONE = "done "
_READY = "ready"
#: The environment variable that names the processor a training process starts on.
CPU_VARIABLE = "PE_RUN_CPU"
#: Set to 1 (the builder's workers, when several train side by side), each run holds a
#: processor of its own while it trains; else it runs where the OS places it.
PIN_VARIABLE = "PE_PIN_RUNS"


#: glibc's malloc for the training process: large blocks from the heap, kept when freed.
#: By default a block over 32 MB (a measurement's attention array, 74 MB) is mapped afresh
#: and returned on every use, and touching new pages is slow on some machines (measured
#: here: one such array's first total variation 1.1-1.4 s instead of 0.03 s; three short
#: runs in one process 9.1, 7.4 and 6.5 s against 7.2, 4.4 and 4.7 s). The process
#: trains run after run, so it keeps what it frees.
MALLOC_KEEP = {"MALLOC_MMAP_THRESHOLD_": str(1 << 32), "MALLOC_TRIM_THRESHOLD_": str(1 << 32)}


def train(*, progress: Any = None, compile_cache: Path | None = None, **params: Any
          ) -> dict[str, Any]:
    """Train and measure one run (``params``: keyword values of ``RunConfig``) in this
    process's training process; ``progress(done, total, loss)`` is called after each chunk
    of steps; ``compile_cache``: a folder to keep and share compiled programs in (none:
    compile all)."""
    global _TRAINER
    RunConfig.from_params(params)  # a bad setting raises ConfigError here, by name
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
           "JAX_PLATFORMS": "cpu", "OPENBLAS_NUM_THREADS": "1", **MALLOC_KEEP}
    if compile_cache is not None:  # JAX reads these as it loads; every program is kept
        env |= {"JAX_COMPILATION_CACHE_DIR": str(compile_cache_folder(compile_cache)),
                "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
                "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "-1"}
    with _TRAINER_LOCK, tempfile.TemporaryDirectory(prefix="pe-run-") as tmp:
        if _TRAINER is not None and not _TRAINER.serves(env):
            _TRAINER.close()
            _TRAINER = None
        if _TRAINER is None:
            _TRAINER = _Trainer(env)
        settings, results = Path(tmp) / "settings.json", Path(tmp) / "results.json"
        settings.write_text(json.dumps(params))
        try:
            _TRAINER.run(settings, results, progress)
        except BaseException:
            _TRAINER.close()  # a failed run leaves nothing behind for the next one
            _TRAINER = None
            raise
        return dict(json.loads(results.read_text()))


class _Trainer:
    """A training process (:func:`_serve`) that trains the runs it is sent one after
    another. It starts on one processor, so XLA sizes its thread pool for one; as a run
    starts, every thread of it moves to a processor no other run holds while it trains
    (with :data:`PIN_VARIABLE` set; an idle process holds none), or to every processor this
    process may use, where the OS places it (a test session's workers are busy with other
    tests: a run pinned beside one waits while another processor idles)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        with one_cpu() as cpu:
            self.child = subprocess.Popen(
                [sys.executable, "-m", "scripts.artifacts.runs"], cwd=ROOT,
                env=env if cpu is None else {**env, CPU_VARIABLE: str(cpu)},
                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                text=True, bufsize=1)
            # Wait until its thread pool is made on that processor: moved sooner, it
            # would size the pool for more (and pin itself back over the move).
            assert self.child.stderr is not None
            said = []
            for line in self.child.stderr:
                if line.strip() == _READY:
                    return
                said.append(line)
        self.close()
        raise RuntimeError("the training process did not start:\n" + "".join(said[-20:]))

    def serves(self, env: dict[str, str]) -> bool:
        """Whether it is alive and was started with the environment ``env``."""
        return self.child.poll() is None and self.env == env

    def run(self, settings: Path, results: Path, progress: Any) -> None:
        if os.environ.get(PIN_VARIABLE) != "1":  # where the OS places it
            with contextlib.suppress(AttributeError):  # macOS: no processor sets
                move_to(self.child.pid, os.sched_getaffinity(0))
            self._run(settings, results, progress)
            return
        with one_cpu() as cpu:
            if cpu is not None:
                move_to(self.child.pid, {cpu})
            self._run(settings, results, progress)

    def _run(self, settings: Path, results: Path, progress: Any) -> None:
        assert self.child.stdin is not None and self.child.stderr is not None
        try:
            self.child.stdin.write(json.dumps([str(settings), str(results)]) + "\n")
            self.child.stdin.flush()
        except OSError:
            pass  # it has ended: its error output says why
        errors = []
        for line in self.child.stderr:  # progress lines while it trains, any error, the end
            if line.startswith(_PROGRESS):
                if progress is not None:
                    done, total, loss = line[len(_PROGRESS):].split()
                    progress(int(done), int(total), float(loss))
            elif line.startswith(_DONE):
                if line[len(_DONE):].strip() == "ok":
                    return
                break
            else:
                errors.append(line)
        raise RuntimeError("the training process failed:\n" + "".join(errors[-20:]))

    def close(self) -> None:
        """End the process (it ends by itself when its input closes) and free its processor."""
        if self.child.stdin is not None:
            with contextlib.suppress(OSError):
                self.child.stdin.close()
        try:
            self.child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()
        if self.child.stderr is not None:
            self.child.stderr.close()


_TRAINER: _Trainer | None = None
_TRAINER_LOCK = threading.Lock()


@atexit.register
def _close_trainer() -> None:
    if _TRAINER is not None:
        _TRAINER.close()


@contextlib.contextmanager
def one_cpu(folder: Path | None = None) -> Iterator[int | None]:
    """A processor no other run on this machine holds, held until the block ends (a lock
    file per processor, in ``folder``, by default in the temporary folder); if every one is
    held (more training processes than processors), one of them all the same, shared: a
    process on one processor computes the same numbers whichever it is, and XLA splits some
    sums by the number of processors it may use. ``None`` where processes cannot be pinned
    (macOS)."""
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
    yield cpus[os.getpid() % len(cpus)]


def move_to(pid: int, cpus: set[int]) -> None:
    """Run every thread of process ``pid`` on the processors ``cpus`` (Linux: a thread's
    processors are its own, so each is moved; one that ends meanwhile is skipped)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(ProcessLookupError):
            os.sched_setaffinity(int(task.name), cpus)


def pin_to_named_cpu() -> None:
    """Run this process on the processor :data:`CPU_VARIABLE` names, if it names one."""
    if os.environ.get(CPU_VARIABLE):
        os.sched_setaffinity(0, {int(os.environ[CPU_VARIABLE])})


def compile_cache_folder(root: Path) -> Path:
    """The compile cache's folder for this machine and these libraries, under ``root``."""
    from scripts.artifacts.kept_runs import this_machine

    digest = hashlib.sha256(json.dumps(this_machine(), sort_keys=True).encode()).hexdigest()
    return root / digest[:16]


def _serve() -> None:
    """The training process: for each line of its input, a JSON list of the settings' file
    and the results' file, train that run and write its results; after each run a line
    ``done ok`` or ``done error`` on its error output. Ends when its input closes."""
    pin_to_named_cpu()  # before JAX loads: its thread pool is sized then
    import traceback

    import jax

    jax.devices()  # the CPU client and its thread pool made now, on one processor
    print(_READY, file=sys.stderr, flush=True)  # from now on it may be moved
    for line in sys.stdin:
        settings, results = json.loads(line)
        try:
            _train_one(settings, results)
            status = "ok"
        except Exception:  # noqa: BLE001  (reported to the builder, which names the run)
            traceback.print_exc(file=sys.stderr)
            status = "error"
        print(f"{_DONE}{status}", file=sys.stderr, flush=True)


def _train_one(settings: str, results: str) -> None:
    """Read the settings' JSON file, train and measure that run, write the results' one."""
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
    _serve()
