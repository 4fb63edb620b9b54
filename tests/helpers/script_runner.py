"""Run a Python script as ``python script.py`` would, for the tests that run the pages'
example scripts (about a hundred of them, each run by several tests).

Starting Python and importing NumPy and ``pe`` was most of each script's time (about a
quarter of a second of a processor, against a few hundredths for the script itself). On
Linux a helper process imports them once and forks a child per script: the child gets a
fresh ``__main__``, the script's folder first on ``sys.path``, its own standard output and
error, and its own exit status, as a new interpreter would. Elsewhere (macOS, where forking a
process that has loaded system frameworks is unsafe) each script gets a new interpreter.
"""

from __future__ import annotations

import atexit
import json
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

#: What the helper imports before it forks: what nearly every example imports.
PRELOAD = ("numpy", "pe", "pe.variants", "pe.coordinates", "pe.relatives")

_SERVER = r"""
import importlib, json, os, runpy, signal, sys, traceback
for name in sys.argv[1:]:
    importlib.import_module(name)
requests, replies = sys.stdin, sys.stdout
for line in requests:
    job = json.loads(line)
    replies.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: the script, as `python script.py` runs it
        code = 1
        try:
            signal.alarm(job["timeout"])  # ends a script that hangs, as the caller gives up
            os.chdir(job["cwd"])
            for fd, path in ((1, job["out"]), (2, job["err"])):
                os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            sys.stdin = open(0, closefd=False)
            sys.stdout = open(1, "w", closefd=False)
            sys.stderr = open(2, "w", closefd=False)
            sys.argv = [job["script"]]
            sys.path[0] = os.path.dirname(job["script"])
            try:
                runpy.run_path(job["script"], run_name="__main__")
                code = 0
            except SystemExit as stop:
                if stop.code is None or isinstance(stop.code, int):
                    code = stop.code or 0
                else:
                    print(stop.code, file=sys.stderr)
            except BaseException:
                traceback.print_exc()
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    _, status = os.waitpid(pid, 0)
    replies.write(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}) + "\n")
    replies.flush()
"""


class _Forker:
    """The helper process, started on first use, one per test process."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SERVER, *PRELOAD],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        self.lock = threading.Lock()
        self.folder = Path(tempfile.mkdtemp(prefix="pe-scripts-"))
        atexit.register(self.close)

    def run(self, script: Path, cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
        out, err = self.folder / "out.txt", self.folder / "err.txt"
        job = {"script": str(script), "cwd": str(cwd), "out": str(out), "err": str(err),
               "timeout": max(1, round(timeout))}
        with self.lock:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps(job) + "\n")
            self.proc.stdin.flush()
            # The child's alarm ends a script that hangs; this ends a runner that hangs.
            timer = threading.Timer(timeout + 30, self.proc.kill)
            timer.start()
            try:
                reply = self.proc.stdout.readline()
            finally:
                timer.cancel()
            if not reply:
                raise RuntimeError(f"the script runner ended while running {script} "
                                   f"(timeout {timeout} s, exit status {self.proc.poll()})")
            return subprocess.CompletedProcess(
                [sys.executable, str(script)], json.loads(reply)["returncode"],
                out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8"))

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        for path in self.folder.iterdir():
            path.unlink()
        self.folder.rmdir()


_forker: _Forker | None = None


def run_script(script: Path, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python script`` in ``cwd``: its exit status, standard output and error (text)."""
    global _forker
    if sys.platform != "linux":
        return subprocess.run([sys.executable, str(script)], cwd=cwd, capture_output=True,
                              text=True, timeout=timeout, check=False)
    if _forker is None or _forker.proc.poll() is not None:
        _forker = _Forker()
    return _forker.run(script, cwd, timeout)
