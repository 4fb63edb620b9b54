"""The exercises (declared on the page modules, ``pages/<page>.py``) rendered three ways.

:func:`fragment` returns the Markdown of one fragment, ``tables/exercises-<stem>.md``
(one table artifact per stem, see the registry):

- ``<page stem>``: the "Exercises" section a page includes before its References. A numeric answer is
  checked in the browser (``docs/javascripts/exercises.js``) against the value computed
  here and the exercise's tolerance; the answer and the worked solution are also in a folded
  block, so nothing depends on the script.
- ``teachers``: every exercise as a numbered problem set that prints, with the sections
  each rests on; no answers.
- ``teachers-solutions``: the answers and worked solutions of the problem set.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import numpy as np

from scripts.artifacts.exercise_bank import LEVELS, Exercise, exact_agrees, exact_value, tex
from scripts.artifacts.numbers import fixed
from scripts.artifacts.pages import EXERCISES
from scripts.artifacts.registry import ROOT, fill, text_values

DOCS = ROOT / "docs"
SCRIPT = "javascripts/exercises.js"
STYLESHEET = "stylesheets/exercises.css"
#: The solutions page's print rules (folds opened, long blocks allowed to break).
SOLUTIONS_PRINT = "stylesheets/solutions-print.css"
#: The printed problem set's name line, answer lines and room (shared with the homework).
SHEET_PRINT = "stylesheets/sheet-print.css"
#: Where scripts/site/homework_hooks.py writes the page's address (from site_url).
ADDRESS = '<span class="pe-sheet-address"></span>'
#: Points of a problem of the problem set, by its kind; and the lines of room the printed
#: set leaves for its work (an implementation is done at a computer and pasted into the
#: checker: none).
POINTS = {"check": 1, "compute": 2, "derive": 4, "implement": 5}
ROOM = {"check": 3, "compute": 6, "derive": 14, "implement": 0}
CHECKER = "checker.md"
TEACHERS, SOLUTIONS = "teachers.md", "teachers-solutions.md"
#: The pages with exercises, in the order of the problem set.
PAGES = list(dict.fromkeys(e.page for e in EXERCISES))
#: Every fragment: ``tables/exercises-<stem>.md``.
STEMS = [Path(page).stem for page in PAGES] + ["teachers", "teachers-solutions"]
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*(?:\{[ \t]*#([\w-]+)[ \t]*\})?[ \t]*$",
                      re.MULTILINE)


def _slug(text: str) -> str:
    """Python-Markdown's default heading id (for headings without an explicit one)."""
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text).strip().lower())


def section_titles(pages: list[str] | None = None) -> dict[str, str]:
    """``{"page.md": page title, "page.md#id": heading}`` for the pages exercises rest on.

    The registry passes this as a parameter, so a renamed heading rebuilds the fragments.
    """
    wanted = pages or sorted({link.split("#")[0] for e in EXERCISES for link in e.rests_on}
                             | {e.page for e in EXERCISES})
    titles: dict[str, str] = {}
    for page in wanted:
        text = re.sub(r"^---\n.*?\n---\n", "", (DOCS / page).read_text(encoding="utf-8"),
                      flags=re.DOTALL)
        for level, title, anchor in _HEADING.findall(text):
            key = page if len(level) == 1 else f"{page}#{anchor or _slug(title)}"
            titles.setdefault(key, title)
    return titles


def _tolerance(e: Exercise) -> str:
    return "exact" if e.tolerance == 0 else f"±{np.format_float_positional(e.tolerance, trim='-')}"


def _values(e: Exercise) -> dict[str, str]:
    values = text_values(e.params)
    if e.numeric:
        values["answer"] = fixed(e.value(), e.decimals)
        values["answer_tex"] = values["answer"].replace(",", "{,}")  # no space after it
        values["tolerance"] = np.format_float_positional(e.tolerance, trim="-")
    return values


