"""Running a page's JavaScript in Node from the tests (the `port` tier)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[2]


def run_node_json(script: Path, args: list[str] = [], stdin: str | None = None,  # noqa: B006
                  timeout: float = 600) -> Any:
    """What ``node script args`` prints, read as JSON; a missing Node or a failed run fails
    the test with Node's own error."""
    node = shutil.which("node")
    assert node, f"Node.js is needed to run {script.name} (./dev installs it)"
    result = subprocess.run(
        [node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(script), *args],
        input=stdin, cwd=ROOT, capture_output=True, text=True, check=False, timeout=timeout)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def collect(strategy: st.SearchStrategy[T], count: int) -> list[T]:
    """``count`` draws of ``strategy`` (reproducibly: derandomized), to run through Node in
    one batch rather than one Node start per example."""
    drawn: list[T] = []

    @settings(max_examples=count, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw(x: T) -> None:
        drawn.append(x)

    draw()
    return drawn
