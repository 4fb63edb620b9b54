"""MkDocs hook: the homework sheet names its own address.

The sheet (``scripts/artifacts/homework_sheet.py``) leaves ``<span class="pe-sheet-address">
</span>`` where the page's address belongs; this fills it with the page's canonical address,
made by MkDocs from ``site_url`` (``SITE_URL`` at build time), so the printed sheet says
where to check the answers and no address is typed. A page with the placeholder and no
``site_url`` fails the build.
"""

from __future__ import annotations

from markupsafe import escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

PLACEHOLDER = '<span class="pe-sheet-address"></span>'


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if PLACEHOLDER not in html:
        return html
    if not page.canonical_url:
        raise PluginError(f"{page.file.src_uri}: the homework sheet names the site's address, "
                          "but site_url is not set (mkdocs.yml, or SITE_URL at build time)")
    return html.replace(PLACEHOLDER,
                        f'<span class="pe-sheet-address">{escape(page.canonical_url)}</span>')