def prompt(e: Exercise) -> str:
    return fill(e.anchor, "prompt", e.prompt, _values(e))


def solution(e: Exercise) -> str:
    return fill(e.anchor, "solution", e.solution, _values(e))


def answer_line(e: Exercise) -> str:
    unit = f" {e.unit}" if e.unit else ""
    within = ("" if e.tolerance == 0 else
              f" (any answer within {_tolerance(e)}{unit} counts)")
    return f"**Answer:** {fixed(e.value(), e.decimals)}{unit}{within}."


def heading_links(links: tuple[str, ...] | list[str], titles: dict[str, str], who: str) -> str:
    """Markdown links to the headings ``links`` name ("page.md#anchor"), titled from
    ``titles``; a link to no heading fails naming ``who`` (an exercise, a homework problem)."""
    out = []
    for link in links:
        page = link.split("#")[0]
        if link not in titles:
            raise ValueError(f"{who} rests on {link}, which is no heading of docs/{page}")
        title = titles[link] if "#" not in link else f"{titles[page]}: {titles[link]}"
        out.append(f"[{title}]({link})")
    return ", ".join(out)


def rests_on(e: Exercise, titles: dict[str, str]) -> str:
    return heading_links(e.rests_on, titles, f"exercise {e.anchor}")


def _script_blocks(e: Exercise) -> str:
    if e.script is None:
        return ""
    if not (ROOT / "docs" / "examples" / f"{e.script}.py").is_file():
        raise ValueError(f"exercise {e.anchor} shows docs/examples/{e.script}.py, which is "
                         "missing")
    return (f'```python\n--8<-- "docs/examples/{e.script}.py"\n```\n\n'
            f'It prints:\n\n```text\n--8<-- "examples/{e.script}.txt"\n```\n')


#: The folded block that holds a solution's script on the solutions page.
SCRIPT_FOLD = '??? example "The script, and what it prints"'


def worked(e: Exercise, *, fold_script: bool = False) -> str:
    """The answer (if numeric), the worked solution and the script that computes it; with
    ``fold_script``, the script and its output in a folded block of their own."""
    parts = [answer_line(e)] if e.numeric else []
    parts.append(solution(e))
    if e.level == "implement":
        parts.append(f"The [checker]({CHECKER}) says of this solution's rows that they match "
                     f"the paper's; it names each of these mistakes when one is made: "
                     f"{', '.join(f'`{code}`' for code in e.mistakes)}.")
    blocks = _script_blocks(e)
    if blocks and fold_script:
        blocks = f"{SCRIPT_FOLD}\n\n" + _indent(blocks)
    return "\n\n".join(parts) + ("\n\n" + blocks if blocks else "\n")


def _indent(text: str) -> str:
    return "".join(f"    {line}" if line.strip() else line
                   for line in text.rstrip("\n").splitlines(keepends=True)) + "\n"


def exact_tex(e: Exercise) -> str | None:
    """The TeX the answer box shows after a right answer: the exact form, then ``=`` or
    ``\\approx`` and the answer in full; None where the box shows nothing more (no exact
    form, or an answer that must be typed exactly, a whole number). An exact form that
    disagrees with the answer computed by pe fails the build, naming the exercise."""
    if not e.numeric or e.tolerance == 0:
        return None
    expr = e.exact_form()
    if expr is None:
        return None
    value = e.value()
    if not exact_agrees(expr, value):
        import sympy as sp  # type: ignore[import-untyped]

        # order="none": printing a sum in SymPy's order evaluates its terms (5 s for a Sum)
        raise ValueError(f"exercise {e.anchor}: its exact form {sp.sstr(expr, order='none')} "
                         f"is {exact_value(expr)!r}, but pe computes {value!r}")
    if expr.is_Integer:
        return tex(expr)  # 16, not "16 ≈ 15.999999999999998"
    relation = "=" if expr.is_Rational and float(expr) == value else r"\approx"
    return f"{tex(expr)} {relation} {np.format_float_positional(value)}"


