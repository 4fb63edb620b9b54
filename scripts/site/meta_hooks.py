"""MkDocs hooks: what a shared link shows, and the way back to the repository.

- Every page gets the OpenGraph and Twitter card tags of a shared link (passes.link_preview),
  with its social card ``generated/social/<page>.png``, drawn by the pipeline
  (scripts/artifacts/cards.py: the page's title over its figure, or over its description);
  a page without a card fails the build.
- A page's description is its front matter's ``description:``; a notebook's, its metadata's
  ``description``.
- Descriptions (``site_description``, a page's ``description:``) reach Material's template
  escaped: it inserts them as they are, so a double quote in one cut the
  ``<meta name="description">`` short.
- The sitemap dates each page by its source's last change (its last commit), not by the
  build (scripts/site/dates.py).
- The footer's ``copyright`` text may name ``{repo}``: the repository's address
  (``repo_url``, from ``REPO_URL`` at build time), e.g. to link the licence files. The
  repository link and every page's "edit this page" link come from ``repo_url`` too.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from markupsafe import Markup, escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from PIL import Image

from scripts.site.dates import last_changed
from scripts.site.passes import MarkupError, Preview, link_preview

ROOT = Path(__file__).resolve().parents[2]

_descriptions: dict[str, str] = {}  # "" (the site's) or a page's src_uri -> plain text
_figured: dict[str, bool] = {}  # a page's src_uri -> whether it includes a figure (its card's)
FIGURE_SNIPPET = re.compile(r'^--8<--\s+"figures/', re.MULTILINE)


def theme_text(text: str) -> Markup:
    """``text`` escaped for Material's templates, which insert values as they are (no
    autoescape); as Markup it is not escaped twice where a template does escape."""
    return escape(text)


def card_name(src_uri: str) -> str:
    """The social card's name of the page built from ``docs/<src_uri>``."""
    return Path(src_uri).with_suffix("").as_posix().replace("/", "-")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    _descriptions.clear()
    _descriptions[""] = str(config.site_description or "")
    config.site_description = theme_text(_descriptions[""])
    if not config.repo_url:
        raise PluginError("repo_url is not set (mkdocs.yml, or REPO_URL at build time)")
    if config.copyright:
        config.copyright = config.copyright.replace("{repo}", config.repo_url.rstrip("/"))
    return config


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    # The source in docs/ (a notebook's page is built from an executed copy elsewhere).
    page.update_date = last_changed(Path(config.docs_dir) / page.file.src_uri, ROOT)
    if page.file.src_uri.endswith(".ipynb"):  # no front matter: the notebook's metadata
        notebook = json.loads(Path(page.file.abs_src_path or "").read_text(encoding="utf-8"))
        page.meta["description"] = notebook.get("metadata", {}).get("description")
    if page.meta.get("description"):
        _descriptions[page.file.src_uri] = str(page.meta["description"])
        page.meta["description"] = theme_text(_descriptions[page.file.src_uri])
    _figured[page.file.src_uri] = bool(FIGURE_SNIPPET.search(markdown))
    return markdown


def page_preview(page: Page, config: MkDocsConfig) -> Preview:
    """What a shared link to the page shows; its card must have been drawn by the pipeline."""
    name = card_name(page.file.src_uri)
    generated = Path(os.environ.get("PE_GENERATED_DIR") or ROOT / "generated")
    card = generated / "social" / f"{name}.png"
    if not card.is_file():
        raise PluginError(f"{page.file.src_uri}: no social card {card} (the pipeline draws one "
                          "per page of docs/: scripts/artifacts/cards.py)")
    with Image.open(card) as image:
        size = image.size
    title = config.site_name if page.is_homepage else f"{page.title} - {config.site_name}"
    return Preview(
        site_name=config.site_name, title=title,
        description=_descriptions.get(page.file.src_uri, _descriptions[""]),
        url=page.canonical_url or "",
        image=f"{config.site_url or ''}generated/social/{name}.png",
        image_alt=f"{title}, over a figure of the page" if _figured.get(page.file.src_uri)
        else f"{title}: {_descriptions.get(page.file.src_uri, _descriptions[''])}",
        image_size=size)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    try:
        return link_preview(output, page_preview(page, config), page.file.src_uri)
    except MarkupError as exc:
        raise PluginError(str(exc)) from None
