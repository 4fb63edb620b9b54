"""Benchmark of the figure pipeline (python -m scripts.build_artifacts), in temporary folders.

Everything is built from clean, every training run retrained (``--no-kept-runs``): this is
the documented way to retrain everything, which no test session does (they take the kept
results in runs/; tests/pipeline/test_kept_runs.py retrains one of them).

1. A clean serial build (--jobs 1) gives each artifact's own time: the baseline.
2. A clean parallel build (--jobs N, N = the CPUs available) gives the wall time, compared
   with the target: slowest artifact + sum of the others / N, plus 20 %.
3. A run with nothing to do, timed from the command line (interpreter start included),
   compared with its target of 1 second.
4. The experiments alone (the training runs and what shows them), from clean with N
   jobs: wall and CPU time against the target of 480 s wall, and each run's own wall and
   CPU time (the machine may be shared: CPU time is the steadier number). Then the
   determinism check on full runs: every run retrained here is compared with its kept
   result in runs/, which must be the same bytes where it was kept from the same inputs
   on this machine (the test suite retrains only the cheapest run).

    ./dev bench pipeline [--jobs N] [--experiments]

``--experiments`` runs only part 4 (the clean builds of parts 1 and 2 train every run too).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.artifacts.builder import default_jobs

ROOT = Path(__file__).resolve().parents[2]

NOOP_TARGET_S = 1.0
EXPERIMENTS_TARGET_S = 480.0


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(out: Path, *args: str) -> float:
    """Run the builder; returns its wall time in seconds (fails loudly on error)."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "scripts.build_artifacts", "--out", str(out),
                           "--quiet", "--no-kept-runs", *args],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"bench pipeline: the build failed:\n{proc.stderr}")
    return elapsed


def artifact_seconds(out: Path, key: str = "seconds") -> dict[str, float]:
    entries = json.loads((out / ".manifest.json").read_text())["artifacts"]
    return {name: float(e.get(key, 0.0)) for name, e in entries.items()}


def experiment_figures() -> dict[str, tuple[str, ...]]:
    from scripts.artifacts import registry

    return {a.name: a.needs for a in registry.all_artifacts() if a.kind == "figure" and a.needs}


def experiment_names() -> list[str]:
    from scripts.artifacts import registry

    return [a.name for a in registry.all_artifacts() if a.kind == "run" or a.needs]


def report_experiments(tmp: Path, jobs: int) -> None:
    """Part 4: the training runs and what shows them, from clean, with ``jobs`` workers."""
    exp_out = tmp / "experiments"
    cpu0 = children_cpu()
    exp_wall = build(exp_out, "--jobs", str(jobs), "--only", ",".join(experiment_names()))
    exp_cpu = children_cpu() - cpu0
    exp_seconds = artifact_seconds(exp_out)
    exp_cpu_each = artifact_seconds(exp_out, "cpu_seconds")
    runs = {n: s for n, s in exp_seconds.items() if n.startswith("run-")}
    print(f"experiments from clean ({len(exp_seconds)} artifacts, {len(runs)} runs, {jobs} "
          f"jobs): {exp_wall:.2f} s wall, CPU {exp_cpu:.2f} s")
    print(f"  ratio to the {EXPERIMENTS_TARGET_S:g} s target: "
          f"{exp_wall / EXPERIMENTS_TARGET_S:.2f}  "
          f"({'met' if exp_wall <= EXPERIMENTS_TARGET_S else 'NOT met'})")
    busy = exp_cpu / (jobs * exp_wall) if exp_wall else 0.0
    print(f"  workers busy: {busy:.0%} of {jobs} x wall (CPU of the build and every process "
          f"it started / (jobs x wall))")
    print("  per experiment artifact (wall / CPU of its worker, s; a run trains in a "
          "process of its own, whose CPU counts only in the total above):")
    for name, sec in sorted(exp_seconds.items(), key=lambda kv: -kv[1]):
        print(f"    {sec:7.2f} / {exp_cpu_each.get(name, 0.0):7.2f}  {name}")
    print("  per experiment: the runs it shows (a run shared by several counts in each):")
    for figure, needs in experiment_figures().items():
        wall = sum(exp_seconds[n] for n in needs) + exp_seconds[figure]
        cpu = sum(exp_cpu_each[n] for n in needs) + exp_cpu_each[figure]
        print(f"    {wall:7.2f} / {cpu:7.2f}  {figure}: {', '.join(needs)}")
    report_determinism(exp_out, sorted(runs))


