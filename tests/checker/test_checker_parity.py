"""The browser's checker gives the command's verdict: on every variant, every mistake and every
unknown table of tests/helpers/diagnose_cases.py, saved as .npy (its dtype kept, read by the
page's npy.js) and printed as text (read by the page's parseTable), the JavaScript modules of
docs/javascripts/checker/ run in Node (they are pure: no DOM) and their dict is compared with
``python -m pe diagnose FILE --json``.

Two implementations of the same arithmetic: everything the verdict consists of (verdict, codes,
layout, variant, first position, the findings' words, the candidates) must be identical; the
numbers may differ where V8's and glibc's ``sin``, ``cos``, ``pow``, ``exp`` and ``log`` round
differently (each is faithfully rounded: at most one ulp from the exact value, so two of them
differ by at most one ulp). The allowed difference beside it is the same sum of the table's
resolution and a multiple of the angle, compared with the same tolerance. The largest angle in these tables is below 2**19 (the
exponent-sign case: position 47 times 10000**(62/64), about 3.5e5), so the angles differ by at
most 2 ulp(2**19) = 2**-33 and every value by that plus one ulp of 1, under 4e-10:
``MAX_ABS_TOL = 1e-9`` for the largest differences. The estimated base is exp of a weighted
mean of logarithms of measured angle steps, a few dozen roundings of relative size 2**-52 each,
magnified by d/2 = 32 in the exponent: ``BASE_RTOL = 1e-9``. The scale is a median of square
roots, within a few ulp: ``SCALE_RTOL = 1e-12``.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.diagnose_cases import CASES

from pe.__main__ import main

# The page's JavaScript run in Node against pe: outside ./dev test --fast.
pytestmark = pytest.mark.port

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "checker" / "run_checker.mjs"
MAX_ABS_TOL = 1e-9
BASE_RTOL = 1e-9
SCALE_RTOL = 1e-12
EXACT = [
    "verdict", "matches_paper", "codes", "findings", "shape", "dtype", "precision", "layout",
    "variant", "implementations", "base_estimated", "start", "unit", "alternatives", "caveats",
]


def node() -> str:
    found = shutil.which("node")
    assert found, "Node.js is needed to run the checker's modules (./dev installs it)"
    return found


def run_js(paths: list[Path]) -> list[dict[str, Any]]:
    result = subprocess.run(
        [node(), "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(RUNNER), *map(str, paths)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def run_cli(path: Path) -> dict[str, Any]:
    """``python -m pe diagnose PATH --json``, run in this process (its main(), whose output
    tests/checker/test_checker_cli.py compares with a real subprocess) to save the start-up."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["diagnose", str(path), "--json"])
    if status == 2:
        return {"error": err.getvalue().strip().split(": ", 2)[-1]}
    return {"result": json.loads(out.getvalue())}


def close(a: float | None, b: float | None, *, rtol: float = 0.0, atol: float = 0.0) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=rtol, abs_tol=atol)


def differences(py: dict[str, Any], js: dict[str, Any]) -> list[str]:
    out = [f"{k}: python {py[k]!r} != browser {js[k]!r}" for k in EXACT if py[k] != js[k]]
    if not close(py["base"], js["base"], rtol=BASE_RTOL):
        out.append(f"base: {py['base']!r} vs {js['base']!r}")
    if not close(py["scale"], js["scale"], rtol=SCALE_RTOL):
        out.append(f"scale: {py['scale']!r} vs {js['scale']!r}")
    for key in ("max_abs_error", "allowed_error"):  # the allowance: the same arithmetic
        if not close(py[key], js[key], atol=MAX_ABS_TOL):
            out.append(f"{key}: {py[key]!r} vs {js[key]!r}")
    if [c["description"] for c in py["closest"]] != [c["description"] for c in js["closest"]]:
        out.append(f"closest: {py['closest']!r} vs {js['closest']!r}")
    for p, j in zip(py["closest"], js["closest"], strict=False):
        if not all(close(p[k], j[k], atol=MAX_ABS_TOL) for k in ("max_abs_error", "allowed_error")):
            out.append(f"closest error: {p!r} vs {j!r}")
    return out


