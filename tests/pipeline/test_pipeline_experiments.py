"""The experiments in the pipeline: cached runs, determinism, the page's claims.

The claims the page makes about the results (in words, next to the generated numbers) are
checked here against the full build's runs, so a change that breaks one fails a test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from artifacts import registry
from pipeline_helpers import ROOT, Sandbox, output_files

PAGE = ROOT / "docs" / "experiments.md"
EXPERIMENT_ARTIFACTS = [a for a in registry.all_artifacts() if a.needs]

# A tiny run with a figure, a table and numbers that show it, for clean builds in a sandbox.
TINY = """
EXPERIMENTS.append(_run("tiny-run", scheme="sinusoidal", d_model=16, layers=1, d_mlp=16,
                        train_length=8, eval_length=16, steps=20, warmup=5, batch=8,
                        seeds=[0, 1], shifts=[0, 4], shift_length=6, eval_batch=8,
                        probe_batch=8, chunks=2))
EXPERIMENTS.append(_figure("tiny-figure", "experiments:probe", needs=("tiny-run",),
                           alt="a tiny probe figure for the pipeline tests only",
                           caption="tiny", train_length=8, eval_length=16))
EXPERIMENTS.append(_table("tiny-table", "exp_tables:probe", needs=("tiny-run",)))
EXPERIMENTS.append(Artifact("tiny-numbers", "numbers", "exp_numbers:compute",
                            needs=("tiny-run",)))
