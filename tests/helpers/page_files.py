"""Which pages have exercises, and which files belong to which pages: the browser tests'
table of what each page of the sitemap may request (tests/site/test_pages.py checks it on
every page; tests/site/test_exercises_site.py drives the exercise pages)."""

from __future__ import annotations

#: Pages with exercises: the explanatory pages that include a generated exercises fragment.
EXERCISE_PAGES = ["", "formula/", "wavelengths/", "worked-examples/", "relative-position/",
                  "embeddings/", "pitfalls-formula/", "pitfalls-use/", "errata/", "beyond-text/", "practice/",
                  "relatives/"]
TEACHERS, SOLUTIONS = "teachers/", "teachers-solutions/"
#: The homework sheet checks its answers with the exercises' script (tests/site/test_homework_site.py).
HOMEWORK = "homework/"

EXPLORER = "explorer/"
#: A page's own files (URL prefix under the site) -> the pages that request them; every other
#: page of the sitemap must not.
OWN_FILES: dict[str, frozenset[str]] = {
    "javascripts/explorer/": frozenset({EXPLORER}),
    "stylesheets/explorer.css": frozenset({EXPLORER}),
    "stylesheets/notebook.css": frozenset({"notebook/"}),
    "javascripts/checker/": frozenset({"checker/"}),
    "stylesheets/checker.css": frozenset({"checker/"}),
    "javascripts/homework.js": frozenset({HOMEWORK}),
    "javascripts/design/": frozenset({"coordinate-designer/"}),
    "stylesheets/design.css": frozenset({"coordinate-designer/"}),
    "stylesheets/solutions-print.css": frozenset({SOLUTIONS}),
    "javascripts/exercises.js": frozenset({*EXERCISE_PAGES, HOMEWORK}),
    "stylesheets/exercises.css": frozenset({*EXERCISE_PAGES, HOMEWORK, TEACHERS, SOLUTIONS}),
}
