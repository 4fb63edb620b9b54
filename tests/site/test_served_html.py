"""Every page of the built site as the host serves it, before any script runs.

No browser here: the checks read the built files. The maths must arrive typeset (KaTeX's HTML
and MathML in the page, no TeX left in the text), every image must reserve its box (width and
height), and what a reader downloads for the page must fit the weight budget (gzip, as the host
sends it). tests/site/test_harness_can_fail.py shows each check catching a faulty page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.site_harness import (
    image_size_problems,
    page_transfer,
    raw_math_problems,
)

BUDGET_KIB = 300  # per page, gzip: issue 9's target for a reader on a phone


def fail_on(problems: list[str], what: str) -> None:
    if problems:
        pytest.fail(f"{what}:\n" + "\n".join(f"  - {p}" for p in problems), pytrace=False)


def served(built_site: Path, site_page: str) -> str:
    return (built_site / site_page / "index.html").read_text(encoding="utf-8")


def test_the_built_sitemap_lists_the_pages_of_the_nav(site_pages: list[str]) -> None:
    # The tests are parametrized by the nav's pages before the site is built (conftest.py).
    from scripts.site.browser import REPO_ROOT, pages_from_nav

    nav = pages_from_nav((REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert sorted(site_pages) == sorted(nav) and len(nav) == len(set(nav))


def test_maths_is_typeset_in_the_served_html(built_site: Path, site_page: str) -> None:
    fail_on(raw_math_problems(served(built_site, site_page)), f"maths on {site_page or 'home'}")


def test_every_image_reserves_its_size(built_site: Path, site_page: str) -> None:
    fail_on(image_size_problems(served(built_site, site_page)), f"images on {site_page or 'home'}")


def test_page_weight_within_budget(built_site: Path, site_page: str) -> None:
    files = page_transfer(built_site, site_page)
    missing = [path for path, size in files.items() if size < 0]
    fail_on([f"references a missing file: {p}" for p in missing], site_page or "home")
    total = sum(files.values()) / 1024
    heaviest = sorted(files.items(), key=lambda kv: -kv[1])[:5]
    assert total <= BUDGET_KIB, (
        f"{site_page or 'home'} transfers {total:.0f} KiB (gzip), over {BUDGET_KIB} KiB; "
        "heaviest: " + ", ".join(f"{p} {s / 1024:.0f} KiB" for p, s in heaviest)
    )


def test_katex_serves_only_woff2_fonts_it_uses(built_site: Path) -> None:
    css = (built_site / "assets/katex/katex.min.css").read_text(encoding="utf-8")
    fonts = sorted(p.name for p in (built_site / "assets/katex/fonts").iterdir())
    assert fonts and all(f.endswith(".woff2") for f in fonts), fonts
    assert ".woff)" not in css and ".ttf)" not in css
    # Each served font is declared, and each declared one is served.
    declared = sorted(url.split("/")[-1] for url in re.findall(r"url\(([^)]+)\)", css))
    assert declared == fonts


def test_tables_sit_in_a_box_of_their_own(built_site: Path, site_page: str) -> None:
    """Material moves each plain table into its scrolling box when the page starts; a table
    that is a direct child of the article makes the browser restyle the whole article then
    (scripts/site/mkdocs_hooks.py), so every plain table comes in a box of its own."""
    html = served(built_site, site_page)
    assert html.count("<table") == html.count('<div class="pe-table" data-search-exclude><table>')


#: The section ids the experiments page had before it was split (issue 23): links from
#: outside may still name them, so each stays on the landing page as an element linking the
#: section's new home.
OLD_EXPERIMENTS_IDS = (
    "findings", "setup", "extrapolation", "placement", "interpolation", "shape", "bases",
    "offsets", "attention-offset", "probe", "causal-mask", "sum-concat", "absolute",
    "reproducing", "references")


def _ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


@pytest.mark.parametrize("anchor", OLD_EXPERIMENTS_IDS)
def test_the_experiments_pages_old_anchors_still_land(built_site: Path, anchor: str) -> None:
    landing = served(built_site, "experiments/")
    found = re.search(rf'<(\w+)\b([^>]*)\bid="{re.escape(anchor)}"([^>]*)>', landing)
    assert found, f"experiments/ has no element with id {anchor!r}: links to it land nowhere"
    if found.group(1).startswith("h"):  # a section still on the landing page
        return
    targets = re.findall(r'href="([^"#]*)#([^"]+)"', found.group(2) + found.group(3))
    if not targets:  # the id on a list item: its links follow
        targets = re.findall(r'href="([^"#]*)#([^"]+)"', landing[found.end():].split("</li>")[0])
    assert targets, f"experiments/#{anchor} links to no section's new home"
    for page, target in targets:
        path = (built_site / "experiments" / page).resolve()
        html = (path / "index.html" if path.is_dir() else path).read_text(encoding="utf-8")
        assert target in _ids(html), f"experiments/#{anchor} links to {page}#{target}, not there"
