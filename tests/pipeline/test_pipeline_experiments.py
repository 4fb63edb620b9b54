"""The experiments in the pipeline: cached runs, determinism, fair comparisons.

The claims the page makes about the results are checked in test_experiment_claims.py.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers.pipeline import Sandbox, make_sandbox, output_files

from scripts.artifacts import registry
from scripts.artifacts.pages import experiments as experiments_page

EXPERIMENT_ARTIFACTS = [a for a in registry.all_artifacts() if a.needs]

# A tiny run with a figure, a table and numbers that show it, for clean builds in a sandbox
# (appended to the page module that declares the runs; it imports what it uses itself).
TINY = """
from scripts.artifacts.registry import Artifact, figure, table
ARTIFACTS.append(_run("tiny-run", scheme="sinusoidal", d_model=16, layers=1, d_mlp=16,
                        train_length=8, eval_length=16, steps=20, warmup=5, batch=8,
                        seeds=[0, 1], shifts=[0, 4], eval_batch=8,
                        probe_batch=8, check_every=10))
ARTIFACTS.append(figure("tiny-figure", "experiments:probe", needs=("tiny-run",),
                           alt="a tiny probe figure for the pipeline tests only",
                           caption="tiny", train_length=8, eval_length=16))
ARTIFACTS.append(table("tiny-table", "results.tables:probe", needs=("tiny-run",)))
ARTIFACTS.append(Artifact("tiny-numbers", "numbers", "results.numbers:compute",
                            needs=("tiny-run",)))