"""
TINY_SHOWN = "tiny-figure,tiny-table,tiny-numbers"


def runs(out: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in (out / "runs").glob("*.json")}


@pytest.fixture(scope="module")
def results(full_build: Path) -> dict[str, dict]:
    found = runs(full_build)
    assert set(found) == {a.name for a in registry.RUNS}
    return found


def accuracy(run: dict, start: int, stop: int) -> float:
    acc = np.asarray(run["accuracy_by_position"])
    return float(acc[:, max(start, run["config"]["offset"]):stop].mean())


def test_page_shows_every_experiment_artifact() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for art in EXPERIMENT_ARTIFACTS:
        if art.kind == "numbers":
            assert re.search(r"\{\{ pe:exp_", text)
            continue
        folder = "figures" if art.kind == "figure" else "tables"
        assert f'--8<-- "{folder}/{art.name}.md"' in text, f"{art.name} is not on the page"


def test_claims_about_extrapolation(results: dict[str, dict]) -> None:
    length = registry.RUN_COMMON["train_length"]
    for name in registry.WITH_POSITIONS:  # "every model with positions solves the task"
        assert accuracy(results[name], 0, length) > 0.95, name
    after = {n: accuracy(results[n], length, 2 * length) for n in registry.SCHEMES}
    chance = 1 / results["run-sinusoidal"]["config"]["vocab"]
    for name in ("run-sinusoidal", "run-learned"):  # "falls to near chance almost at once"
        assert after[name] < 4 * chance, after
    assert after["run-rotary"] > 2 * max(after["run-sinusoidal"], after["run-learned"]), after
    # "the no-position model learns this task only a little"
    assert chance < accuracy(results["run-none"], 0, length) < 0.5


def test_claims_about_offsets(results: dict[str, dict]) -> None:
    rotary = np.asarray(results["run-rotary"]["shift_change"])
    assert rotary.max() < 1e-4, "rotary attention must not change under a shift"
    shifts = np.asarray(results["run-sinusoidal"]["config"]["shifts"])
    n = results["run-sinusoidal"]["config"]["shift_length"]
    inside = (shifts > 0) & (shifts + n <= registry.RUN_COMMON["train_length"])
    outside = shifts + n > registry.RUN_COMMON["train_length"]
    assert inside.any() and outside.any()
    for name in ("run-sinusoidal", "run-learned"):
        change = np.asarray(results[name]["shift_change"]).mean(axis=0)  # (layers, shifts)
        assert change[:, inside].min() > 0.02, name  # changes even inside the trained range
        assert change[-1, outside].mean() > change[-1, inside].mean(), name  # last block


def test_claims_about_the_probe(results: dict[str, dict]) -> None:
    chance = 1 / registry.RUN_COMMON["train_length"]
    for name in ("run-sinusoidal", "run-learned"):  # readable after embedding, then fades
        acc = np.asarray(results[name]["probe_accuracy"]).mean(axis=0)
        assert acc[0] > 0.8 and acc[-1] < acc[0], (name, acc)
    rotary = np.asarray(results["run-rotary"]["probe_accuracy"]).mean(axis=0)
    assert rotary[0] < 2 * chance, rotary  # nothing to read after the embedding


def test_claims_about_the_causal_mask(results: dict[str, dict]) -> None:
    chance = 1 / registry.RUN_COMMON["train_length"]
    both = results["run-none-bidirectional"]
    assert np.asarray(both["probe_accuracy"]).max() < 2 * chance
    assert np.abs(np.asarray(both["probe_r2"])).max() < 0.05
    causal = results["run-none"]
    assert np.asarray(causal["probe_r2"]).mean(axis=0)[1] > 0.1
    first = np.asarray(causal["probe_accuracy_by_position"]).mean(axis=0)[-1]
    assert first[0] > 0.3 and first[0] > 3 * first[len(first) // 2:].mean()


def test_sum_and_concat_differ_only_in_the_token_table(results: dict[str, dict]) -> None:
    sums, cat = results["run-sinusoidal"], results["run-sinusoidal-concat"]
    assert sums["config"]["d_model"] == cat["config"]["d_model"]
    assert sums["parameters"] - cat["parameters"] == \
        cat["config"]["vocab"] * cat["config"]["d_position"]
    for run in (sums, cat):  # "both learn the task inside the training length"
        assert accuracy(run, 0, run["config"]["train_length"]) > 0.95


@pytest.fixture
def tiny_sandbox(sandbox: Sandbox) -> Sandbox:
    reg = sandbox.root / "scripts" / "artifacts" / "registry.py"
    reg.write_text(reg.read_text().replace("\n\ndef examples()", TINY + "\n\ndef examples()"))
    return sandbox


def test_two_clean_builds_give_identical_runs_figures_and_numbers(tiny_sandbox: Sandbox,
                                                                  tmp_path: Path) -> None:
    outs = [tmp_path / "one", tmp_path / "two"]
    for out, jobs in zip(outs, ("1", "2"), strict=True):
        proc = tiny_sandbox.run("--out", out, "--only", TINY_SHOWN, "--jobs", jobs)
        assert proc.returncode == 0, proc.stderr
    one, two = output_files(outs[0]), output_files(outs[1])
    assert {"runs/tiny-run.json", "figures/tiny-figure-light.svg", "tables/tiny-table.md",
            "numbers/tiny-numbers.json"} <= set(one)
    assert one == two, [rel for rel in one if one[rel] != two.get(rel)]


def test_runs_train_once_and_again_only_when_their_code_changes(tiny_sandbox: Sandbox,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = tiny_sandbox.run("--out", out, "--only", "tiny-table")  # --only adds its run
    assert first.returncode == 0, first.stderr
    assert "built  tiny-run" in first.stdout and "training tiny-run: step" in first.stdout
    again = tiny_sandbox.run("--out", out, "--only", TINY_SHOWN)
    assert again.returncode == 0, again.stderr
    assert "tiny-run" not in again.stdout and "training" not in again.stdout  # cached
    # An edit to the training package makes the run, and what shows it, stale.
    with open(tiny_sandbox.root / "experiments" / "train.py", "a") as fh:
        fh.write("\n# a change to the training code\n")
    check = tiny_sandbox.run("--out", out, "--only", TINY_SHOWN, "--check")
    assert check.returncode == 1
    assert "tiny-run: stale" in check.stderr and "tiny-figure: stale" in check.stderr


def test_a_bad_run_setting_fails_the_build_naming_it(sandbox: Sandbox, tmp_path: Path) -> None:
    reg = sandbox.root / "scripts" / "artifacts" / "registry.py"
    reg.write_text(reg.read_text() + '\nEXPERIMENTS.append(_run("bad-run", scheme="alibi"))\n')
    proc = sandbox.run("--out", tmp_path / "out", "--only", "bad-run")
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: artifact 'bad-run' failed: ConfigError: scheme='alibi'"), last


def test_a_figure_needing_an_unknown_run_is_named(sandbox: Sandbox) -> None:
    reg = sandbox.root / "scripts" / "artifacts" / "registry.py"
    reg.write_text(reg.read_text() + '\nTABLES.append(_table("t", "exp_tables:probe", '
                   'needs=("no-such-run",)))\n')
    proc = sandbox.run("--list")
    assert proc.returncode != 0
    assert "artifact 't' needs 'no-such-run', which is not a run" in proc.stderr
    assert "Traceback" not in proc.stderr
