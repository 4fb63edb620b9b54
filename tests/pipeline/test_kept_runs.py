"""The training results kept in runs/: current, complete, and reproduced from scratch.

Every test session uses the kept results instead of training (the builder takes a kept
result only when it was made from the run's current inputs). These tests make sure that
shortcut stays honest: every kept result matches its run's inputs now, and one run is
retrained from scratch every time and compared with what is kept.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from helpers.pipeline import ROOT, run_builder

from scripts.artifacts import builder, registry
from scripts.artifacts.kept_runs import KeptRuns, cpu_features, same_machine, this_machine

RUNS = [a for a in registry.all_artifacts() if a.kind == "run"]
KEPT = KeptRuns(ROOT / "runs")
#: On another processor XLA's CPU kernels may round differently (vector width, fused
#: multiply-add), and hundreds of steps of Adam carry that into the last digits of every loss and
#: accuracy. Allowed there: 0.02 absolute plus 5 % relative; on the machine that made the
#: kept result, nothing (identical bytes).
ATOL, RTOL = 0.02, 0.05


def test_every_run_has_a_kept_result_made_from_its_current_inputs() -> None:
    inputs = builder.Inputs.scan()
    stale = []
    for art in RUNS:
        kept = KEPT.read(art.name)
        if kept is None:
            stale.append(f"{art.name}: no runs/{art.name}.json")
        elif kept.key != builder.input_key(art, inputs):
            stale.append(f"{art.name}: runs/{art.name}.json was made from other inputs "
                         "(settings, experiments/pe code or library versions)")
    assert not stale, ("retrain with `./dev build` (it keeps what it trains in runs/) and "
                       "commit runs/:\n" + "\n".join(stale))


def test_runs_holds_only_declared_runs() -> None:
    declared = {f"{a.name}.json" for a in RUNS}
    extra = sorted(p.name for p in KEPT.folder.iterdir() if p.name not in declared)
    assert not extra, f"runs/ keeps results of no declared run: {extra}"


def _differences(kept: Any, fresh: Any, where: str = "") -> list[str]:
    """Where two results differ by more than the tolerance (numbers) or at all (the rest)."""
    if isinstance(kept, dict) and isinstance(fresh, dict):
        if set(kept) != set(fresh):
            return [f"{where}: keys {sorted(set(kept) ^ set(fresh))} in one only"]
        return [d for k in sorted(kept) for d in _differences(kept[k], fresh[k], f"{where}.{k}")]
    if isinstance(kept, list) and isinstance(fresh, list):
        if len(kept) != len(fresh):
            return [f"{where}: {len(kept)} items against {len(fresh)}"]
        return [d for i, (a, b) in enumerate(zip(kept, fresh, strict=True))
                for d in _differences(a, b, f"{where}[{i}]")]
    if (isinstance(kept, float) or isinstance(fresh, float)) and not isinstance(kept, bool):
        if isinstance(kept, int | float) and isinstance(fresh, int | float):
            if math.isnan(kept) and math.isnan(fresh):
                return []
            if abs(kept - fresh) <= ATOL + RTOL * abs(kept):
                return []
    elif kept == fresh:
        return []
    return [f"{where}: kept {kept!r}, retrained {fresh!r}"]


def _without_environment(results: bytes) -> dict[str, Any]:
    data = json.loads(results)
    data.pop("environment")
    return dict(data)


def test_every_kept_run_records_where_it_was_trained_as_its_record_says() -> None:
    """The page shows the results' ``environment``: it must be the machine the kept record
    names (libraries, processor, system, Python), with the processor count, device and
    XLA flags."""
    wrong = []
    for art in RUNS:
        kept = KEPT.read(art.name)
        assert kept is not None, f"no runs/{art.name}.json"
        env = json.loads(kept.results)["environment"]
        if ({k: env.get(k) for k in kept.machine} != kept.machine
                or not env.get("logical_cpus") or not env.get("device")
                or "xla_flags" not in env):
            wrong.append((art.name, env, kept.machine))
    assert not wrong, wrong


def test_differences_finds_what_exceeds_the_tolerance() -> None:
    kept = {"config": {"scheme": "sinusoidal", "seeds": [0, 1]}, "loss": [0.5, 0.1]}
    assert _differences(kept, json.loads(json.dumps(kept))) == []
    assert _differences(kept, {**kept, "loss": [0.5, 0.1 + ATOL / 2]}) == []
    assert _differences(kept, {**kept, "loss": [0.5, 0.2]}) == [".loss[1]: kept 0.1, retrained 0.2"]
    assert _differences(kept, {**kept, "config": {"scheme": "rotary", "seeds": [0, 1]}})
    assert _differences(kept, {**kept, "loss": [0.5]})


def test_identical_bytes_are_expected_only_where_the_processor_is_known_to_match() -> None:
    here = this_machine()
    assert same_machine(here, dict(here))
    # "AMD EPYC" names several generations; one kept from another rounds differently
    other_generation = {**here, "cpu_features": "family 25 model 1 avx avx2 fma"}
    assert not same_machine(other_generation, here)
    # a record kept before the features were recorded matches no machine
    assert not same_machine({k: v for k, v in here.items() if k != "cpu_features"}, here)
    if Path("/proc/cpuinfo").is_file():
        assert cpu_features().startswith("family ")


@pytest.mark.training
def test_one_run_retrained_from_scratch_reproduces_its_kept_result(tmp_path: Path) -> None:
    # The cheapest run, so every test session can afford it: fewest seed-steps as its kept
    # record trained them (the builder's own estimate; the convergence rule stops most runs
    # long before their cap).
    art = min(RUNS, key=lambda a: (builder.training_cost(a), a.name))
    kept = KEPT.read(art.name)
    assert kept is not None, f"no runs/{art.name}.json"
    # from scratch: every program compiled anew too (not the test session's shared cache)
    proc = run_builder("--out", tmp_path, "--only", art.name, "--no-kept-runs", "--quiet",
                       timeout=900, env={builder.COMPILE_CACHE_VARIABLE: ""})
    assert proc.returncode == 0, proc.stderr
    fresh = (tmp_path / "runs" / f"{art.name}.json").read_bytes()
    if same_machine(kept.machine, this_machine()):
        assert fresh == kept.results, (
            f"{art.name} retrained on the machine that made runs/{art.name}.json gives other "
            f"bytes: {_differences(json.loads(kept.results), json.loads(fresh))[:5]}")
    else:
        # where it was trained is recorded, not reproduced (the processor differs)
        problems = _differences(_without_environment(kept.results),
                                _without_environment(fresh))
        assert not problems, (f"{art.name} retrained on {this_machine()['cpu']} differs from "
                              f"the kept result made on {kept.machine['cpu']} beyond "
                              f"{ATOL} + {RTOL:.0%}: " + "; ".join(problems[:10]))
