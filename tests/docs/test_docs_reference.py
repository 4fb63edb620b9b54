"""The API reference renders the docstrings' maths.

mkdocstrings reads the docstrings as Markdown, where the site's arithmatex and KaTeX render
\\( \\) and \\[ \\]; reStructuredText roles such as :math: would appear verbatim on the page.
"""

from __future__ import annotations

import inspect
import re

import pytest

import pe
import pe.coordinates
import pe.diagnose
import pe.relatives
import pe.symbolic
import pe.variants

MODULES = [pe, pe.coordinates, pe.relatives, pe.symbolic, pe.variants, pe.diagnose]
OBJECTS = [
    (f"{m.__name__}.{name}" if name else m.__name__, getattr(m, name) if name else m)
    for m in MODULES
    for name in ["", *m.__all__]
]


@pytest.mark.parametrize(("name", "obj"), OBJECTS, ids=[n for n, _ in OBJECTS])
def test_docstring_is_markdown_with_latex(name: str, obj: object) -> None:
    doc = inspect.getdoc(obj)
    assert doc, f"{name} has no docstring"
    assert not re.search(r":(math|func|class|data|mod):`|^\s*\.\. \w+::", doc, re.MULTILINE), name
    # A blank line inside \[ ... \] ends the maths block in Markdown.
    for block in re.findall(r"\\\[(.*?)\\\]", doc, re.DOTALL):
        assert "\n\n" not in block.strip("\n"), f"{name}: blank line inside \\[ \\]"
    # Every \( has its \), every \[ its \].
    assert doc.count(r"\(") == doc.count(r"\)"), name
    assert doc.count(r"\[") == doc.count(r"\]"), name