@pytest.fixture(scope="session")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("parity")
    paths = []
    for case in CASES:
        table = case.build()
        np.save(folder / f"{case.name}.npy", table)
        np.savetxt(folder / f"{case.name}.txt", table.astype(np.float64), fmt="%.7g")
        np.savetxt(folder / f"{case.name}-4.txt", table.astype(np.float64), fmt="%.4f")
        paths += [folder / f"{case.name}{suffix}" for suffix in (".npy", ".txt", "-4.txt")]
    return paths


@pytest.fixture(scope="session")
def browser_results(files: list[Path]) -> dict[Path, dict[str, Any]]:
    return dict(zip(files, run_js(files), strict=True))


@pytest.mark.parametrize("index", range(3 * len(CASES)), ids=lambda i: (
    CASES[i // 3].name + (".npy", ".txt", "-4.txt")[i % 3]))
def test_browser_verdict_equals_the_command(
    index: int, files: list[Path], browser_results: dict[Path, dict[str, Any]]
) -> None:
    path = files[index]
    py, js = run_cli(path), browser_results[path]
    assert ("error" in py) == ("error" in js), f"python {py} vs browser {js}"
    if "error" in py:
        assert py["error"] == js["error"]
        return
    problems = differences(py["result"], js["result"])
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def test_npy_case_gives_the_cases_own_verdict(
    files: list[Path], browser_results: dict[Path, dict[str, Any]]
) -> None:
    # The .npy files keep the dtype, so the browser names each case as the unit tests do.
    for case in CASES:
        js = browser_results[files[3 * CASES.index(case)]]["result"]
        assert (js["verdict"], set(js["codes"])) == (case.verdict, case.codes), case.name


BAD_TEXTS = {
    "summary.txt": "tensor([[0.0, ..., 1.0]])",
    "batch.txt": "[[[0, 1], [1, 0]], [[0, 1], [1, 0]]]",
    "deep.txt": "[[[[0, 1]]]]",
    "ragged.txt": "0 1 2\n3 4\n",
    "junk.txt": "0 1\n2 @\n",
    "nan.txt": "0 1\nnan 1\n",
    "empty.txt": "",
    "words.txt": "Traceback (most recent call last):\n  KeyError: 'pe'\n",
    "outside.txt": "tensor([[0.0, 1.0]]) 42",
    "html.txt": "<html><body><table><tr><td>0</td></tr></table></body></html>",
}
BAD_BYTES = {
    "utf16.csv": "0,1\n0.84,0.54\n".encode("utf-16"),
    "binary.txt": bytes(range(256)),
    "latin1.csv": "0;1\n0,84;0,54 \xb0\n".encode("latin-1"),
    "table.npz": b"PK not really a zip",
}


def test_bad_input_gets_the_same_error(tmp_path: Path) -> None:
    """Every unreadable input gets the same one sentence from the page's modules and from the
    command (exit status 2), never an exception's own text."""
    paths = []
    for name, text in BAD_TEXTS.items():
        (tmp_path / name).write_text(text)
        paths.append(tmp_path / name)
    for name, data in BAD_BYTES.items():
        (tmp_path / name).write_bytes(data)
        paths.append(tmp_path / name)
    np.save(tmp_path / "batch.npy", np.zeros((2, 3, 4)))
    np.save(tmp_path / "width0.npy", np.zeros((3, 0)))
    np.save(tmp_path / "norows.npy", np.zeros((0, 4)))
    np.savez(tmp_path / "two.npz", a=np.zeros((2, 4)), b=np.zeros((2, 4)))
    paths += [tmp_path / f for f in ("batch.npy", "width0.npy", "norows.npy")]
    for path, js in zip(paths, run_js(paths), strict=True):
        py = run_cli(path)
        assert "error" in py and "error" in js, f"{path.name}: {py} vs {js}"
        assert py["error"] == js["error"], path.name
        assert "Error" not in py["error"] and "errno" not in py["error"].lower(), py["error"]
    # An .npz of several arrays: the command asks for --key, the page for one array.
    (js,) = run_js([tmp_path / "two.npz"])
    assert "2 arrays (a, b)" in js["error"] and "--key" in js["error"]
