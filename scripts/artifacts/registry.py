"""Every artifact of the site: the collection of the page modules, and what is shared.

Each page of ``docs/`` has one module in ``scripts/artifacts/pages/`` (``docs/formula.md`` ->
``pages/formula.py``, ``docs/worked-examples.md`` -> ``pages/worked_examples.py``) that
declares what that page shows: its figures and tables (:class:`Artifact`), the numbers its
prose quotes (:class:`Number`), its exercises and the integers its prose may type (see
``pages/__init__.py``). This module holds the types and helpers those declarations use, the
things no single page owns (the ``numbers`` artifact, which computes every page's numbers into
one file; the exercise fragments, made from the exercises the pages declare; one ``example``
per script of ``docs/examples/<page>/``; one social card per page) and :func:`all_artifacts`,
the union.

An :class:`Artifact` names what is made (``name``), how (``func``: ``"module:function"``
inside this package, ``figures.waves:phase`` for a module in a folder, called with
``params``) and, for figures, the alt text and caption
shown with it. Those are ``string.Template`` texts filled from the figure's own parameters
(``$length positions``, ``\\(d = ${d_model}\\)``), so no number is typed twice; see
:func:`figure`. The builder derives file names, themes, caching and parallelism from the
declarations; add one to a page's module and ``python -m scripts.build_artifacts`` makes it.

Outputs, under the generated folder:

- ``figure``:  ``figures/<name>-light.<fmt>``, ``figures/<name>-dark.<fmt>`` and the
  fragment ``figures/<name>.md``. ``func(theme, **params)`` returns a Matplotlib figure.
  ``fmt`` is ``svg`` for line plots and ``webp`` (lossless) for heatmaps.
- ``table``:   ``tables/<name>.md``. ``func(**params)`` returns Markdown.
- ``numbers``: ``numbers.json``. ``func(**params)`` returns ``{name: text}``.
- ``proofs``:  ``proofs/<proof>.md`` for every proof in ``pe.symbolic`` (and ``all.md``).
- ``example``: ``examples/<page>/<stem>.txt``, the output of
  ``docs/examples/<page>/<stem>.py``; one entry per script, found when the builder starts
  (see :func:`examples`).
- ``card``:    ``social/<page>.png``, the link-preview picture of ``docs/<page>.md``: its
  title over its first figure, or over its description (see :func:`social_cards`).
- ``run``:     ``runs/<name>.json``: small transformers trained and measured by the
  ``experiments`` package (``func(**params)`` returns plain numbers). Figures, tables and
  numbers that show them name the runs in ``needs`` and receive their results as
  ``runs={name: results}``; they are redrawn when a run changes, and a run is retrained
  only when its own inputs change (its parameters, or the ``experiments``/``pe`` sources).

A ``numbers`` artifact other than ``numbers`` itself writes ``numbers/<name>.json``; pages
see the union of all of them through ``{{ pe:NAME }}``.

The builder hashes declarations field by field (name, kind, func, params, alt, caption, fmt,
needs), not the source of this module or of the page modules: a page module holds only
parameters and texts, never code that shapes an artifact's bytes. The numbers a page quotes
are declared as ``Number(name, function of scripts/artifacts/numbers.py, meaning, params)``
and reach the ``numbers`` artifact as its parameters. Exercises are the exception (their
answers are functions): ``exercises`` imports the page modules, so the exercise fragments'
key includes every page module's source.

This module must stay cheap to import (no Matplotlib, no SymPy): a run with nothing to do
reads it and must finish in well under a second.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any, Literal

Kind = Literal["figure", "table", "numbers", "proofs", "example", "run", "card"]

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent.parent
EXAMPLES_DIR = ROOT / "docs" / "examples"

#: The paper's base, declared once for every artifact drawn with it.
PAPER_BASE = 10000.0
#: The "I am a robot" example's tokens, width and small base (see ``data.robot_example``).
ROBOT_TOKENS = ["I", "am", "a", "robot"]
ROBOT_D_MODEL = 4
ROBOT_BASE = 100.0



@dataclass(frozen=True)
class Artifact:
    """One generated artifact; see the module docstring for what each kind produces."""

    name: str
    kind: Kind
    func: str = ""  # "module:function" in this package; unused for examples
    params: dict[str, Any] = field(default_factory=dict)
    alt: str = ""  # figures: what the image shows, for screen readers
    caption: str = ""  # figures: Markdown (may use \( maths \)) under the image
    fmt: Literal["svg", "webp"] = "svg"
    source: Path | None = None  # examples: the script
    #: figures: the ``$name`` templates ``alt`` and ``caption`` were filled from (kept so a
    #: test can check that no number is typed in them)
    templates: tuple[str, str] = ("", "")
    #: runs whose results this artifact shows (see ``run`` in the module docstring)
    needs: tuple[str, ...] = ()
    #: figures: on a phone's first screen of its page (its largest picture there): the
    #: light variant loads at once, at high priority, not when scrolled to
    first_screen: bool = False

    @property
    def module(self) -> str:
        """Dotted name inside this package (``numbers``, ``figures.waves``)."""
        return self.func.split(":")[0]


def module_path(module: str) -> Path:
    """The source file of a module of this package (``figures.waves`` -> figures/waves.py,
    a package such as ``pages`` -> pages/__init__.py)."""
    path = PACKAGE_DIR.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@dataclass(frozen=True)
class Number:
    """A number a page quotes as ``{{ pe:NAME }}``: ``name`` (a literal, so that grep finds
    where it is declared), ``func`` a function of ``scripts/artifacts/numbers.py`` that
    returns its text when called with ``params``, and what it means."""

    name: str
    func: str
    meaning: str
    params: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- text from parameters

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve")


def words(n: int) -> str:
    """A small count as a word ("three"), as prose wants it."""
    if not 0 <= n < len(_WORDS):
        raise ValueError(f"no word for {n}; write it with digits")
    return _WORDS[n]


def number(value: Any) -> str:
    """A number as prose shows it: ``100000``, ``10000`` (not ``10000.0``), ``1.7``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def prose_list(values: list[Any]) -> str:
    """``[16, 64, 512]`` as ``16, 64 and 512``."""
    items = [number(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def text_values(params: Mapping[str, Any]) -> dict[str, str]:
    """What a template may name: every parameter, formatted, and for a list parameter
    ``xs`` also its items ``xs_0``, ``xs_1``, ... and ``xs_last``."""
    out: dict[str, str] = {}
    for key, value in params.items():
        if isinstance(value, list):
            out[key] = prose_list(value)
            out.update({f"{key}_{n}": number(v) for n, v in enumerate(value)})
            out[f"{key}_last"] = number(value[-1])
        else:
            out[key] = number(value)
    return out


def fill(name: str, what: str, template: str, values: Mapping[str, str]) -> str:
    """``template`` with its ``$name`` / ``${name}`` placeholders filled; an unknown or
    malformed placeholder is an error naming the artifact."""
    try:
        return Template(template).substitute(values)
    except KeyError as err:
        raise ValueError(f"artifact {name!r}: its {what} names ${{{err.args[0]}}}, which is "
                         f"neither a parameter nor a derived value (known: "
                         f"{', '.join(sorted(values))})") from None
    except ValueError as err:  # a lone "$": maths in captions is \( \), never $
        raise ValueError(f"artifact {name!r}: bad placeholder in its {what}: {err}") from None


def figure(name: str, func: str, alt: str, caption: str, fmt: Literal["svg", "webp"] = "svg",
            derived: Callable[[dict[str, Any]], Mapping[str, Any]] | None = None,
            needs: tuple[str, ...] = (), first_screen: bool = False, **params: Any) -> Artifact:
    """A figure whose ``alt`` and ``caption`` are templates filled from ``params`` and from
    ``derived(params)`` (values computed from them, for the text only); ``first_screen``:
    see :attr:`Artifact.first_screen`."""
    values = text_values(params)
    if derived is not None:
        values.update({k: v if isinstance(v, str) else number(v)
                       for k, v in derived(params).items()})
    return Artifact(name, "figure", f"figures.{func}", params, fill(name, "alt text", alt, values),
                    fill(name, "caption", caption, values), fmt, templates=(alt, caption),
                    needs=needs, first_screen=first_screen)


def table(name: str, func: str, needs: tuple[str, ...] = (), **params: Any) -> Artifact:
    module, _, function = func.rpartition(":")
    return Artifact(name, "table", f"{module or 'tables'}:{function}", params, needs=needs)



def cycles(positions: int, d_model: int, pair: int, base: float) -> float:
    """How many turns pair ``pair`` makes over positions ``0 .. positions-1``."""
    return float((positions - 1) / (2 * math.pi * base ** (2 * pair / d_model)))


# ---------------------------------------------------------------- shared by the pages

def numbers_artifact(declared: list[Number]) -> Artifact:
    """``numbers.json``: every number the pages declare, computed by its function of
    ``numbers.py`` (the declarations are the artifact's parameters, so changing one rebuilds
    it). Names are unique across pages: a page may quote a number another page declares."""
    return Artifact("numbers", "numbers", "numbers:compute",
                    {"numbers": {n.name: [n.func, n.params] for n in declared}})


def _exercises() -> list[Artifact]:
    """The exercise fragments (``tables/exercises-<page stem>.md``, and the teachers' problem
    set and solutions). The headings they link are a parameter, so renaming one rebuilds
    them; reading them is a regex over a few pages."""
    from scripts.artifacts.exercises import STEMS, section_titles

    if not (DOCS_DIR / "index.md").is_file():  # a copy of the pipeline without the pages
        return []
    sections = section_titles()
    return [table(f"exercises-{stem}", "exercises:fragment", stem=stem, sections=sections)
            for stem in STEMS]


#: Scripts in a folder of this name need a framework the pipeline does not install (PyTorch,
#: Keras): no artifact runs them; the docs tests run them against stand-ins.
FRAMEWORKS = "frameworks"


def examples() -> list[Artifact]:
    """One artifact per script ``docs/examples/<page>/<stem>.py`` (none if the folder is
    missing), named ``example-<stem>``: a stem is unique across pages. Scripts in a
    ``frameworks/`` folder and names starting with ``_`` are not run."""
    if not EXAMPLES_DIR.is_dir():
        return []
    return [Artifact(f"example-{path.stem}", "example", source=path)
            for path in sorted(EXAMPLES_DIR.rglob("*.py"))
            if not path.name.startswith("_")
            and FRAMEWORKS not in path.relative_to(EXAMPLES_DIR).parts]


def example_output(source: Path) -> str:
    """Where an example's printed output goes, under the generated folder:
    ``docs/examples/formula/formula_agree.py`` -> ``examples/formula/formula_agree.txt``."""
    return "examples/" + source.relative_to(EXAMPLES_DIR).with_suffix(".txt").as_posix()


# ---------------------------------------------------------------- social cards

DOCS_DIR = ROOT / "docs"
_FRONT_TITLE = re.compile(r"\A---\n(?:.*\n)*?title:\s*(.+)\n(?:.*\n)*?---\n")
_HEADING = re.compile(r"^#\s+(.+?)\s*(?:\{[^}]*\})?\s*$", re.MULTILINE)
_FIGURE_SNIPPET = re.compile(r'^--8<--\s+"figures/([\w-]+)\.md"', re.MULTILINE)


def page_title(text: str) -> str:
    """A page's title as a reader sees it: front matter ``title:``, else its first heading
    (Markdown's code marks dropped)."""
    found = _FRONT_TITLE.match(text) or _HEADING.search(text)
    return found.group(1).strip().strip("'\"").replace("`", "") if found else ""


def _page_text(path: Path) -> str:
    """The Markdown of a page; of a notebook, its Markdown cells."""
    import json

    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return text
    cells = json.loads(text).get("cells", [])
    return "\n\n".join("".join(c["source"]) for c in cells if c.get("cell_type") == "markdown")


def page_description(path: Path) -> str:
    """A page's own description: its front matter's ``description:``, a notebook's metadata
    ``description``; "" if it has none."""
    import json

    import yaml

    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        found = json.loads(text).get("metadata", {}).get("description")
    else:
        front = re.match(r"\A---\n(.*?)\n---\n", text, re.DOTALL)
        found = (yaml.safe_load(front.group(1)) or {}).get("description") if front else None
    return " ".join(str(found or "").split())


def social_cards(declared: list[Artifact]) -> list[Artifact]:
    """One card per page of ``docs/`` (Markdown and notebooks): the page's title over the
    first figure it includes, drawn again for the card; a page that includes none gets its
    title over its description (``cards:text_card``), never another page's figure."""
    figures = {a.name: a for a in declared if a.kind == "figure"}
    pages = sorted([*DOCS_DIR.rglob("*.md"), *DOCS_DIR.rglob("*.ipynb")]) if DOCS_DIR.is_dir() \
        else []
    cards = []
    for path in pages:
        rel = path.relative_to(DOCS_DIR)
        if ".ipynb_checkpoints" in rel.parts:
            continue
        text = _page_text(path)
        title = page_title(text)
        if not title:
            raise ValueError(f"docs/{rel.as_posix()} has no title (front matter or # heading) "
                             "for its social card")
        shown = [n for n in _FIGURE_SNIPPET.findall(text) if n in figures]
        page = rel.with_suffix("").as_posix().replace("/", "-")
        if not shown:
            description = page_description(path)
            if not description:
                raise ValueError(f"docs/{rel.as_posix()} includes no figure and has no "
                                 "description (front matter) for its social card")
            cards.append(Artifact(f"card-{page}", "card", "cards:text_card",
                                  {"page": page, "title": title, "description": description}))
            continue
        figure = figures[shown[0]]
        cards.append(Artifact(f"card-{page}", "card", "cards:social_card",
                              {"page": page, "title": title, "figure_func": figure.func,
                               "figure_params": figure.params}, needs=figure.needs))
    return cards


def all_artifacts() -> list[Artifact]:
    """The full registry, in a stable order: the page modules' artifacts, then the shared
    ones. Names are checked to be unique, and every artifact's ``needs`` to name runs of the
    registry."""
    from scripts.artifacts import pages  # the page modules import this one

    items = [*pages.artifacts(), numbers_artifact(pages.numbers()), *_exercises(), *examples()]
    items += social_cards(items)
    seen: set[str] = set()
    for a in items:
        if a.name in seen:
            raise ValueError(f"artifact name {a.name!r} is declared twice")
        seen.add(a.name)
    runs = {a.name for a in items if a.kind == "run"}
    for a in items:
        missing = [n for n in a.needs if n not in runs]
        if missing:
            raise ValueError(f"artifact {a.name!r} needs {', '.join(map(repr, missing))}, "
                             f"which {'is' if len(missing) == 1 else 'are'} not a run of the "
                             f"registry (runs: {', '.join(sorted(runs)) or 'none'})")
    return items
