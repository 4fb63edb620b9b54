"""What the hooks ship (scripts/site/shipping.py), without a build: the addresses a page
refers to, the search worker's language files, the theme files left out."""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File, Files

from scripts.site.shipping import (
    MATERIAL_FAVICON,
    page_references,
    search_support,
    unused_theme_files,
)

SITE = "https://example.org/pe-site/"


def test_page_references_resolve_relative_absolute_and_preview_addresses() -> None:
    html = ('<img src="../generated/figures/a-light.webp#only-light" srcset="../b.webp 2x">'
            '<a href="../formula/#x">f</a><a href="#top">t</a><a href="https://other.org/c.png">'
            '</a><meta property="og:image" content="https://example.org/pe-site/generated/'
            'social/formula.png"><link rel="icon" href="/pe-site/images/favicon.svg">'
            '<img src="data:image/png;base64,AAAA"><a href="notebook.ipynb" download>n</a>')
    # Anchors name the page's own folder; other sites and data: addresses are left out.
    assert page_references(html, "formula/index.html", SITE) == {
        "generated/figures/a-light.webp", "b.webp", "formula", "generated/social/formula.png",
        "images/favicon.svg", "formula/notebook.ipynb"}


def test_the_search_worker_loads_nothing_more_for_english() -> None:
    assert search_support(["en"]) == set()
    assert search_support(["en", "ja"]) == {
        "assets/javascripts/lunr/" + n for n in (
            "tinyseg.js", "min/lunr.ja.min.js", "min/lunr.multi.min.js",
            "min/lunr.stemmer.support.min.js")}


def test_unused_theme_files(tmp_path: Path) -> None:
    def theme_file(name: str, text: str = "") -> File:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
        return File(name, str(tmp_path), str(tmp_path / "site"), use_directory_urls=True)

    files = Files([
        theme_file("assets/javascripts/lunr/min/lunr.de.min.js"),
        theme_file("assets/javascripts/lunr/tinyseg.js"),
        theme_file(MATERIAL_FAVICON),
        theme_file("assets/javascripts/b.js", "x//# sourceMappingURL=b.js.map"),
        theme_file("assets/javascripts/b.js.map"),
        theme_file("assets/stylesheets/m.css", "a{}"),
        theme_file("assets/stylesheets/m.css.map"),
    ])
    unused = {f.src_uri for f in unused_theme_files(files, ["en"], "images/favicon.svg")}
    assert unused == {"assets/javascripts/lunr/min/lunr.de.min.js",
                      "assets/javascripts/lunr/tinyseg.js", MATERIAL_FAVICON,
                      "assets/stylesheets/m.css.map"}
    kept = {f.src_uri for f in unused_theme_files(files, ["de"], MATERIAL_FAVICON)}
    assert kept == {"assets/javascripts/lunr/tinyseg.js", "assets/stylesheets/m.css.map"}
