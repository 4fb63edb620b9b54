"""`./dev test` runs two workers with ``--dist loadgroup``: a module's tests stay in one worker
(its module-scoped fixtures, such as trained tiny models, are made once) and the modules
spread over both (tests/conftest.py, ``_join_group``)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

# With ruff and mypy: a check of the tooling, not of the site (a pytest of its own, ~20 s).
pytestmark = pytest.mark.static

ROOT = Path(__file__).resolve().parents[2]
#: Two quick modules of many tests each.
MODULES = ["tests/pe/test_pe_errors.py", "tests/pe/test_pe_reference.py"]


def test_a_modules_tests_run_in_one_worker_and_modules_spread() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "--dist",
         "loadgroup", "-v", *MODULES], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    workers: dict[str, set[str]] = defaultdict(set)
    for worker, module in re.findall(r"^\[(gw\d+)\] .*?PASSED (tests/\S+?\.py)::", proc.stdout,
                                     re.MULTILINE):
        workers[module].add(worker)
    assert sorted(workers) == MODULES, proc.stdout[-3000:]
    assert all(len(w) == 1 for w in workers.values()), dict(workers)
    assert len(set().union(*workers.values())) == 2, dict(workers)