def report_determinism(out: Path, names: list[str]) -> None:
    """Each run retrained into ``out`` against its kept result: identical bytes expected
    where it was kept from the same inputs on a machine like this one."""
    from scripts.artifacts import builder, registry
    from scripts.artifacts.kept_runs import KeptRuns, same_machine, this_machine

    kept, here = KeptRuns(ROOT / "runs"), this_machine()
    inputs = builder.Inputs.scan()
    arts = {a.name: a for a in registry.all_artifacts()}
    same, differ, elsewhere = [], [], []
    for name in names:
        record = kept.read(name)
        if record is None or record.key != builder.input_key(arts[name], inputs):
            elsewhere.append(f"{name} (no kept result from these inputs)")
        elif not same_machine(record.machine, here):
            elsewhere.append(f"{name} (kept on {record.machine.get('cpu', '?')})")
        elif (out / "runs" / f"{name}.json").read_bytes() == record.results:
            same.append(name)
        else:
            differ.append(name)
    print(f"determinism, full runs: {len(same)} of {len(names)} retrained runs are the same "
          f"bytes as kept in runs/; {len(differ)} differ"
          + (f": {', '.join(differ)}" if differ else "")
          + (f"; not comparable here: {', '.join(elsewhere)}" if elsewhere else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--experiments", action="store_true",
                        help="only the experiments from clean (part 4)")
    args = parser.parse_args()
    jobs = args.jobs
    if args.experiments:
        with tempfile.TemporaryDirectory(prefix="bench-pipeline-") as tmp:
            load_before = os.getloadavg()[0]
            report_experiments(Path(tmp), jobs)
            print(f"machine load average {load_before:.1f} before / "
                  f"{os.getloadavg()[0]:.1f} after (other work inflates wall times)")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-pipeline-") as tmp:
        serial_out, parallel_out = Path(tmp) / "serial", Path(tmp) / "parallel"
        load_before = os.getloadavg()[0]
        cpu0 = children_cpu()
        serial_wall = build(serial_out, "--jobs", "1")
        cpu1 = children_cpu()
        seconds = artifact_seconds(serial_out)
        parallel_wall = build(parallel_out, "--jobs", str(jobs))
        cpu2 = children_cpu()
        noop = [build(parallel_out) for _ in range(3)]
        load_after = os.getloadavg()[0]
        report_experiments(Path(tmp), jobs)

    ordered = sorted(seconds.items(), key=lambda kv: -kv[1])
    slowest = ordered[0][1]
    rest = sum(sec for _, sec in ordered[1:])
    ideal = slowest + rest / jobs
    target = 1.2 * ideal
    noop_best = min(noop)

    print(f"figure pipeline: {len(seconds)} artifacts, {jobs} jobs, machine load average "
          f"{load_before:.1f} before / {load_after:.1f} after (other work inflates "
          f"wall times)")
    print("per-artifact time (serial run, s):")
    for name, sec in ordered:
        print(f"  {sec:7.2f}  {name}")
    print(f"serial clean build:    {serial_wall:7.2f} s  (sum of artifacts "
          f"{sum(seconds.values()):.2f} s; CPU {cpu1 - cpu0:.2f} s)")
    print(f"parallel clean build:  {parallel_wall:7.2f} s  (CPU {cpu2 - cpu1:.2f} s; "
          f"speed-up over serial {serial_wall / parallel_wall:.2f}x)")
    print(f"  target = slowest {slowest:.2f} + rest {rest:.2f} / {jobs} = {ideal:.2f} s, "
          f"+20 % = {target:.2f} s")
    print(f"  ratio to target: {parallel_wall / target:.2f}  "
          f"({'met' if parallel_wall <= target else 'NOT met'})")
    print(f"no-op run (best of 3, interpreter start included): {noop_best:.3f} s")
    print(f"  ratio to the {NOOP_TARGET_S:g} s target: {noop_best / NOOP_TARGET_S:.2f}  "
          f"({'met' if noop_best < NOOP_TARGET_S else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
