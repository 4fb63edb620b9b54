"""docs/questions.md: Questions readers ask.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

PAGE = "questions.md"


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    16: "input: the width d = 16 of the similarity-against-offset curve, of the near-repeat and of the sines-only comparison",
    512: "input: d_model = 512, the paper's base-model width",
}
