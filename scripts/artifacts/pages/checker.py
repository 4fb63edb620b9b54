"""docs/checker.md: Check your implementation.

The pipeline makes nothing this page shows but its examples' output (no figure, table,
number or exercise); the integers its prose types are declared here (see
``scripts/artifacts/pages/__init__.py``).
"""

from __future__ import annotations

PAGE = "checker.md"

ALLOWED_NUMBERS: dict[int, str] = {
    1: "the command's exit status for mistakes or an unknown table; one array in an .npz; "
    "formula constants as site-wide",
    2: "the command's exit status for an unreadable file; formula constants as site-wide",
    8: "a name, not a number: the text encoding UTF-8 the files are read in",
    16: "a name, not a number: the text encoding UTF-16, which is refused with a sentence",
}
