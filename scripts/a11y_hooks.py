"""MkDocs hook: an accessible name for a bit of Material's own markup that axe-core flags.

- The search overlay is a ``role="dialog"`` without a name (axe rule aria-dialog-name):
  it is named "Search".

Done on the rendered HTML rather than by overriding Material's templates, so no theme code is
copied. If Material already provides the attribute, the page is left as it is. The browser tests
(tests/site) run axe-core on every page and fail if the problem comes back.
"""

from __future__ import annotations

import re
from typing import Any

_PATCHES = [
    (
        re.compile(
            r'(<div class="md-search" data-md-component="search" role="dialog")(?![^>]*aria-label)'
        ),
        r'\1 aria-label="Search"',
    ),
]


def _patch(html: str) -> str:
    for pattern, replacement in _PATCHES:
        html = pattern.sub(replacement, html, count=1)
    return html


def on_post_page(output: str, **kwargs: Any) -> str:
    return _patch(output)


def on_post_template(output_content: str, **kwargs: Any) -> str:
    # 404.html is rendered as a theme template, not as a page.
    return _patch(output_content)
