"""The notebook page without what mkdocs-jupyter inlines for JupyterLab's own look.

mkdocs-jupyter puts JupyterLab's whole stylesheet (over 500 KB), its Pygments theme, a MathJax
configuration, a Mermaid loader and an empty ``<script src="">`` (which fetches the page a second
time) into the page. The site styles the notebook itself (docs/stylesheets/notebook.css, with
Material's own code colours), typesets its maths at build time and draws no diagrams, so all of
that goes; only the small copy-to-clipboard script of its code cells stays.
"""

from __future__ import annotations

import re

_STYLE = re.compile(r"<style\b[^>]*>.*?</style>\s*", re.DOTALL)
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>\s*", re.DOTALL)
_COMMENT = re.compile(r"<!--[^>]*mermaid[^>]*-->\s*", re.IGNORECASE)
_WRAPPER = '<div class="jupyter-wrapper"'


def _keep_script(tag: str) -> bool:
    return "clipboard" in tag


#: The site's own styles for notebook cells, linked by the notebook page only (passes.py adds it).
NOTEBOOK_STYLESHEET = "stylesheets/notebook.css"


def is_notebook(html: str) -> bool:
    return _WRAPPER in html


def slim_notebook(html: str) -> str:
    """The notebook's HTML without inlined styles, MathJax, Mermaid and the empty script.

    In a whole page only the article changes (the theme's own scripts stay); ``html`` may
    also be the page's content alone."""
    start = html.find("<article")
    end = html.find("</article>", max(start, 0))
    if start < 0 or end < 0:
        start, end = 0, len(html)
    notebook = _STYLE.sub("", html[start:end])
    notebook = _SCRIPT.sub(lambda m: m.group(0) if _keep_script(m.group(0)) else "", notebook)
    return html[:start] + _COMMENT.sub("", notebook) + html[end:]