"""
TINY_SHOWN = "tiny-figure,tiny-table,tiny-numbers"


def _settings(art: registry.Artifact) -> dict:
    from experiments.config import RunConfig
    return RunConfig.from_params(dict(art.params)).as_dict()


#: What the page says each run changes against ``run-sinusoidal`` (its "Compared:" lines).
CHANGES = {
    "run-learned": {"scheme"}, "run-rotary": {"scheme"}, "run-none": {"scheme"},
    "run-none-bidirectional": {"scheme", "causal"},
    "run-sinusoidal-sum-half": {"d_position"},
    "run-sinusoidal-concat": {"d_position", "combine"},
    "run-sinusoidal-shape": {"train_offset"},
    "run-sinusoidal-shape-small": {"train_offset"},
    # randomised positions and their controls: the previous token, under a longer cap
    "run-sinusoidal-offset-1": {"offset", "steps"},
    "run-sinusoidal-random": {"offset", "steps", "train_positions", "max_position"},
    "run-rotary-offset-1": {"scheme", "offset", "steps"},
    "run-sinusoidal-shape-offset-1": {"offset", "steps", "train_offset"},
    "run-rotary-random": {"scheme", "offset", "steps", "train_positions", "max_position"},
    **{f"run-sinusoidal-base-{b}": {"base"} for b in (5, 100, 1000, 100000)},
    **{f"run-rotary-base-{b}": {"scheme", "base"} for b in (5, 100, 1000, 100000)},
    "run-half-sinusoidal": {"task"},
    **{f"run-half-{s}": {"scheme", "task"} for s in ("learned", "rotary", "none")},
    "run-learned-from-sinusoidal": {"scheme", "learned_init"},
    "run-sinusoidal-column-exponent": {"formula"},
    # real text: the task, its vocabulary and text, more evaluation windows, no plateau rule,
    # fewer steps
    "run-text-sinusoidal": {"task", "vocab", "corpus", "eval_batch", "patience", "steps"},
    **{f"run-text-{s}": {"scheme", "task", "vocab", "corpus", "eval_batch", "patience", "steps"}
       for s in ("learned", "rotary", "none")},
    # width and embedding scale
    **{f"run-sinusoidal-d{d}": {"d_model"} for d in (16, 64)},
    "run-sinusoidal-scaled": {"embed_scale"},
    "run-sinusoidal-sum-half-d64": {"d_model", "d_position"},
    "run-sinusoidal-concat-d64": {"d_model", "d_position", "combine"},
    "run-sinusoidal-sum-half-scaled": {"d_position", "embed_scale"},
    "run-sinusoidal-concat-scaled": {"d_position", "combine", "embed_scale"},
    "run-alibi": {"scheme"}, "run-t5": {"scheme"},
    **{f"run-half-{s}": {"scheme", "task"} for s in ("alibi", "t5")},
    # the same seeds trained on past the stopping rule, to a fixed number of steps
    "run-rotary-trained-on": {"scheme", "target_loss", "patience", "steps"},
    "run-t5-trained-on": {"scheme", "target_loss", "patience", "steps"},
    "run-sinusoidal-sum-half-trained-on": {"d_position", "target_loss", "patience", "steps"},
    "run-sinusoidal-concat-trained-on": {"d_position", "combine", "target_loss", "patience",
                                         "steps"},
    "run-far-sinusoidal": {"offset"},
    **{f"run-far-{s}": {"scheme", "offset"} for s in ("learned", "rotary", "t5")},
}


def test_each_run_changes_only_what_the_page_says() -> None:
    runs = {a.name: _settings(a) for a in experiments_page.RUNS}
    reference = runs.pop("run-sinusoidal")
    assert set(runs) == set(CHANGES)
    for name, settings in runs.items():
        differs = {k for k, v in settings.items() if v != reference[k]}
        assert differs == CHANGES[name], f"{name} differs in {sorted(differs)}"


def test_randomised_positions_differ_from_their_controls_only_in_the_positions() -> None:
    arms = {a.name: _settings(a) for a in experiments_page.RUNS
            if a.name in experiments_page.RANDOM_CONTROLLED}
    for random, control in (("run-sinusoidal-random", "run-sinusoidal-offset-1"),
                            ("run-rotary-random", "run-rotary-offset-1")):
        differs = {k for k in arms[random] if arms[random][k] != arms[control][k]}
        assert differs == {"train_positions", "max_position"}, (random, differs)
    # SHAPE's offsets on the same task: only where training sequences start differs
    covered = arms["run-sinusoidal-shape-offset-1"]
    control = arms["run-sinusoidal-offset-1"]
    assert {k for k in covered if covered[k] != control[k]} == {"train_offset"}


def test_sum_and_concatenation_arms_have_the_same_parameters_and_vectors() -> None:
    summed, joined = (_settings(a) for a in experiments_page.RUNS if a.name in experiments_page.COMBINES)
    assert {k for k in summed if summed[k] != joined[k]} == {"combine"}


def _make_sandbox(root: Path) -> Sandbox:
    """A sandbox (conftest.py) with the tiny run in the page module."""
    sandbox = make_sandbox(root)
    page = root / "scripts" / "artifacts" / "pages" / "experiments.py"
    page.write_text(page.read_text() + TINY)
    return sandbox


@dataclass
class TinyTrained:
    """The tiny run trained once in its own sandbox (kept in its runs/), with what it showed:
    the tests below share it, so the module trains three times, not five."""

    sandbox: Sandbox
    out: Path
    stdout: str
    kept: Path

    def copy(self, dest: Path) -> Sandbox:
        """A copy of the sandbox, the kept run included, that a test may edit."""
        shutil.copytree(self.sandbox.root, dest)
        return Sandbox(dest)


@pytest.fixture(scope="module")
def tiny_trained(tmp_path_factory: pytest.TempPathFactory) -> TinyTrained:
    base = tmp_path_factory.mktemp("tiny")
    sandbox = _make_sandbox(base / "repo")
    out = base / "one"
    proc = sandbox.run("--out", out, "--only", TINY_SHOWN, "--jobs", "1")  # trains, then keeps
    assert proc.returncode == 0, proc.stderr
    return TinyTrained(sandbox, out, proc.stdout, sandbox.root / "runs" / "tiny-run.json")


@pytest.fixture
def tiny_sandbox(tmp_path: Path) -> Sandbox:
    return _make_sandbox(tmp_path / "repo")


def test_two_clean_builds_give_identical_runs_figures_and_numbers(tiny_trained: TinyTrained,
                                                                  tmp_path: Path) -> None:
    # The shared build trained with one job; this one trains again, with two.
    proc = tiny_trained.sandbox.run("--out", tmp_path / "two", "--only", TINY_SHOWN, "--jobs", "2",
                                    "--no-kept-runs")
    assert proc.returncode == 0, proc.stderr
    for stdout in (tiny_trained.stdout, proc.stdout):
        assert "training tiny-run" in stdout
    one, two = output_files(tiny_trained.out), output_files(tmp_path / "two")
    assert {"runs/tiny-run.json", "figures/tiny-figure-light.svg", "tables/tiny-table.md",
            "numbers/tiny-numbers.json"} <= set(one)
    assert one == two, [rel for rel in one if one[rel] != two.get(rel)]


def test_a_run_trains_once_is_kept_and_trains_again_only_when_its_inputs_change(
        tiny_trained: TinyTrained, tmp_path: Path) -> None:
    first = tiny_trained.stdout  # the shared build: no kept result yet
    assert "built  tiny-run" in first and "training tiny-run: step" in first
    sandbox = tiny_trained.copy(tmp_path / "repo")
    one, kept = tmp_path / "one", sandbox.root / "runs" / "tiny-run.json"
    shutil.copytree(tiny_trained.out, one)
    assert kept.is_file()  # trained, then kept
    record = json.loads(kept.read_text())
    assert set(record) == {"run", "inputs", "made_on", "results"}
    assert {"cpu", "system", "python", "libraries"} <= set(record["made_on"])
    again = sandbox.run("--out", one, "--only", TINY_SHOWN)
    assert again.returncode == 0, again.stderr
    assert "tiny-run" not in again.stdout and "training" not in again.stdout  # current
    # A clean output folder takes the kept result: the same bytes, no training.
    reused = sandbox.run("--out", tmp_path / "two", "--only", "tiny-run")
    assert reused.returncode == 0, reused.stderr
    assert "training tiny-run" not in reused.stdout
    assert "kept results used (made from the same inputs), not trained: tiny-run" in reused.stdout
    assert (tmp_path / "two" / "runs" / "tiny-run.json").read_bytes() == \
        (one / "runs" / "tiny-run.json").read_bytes()
    # An edit to the training package makes the run, and what shows it, stale ...
    with open(sandbox.root / "experiments" / "train.py", "a") as fh:
        fh.write("\n# a change to the training code\n")
    check = sandbox.run("--out", one, "--only", TINY_SHOWN, "--check")
    assert check.returncode == 1
    assert "tiny-run: stale" in check.stderr and "tiny-figure: stale" in check.stderr
    # ... and the kept result is refused: the run trains, and is kept anew.
    refused = sandbox.run("--out", tmp_path / "three", "--only", "tiny-run")
    assert refused.returncode == 0, refused.stderr
    assert "training tiny-run" in refused.stdout
    assert json.loads(kept.read_text())["inputs"] != record["inputs"]


def test_deferred_training_leaves_out_the_run_and_what_shows_it(tiny_trained: TinyTrained,
                                                                 tiny_sandbox: Sandbox,
                                                                 tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = tiny_sandbox.run("--out", out, "--only", f"tiny-run,{TINY_SHOWN}", "--defer-training")
    assert proc.returncode == 0, proc.stderr
    assert "training" not in proc.stdout and not (out / "runs").exists()
    pending = json.loads((out / ".pending.json").read_text())
    assert pending == {"runs": ["tiny-run"], "artifacts": {
        "tiny-figure": "figure", "tiny-table": "table", "tiny-numbers": "numbers"}}
    # Once the run is kept (trained elsewhere: the shared build), nothing is pending.
    (tiny_sandbox.root / "runs").mkdir()
    shutil.copy(tiny_trained.kept, tiny_sandbox.root / "runs")
    again = tiny_sandbox.run("--out", out, "--only", f"tiny-run,{TINY_SHOWN}", "--defer-training")
    assert again.returncode == 0, again.stderr
    assert "training tiny-run" not in again.stdout
    assert json.loads((out / ".pending.json").read_text()) == {"runs": [], "artifacts": {}}
    assert (out / "figures" / "tiny-figure-light.svg").is_file()


def test_a_damaged_kept_run_is_named(tiny_sandbox: Sandbox, tmp_path: Path) -> None:
    kept = tiny_sandbox.root / "runs" / "tiny-run.json"
    kept.parent.mkdir()
    kept.write_text("{not json")
    proc = tiny_sandbox.run("--out", tmp_path / "out", "--only", "tiny-run")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "tiny-run.json is not a kept run" in proc.stderr.strip().splitlines()[-1]


def test_a_bad_run_setting_fails_the_build_naming_it(sandbox: Sandbox, tmp_path: Path) -> None:
    page = sandbox.root / "scripts" / "artifacts" / "pages" / "experiments.py"
    page.write_text(page.read_text() + '\nARTIFACTS.append(_run("bad-run", scheme="cosine"))\n')
    proc = sandbox.run("--out", tmp_path / "out", "--only", "bad-run")
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: artifact 'bad-run' failed: ConfigError: scheme='cosine'"), last


def test_a_figure_needing_an_unknown_run_is_named(sandbox: Sandbox) -> None:
    page = sandbox.root / "scripts" / "artifacts" / "pages" / "experiments.py"
    page.write_text(page.read_text() + '\nARTIFACTS.append(table("t", "results.tables:probe", '
                    'needs=("no-such-run",)))\n')
    proc = sandbox.run("--list")
    assert proc.returncode != 0
    assert "artifact 't' needs 'no-such-run', which is not a run" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_text_runs_key_holds_the_digest_of_its_text_and_the_loader() -> None:
    """Another Python's standard library is another text: its digest is a declared setting,
    so a kept run is reused only for the same text; the loader's code is in the key too."""
    import dataclasses

    from scripts.artifacts import builder
    from scripts.artifacts.corpus import digest

    run = next(a for a in experiments_page.RUNS if a.name == "run-text-none")
    assert run.params["corpus"] == digest()
    inputs = builder.Inputs.scan()
    other = dataclasses.replace(run, params={**run.params, "corpus": "0" * 64})
    assert builder.input_key(run, inputs) != builder.input_key(other, inputs)
    assert "corpus" in builder.package_imports("runs")
