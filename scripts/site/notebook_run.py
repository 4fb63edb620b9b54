"""The notebook, executed once per build: its page is made from the executed notebook, and the
file the page offers for download is that same executed notebook, outputs and figures included.

mkdocs-jupyter can execute a notebook itself, but then only the page shows the outputs: the
file it copies next to the page (``include_source``) is the source, stored without outputs.
So the hooks execute it here (scripts/site/mkdocs_hooks.py, ``on_files``), write the result
to a folder of the build, and point the notebook's page at it; mkdocs-jupyter, with
``execute: false``, renders and copies that file.

The executed file is made the same at every build with the same code: no timing metadata
(nbclient's ``record_timing`` off), and consecutive pieces of a stream merged into one
output (the kernel sends a cell's printed lines in as many messages as its output buffer was
flushed, which varies from run to run). Execution counts run 1, 2, ... in cell order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

#: Longest a cell may run, in seconds (the whole notebook takes a few).
CELL_TIMEOUT_S = 300
#: Cell metadata that records when or how long a cell ran.
VOLATILE_CELL_METADATA = ("execution", "ExecuteTime", "collapsed", "scrolled")


class NotebookError(Exception):
    """A cell failed, or the notebook could not be read or its kernel run; the message says
    which."""


def merge_streams(outputs: list[Any]) -> list[Any]:
    """``outputs`` with each run of consecutive ``stream`` outputs of one name (stdout,
    stderr) joined into one; the order of everything else is kept."""
    merged: list[Any] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == output.get("name")):
            last["text"] = last["text"] + output["text"]
        else:
            merged.append(output)
    return merged


def settle(nb: Any) -> Any:
    """``nb`` (a NotebookNode, changed in place) without what varies between two executions."""
    for cell in nb.cells:
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
        if cell.cell_type == "code":
            cell.outputs = merge_streams(cell.outputs)
    return nb


def execute(source: Path, kernel_name: str, allow_errors: bool = False) -> str:
    """The notebook at ``source`` executed in its own folder, as the text of an .ipynb file."""
    try:
        nb = nbformat.read(source, as_version=4)
        NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name=kernel_name,
                       allow_errors=allow_errors, record_timing=False,
                       # The kernel listens on loopback only; its warning that TCP is
                       # unencrypted says nothing a reader of the build log can act on.
                       extra_arguments=["--IPKernelApp.log_level=ERROR"],
                       resources={"metadata": {"path": str(source.parent)}}).execute()
    except CellExecutionError as exc:
        lines = [ln for ln in str(exc).strip().splitlines() if ln.strip()]
        raise NotebookError(f"{source.name}: a cell failed: {lines[-1] if lines else exc}") \
            from None
    except (OSError, ValueError, RuntimeError, TimeoutError) as exc:  # unreadable, no
        raise NotebookError(f"{source.name}: cannot execute: {exc}") from None  # kernel, ...
    text = str(nbformat.writes(settle(nb)))
    return text if text.endswith("\n") else text + "\n"
