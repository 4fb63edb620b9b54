"""Every example script runs, prints what its page shows, and is shown on some page.

The pages include ``docs/examples/<page>/<stem>.py`` as code and
``generated/examples/<page>/<stem>.txt`` (the pipeline's record of that script's output) as
its printed result. Here each script is run afresh: it must exit 0 with nothing on stderr, and when the generated output exists it
must equal what the script prints now, so a page never shows stale output.
"""

from __future__ import annotations

import functools
import math
import re
import runpy
import sys

import numpy as np
import pytest
import torch_standin
from docscan import (
    EXAMPLES,
    GENERATED,
    ROOT,
    example_scripts,
    framework_scripts,
    pages,
    run_example,
    split_fences,
)

import pe

SCRIPTS = example_scripts()
FRAMEWORK_SCRIPTS = framework_scripts()


run = run_example


def test_there_are_examples() -> None:
    assert len(SCRIPTS) >= 10, "docs/examples/<page>/ should hold the pages' example scripts"
    assert not list(EXAMPLES.glob("*.py")), "a script lives in the folder of its page"
    pages_ = {p.stem for p in pages()}
    folders = {p.name for p in EXAMPLES.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= pages_, f"folders named after no page: {sorted(folders - pages_)}"
    assert len({p.stem for p in SCRIPTS}) == len(SCRIPTS), "a stem names one script"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_example_runs_cleanly(script) -> None:
    result = run(script.stem)
    assert result.returncode == 0, f"{script.name} failed:\n{result.stderr}"
    assert result.stderr == "", f"{script.name} wrote to stderr:\n{result.stderr}"
    assert result.stdout.strip(), f"{script.name} printed nothing"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_generated_output_is_current(script) -> None:
    rel = script.relative_to(EXAMPLES).with_suffix("")
    recorded = GENERATED / "examples" / f"{rel.as_posix()}.txt"
    if not recorded.exists():
        # Not built in this checkout yet. The strict build fails on a missing include, so a
        # page can never show a missing output; make sure a page does include this one.
        shown = (_included_output(rel.as_posix())
                 or f"{script.relative_to(ROOT).as_posix()}" in _included_paths())
        assert shown, f"no page shows {script.name} or its output"
        return
    assert run(script.stem).stdout == recorded.read_text(encoding="utf-8"), (
        f"{recorded.relative_to(ROOT)} differs from what {script.name} prints now; "
        "rebuild the artifacts"
    )


@functools.cache
def _included_paths() -> frozenset[str]:
    paths: set[str] = set()
    for page in pages():
        for fence in split_fences(page)[0]:
            paths.update(fence.includes or [])
    # The exercises' worked solutions show their scripts and outputs through generated
    # fragments; the exercise declarations name those scripts.
    for name in _exercise_scripts():
        paths.update({f"docs/examples/{name}.py", f"examples/{name}.txt"})
    return frozenset(paths)


def _exercise_scripts() -> list[str]:
    from scripts.artifacts.pages import EXERCISES

    return [e.script for e in EXERCISES if e.script]


def _included_output(name: str) -> bool:
    """``name``: the script's path under docs/examples without ``.py``."""
    return f"examples/{name}.txt" in _included_paths()


def test_every_example_is_shown_on_a_page() -> None:
    shown = {p for p in _included_paths() if p.startswith("docs/examples/")}
    used = {ROOT / p for p in shown}
    # A shown script may import a helper script next to it; that helper counts as used.
    for path in list(used):
        for name in re.findall(
            r"^from (\w+) import|^import (\w+)$", path.read_text(), re.MULTILINE
        ):
            helper = path.parent / f"{''.join(name)}.py"
            if helper.exists():
                used.add(helper)
    orphans = [p.relative_to(ROOT) for p in [*SCRIPTS, *FRAMEWORK_SCRIPTS] if p not in used]
    assert not orphans, f"example scripts no page shows: {orphans}"


def test_equal_outputs_the_formula_page_claims() -> None:
    # docs/formula.md shows one output for the direct, exp/log and pe versions.
    outputs = {
        stem: run(stem).stdout for stem in ("formula_direct", "formula_explog", "formula_pe_call")
    }
    assert len(set(outputs.values())) == 1, outputs


def test_examples_that_demonstrate_an_error_catch_it() -> None:
    # They print the error instead of dying, so every example exits 0 (checked above) and the
    # message appears in the output.
    for stem, error in [
        ("pitfall_odd_explog", "ValueError"),
        ("pitfall_sum_vs_concat", "ValueError"),
        ("pitfall_beyond_training", "IndexError"),
    ]:
        assert error in run(stem).stdout, stem


# --- framework tabs ------------------------------------------------------------------------


@pytest.mark.parametrize("script", FRAMEWORK_SCRIPTS, ids=lambda p: p.stem)
def test_framework_example_compiles(script) -> None:
    compile(script.read_text(encoding="utf-8"), str(script), "exec")


@pytest.mark.parametrize(
    "script", [p for p in FRAMEWORK_SCRIPTS if p.stem.startswith("torch_")], ids=lambda p: p.stem
)
@pytest.mark.parametrize(("length", "d_model"), [(50, 4), (200, 64), (30, 7), (1, 1)])
def test_torch_example_against_a_numpy_standin(
    script, monkeypatch, length: int, d_model: int
) -> None:
    # PyTorch is not installed here and must not be required. The stand-in implements the few
    # torch calls the file makes (float32 by default, like PyTorch), so the file's indexing and
    # shapes are exercised for real; PyTorch's own arithmetic is not.
    monkeypatch.setitem(sys.modules, "torch", torch_standin.module())
    namespace = runpy.run_path(str(script))
    got = np.asarray(namespace["sinusoidal_encoding"](length, d_model))
    assert got.shape == (length, d_model)
    assert got.dtype == np.float32
    want = pe.encoding(length, d_model)
    # float32 angles: an angle of size A is off by about A * eps32.
    eps = float(np.finfo(np.float32).eps)
    assert np.abs(got - want).max() <= 8 * eps * max(1.0, length - 1) + 1e-7, (length, d_model)
    assert not math.isnan(got.sum())
