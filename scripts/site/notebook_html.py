"""The notebook page without what mkdocs-jupyter inlines for JupyterLab's own look.

mkdocs-jupyter puts JupyterLab's whole stylesheet (over 500 KB), its Pygments theme, a MathJax
configuration, a Mermaid loader and an empty ``<script src="">`` (which fetches the page a second
time) into the page. The site styles the notebook itself (docs/stylesheets/notebook.css, with
Material's own code colours), typesets its maths at build time and draws no diagrams, so all of
that goes; only the small copy-to-clipboard script of its code cells stays.
"""

from __future__ import annotations

import base64
import hashlib
import re

_STYLE = re.compile(r"<style\b[^>]*>.*?</style>\s*", re.DOTALL)
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>\s*", re.DOTALL)
_COMMENT = re.compile(r"<!--[^>]*mermaid[^>]*-->\s*", re.IGNORECASE)
_WRAPPER = '<div class="jupyter-wrapper"'
_DATA_IMAGE = re.compile(
    r'(<img\b[^>]*?\s)src="data:image/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=\s]+)"')


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


def output_images(html: str) -> tuple[str, dict[str, bytes]]:
    """The notebook's output images moved out of the page into files beside it (named by
    their content), each ``<img>`` loading its file lazily; the files to write.

    mkdocs-jupyter inlines each figure a cell draws as base64, which gzip cannot shrink: three
    figures were four fifths of the page's compressed bytes, all downloaded before the first
    paint. As files, the browser fetches each when it nears the screen; the ``<img>`` keeps
    its width and height, so nothing moves when it arrives."""
    files: dict[str, bytes] = {}

    def move(match: re.Match[str]) -> str:
        data = base64.b64decode(match.group(3))
        ext = {"jpeg": "jpg"}.get(match.group(2), match.group(2))
        name = f"output-{hashlib.sha256(data).hexdigest()[:16]}.{ext}"
        files[name] = data
        return f'{match.group(1)}loading="lazy" src="{name}"'

    return _DATA_IMAGE.sub(move, html), files
