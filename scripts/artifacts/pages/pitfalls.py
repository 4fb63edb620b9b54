"""docs/pitfalls.md: Common pitfalls, now a page of where its sections went.

Its sections are on ``pitfalls-formula.md`` and ``pitfalls-use.md``; this page makes
nothing (see ``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

PAGE = "pitfalls.md"
