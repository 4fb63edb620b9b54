"""One module per page of ``docs/``: what that page shows that the pipeline makes.

``docs/formula.md`` is declared in ``formula.py``, ``docs/worked-examples.md`` in
``worked_examples.py`` (a hyphen becomes an underscore), ``docs/notebook.ipynb`` in
``notebook.py``. With the page's Markdown and its scripts in ``docs/examples/<page>/``, the
page's module is the only other place that makes the page. A page module defines ``PAGE``
(its file in ``docs/``) and any of:

- ``ARTIFACTS``: its figures and tables (``registry.figure``, ``registry.table``; the
  experiments page also its training runs, the proofs page the proofs). A page whose
  declarations read a file defines ``artifacts()`` instead (the questions from practice).
  An artifact shown on several pages is declared on the one that explains it.
- ``NUMBERS``: the numbers its prose quotes as ``{{ pe:NAME }}``, each a
  ``registry.Number`` with a literal name (so that grep finds it), the function of
  ``scripts/artifacts/numbers.py`` that computes it, and its meaning. A page may quote
  numbers another page declares (a number is declared once, on the page that explains it);
  the build's error for an unknown name says where similar names are declared.
- ``NUMBERS_FROM_RUNS`` (the experiments pages): the names it quotes of the numbers computed
  from the training runs by ``results/numbers.py`` (which names them by run and measurement).
- ``EXERCISES``: its exercises (``exercise_bank.Exercise``), in the order the page shows them.
- ``ALLOWED_NUMBERS``: the integers its prose may type, each with why it is not a result
  (``tests/docs/test_docs_numbers.py``); :data:`SITE_ALLOWED_NUMBERS` holds those every
  page may type.
- ``ANSWER_TERMS`` (the questions page): the key terms each short answer shares with the
  sections it links to (``tests/docs/test_docs_consistency.py``). Rules stated on several
  pages stay in ``tests/docs/consistency.toml``, and the repositories the site may cite at
  more than one commit in ``tests/docs/allowed_versions.txt``: they belong to no one page.

What no page owns (the ``numbers`` artifact that computes every page's numbers, the exercise
fragments, the examples' outputs, the social cards) is in ``registry.py``. No module here
may import Matplotlib or SymPy: the registry imports them all (see its docstring).
"""

from __future__ import annotations

from types import ModuleType

from scripts.artifacts.exercise_bank import Exercise
from scripts.artifacts.pages import (
    beyond_text,
    checker,
    coordinate_designer,
    coordinates,
    embeddings,
    errata,
    experiments,
    experiments_changes,
    experiments_inside,
    experiments_length,
    experiments_text,
    explorer,
    formula,
    glossary,
    homework,
    implementations,
    index,
    need_position,
    notebook,
    pitfalls,
    pitfalls_formula,
    pitfalls_use,
    practice,
    practice_questions,
    proofs,
    questions,
    reference,
    reference_diagnose,
    reference_relatives,
    reference_symbolic,
    reference_variants,
    relative_position,
    relatives,
    teachers,
    teachers_solutions,
    wavelengths,
    where_it_enters,
    worked_examples,
)
from scripts.artifacts.registry import ROOT, Artifact, Number

#: Every page module. The teachers' problem set numbers the exercises in this order (the
#: pages with exercises first, in the order the problem set was written), then the rest.
MODULES: tuple[ModuleType, ...] = (
    index, formula, wavelengths, worked_examples, relative_position, embeddings,
    pitfalls_formula, pitfalls_use, practice, relatives, errata, beyond_text, need_position, where_it_enters, coordinates,
    questions, implementations, practice_questions, experiments, experiments_length,
    experiments_inside, experiments_changes, experiments_text, proofs, explorer, checker,
    coordinate_designer, notebook, glossary, reference, reference_variants, reference_symbolic,
    reference_relatives, reference_diagnose, teachers, teachers_solutions, homework,
    pitfalls)

#: Integers every page may type in its prose, and why they are not results.
SITE_ALLOWED_NUMBERS: dict[int, str] = {
    0: "first position and pair index; sin 0 = 0 in the formula",
    1: "formula constants: 2i + 1, L - 1, cos 0 = 1, 1/10000",
    2: "formula constants: 2i, d/2, 2 pi, sin^2 + cos^2",
    10000: "the paper's base, a constant of the formula itself",
}


def module_name(page: str) -> str:
    """``worked-examples.md`` -> ``worked_examples``."""
    return page.rsplit(".", 1)[0].replace("-", "_")


def source(module: ModuleType) -> str:
    """The module's file, as the README and error messages name it."""
    return f"scripts/artifacts/pages/{module.__name__.rsplit('.', 1)[-1]}.py"


def module_for(page: str) -> ModuleType | None:
    """The module of ``page`` (``formula.md``), or None for a page without one."""
    return next((m for m in MODULES if m.PAGE == page), None)


def artifacts() -> list[Artifact]:
    """Every page's figures, tables, proofs and runs."""
    out: list[Artifact] = []
    for m in MODULES:
        made = m.artifacts() if hasattr(m, "artifacts") else getattr(m, "ARTIFACTS", [])
        out.extend(made)
    return out


def numbers() -> list[Number]:
    """Every page's numbers (names unique across pages)."""
    declared = [n for m in MODULES for n in getattr(m, "NUMBERS", [])]
    names = [n.name for n in declared]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"numbers declared on two pages: {', '.join(twice)}")
    return declared


def declared_numbers() -> dict[str, str]:
    """Every number name a page module declares (its own or from the runs) -> that module's
    file (``scripts/artifacts/pages/wavelengths.py``)."""
    return {name: source(m) for m in MODULES
            for name in [*(n.name for n in getattr(m, "NUMBERS", [])),
                         *getattr(m, "NUMBERS_FROM_RUNS", ())]}


#: Every exercise, page by page in the order of :data:`MODULES`.
EXERCISES: list[Exercise] = [e for m in MODULES for e in getattr(m, "EXERCISES", [])]


def allowed_numbers(page: str) -> dict[int, str]:
    """The integers ``page``'s prose may type: the site's and its own."""
    m = module_for(page)
    return {**SITE_ALLOWED_NUMBERS, **(getattr(m, "ALLOWED_NUMBERS", {}) if m else {})}


def pages_in_docs() -> list[str]:
    """Every page of ``docs/`` (Markdown and the notebook), as ``PAGE`` names them."""
    docs = ROOT / "docs"
    return sorted(p.name for p in [*docs.glob("*.md"), *docs.glob("*.ipynb")])