def _exact_template(e: Exercise) -> str:
    """The exact value, typeset when the site is built (a ``<template>`` is never shown:
    the script copies it into the verdict after a right answer)."""
    shown = exact_tex(e)
    if shown is None:
        return ""
    unit = f" {e.unit}" if e.unit else ""
    if shown == "1":  # "1 radian"
        unit = unit.removesuffix("s")
    return (f'<template class="pe-answer-exact"> The exact value is '
            f"\\({html.escape(shown, quote=False)}\\){unit}.</template>\n")


def answer_form(e: Exercise) -> str:
    """The box a reader types a numeric answer into (shown only when scripts run); its unit,
    if any, goes with it (``data-unit``): the box accepts it after the number."""
    unit = f", in {e.unit}" if e.unit else ""
    ident = e.anchor
    unit_attr = f' data-unit="{e.unit}"' if e.unit else ""
    exact = _exact_template(e)
    kind = "pe-answer pe-answer-exact-form" if exact else "pe-answer"
    return (f'<form class="{kind}" data-answer="{e.value()!r}" '
            f'data-tolerance="{e.tolerance!r}"{unit_attr} novalidate>\n'
            f'<label for="{ident}-input">Your answer{unit} ({_tolerance(e)})</label>\n'
            f'<span class="pe-answer-row"><input id="{ident}-input" type="text" '
            f'autocomplete="off" spellcheck="false" aria-describedby="{ident}-result">'
            f'<button type="submit">Check</button></span>\n'
            f'<output id="{ident}-result" class="pe-answer-result" for="{ident}-input" '
            f'aria-live="polite"></output>\n'
            f'{exact}'
            f'</form>\n')


#: What the exercises' introduction says of the exact forms, on a page that has one.
EXACT_NOTE = ("after a right answer that was close enough rather than exact, the box also "
              "gives the exact value as a formula (a sine of a fraction, a power of the base) "
              "with the number it comes to; ")


def page_fragment(page: str, titles: dict[str, str]) -> str:
    exercises = [e for e in EXERCISES if e.page == page]
    levels = {e.level for e in exercises}
    furthest = ("an implementation" if "implement" in levels else
                "derivations" if "derive" in levels else "computations")
    up = "" if page == "index.md" else "../"  # the home page is the site's root
    out = [f'<link rel="stylesheet" href="{up}{STYLESHEET}">\n',
           (f"These exercises practise this page, from a first check of understanding to "
            f"{furthest}. Type a number as the pages write it (`0.25`, `2π`, `2^11`, `√256` and "
            f"`sin(0.03)` all count) and press Enter to have it checked in your browser; "
            f"{EXACT_NOTE if any(exact_tex(e) for e in exercises) else ''}"
            f"each answer and worked solution is folded below its exercise. Teachers will "
            f"find all of them as one [problem set]({TEACHERS}), with [solutions]"
            f"({SOLUTIONS}).\n")]
    for n, e in enumerate(exercises, 1):
        out.append(f"### {n}. {e.title} {{ #{e.anchor} }}\n")
        out.append(f'<p class="pe-ex-meta" markdown="span">{LEVELS[e.level]} · rests on '
                   f"{rests_on(e, titles)}</p>\n")
        out.append(prompt(e) + "\n")
        if e.numeric:
            out.append(answer_form(e))
        label = "Answer and worked solution" if e.numeric else "Worked solution"
        out.append(f'??? note "{label}"\n\n' + _indent(worked(e)))
    out.append(f'<script type="module" src="{up}{SCRIPT}"></script>\n')
    return "\n".join(out)


def _numbered() -> list[tuple[int, Exercise]]:
    return list(enumerate(EXERCISES, 1))


def _problem_anchor(e: Exercise) -> str:
    return e.problem_anchors[0]


