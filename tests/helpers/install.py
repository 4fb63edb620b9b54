"""The command the pages show to install ``pe`` (from the wheel the site serves), and the
pages that must show it: those that run ``pe``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
#: The one shell command a page may show (its address filled in by the hooks,
#: scripts/site/mkdocs_hooks.py), as a fenced ``sh`` block's source.
INSTALL = "pip install {{ site:wheel_url }}\n"
#: What runs ``pe``: code that imports it or runs its command.
RUNS_PE = re.compile(r"^\s*(import pe\b|from pe\b)|python -m pe\b", re.MULTILINE)
INCLUDED_SCRIPT = re.compile(r'--8<--\s+"(docs/examples/[^"]+\.py)"')


def runs_pe(page: Path) -> bool:
    """``page`` (Markdown) runs ``pe``: itself, or a script it includes."""
    text = page.read_text(encoding="utf-8")
    scripts = [ROOT / path for path in INCLUDED_SCRIPT.findall(text)]
    return bool(RUNS_PE.search(text)) or any(
        RUNS_PE.search(s.read_text(encoding="utf-8")) for s in scripts if s.is_file())


def pages_that_run_pe() -> list[Path]:
    """The site's Markdown pages that run ``pe`` (the solutions page shows the scripts of
    every exercise through a generated fragment, so it counts too)."""
    found = [p for p in sorted(DOCS.glob("*.md")) if runs_pe(p)]
    return sorted({*found, DOCS / "teachers-solutions.md"})
