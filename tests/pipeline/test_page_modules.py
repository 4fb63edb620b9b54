"""The page modules (scripts/artifacts/pages/): one per page, declarations only, in the key.

A page's parts are its Markdown in docs/, its scripts in docs/examples/<page>/ and its module;
these tests hold the module side: every page has one, the registry is their union, their
declarations reach the builder's keys, and importing them stays cheap.
"""

from __future__ import annotations

import subprocess
import sys

from helpers.pipeline import ROOT

from scripts.artifacts import builder, numbers, pages, registry

ARTIFACTS = registry.all_artifacts()


def test_the_registry_is_the_union_of_the_page_modules_and_the_shared_artifacts() -> None:
    declared = {a.name for a in pages.artifacts()}
    shared = {a.name for a in ARTIFACTS if a.kind in ("example", "card")
              or a.module == "exercises" or a.name == "numbers"}
    assert declared | shared == {a.name for a in ARTIFACTS}
    assert not declared & shared


def test_page_modules_declare_and_compute_nothing_that_shapes_bytes() -> None:
    # No artifact's code lives in a page module: their declarations are hashed field by field.
    assert not [a.name for a in ARTIFACTS if a.func and a.module.startswith("pages")]


def test_every_number_names_a_function_the_numbers_key_covers() -> None:
    (art,) = [a for a in ARTIFACTS if a.name == "numbers"]
    assert art.module == "numbers" and "numbers" in builder.package_imports("numbers")
    for n in pages.numbers():
        assert n.func in numbers.FUNCTIONS, n.name
        assert n.meaning, n.name


def test_the_exercise_fragments_key_includes_every_page_module() -> None:
    # An exercise's answer is a function in its page's module: editing it must rebuild.
    imported = builder.package_imports("exercises")
    for module in pages.MODULES:
        assert module.__name__.removeprefix("scripts.artifacts.") in imported, module.__name__


def test_a_changed_declaration_changes_the_key() -> None:
    import dataclasses

    inputs = builder.Inputs.scan()
    fig = next(a for a in ARTIFACTS if a.name == "heatmap-d512")
    other = dataclasses.replace(fig, params={**fig.params, "length": 99})
    assert builder.input_key(fig, inputs) != builder.input_key(other, inputs)


def test_importing_the_registry_and_pages_stays_cheap() -> None:
    code = ("import sys; from scripts.artifacts import registry; registry.all_artifacts(); "
            "print(sorted(m for m in ('matplotlib', 'sympy', 'jax') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout


def test_the_run_numbers_the_experiments_page_lists_are_computed() -> None:
    """From the kept training results (runs/), without training: every name the experiments
    pages' modules list is one that results/numbers.py computes."""
    import json

    from scripts.artifacts.pages import (
        experiments,
        experiments_changes,
        experiments_inside,
        experiments_length,
        experiments_text,
    )
    from scripts.artifacts.results.numbers import compute

    (art,) = [a for a in ARTIFACTS if a.name == "experiment-numbers"]
    kept = {name: ROOT / "runs" / f"{name}.json" for name in art.needs}
    missing = [str(path) for path in kept.values() if not path.is_file()]
    assert not missing, f"no kept training results: {missing}"
    runs = {name: json.loads(path.read_text())["results"] for name, path in kept.items()}
    computed = compute(runs=runs)
    listed = [n for m in (experiments, experiments_length, experiments_inside, experiments_changes,
                          experiments_text)
              for n in m.NUMBERS_FROM_RUNS]
    assert not [n for n in listed if n not in computed]
