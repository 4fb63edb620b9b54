"""What the search index, which every page loads, leaves out: display maths, printed outputs
and example scripts (scripts/site/mkdocs_hooks.py); the prose stays in."""

from __future__ import annotations

import json
from pathlib import Path


def test_scripts_and_outputs_stay_out_of_the_index_and_prose_stays_in(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    practice = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("practice/"))
    assert "register_buffer" in practice  # named in the prose
    assert "def sinusoidal_table" not in practice  # the script's source
    assert "max |diff|" not in practice  # a printed output


def test_the_teachers_pages_are_found_but_not_their_problems(built_site: Path) -> None:
    """Searching "problem set" or "solutions" finds the teachers' pages (their title and
    introduction are indexed); the problems, gathered from the pages' exercises, stay out, as
    they do on their own pages."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for page, words in (("teachers/", "problem set"), ("teachers-solutions/", "solutions")):
        entries = [d for d in index["docs"] if d["location"].startswith(page)]
        assert entries, f"{page} is not in the search index"
        assert words in " ".join(d["title"] + " " + d["text"] for d in entries).lower(), page
        assert not [d["location"] for d in entries if "#p-" in d["location"]], (
            f"{page}: problems in the search index")
