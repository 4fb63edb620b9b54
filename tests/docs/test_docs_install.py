"""Every page that runs ``pe`` (an included script or code imports it or runs its command)
shows the one command that installs it from the wheel the site serves,
``pip install {{ site:wheel_url }}`` (tests/site/test_wheel.py installs that wheel and runs it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from docscan import split_fences
from helpers.install import DOCS, INSTALL, pages_that_run_pe

PAGES_THAT_RUN_PE = pages_that_run_pe()


def test_the_pages_that_run_pe_are_found() -> None:
    names = {p.name for p in PAGES_THAT_RUN_PE}
    assert {"checker.md", "formula.md", "practice.md", "index.md", "reference-diagnose.md",
            "teachers-solutions.md"} <= names
    assert "glossary.md" not in names


@pytest.mark.parametrize("page", PAGES_THAT_RUN_PE, ids=lambda p: p.name)
def test_every_page_that_runs_pe_shows_the_install_command(page: Path) -> None:
    fences, _ = split_fences(page)
    assert any(f.lang == "sh" and f.source == INSTALL for f in fences), (
        f"{page.name} runs pe but does not show `{INSTALL.strip()}`")


def test_the_notebook_shows_it_too() -> None:
    notebook = json.loads((DOCS / "notebook.ipynb").read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]
    assert any(INSTALL.strip() in m for m in markdown)
