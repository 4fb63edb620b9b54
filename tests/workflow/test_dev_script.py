"""What ./dev tells a newcomer: the address it serves on, the one MkDocs will use."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _announced(*args: str) -> str:
    """The line ./dev serve prints before MkDocs starts (the process is stopped there)."""
    proc = subprocess.Popen([str(ROOT / "dev"), "serve", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "serving it at" in line:
                return line
        pytest.fail(f"./dev serve {' '.join(args)} never said where it serves")
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


@pytest.mark.parametrize("form", ["-a", "--dev-addr", "--dev-addr="])
def test_dev_serve_announces_the_address_it_is_given(form: str) -> None:
    addr = f"127.0.0.1:{_free_port()}"
    args = [form + addr] if form.endswith("=") else [form, addr]
    assert f"http://{addr}/pe-site/" in _announced(*args)


def test_dev_serve_announces_mkdocs_default_address() -> None:
    assert "http://127.0.0.1:8000/pe-site/" in _announced()
