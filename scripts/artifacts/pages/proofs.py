"""docs/proofs.md: Proofs by SymPy.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.registry import Artifact

PAGE = "proofs.md"


ARTIFACTS: list[Artifact] = [
    Artifact("proofs", "proofs", "proofs:fragments"),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    5: "input: position 5 of the d = 50 example; the odd width d = 5 of the proof",
}