def _former_ids(e: Exercise) -> str:
    """Empty targets for the ids a moved exercise had, just above its heading, so that old
    links to the problem still land on it."""
    return "".join(f'<div id="{a}"></div>\n' for a in e.problem_anchors[1:])


def teachers_fragment(titles: dict[str, str]) -> str:
    total = sum(POINTS[e.level] for e in EXERCISES)
    out = [(f'<link rel="stylesheet" href="../{STYLESHEET}">\n'
           f'<link rel="stylesheet" href="../{SHEET_PRINT}">\n'),
           "## Problems { #problems }\n",
           ('<div class="pe-sheet-head" markdown="span">\n'
            '<p class="pe-sheet-name">Name: <span class="pe-sheet-blank"></span> '
            'Date: <span class="pe-sheet-blank pe-sheet-blank-short"></span></p>\n'
            f"<p>{len(EXERCISES)} problems, <strong>{total} points</strong> in all. "
            f"The problems online: {ADDRESS}</p>\n</div>\n")]
    page = None
    for n, e in _numbered():
        if e.page != page:
            page = e.page
            out.append(f'<p class="pe-ex-group" markdown="span">From '
                       f"[{titles[page]}]({page})</p>\n")
        out.append(f"{_former_ids(e)}### Problem {n}. {e.title} {{ #{_problem_anchor(e)} }}\n")
        points = "point" if POINTS[e.level] == 1 else "points"
        out.append(f"*{LEVELS[e.level]}, {POINTS[e.level]} {points}.* " + prompt(e) + "\n")
        if e.numeric:
            unit = f" ({e.unit})" if e.unit else ""
            out.append(f"Answer{unit}: ______________ ({_tolerance(e)})\n")
        if ROOM[e.level]:
            out.append(f'<div class="pe-sheet-room" style="--pe-sheet-lines: {ROOM[e.level]}" '
                       'aria-hidden="true"></div>\n')
    out.append("## Which pages each problem rests on { #rests-on }\n")
    out.append("| Problem | Kind | Rests on |\n| --- | --- | --- |" + "".join(
        f"\n| [{n}](#{_problem_anchor(e)}) | {LEVELS[e.level]} | {rests_on(e, titles)} |"
        for n, e in _numbered()) + "\n")
    return "\n".join(out)


def solutions_fragment(titles: dict[str, str]) -> str:
    out = [(f'<link rel="stylesheet" href="../{STYLESHEET}">\n'
           f'<link rel="stylesheet" href="../{SOLUTIONS_PRINT}">\n')]
    for n, e in _numbered():
        out.append(f"{_former_ids(e)}## Problem {n}. {e.title} {{ #{_problem_anchor(e)} }}\n")
        out.append(f'<p class="pe-ex-meta" markdown="span">[The problem]'
                   f"({TEACHERS}#{_problem_anchor(e)}) · on the site: "
                   f"[{titles[e.page]}]({e.page}#{e.anchor}) · rests on "
                   f"{rests_on(e, titles)}</p>\n")
        # The scripts folded: all 44 solutions open at once were the heaviest page to lay out
        # (Lighthouse's blocking time 200 ms); Material opens every fold for printing.
        out.append(worked(e, fold_script=True))
    return "\n".join(out)


def fragment(*, stem: str, sections: dict[str, str]) -> str:
    """The fragment ``stem``: a page's exercises, ``teachers`` or ``teachers-solutions``."""
    anchors = [e.anchor for e in EXERCISES]
    twice = sorted({a for a in anchors if anchors.count(a) > 1})
    if twice:
        raise ValueError(f"exercises declared twice: {', '.join(twice)}")
    if stem == "teachers":
        return teachers_fragment(sections)
    if stem == "teachers-solutions":
        return solutions_fragment(sections)
    if f"{stem}.md" not in PAGES:
        raise ValueError(f"no exercises on {stem}.md (pages with exercises: {', '.join(PAGES)})")
    return page_fragment(f"{stem}.md", sections)
