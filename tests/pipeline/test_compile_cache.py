"""The training runs' processes (scripts/artifacts/runs.py): the compile cache (runs that
differ only in their :class:`experiments.model.Constants` share compiled programs, and a
run's numbers do not depend on whether its programs were compiled or loaded), and the
processor each runs on."""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scripts.artifacts import builder, runs

TINY: dict[str, Any] = {"scheme": "sinusoidal", "d_model": 16, "heads": 2, "layers": 1,
                        "d_mlp": 16, "vocab": 8, "offset": 1, "train_length": 8, "batch": 4,
                        "steps": 20, "warmup": 2, "seeds": [0, 1], "eval_length": 16,
                        "eval_batch": 4, "shifts": [0, 4, 8], "probe_batch": 4,
                        "check_every": 10}
#: Differs from TINY only in numbers the programs take as inputs.
SAME_SHAPE = {**TINY, "base": 100.0, "formula": "column-exponent", "embed_scale": "sqrt_d",
              "offset": 3, "task": "copy_half", "train_offset": 4}


def programs(cache: Path) -> set[str]:
    return {p.name for p in cache.rglob("*-cache")}


@dataclass
class ColdRun:
    """TINY trained once into a cache of its own, empty before: the tests below add to it
    (each compares the programs before and after its run), so the module compiles TINY's
    programs once, not twice. (A copy of the folder would not do: JAX's keys name it.)"""

    cache: Path
    results: dict[str, Any]
    compiled: set[str]


@pytest.fixture(scope="module")
def cold_run(tmp_path_factory: pytest.TempPathFactory) -> ColdRun:
    cache = tmp_path_factory.mktemp("cold") / "cache"
    results = runs.train(compile_cache=cache, **TINY)
    compiled = programs(cache)
    assert compiled, "the first run kept no compiled program"
    return ColdRun(cache, results, compiled)


@pytest.mark.training
def test_runs_that_differ_only_in_constants_share_programs_and_numbers_do_not_depend_on_it(
        cold_run: ColdRun) -> None:
    cache, before = cold_run.cache, programs(cold_run.cache)
    assert before >= cold_run.compiled
    # in a new training process, which has traced nothing: its programs come from the cache
    if runs._TRAINER is not None:
        runs._TRAINER.close()
        runs._TRAINER = None
    loaded = runs.train(compile_cache=cache, **SAME_SHAPE)
    assert programs(cache) == before, (
        f"a run differing only in its constants compiled programs of its own: "
        f"{sorted(programs(cache) - before)}")
    # TINY again, its programs loaded from the cache, against the cold run, which compiled
    # every program in its own process (the cache was empty)
    again = runs.train(compile_cache=cache, **TINY)
    assert programs(cache) == before
    compiled = dict(cold_run.results)
    compiled.pop("environment")
    again.pop("environment")
    assert again == compiled, "the same run gives other numbers with programs loaded from the cache"
    # and the constants did reach the programs: another task, another scale, other numbers
    assert loaded["losses"] != cold_run.results["losses"]


@pytest.mark.training
def test_a_run_of_another_shape_compiles_programs_of_its_own(cold_run: ColdRun) -> None:
    cache, before = cold_run.cache, programs(cold_run.cache)
    runs.train(compile_cache=cache, **{**TINY, "d_model": 8})
    assert programs(cache) > before
    assert runs.compile_cache_folder(cache).parent == cache


def test_a_build_keeps_programs_in_its_output_unless_a_shared_folder_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    monkeypatch.setenv(builder.COMPILE_CACHE_VARIABLE, str(tmp_path / "shared"))
    assert builder.compile_cache(out) == tmp_path / "shared"
    monkeypatch.setenv(builder.COMPILE_CACHE_VARIABLE, "")  # empty: as if not set
    assert builder.compile_cache(out) == out / builder.COMPILE_CACHE
    monkeypatch.delenv(builder.COMPILE_CACHE_VARIABLE)
    assert builder.compile_cache(out) == out / builder.COMPILE_CACHE


def test_concurrent_runs_hold_different_processors_then_share_one(tmp_path: Path) -> None:
    cpus = sorted(os.sched_getaffinity(0))
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(runs.one_cpu(tmp_path)) for _ in cpus]
        assert sorted(held) == cpus, "two runs were given one processor, or one none"
        with runs.one_cpu(tmp_path) as extra:  # one processor all the same: same arithmetic
            assert extra in cpus
    with runs.one_cpu(tmp_path) as again:  # released when the block ended
        assert again == cpus[0]


def test_every_thread_of_a_process_moves_to_the_processor_it_is_given() -> None:
    cpus = sorted(os.sched_getaffinity(0))
    code = ("import threading, time; [threading.Thread(target=time.sleep, args=(30,), "
            "daemon=True).start() for _ in range(3)]; print('ready', flush=True); "
            "time.sleep(30)")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        runs.move_to(child.pid, {cpus[-1]})
        threads = list(Path(f"/proc/{child.pid}/task").iterdir())
        assert len(threads) == 4
        assert all(os.sched_getaffinity(int(t.name)) == {cpus[-1]} for t in threads)
    finally:
        child.kill()
        child.wait()


def test_a_training_process_runs_on_the_processor_it_is_given() -> None:
    cpu = max(os.sched_getaffinity(0))
    code = ("import os; from scripts.artifacts.runs import pin_to_named_cpu; "
            "pin_to_named_cpu(); print(sorted(os.sched_getaffinity(0)))")
    env = {**os.environ, runs.CPU_VARIABLE: str(cpu)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, cwd=runs.ROOT).stdout
    assert out.strip() == f"[{cpu}]"


@pytest.mark.training
def test_runs_share_one_training_process_and_a_failed_run_ends_it(
        cold_run: ColdRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(runs.PIN_VARIABLE, raising=False)
    # TINY's programs, compiled once by the module's first run: these four runs load them
    train = functools.partial(runs.train, compile_cache=cold_run.cache)
    first = train(**TINY)
    trainer = runs._TRAINER
    assert trainer is not None and trainer.serves(trainer.env)
    # not pinned: it ran where the OS placed it (it started on one processor)
    assert os.sched_getaffinity(trainer.child.pid) == os.sched_getaffinity(0)
    again = train(**TINY)
    assert runs._TRAINER is trainer, "a second run started a training process of its own"
    first.pop("environment")
    again.pop("environment")
    assert again == first, "a run gave other numbers after an earlier run in its process"
    # a run that fails inside the process (here: no settings file) is reported with the
    # process's error, and the process ends: the next run starts afresh
    with pytest.raises(RuntimeError, match="missing.json"):
        trainer.run(tmp_path / "missing.json", tmp_path / "results.json", None)
    assert trainer.serves(trainer.env), "the process did not outlive a run's error"
    trainer.close()
    assert not trainer.serves(trainer.env)
    assert train(**TINY)["steps_trained"], "no run after the process ended"
    assert runs._TRAINER is not trainer
    # as the builder's workers train side by side: each run on one processor
    monkeypatch.setenv(runs.PIN_VARIABLE, "1")
    pinned = train(**TINY)
    pinned.pop("environment")
    assert pinned == first, "a pinned run gave other numbers"
    assert runs._TRAINER is not None
    assert len(os.sched_getaffinity(runs._TRAINER.child.pid)) == 1
