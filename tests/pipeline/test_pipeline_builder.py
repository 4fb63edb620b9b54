"""The builder's behaviour: determinism, parallel = serial, incremental runs, --check,
atomic writes, failures, and the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers.pipeline import ROOT, Sandbox, output_files, run_builder, run_python

TABLES = "positions-d4,rows-d6"


def manifest(out: Path) -> dict:
    return json.loads((out / ".manifest.json").read_text())["artifacts"]


# One artifact of each drawing module and output format, plus the other kinds.
SAMPLE = ["columns-d6", "heatmap-d512", "robot-sum", "rotation-circles", "precision",
          "positions-d4", "numbers", "proofs", "card-formula"]


def test_serial_clean_build_is_byte_identical_to_the_parallel_one(
        full_build: Path, tmp_path: Path) -> None:
    """A second clean run, serial this time, gives the same bytes as the parallel one."""
    from scripts.artifacts import registry

    examples = [a.name for a in registry.all_artifacts() if a.kind == "example"][:2]
    names = SAMPLE + examples
    out = tmp_path / "serial"
    proc = run_builder("--out", out, "--jobs", "1", "--quiet", "--only", ",".join(names))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""  # --quiet
    serial, parallel = output_files(out), output_files(full_build)
    assert len(serial) >= 5 * 3 + 5  # 5 figures, 3 files each; a table, numbers, proofs, ...
    differ = [rel for rel, data in serial.items() if parallel.get(rel) != data]
    assert not differ, f"not byte-identical to the parallel build: {differ}"


def catch_up(out: Path) -> None:
    """Rebuild what other work on the repository changed since the session's build."""
    proc = run_builder("--out", out, "--quiet")
    assert proc.returncode == 0, proc.stderr


def test_noop_run_rebuilds_nothing_and_skips_matplotlib(full_build: Path) -> None:
    catch_up(full_build)
    before = output_files(full_build)
    proc = run_builder("--out", full_build, "--timings")
    assert proc.returncode == 0, proc.stderr
    assert "artifacts current" in proc.stdout and "built" not in proc.stdout
    assert output_files(full_build) == before
    # The fast path must not import the drawing libraries.
    code = ("from scripts.artifacts.builder import main\n"
            f"assert main(['--out', {str(full_build)!r}, '--quiet']) == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'sympy')))")
    proc = run_python(ROOT, code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]", proc.stdout


