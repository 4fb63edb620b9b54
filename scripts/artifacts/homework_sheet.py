"""The homework sheet of ``docs/homework.md`` (``tables/homework-sheet.md``), made from
``pe.homework`` for its default seed.

Every parameter is in a ``<span data-pe-hw="slug.name">`` and every answer box says which
problem it checks (``data-pe-hw-answer``): the page's script (``docs/javascripts/homework.js``)
puts in another seed's numbers and answers for ``?seed=N``, drawing them from
:func:`pe.homework.spec`, which the sheet carries as JSON. The site's address is filled in by
``scripts/site/homework_hooks.py`` (from ``site_url``) where the sheet leaves
``<span class="pe-sheet-address"></span>``.

On screen the sheet shows the problems, their points and the answer boxes; printed
(``docs/stylesheets/sheet-print.css``) it shows a name and date line, the address with the seed,
an answer line under each numeric problem and blank room for the work, sized per problem, and
no answer boxes.
"""

from __future__ import annotations

import html
import json

from pe import homework
from pe.homework import KINDS, PROBLEMS, Problem
from scripts.artifacts.exercises import heading_links

SCRIPT = "javascripts/homework.js"
EXERCISES_SCRIPT = "javascripts/exercises.js"
STYLESHEETS = ("stylesheets/exercises.css", "stylesheets/sheet-print.css")
#: Where ``homework_hooks`` writes the page's address.
ADDRESS = '<span class="pe-sheet-address"></span>'


def _values(p: Problem, params: dict[str, int]) -> dict[str, str]:
    return {name: f'<span data-pe-hw="{p.slug}.{name}">{f"{value:,}".replace("-", "−")}</span>'
            for name, value in params.items()}


def _rests_on(p: Problem, titles: dict[str, str]) -> str:
    return heading_links(p.rests_on, titles, f"homework problem {p.slug}")


def answer_form(p: Problem, value: float) -> str:
    """The box that checks an answer for the sheet's seed (``exercises.js`` judges it)."""
    unit = f", in {p.unit}" if p.unit else ""
    unit_attr = f' data-unit="{p.unit}"' if p.unit else ""
    ident = f"hw-{p.slug}"
    return (f'<form class="pe-answer" data-pe-hw-answer="{p.slug}" data-answer="{value!r}" '
            f'data-tolerance="{p.tolerance!r}"{unit_attr} novalidate>\n'
            f'<label for="{ident}-input">Your answer{unit} '
            f'({homework.tolerance_text(p)})</label>\n'
            f'<span class="pe-answer-row"><input id="{ident}-input" type="text" '
            f'autocomplete="off" spellcheck="false" aria-describedby="{ident}-result">'
            f'<button type="submit">Check</button></span>\n'
            f'<output id="{ident}-result" class="pe-answer-result" for="{ident}-input" '
            f'aria-live="polite"></output>\n'
            f'</form>\n')


def fragment(*, seed: int, titles: dict[str, str]) -> str:
    params, answers = homework.draw(seed), homework.answers(seed)
    total = homework.total_points()
    spec = html.escape(json.dumps(homework.spec(), separators=(",", ":")), quote=False)
    out = [*(f'<link rel="stylesheet" href="../{s}">\n' for s in STYLESHEETS),
           f'<script type="application/json" id="pe-hw-spec">{spec}</script>\n',
           ('<div class="pe-sheet-head" markdown="span">\n'
           '<p class="pe-sheet-name">Name: <span class="pe-sheet-blank"></span> '
           'Date: <span class="pe-sheet-blank pe-sheet-blank-short"></span></p>\n'
           f'<p>Sheet for seed <span class="pe-hw-seed">{seed}</span>, '
           f"{len(PROBLEMS)} problems, <strong>{total} points</strong> in all. "
           f"Check your numeric answers at {ADDRESS}</p>\n</div>\n"),
           ('<form class="pe-hw-choose" method="get" action="">\n'
           '<label for="pe-hw-seed-input">Seed of the sheet</label>\n'
           '<span class="pe-answer-row"><input id="pe-hw-seed-input" name="seed" type="text" '
           f'inputmode="numeric" autocomplete="off" value="{seed}" '
           'aria-describedby="pe-hw-status">'
           "<button type=\"submit\">Show this seed's sheet</button></span>\n"
           f'<p id="pe-hw-status" class="pe-hw-status" role="alert" data-seed="{seed}" '
           "hidden></p>\n"
           f"<noscript><p>Without JavaScript this page shows the sheet for seed {seed} only; "
           "<code>python -m pe homework --seed N</code> prints any seed's.</p></noscript>\n"
           "</form>\n")]
    for n, p in enumerate(PROBLEMS, 1):
        points = "point" if p.points == 1 else "points"
        out.append(f"## Problem {n}. {p.title} ({p.points} {points}) {{ #hw-{p.slug} }}\n")
        out.append(f'<p class="pe-ex-meta" markdown="span">{KINDS[p.kind]} · {p.topic} · '
                   f"rests on {_rests_on(p, titles)}</p>\n")
        out.append(homework.fill(p.prompt, _values(p, params.get(p.slug, {}))) + "\n")
        if p.answer is not None:
            out.append(answer_form(p, answers[p.slug]))
            unit = f" ({p.unit})" if p.unit else ""
            out.append(f'<p class="pe-sheet-answer-line">Answer{unit}: '
                       f'<span class="pe-sheet-blank"></span> ({homework.tolerance_text(p)})</p>\n')
        # Room for the work, printed only: as many lines as the problem needs.
        out.append(f'<div class="pe-sheet-room" style="--pe-sheet-lines: {p.space}" '
                   'aria-hidden="true"></div>\n')
    out.append(f'<script type="module" src="../{EXERCISES_SCRIPT}"></script>\n'
               f'<script type="module" src="../{SCRIPT}"></script>\n')
    return "\n".join(out)

