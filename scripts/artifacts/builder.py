"""The one builder: decides what is stale, renders it in parallel, writes it atomically.

An artifact is *current* when the manifest (``<out>/.manifest.json``) records, for it, the
same input key as now and every output file on disk still has the recorded SHA-256. The
key hashes everything the bytes depend on: the ``pe`` sources, the artifact's drawing
module and the shared pipeline modules, its declaration (parameters, alt text, caption),
and the versions of Python and the libraries. So a run with nothing to do reads a few
source files and hashes the outputs, and never imports Matplotlib.

Files are written to a temporary name and moved into place with ``os.replace``; the
manifest entry is written only after all of an artifact's files. An interrupted run can
therefore leave an old file or a stray temporary file, never a file the manifest vouches
for that is not the complete, current output.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import importlib.metadata
import json
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TextIO

from scripts.artifacts import registry
from scripts.artifacts.kept_runs import KeptRunError, KeptRuns, run_environment
from scripts.artifacts.registry import PACKAGE_DIR, ROOT, Artifact, module_path

MANIFEST = ".manifest.json"
LOCK = ".lock"
TMP_MARK = ".tmp-"
#: The training runs' compiled programs (``scripts.artifacts.runs``), inside the output.
COMPILE_CACHE = ".compile-cache"
#: Names a folder to keep them in instead, shared by several outputs: the tests' builds in
#: throw-away folders set it, so a tiny run's programs are compiled once a session, not once
#: a folder (compiling is most of a tiny run's time; a loaded program computes the same).
COMPILE_CACHE_VARIABLE = "PE_COMPILE_CACHE"
#: Bump to rebuild everything after a change to how the builder names or writes files.
PIPELINE_VERSION = "1"
LIBRARIES = ("numpy", "matplotlib", "ml_dtypes", "sympy", "cmcrameri", "pillow", "contourpy",
             "jax", "jaxlib", "optax")
#: Packages of the repository whose source shapes artifacts: the maths, and the models
#: trained for the experiments. An artifact's key hashes the files of them it imports.
DATA_PACKAGES = ("pe", "experiments")
DEFAULT_OUT = ROOT / "generated"
#: Training results kept in the repository (see kept_runs.py).
KEPT_RUNS = ROOT / "runs"
#: Rough cost of an artifact never built before, for scheduling only.
TYPICAL_SECONDS = {"run": 25.0, "proofs": 3.0, "numbers": 2.0, "figure": 1.0, "card": 1.0,
                   "example": 0.3, "table": 0.01}


class BuildError(Exception):
    """A one-line, user-facing failure (printed without a traceback)."""


# ---------------------------------------------------------------- input keys


def _digest_files(paths: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)",
                          re.MULTILINE)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n#;]+)", re.MULTILINE)


@functools.cache
def pe_imports(path: Path) -> frozenset[Path]:
    """The source files of the data packages (``pe``, ``experiments``) that ``path``
    imports directly.

    A fast textual scan of its import statements (an import inside a docstring counts
    too: that only ever rebuilds more, never less).
    """
    home = path.parent.name if path.parent.parent == ROOT else ""
    in_pe = home in DATA_PACKAGES
    found: set[Path] = set()

    def module_file(dotted: str) -> None:
        parts = dotted.split(".")
        if parts[0] not in DATA_PACKAGES:
            return
        pkg = ROOT / parts[0]
        found.add(pkg / "__init__.py")  # importing pkg.x runs pkg/__init__.py first
        if len(parts) > 1 and (pkg / f"{parts[1]}.py").is_file():
            found.add(pkg / f"{parts[1]}.py")
        elif len(parts) > 1 and (pkg / parts[1]).is_dir():  # a subpackage: all of it
            found.update((pkg / parts[1]).rglob("*.py"))

    text = path.read_text(encoding="utf-8", errors="replace")
    for match in _IMPORT.finditer(text):
        for item in match.group(1).split(","):
            module_file(item.split()[0] if item.split() else "")
    for match in _FROM_IMPORT.finditer(text):
        base = match.group(1)
        if base.startswith("."):  # relative: only meaningful inside a data package
            if not in_pe:
                continue
            base = home + (f".{base.lstrip('.')}" if base.strip(".") else "")
        module_file(base)
        if base in DATA_PACKAGES:  # `from pe import symbolic` may name a submodule
            for item in match.group(2).strip("()").split(","):
                if item.split():
                    module_file(f"{base}.{item.split()[0]}")
    return frozenset(found)


@dataclass(frozen=True)
class Inputs:
    """Digests shared by all artifacts, computed once per run."""

    modules: dict[str, str]  # pipeline module name -> digest
    module_pe: dict[str, frozenset[Path]]  # pipeline module name -> pe files it needs
    environment: str
    #: a training run's share of the environment (kept runs must stay valid across
    #: Python patch releases and drawing-library updates)
    run_environment: str
    _pe_cache: dict[Path, frozenset[Path]] = field(default_factory=dict)

    @classmethod
    def scan(cls) -> Inputs:
        if not (ROOT / "pe" / "__init__.py").is_file():
            raise BuildError(f"no pe package at {ROOT / 'pe'}")
        files = sorted(PACKAGE_DIR.rglob("*.py"))
        modules = {_module_name(p): _digest_files([p]) for p in files}
        versions = [f"python={sys.version_info[:3]}"]
        for lib in LIBRARIES:
            try:
                versions.append(f"{lib}={importlib.metadata.version(lib)}")
            except importlib.metadata.PackageNotFoundError:
                versions.append(f"{lib}=missing")
        inputs = cls(modules, {}, ";".join(versions), run_environment())
        for p in files:
            inputs.module_pe[_module_name(p)] = inputs.pe_closure(p)
        return inputs

    def pe_closure(self, path: Path) -> frozenset[Path]:
        """Every pe source file that importing ``path`` can run (transitively)."""
        if path not in self._pe_cache:
            seen: set[Path] = set()
            todo = list(pe_imports(path))
            while todo:
                f = todo.pop()
                if f not in seen:
                    seen.add(f)
                    todo.extend(pe_imports(f))
            self._pe_cache[path] = frozenset(seen)
        return self._pe_cache[path]


_PACKAGE_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+scripts\.artifacts\.([\w.]+)[ \t]+import|"
                             r"from[ \t]+scripts\.artifacts[ \t]+import[ \t]+(\w+)|"
                             r"import[ \t]+scripts\.artifacts\.([\w.]+))", re.MULTILINE)
#: Modules that never shape an artifact's bytes: the declarations are hashed field by field.
#: The page modules (``pages.*``) are declarations too, hashed field by field for the
#: artifacts they declare; they count as inputs only where their code runs, in the exercise
#: fragments (``exercises`` imports them: an exercise's answer is a function).
_NOT_INPUTS = {"registry", "builder", "kept_runs", "__init__"}


def _module_name(path: Path) -> str:
    """``figures/waves.py`` -> ``figures.waves`` (a package's ``__init__.py`` -> its name)."""
    parts = path.relative_to(PACKAGE_DIR).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


@functools.cache
def package_imports(stem: str) -> frozenset[str]:
    """The pipeline modules ``artifacts.<stem>`` needs, itself included (transitively)."""
    seen: set[str] = set()
    todo = [stem]
    while todo:
        mod = todo.pop()
        path = module_path(mod)
        if mod in seen or mod in _NOT_INPUTS or not path.is_file():
            continue
        seen.add(mod)
        text = path.read_text(encoding="utf-8", errors="replace")
        todo += [next(g for g in m.groups() if g) for m in _PACKAGE_IMPORT.finditer(text)]
        # `from scripts.artifacts.pages import formula, index`: modules of a folder (the
        # page modules, whose exercises' answers are code the exercise fragments run)
        for m in _FROM_IMPORT.finditer(text):
            folder = m.group(1).removeprefix("scripts.artifacts.")
            if m.group(1).startswith("scripts.artifacts.") and module_path(folder).name == \
                    "__init__.py":
                names = [item.split()[0] for item in m.group(2).strip("()").split(",")
                         if item.split()]
                todo += [f"{folder}.{n}" for n in names
                         if module_path(f"{folder}.{n}").is_file()]
    return frozenset(seen)


def _shared_modules(art: Artifact) -> list[str]:
    """The pipeline modules whose code shapes this artifact's bytes.

    ``render`` (how files are made) for all but runs (a run's bytes are its results, written
    by the builder); for the others, the artifact's own module and what it imports from
    this package; figures are also drawn with ``style``, and a
    social card with ``style`` and the module of the figure it shows.
    """
    if art.kind == "example":
        return ["render"]
    if not module_path(art.module).is_file():
        raise BuildError(f"artifact '{art.name}' refers to a missing module "
                         f"scripts/artifacts/{module_path(art.module).relative_to(PACKAGE_DIR)}")
    mods = (set() if art.kind == "run" else {"render"}) | package_imports(art.module)
    if art.kind in ("figure", "card"):
        mods |= package_imports("style")
    if art.kind == "card" and "figure_func" in art.params:  # it draws the page's figure afresh
        mods |= package_imports(str(art.params["figure_func"]).split(":")[0])
    return sorted(mods)


def input_key(art: Artifact, inputs: Inputs, needed: dict[str, str] | None = None) -> str:
    """SHA-256 of everything the artifact's output depends on.

    Of ``pe`` (and ``experiments``), only the files the artifact's code imports (found
    statically, transitively) count: editing ``pe/symbolic.py`` rebuilds the proofs, not
    the figures. An artifact that shows runs includes their keys (``needed``: name -> key),
    so retraining a run redraws what shows it.
    """
    h = hashlib.sha256()
    for dep in art.needs:
        h.update(f"|needs:{dep}={(needed or {})[dep]}".encode())
    decl: dict[str, Any] = {"name": art.name, "kind": art.kind, "func": art.func,
                            "params": art.params, "alt": art.alt, "caption": art.caption,
                            "fmt": art.fmt}
    if art.first_screen:  # only when set: every other key stays as it was
        decl["first_screen"] = True
    h.update(json.dumps(decl, sort_keys=True, default=repr).encode())
    environment = inputs.run_environment if art.kind == "run" else inputs.environment
    h.update(f"|v{PIPELINE_VERSION}|{environment}".encode())
    pe_files: set[Path] = set()
    for mod in _shared_modules(art):
        h.update(f"|{mod}={inputs.modules[mod]}".encode())
        pe_files |= inputs.module_pe[mod]
    if art.source is not None:
        h.update(b"|source=" + _digest_files([art.source]).encode())
        pe_files |= inputs.pe_closure(art.source)
    h.update(b"|pe=" + _digest_files(sorted(pe_files)).encode())
    return h.hexdigest()


# ---------------------------------------------------------------- manifest and files


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_manifest(out: Path) -> dict[str, Any]:
    try:
        data = json.loads((out / MANIFEST).read_text())
        if isinstance(data, dict) and isinstance(data.get("artifacts"), dict):
            return data
    except (OSError, ValueError):
        pass  # missing or damaged: everything counts as stale
    return {"version": 1, "artifacts": {}}


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is either the old or the complete new file.

    (No fsync: this guards against interrupted and failing runs, not power loss.)
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}{TMP_MARK}{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def save_manifest(out: Path, manifest: dict[str, Any]) -> None:
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    atomic_write(out / MANIFEST, text.encode())


def status(art: Artifact, key: str, manifest: dict[str, Any], out: Path) -> str | None:
    """``None`` if current, else why not (``missing``, ``stale`` or ``modified``)."""
    entry = manifest["artifacts"].get(art.name)
    if not entry or not entry.get("outputs"):
        return "missing: never built"
    if entry.get("key") != key:
        return "stale: its inputs changed"
    for rel, digest in sorted(entry["outputs"].items()):
        path = out / rel
        try:
            data = path.read_bytes()
        except OSError:
            return f"missing: {rel}"
        if sha256(data) != digest:
            return f"modified: {rel} is not the recorded output"
    return None


@contextlib.contextmanager
def locked(out: Path, log: TextIO | None) -> Iterator[None]:
    """One builder at a time per output folder (e.g. `mkdocs serve` and a manual run)."""
    out.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    with open(out / LOCK, "w") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if log:
                print("waiting for another build of this folder to finish ...", file=log)
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def remove_stray_temp_files(out: Path) -> None:
    """Temporary files of an interrupted run are never valid output: delete them."""
    for path in out.rglob(f".*{TMP_MARK}*"):
        with contextlib.suppress(OSError):
            path.unlink()


# ---------------------------------------------------------------- running


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


class Progress:
    """One line per finished artifact, with how long the rest should take: each artifact's
    last recorded time (else a guess by kind) over the worker processes."""

    def __init__(self, total: int, quiet: bool, stream: TextIO, names: list[str],
                 expected: dict[str, float] | None = None, jobs: int = 1) -> None:
        self.total, self.done, self.quiet, self.stream = total, 0, quiet, stream
        self.width = len(str(total))
        self.name_width = max(map(len, names), default=0)
        self.expected, self.jobs = dict(expected or {}), max(1, jobs)

    def line(self, text: str) -> None:
        if not self.quiet:
            print(text, file=self.stream, flush=True)

    def finished(self, name: str, seconds: float, ok: bool = True) -> None:
        self.done += 1
        left = self.total - self.done
        mark = "built " if ok else "FAILED"
        self.expected.pop(name, None)
        eta = f", about {_duration(sum(self.expected.values()) / self.jobs)}" if left else ""
        self.line(f"[{self.done:>{self.width}}/{self.total}] {mark} {name:<{self.name_width}} "
                  f"{seconds:6.2f} s   {left} left{eta}")


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min``: how a person reads a wait."""
    return f"{max(1, round(seconds))} s" if seconds < 90 else f"{round(seconds / 60)} min"


def run_results(out: Path, names: Iterable[str]) -> dict[str, bytes]:
    """The stored results of the runs ``names`` (already built into ``out``)."""
    results = {}
    for name in names:
        try:
            results[name] = (out / "runs" / f"{name}.json").read_bytes()
        except OSError as exc:
            raise BuildError(f"run '{name}' has no results in {out}: {exc}") from None
    return results


def training_cost(art: Artifact, kept: Path = KEPT_RUNS) -> int:
    """A run's training work in seed-steps (its cost, up to a factor); 0 for the rest. The
    steps are those its kept result trained (``kept``, even a stale one: an estimate, never
    a result), else the cap: seeds stop at very different points, so the cap alone would
    order every run alike."""
    if art.kind != "run":
        return 0
    from experiments.config import ConfigError, RunConfig  # plain dataclasses: no JAX

    try:
        cfg = RunConfig.from_params(dict(art.params))
    except ConfigError:
        return 0  # the run itself fails with the named error
    try:
        steps = max(json.loads((kept / f"{art.name}.json").read_text())["results"]
                    ["steps_trained"])
    except (OSError, ValueError, KeyError, TypeError):
        steps = cfg.steps
    return len(cfg.seeds) * min(int(steps), cfg.steps)


def compile_cache(out: Path) -> Path:
    """Where the runs of a build into ``out`` keep their compiled programs: the folder
    :data:`COMPILE_CACHE_VARIABLE` names, if set and not empty, else one inside ``out``."""
    return Path(os.environ.get(COMPILE_CACHE_VARIABLE) or out / COMPILE_CACHE)


def _render_all(todo: list[Artifact], jobs: int, out: Path, report: bool = False
                ) -> Iterator[Any]:
    """Yield each artifact's :class:`~artifacts.render.Outcome` as it completes.

    Serial in this process for one job (or one artifact), else a pool of fresh ``spawn``
    processes (no inherited state). An artifact that shows runs starts once they are built
    (the caller writes each outcome before asking for the next). Stops handing out work
    after the first failure. ``report``: runs print their training progress.
    """
    if not todo:
        return
    from scripts.artifacts import render  # only now: it imports Matplotlib

    building = {a.name for a in todo}
    # Runs that differ only in numbers their programs take as inputs share the programs:
    # compiled once, kept here (its folder is named after the machine and libraries).
    cache = compile_cache(out)
    # Runs before their users, and the longest first, so that the workers finish together
    # (longest-processing-time-first scheduling); the rest keep the registry's order.
    waiting = sorted(todo, key=lambda a: (bool(a.needs), -training_cost(a)))

    def ready() -> list[Artifact]:
        now = [a for a in waiting if not building.intersection(a.needs)]
        for art in now:
            waiting.remove(art)
        return now

    if jobs <= 1 or len(todo) <= 1:  # here; Matplotlib is imported only if a figure needs it
        while waiting:
            for art in ready():
                outcome = render.run(art, run_results(out, art.needs), report, cache)
                yield outcome
                if outcome.error:
                    return
                building.discard(art.name)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"),
                               initializer=render.init_worker, initargs=(True,))
    try:
        pending: dict[Future[Any], Artifact] = {}

        def submit() -> None:
            for art in ready():
                deps = run_results(out, art.needs)
                pending[pool.submit(render.run, art, deps, report, cache)] = art

        submit()
        failed = False
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: pending[f].name):
                art = pending.pop(fut)
                if fut.cancelled():
                    continue
                try:
                    outcome = fut.result()
                except Exception as exc:  # noqa: BLE001  (the worker process itself died)
                    outcome = render.Outcome(art.name, {}, 0.0,
                                             f"its worker process failed: {exc}")
                yield outcome
                if outcome.error and not failed:
                    failed = True
                    for other in pending:
                        other.cancel()
                building.discard(art.name)
            if not failed:
                submit()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class Options:
    out: Path = DEFAULT_OUT
    force: bool = False
    jobs: int = 0
    check: bool = False
    list: bool = False
    only: tuple[str, ...] = ()
    quiet: bool = False
    timings: bool = False
    verbose: bool = False
    #: where kept training results are read and written; None: train every stale run
    kept_runs: Path | None = KEPT_RUNS
    #: leave out the runs that would train and what shows them (listed in .pending.json)
    defer_training: bool = False


def select(arts: list[Artifact], only: tuple[str, ...]) -> list[Artifact]:
    """The artifacts named in ``only`` (all if empty) and the runs they show."""
    if not only:
        return arts
    names = {a.name for a in arts}
    unknown = [n for n in only if n not in names]
    if unknown:
        import difflib

        hints = [h for n in unknown for h in difflib.get_close_matches(n, names, n=3)]
        hint = f" (did you mean: {', '.join(hints)}?)" if hints else " (see --list)"
        raise BuildError(f"unknown artifact {', '.join(map(repr, unknown))}{hint}")
    wanted = set(only) | {n for a in arts if a.name in only for n in a.needs}
    return [a for a in arts if a.name in wanted]


def build(opts: Options, stdout: TextIO = sys.stdout) -> int:
    """Run the builder; returns the exit status. Raises :class:`BuildError` on failure."""
    t0 = time.perf_counter()
    pe_imports.cache_clear()  # sources may have changed since an earlier call
    package_imports.cache_clear()
    out = opts.out.resolve()
    try:
        declared = registry.all_artifacts()
    except ValueError as exc:  # a declaration error (e.g. a duplicate name): name it
        raise BuildError(f"scripts/artifacts/registry.py: {exc}") from None
    arts = select(declared, opts.only)
    inputs = Inputs.scan()
    keys: dict[str, str] = {}
    for a in sorted(arts, key=lambda a: bool(a.needs)):  # runs first: others include their keys
        keys[a.name] = input_key(a, inputs, keys)
    manifest = load_manifest(out)
    states = {a.name: status(a, keys[a.name], manifest, out) for a in arts}

    if opts.list:
        width = max((len(a.name) for a in arts), default=0)
        for a in arts:
            what = a.fmt if a.kind == "figure" else ""
            print(f"{a.name:<{width}}  {a.kind:<8} {what:<4} {states[a.name] or 'current'}",
                  file=stdout)
        return 0
    if opts.check:
        bad = [(a.name, states[a.name]) for a in arts if states[a.name]]
        for name, why in bad:
            print(f"{name}: {why}", file=sys.stderr)
        if bad:
            raise BuildError(f"{len(bad)} of {len(arts)} artifacts not current in {out}: "
                             f"{', '.join(n for n, _ in bad)}")
        if not opts.quiet:
            print(f"all {len(arts)} artifacts current in {out}", file=stdout)
        return 0

    todo = [a for a in arts if opts.force or states[a.name]]
    with locked(out, None if opts.quiet else stdout):
        remove_stray_temp_files(out)
        manifest = load_manifest(out)  # re-read under the lock
        entries: dict[str, Any] = manifest["artifacts"]
        if not opts.only:
            _remove_orphans(out, entries, {a.name for a in arts})
            save_manifest(out, manifest)
        # Longest first (as last measured, else a guess by kind): the slowest must not start last.
        todo.sort(key=lambda a: -float(entries.get(a.name, {}).get("seconds",
                                                                   TYPICAL_SECONDS[a.kind])))
        kept = KeptRuns(opts.kept_runs) if opts.kept_runs is not None else None
        used = _use_kept_runs(kept, todo, keys, out, entries) if kept is not None else []
        if used:
            save_manifest(out, manifest)
            if not opts.quiet:
                print(f"kept results used (made from the same inputs), not trained: "
                      f"{', '.join(used)}", file=stdout)
        todo = [a for a in todo if a.name not in used]
        pending = _pending(todo, arts) if opts.defer_training else []
        _write_pending(out, pending, arts)
        if pending and not opts.quiet:
            print(f"pending until their runs are trained: {', '.join(pending)}", file=stdout)
        todo = [a for a in todo if a.name not in pending]
        jobs = max(1, min(opts.jobs or default_jobs(), len(todo)))
        expected = {a.name: float(entries.get(a.name, {}).get("seconds", TYPICAL_SECONDS[a.kind]))
                    for a in todo}
        progress = Progress(len(todo), opts.quiet, stdout, [a.name for a in todo], expected, jobs)
        if todo:
            progress.line(f"building {len(todo)} of {len(arts)} artifacts "
                          f"({jobs} job{'s' if jobs > 1 else ''}) into {out}")
        timings: dict[str, float] = {}
        failure = None
        kinds = {a.name: a.kind for a in todo}
        for outcome in _render_all(todo, jobs, out, report=not opts.quiet):
            progress.finished(outcome.name, outcome.seconds, ok=not outcome.error)
            if outcome.error:
                failure = failure or outcome
                continue
            _commit(out, entries, outcome, keys[outcome.name])
            save_manifest(out, manifest)
            timings[outcome.name] = outcome.seconds
            if kept is not None and kinds[outcome.name] == "run":
                path = kept.path(outcome.name)
                atomic_write(path, kept.record(outcome.name, keys[outcome.name],
                                               outcome.files[f"runs/{outcome.name}.json"]))
                progress.line(f"      kept in {path} (commit it, and no checkout trains it again)")
    total = time.perf_counter() - t0
    if opts.timings and timings:
        print("per-artifact time (s):", file=stdout)
        for name, sec in sorted(timings.items(), key=lambda kv: -kv[1]):
            print(f"  {sec:7.2f}  {name}", file=stdout)
    if failure is not None:
        if opts.verbose and failure.details:
            print(failure.details, file=sys.stderr, end="")
        raise BuildError(f"artifact '{failure.name}' failed: {failure.error}")
    if not opts.quiet:
        waiting = f", {len(pending)} pending" if pending else ""
        if todo:
            print(f"built {len(todo)} artifacts in {total:.2f} s "
                  f"({len(arts) - len(todo) - len(pending)} already current{waiting})",
                  file=stdout)
        elif pending:
            print(f"{len(arts) - len(pending)} artifacts current, {len(pending)} pending "
                  f"({total:.2f} s)", file=stdout)
        else:
            print(f"all {len(arts)} artifacts current ({total:.2f} s)", file=stdout)
    return 0


PENDING = ".pending.json"


def _pending(todo: list[Artifact], arts: list[Artifact]) -> list[str]:
    """With ``--defer-training``: the runs that would train, and what shows them."""
    runs = {a.name for a in todo if a.kind == "run"}
    return [a.name for a in arts if a.name in runs or runs.intersection(a.needs)]


def _write_pending(out: Path, pending: list[str], arts: list[Artifact]) -> None:
    """``<out>/.pending.json``: what is left out until its runs are trained (the site's
    serve hook shows it as pending and trains them in the background)."""
    kinds = {a.name: a.kind for a in arts}
    runs = [n for n in pending if kinds[n] == "run"]
    record = {"runs": runs, "artifacts": {n: kinds[n] for n in pending if n not in runs}}
    atomic_write(out / PENDING, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode())


def _use_kept_runs(kept: KeptRuns, todo: list[Artifact], keys: dict[str, str], out: Path,
                   entries: dict[str, Any]) -> list[str]:
    """Take the stale runs whose kept results were made from their current inputs; returns
    their names. A kept result made from other inputs is refused: that run trains."""
    from scripts.artifacts.render import Outcome  # plain dataclass; no drawing library

    used = []
    for art in todo:
        if art.kind != "run":
            continue
        try:
            results = kept.current(art.name, keys[art.name])
        except KeptRunError as exc:
            raise BuildError(str(exc)) from None
        if results is not None:
            _commit(out, entries, Outcome(art.name, {f"runs/{art.name}.json": results}, 0.0),
                    keys[art.name])
            used.append(art.name)
    return used


def _commit(out: Path, entries: dict[str, Any], outcome: Any, key: str) -> None:
    """Write one artifact's files, then (only then) record them as current."""
    old = entries.pop(outcome.name, None)  # from here until the end, the artifact is stale
    for rel, data in sorted(outcome.files.items()):
        try:
            atomic_write(out / rel, data)
        except OSError as exc:
            raise BuildError(f"artifact '{outcome.name}': cannot write {rel}: {exc}") from None
    # Files an earlier version produced but this one does not (e.g. a removed proof).
    for rel in set((old or {}).get("outputs", {})) - set(outcome.files):
        with contextlib.suppress(OSError):
            (out / rel).unlink()
    entries[outcome.name] = {
        "key": key,
        "outputs": {rel: sha256(data) for rel, data in sorted(outcome.files.items())},
        "seconds": round(outcome.seconds, 3),
        "cpu_seconds": round(outcome.cpu_seconds, 3),
    }


def _remove_orphans(out: Path, entries: dict[str, Any], names: set[str]) -> None:
    """Delete the files of artifacts no longer in the registry (e.g. a removed example)."""
    for name in sorted(set(entries) - names):
        for rel in entries.pop(name).get("outputs", {}):
            with contextlib.suppress(OSError):
                (out / rel).unlink()


# ---------------------------------------------------------------- command line


def parse_args(argv: list[str] | None) -> Options:
    parser = argparse.ArgumentParser(
        prog="build_artifacts.py",
        description="Regenerate the site's figures, tables, proofs, numbers and example "
                    "outputs from pe. Only what changed is rebuilt.")
    parser.add_argument("--force", action="store_true", help="rebuild everything")
    parser.add_argument("--jobs", "-j", type=int, default=0, metavar="N",
                        help=f"worker processes (default: the CPUs available, "
                             f"{default_jobs()} here)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 naming what is stale or missing")
    parser.add_argument("--list", action="store_true",
                        help="list the artifacts and whether each is current")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="only this artifact (repeat, or comma-separate, for more)")
    parser.add_argument("--quiet", "-q", action="store_true", help="print errors only")
    parser.add_argument("--timings", action="store_true", help="print per-artifact times")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="show the traceback of a failing artifact")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="DIR",
                        help="output folder (default: generated/ in the repository)")
    parser.add_argument("--kept-runs", type=Path, default=KEPT_RUNS, metavar="DIR",
                        help="kept training results: used when made from the same inputs, "
                             "written when a run trains (default: runs/ in the repository)")
    parser.add_argument("--no-kept-runs", action="store_true",
                        help="train every stale run, and keep nothing")
    parser.add_argument("--defer-training", action="store_true",
                        help="build all but the runs that would train and what shows them; "
                             "list those in <out>/.pending.json")
    ns = parser.parse_args(argv)
    if ns.jobs < 0:
        parser.error(f"--jobs must be >= 0, got {ns.jobs}")
    only = tuple(n.strip() for item in ns.only for n in item.split(",") if n.strip())
    return Options(out=ns.out, force=ns.force, jobs=ns.jobs, check=ns.check, list=ns.list,
                   only=only, quiet=ns.quiet, timings=ns.timings, verbose=ns.verbose,
                   kept_runs=None if ns.no_kept_runs else ns.kept_runs,
                   defer_training=ns.defer_training)


def main(argv: list[str] | None = None) -> int:
    opts = parse_args(argv)
    try:
        return build(opts)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # e.g. the output folder cannot be created or written
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted; unfinished artifacts stay stale", file=sys.stderr)
        return 130
