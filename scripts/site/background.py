"""Background commands that end with the process that started them.

`mkdocs serve` trains stale runs in the background. Stopped with Ctrl-C, its shutdown hook
stops the training; killed (SIGTERM, SIGKILL, a closed terminal), it runs no hook, and the
training, with its worker processes, would go on alone for minutes. So the command runs
under a small supervisor, in a process group of its own: the supervisor watches its parent
and, when the parent is gone, ends the whole group.

    python -m scripts.site.background PARENT_PID -- COMMAND...
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

#: How often the supervisor looks whether its parent is still there.
POLL_SECONDS = 0.5


def start(cmd: Sequence[str], *, cwd: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Run ``cmd`` in the background, in a new process group that ends with this process."""
    supervisor = [sys.executable, "-m", "scripts.site.background", str(os.getpid()), "--", *cmd]
    return subprocess.Popen(supervisor, cwd=cwd, env=env, start_new_session=True)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a command from :func:`start` and every process it started."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # the supervisor leads its group
        except ProcessLookupError:
            pass


def supervise(parent: int, cmd: Sequence[str]) -> int:
    child = subprocess.Popen(cmd)  # in the supervisor's group
    while child.poll() is None:
        if os.getppid() != parent:  # the parent is gone: this process was handed to init
            os.killpg(0, signal.SIGTERM)  # the command, its workers, and the supervisor
        time.sleep(POLL_SECONDS)
    return child.returncode


def main(argv: Sequence[str]) -> int:
    if len(argv) < 3 or argv[1] != "--" or not argv[0].isdigit():
        print("usage: python -m scripts.site.background PARENT_PID -- COMMAND...", file=sys.stderr)
        return 2
    return supervise(int(argv[0]), argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
