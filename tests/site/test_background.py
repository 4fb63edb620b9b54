"""Background training ends with `mkdocs serve`, however serve ends (scripts/site/background.py):
a command and the processes it starts are gone soon after their starter is killed or stops."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from scripts.site import background

ROOT = Path(__file__).resolve().parents[2]

#: A command that starts a worker of its own and then waits, as the training does.
WORKER = "import time; time.sleep(120)"
STARTS_WORKER = f"import subprocess, sys; subprocess.Popen([sys.executable, '-c', {WORKER!r}])"
WORKING = [sys.executable, "-c", f"{STARTS_WORKER}; {WORKER}"]


def living(group: int) -> list[str]:
    """The processes of a process group that have not ended (zombies are ended)."""
    out = subprocess.run(["ps", "-A", "-o", "pgid=,stat=,command="], capture_output=True,
                         text=True, check=True).stdout
    rows = [line.split(None, 2) for line in out.splitlines()]
    return [" ".join(r) for r in rows if len(r) == 3 and r[0] == str(group) and "Z" not in r[1]]


def wait_until_gone(group: int, seconds: float = 15) -> list[str]:
    end = time.monotonic() + seconds
    while (left := living(group)) and time.monotonic() < end:
        time.sleep(0.2)
    return left


def wait_until_started(group: int, count: int) -> None:
    end = time.monotonic() + 30
    while len(living(group)) < count and time.monotonic() < end:
        time.sleep(0.1)
    assert len(living(group)) >= count, living(group)  # else the check below proves nothing


def test_killing_the_starter_ends_the_command_and_its_workers() -> None:
    starts = ("import os, time; from pathlib import Path; from scripts.site import background; "
              f"p = background.start({WORKING!r}, cwd=Path('.'), env=dict(os.environ)); "
              "print(p.pid, flush=True); time.sleep(120)")
    starter = subprocess.Popen([sys.executable, "-c", starts], cwd=ROOT, stdout=subprocess.PIPE,
                               text=True)
    assert starter.stdout is not None
    group = int(starter.stdout.readline())
    try:
        wait_until_started(group, 3)  # the supervisor, the command, its worker
        starter.send_signal(signal.SIGKILL)  # no shutdown hook runs
        starter.wait()
        assert wait_until_gone(group) == []
    finally:
        if living(group):
            os.killpg(group, signal.SIGKILL)


def test_stop_ends_the_command_and_its_workers() -> None:
    proc = background.start(WORKING, cwd=ROOT, env=dict(os.environ))
    try:
        wait_until_started(proc.pid, 3)
        background.stop(proc)
        proc.wait(timeout=15)
        assert wait_until_gone(proc.pid) == []
    finally:
        if living(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)


def test_a_finished_command_passes_on_its_exit_status() -> None:
    proc = background.start([sys.executable, "-c", "raise SystemExit(3)"], cwd=ROOT,
                            env=dict(os.environ))
    assert proc.wait(timeout=30) == 3
    background.stop(proc)  # already ended: nothing to do, no error


def test_a_wrong_call_says_how_to_call_it() -> None:
    got = subprocess.run([sys.executable, "-m", "scripts.site.background", "x", "ls"], cwd=ROOT,
                         check=False,
                         capture_output=True, text=True)
    assert got.returncode == 2 and got.stderr.startswith("usage: python -m scripts.site.background")
