"""docs/explorer.md: Explorer.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

PAGE = "explorer.md"


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    7: "input: the positions 7 -> 8 of the offset comparison",
    8: "input: (same comparison)",
    22: "input: the positions 22 -> 23 of the offset comparison",
    23: "input: (same comparison)",
}