def test_check_passes_then_detects_missing_modified_and_stale(sandbox: Sandbox,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert sandbox.run("--out", out, "--only", TABLES, "--jobs", "1").returncode == 0
    ok = sandbox.run("--out", out, "--only", TABLES, "--check")
    assert ok.returncode == 0, ok.stderr
    assert "current" in ok.stdout

    (out / "tables/rows-d6.md").unlink()
    missing = sandbox.run("--out", out, "--only", TABLES, "--check")
    assert missing.returncode == 1
    assert "rows-d6: missing: tables/rows-d6.md" in missing.stderr
    assert "positions-d4" not in missing.stderr.splitlines()[-1]
    assert not (out / "tables/rows-d6.md").exists(), "--check must not write"

    assert sandbox.run("--out", out, "--only", TABLES).returncode == 0  # rebuilds rows-d6
    (out / "tables/positions-d4.md").write_text("| hand | edited |\n")
    modified = sandbox.run("--out", out, "--only", TABLES, "--check")
    assert modified.returncode == 1 and "positions-d4: modified" in modified.stderr

    assert sandbox.run("--out", out, "--only", TABLES).returncode == 0
    with open(sandbox.root / "pe" / "__init__.py", "a") as fh:
        fh.write("\n# an edit to pe makes every artifact that uses it stale\n")
    stale = sandbox.run("--out", out, "--only", TABLES, "--check")
    assert stale.returncode == 1
    assert "positions-d4: stale" in stale.stderr and "rows-d6: stale" in stale.stderr
    assert stale.stderr.strip().splitlines()[-1].startswith("error: 2 of 2 artifacts")

    rebuilt = sandbox.run("--out", out, "--only", TABLES)
    assert rebuilt.returncode == 0 and "building 2 of 2" in rebuilt.stdout
    assert sandbox.run("--out", out, "--only", TABLES, "--check").returncode == 0


def test_edit_to_unused_pe_module_rebuilds_only_what_imports_it(sandbox: Sandbox,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "out"
    (sandbox.root / "pe" / "extra_module.py").write_text("X = 1\n")
    example = sandbox.root / "docs" / "examples" / "uses_extra.py"
    example.write_text("from pe import extra_module\nprint(extra_module.X)\n")
    names = "positions-d4,example-uses_extra"
    assert sandbox.run("--out", out, "--only", names, "--jobs", "1").returncode == 0
    assert (out / "examples/uses_extra.txt").read_text() == "1\n"
    (sandbox.root / "pe" / "extra_module.py").write_text("X = 2\n")
    check = sandbox.run("--out", out, "--only", names, "--check")
    assert check.returncode == 1
    assert "example-uses_extra: stale" in check.stderr and "positions-d4" not in check.stderr
    assert sandbox.run("--out", out, "--only", names).returncode == 0
    assert (out / "examples/uses_extra.txt").read_text() == "2\n"


def test_edit_to_pipeline_code_rebuilds_only_its_artifacts(sandbox: Sandbox,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "out"
    (sandbox.root / "docs" / "examples" / "hi.py").write_text("print('hi')\n")
    names = "positions-d4,example-hi"
    assert sandbox.run("--out", out, "--only", names, "--jobs", "1").returncode == 0
    code = sandbox.root / "scripts" / "artifacts"
    with open(code / "style.py", "a") as fh:  # figures only: tables do not use the theme
        fh.write("\n# restyled\n")
    assert sandbox.run("--out", out, "--only", names, "--check").returncode == 0
    with open(code / "tables.py", "a") as fh:
        fh.write("\n# a change to the table code\n")
    check = sandbox.run("--out", out, "--only", names, "--check")
    assert check.returncode == 1
    assert "positions-d4: stale" in check.stderr and "example-hi" not in check.stderr


INTERRUPT = """
import builtins
from pathlib import Path
from scripts.artifacts import builder

real_open = builtins.open

class Killed(BaseException):
    pass

class HalfWriter:
    def __init__(self, fh):
        self.fh = fh
    def write(self, data):
        self.fh.write(data[: len(data) // 2])
        self.fh.flush()
        raise Killed("simulated kill in the middle of a write")
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        self.fh.close()

def dying_open(path, mode="r", *a, **k):
    fh = real_open(path, mode, *a, **k)
    if "w" in mode and "{target}" in str(path):
        return HalfWriter(fh)
    return fh

builder.open = dying_open  # the module's writes go through this
try:
    builder.main(["--out", {out!r}, "--only", {names!r}, "--jobs", "1", "--quiet"])
except Killed:
    print("killed")
"""


def test_interrupted_write_leaves_no_file_that_passes_check(sandbox: Sandbox,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "out"
    # A clean build killed while writing the first figure file.
    run = sandbox.python(INTERRUPT.format(target="sine-by-dimension-dark", out=str(out),
                                          names="sine-by-dimension"))
    assert run.stdout.strip() == "killed", run.stderr
    assert not (out / "figures/sine-by-dimension-dark.svg").exists(), "half-written file in place"
    check = sandbox.run("--out", out, "--only", "sine-by-dimension", "--check")
    assert check.returncode == 1 and "sine-by-dimension: missing" in check.stderr

    # A real kill cannot clean up its temporary file: leave one behind, as it would.
    stray = out / "figures/.sine-by-dimension-dark.svg.tmp-99999"
    stray.write_bytes(b"<svg half")
    assert sandbox.run("--out", out, "--only", "sine-by-dimension", "--check").returncode == 1
    assert sandbox.run("--out", out, "--only", "sine-by-dimension").returncode == 0
    assert not stray.exists(), "the next run removes stray temporary files"
    assert sandbox.run("--out", out, "--only", "sine-by-dimension", "--check").returncode == 0

    # Inputs change, and the rebuild dies after writing some of the artifact's files: the
    # files on disk are a mix of old and new, and --check must not call them current.
    with open(sandbox.root / "scripts" / "artifacts" / "figures" / "waves.py", "a") as fh:
        fh.write("\n# a change to the drawing code\n")
    run = sandbox.python(INTERRUPT.format(target="sine-by-dimension.md", out=str(out),
                                          names="sine-by-dimension"))
    assert run.stdout.strip() == "killed", run.stderr
    check = sandbox.run("--out", out, "--only", "sine-by-dimension", "--check")
    assert check.returncode == 1 and "sine-by-dimension: stale" in check.stderr


def test_failing_artifact_stops_the_run_with_its_name(sandbox: Sandbox, tmp_path: Path) -> None:
    page = sandbox.root / "scripts" / "artifacts" / "pages" / "worked_examples.py"
    page.write_text(page.read_text() + (
        '\nARTIFACTS.append(figure("broken-figure", "waves:columns", alt="a b c d e f g h",'
        ' caption="c", length=20, d_model=0))\n'))
    out = tmp_path / "out"
    proc = sandbox.run("--out", out, "--only", "broken-figure,positions-d4", "--jobs", "2")
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: artifact 'broken-figure' failed: ValueError: d_model"), last
    assert "got 0" in last and "Traceback" not in proc.stderr
    assert "broken-figure" not in manifest(out)
    assert not list(out.glob("figures/broken-figure*"))

    verbose = sandbox.run("--out", out, "--only", "broken-figure", "--verbose")
    assert verbose.returncode == 1 and "Traceback" in verbose.stderr


def test_failing_example_names_the_script(sandbox: Sandbox, tmp_path: Path) -> None:
    (sandbox.root / "docs" / "examples" / "boom.py").write_text(
        "print('partial output')\nraise ValueError('this example is broken')\n")
    proc = sandbox.run("--out", tmp_path / "out", "--only", "example-boom")
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines()[-1] == (
        "error: artifact 'example-boom' failed: RuntimeError: docs/examples/boom.py exited "
        "with status 1: ValueError: this example is broken")
    assert not (tmp_path / "out" / "examples" / "boom.txt").exists()


def test_a_proof_that_does_not_hold_fails_the_run(sandbox: Sandbox, tmp_path: Path) -> None:
    (sandbox.root / "pe" / "symbolic.py").write_text(
        "from dataclasses import dataclass\n\n"
        "@dataclass(frozen=True)\nclass Proof:\n"
        "    name: str\n    title: str\n    statement: str\n    steps: tuple\n    holds: bool\n\n"
        "def all_proofs():\n"
        "    return (Proof('fine', 'Fine', 'a = a', ('a - a = 0',), True),\n"
        "            Proof('wrong', 'Wrong', 'a = b', ('a - b = 0',), False))\n")
    proc = sandbox.run("--out", tmp_path / "out", "--only", "proofs")
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines()[-1] == (
        "error: artifact 'proofs' failed: ProofFailed: proof(s) do not hold: wrong")
    assert not (tmp_path / "out" / "proofs").exists()


def test_removed_example_output_is_deleted(sandbox: Sandbox, tmp_path: Path) -> None:
    example = sandbox.root / "docs" / "examples" / "hello.py"
    example.write_text("print('hello')\n")
    out = tmp_path / "out"
    # A full run (no --only) in a sandbox with a tiny registry: of the pages' declarations,
    # keep one table and no number (the sandbox has no pages, so no cards or exercises).
    pages = sandbox.root / "scripts" / "artifacts" / "pages" / "__init__.py"
    pages.write_text(pages.read_text() + (
        "\n_ALL = artifacts\n\n"
        "def artifacts():\n    return [a for a in _ALL() if a.name == 'positions-d4']\n\n"
        "def numbers():\n    return []\n"))
    assert sandbox.run("--out", out, "--jobs", "1").returncode == 0
    assert (out / "examples/hello.txt").read_text() == "hello\n"
    example.unlink()
    assert sandbox.run("--out", out).returncode == 0
    assert not (out / "examples/hello.txt").exists()
    assert "example-hello" not in manifest(out)


def test_force_rebuilds_and_only_validates_names(sandbox: Sandbox, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert sandbox.run("--out", out, "--only", TABLES).returncode == 0
    again = sandbox.run("--out", out, "--only", TABLES, "--force", "--timings")
    assert again.returncode == 0 and "building 2 of 2" in again.stdout
    assert "per-artifact time" in again.stdout and "rows-d6" in again.stdout
    unknown = sandbox.run("--out", out, "--only", "rows-d7")
    assert unknown.returncode == 1
    assert unknown.stderr.strip().startswith("error: unknown artifact 'rows-d7'")
    assert "rows-d6" in unknown.stderr  # suggested
    bad_jobs = sandbox.run("--jobs", "-1")
    assert bad_jobs.returncode == 2 and "--jobs" in bad_jobs.stderr


def test_list_names_every_artifact_with_its_state(full_build: Path) -> None:
    from scripts.artifacts import registry

    catch_up(full_build)
    proc = run_builder("--out", full_build, "--list")
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert [ln.split()[0] for ln in lines] == [a.name for a in registry.all_artifacts()]
    not_current = [ln for ln in lines if not ln.rstrip().endswith("current")]
    assert not not_current, not_current


def test_copy_of_current_output_passes_check(full_build: Path, tmp_path: Path) -> None:
    """--check judges the files, not the folder: a faithful copy is current too."""
    catch_up(full_build)
    copy = tmp_path / "copy"
    shutil.copytree(full_build, copy)
    proc = run_builder("--out", copy, "--check")
    assert proc.returncode == 0, proc.stderr


def test_runs_are_ordered_by_the_steps_their_kept_results_trained(tmp_path: Path) -> None:
    """Longest first needs each run's cost: the steps its kept result trained (every run
    has the same cap), else the cap; anything else costs nothing."""
    from scripts.artifacts import builder
    from scripts.artifacts.registry import Artifact

    params = {"scheme": "none", "steps": 1000, "check_every": 100, "seeds": [0, 1]}
    short, long, new = (Artifact(name, "run", "runs:train", params)
                        for name in ("run-short", "run-long", "run-new"))
    for art, steps in ((short, [300, 200]), (long, [900, 1000])):
        (tmp_path / f"{art.name}.json").write_text(
            json.dumps({"results": {"steps_trained": steps}}))
    (tmp_path / "run-new.json").write_text("not JSON")  # a broken record: the cap
    assert builder.training_cost(short, tmp_path) == 2 * 300
    assert builder.training_cost(long, tmp_path) == 2 * 1000
    assert builder.training_cost(new, tmp_path) == 2 * 1000
    assert builder.training_cost(Artifact("t", "table", "tables:x"), tmp_path) == 0
