"""The MkDocs side: fragments render under --strict, images resolve, numbers substitute."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.pipeline import ROOT

from scripts.artifacts import registry

PAGE = """# Fragments

The longest wavelength for d = 512 is {{ pe:wavelength_max_d512 }} positions, and
{{pe:cos_sim_7_8}} is the similarity. Shown literally: \\{{ pe:wavelength_max_d512 }}.

--8<-- "figures/columns-d6.md"

--8<-- "figures/heatmap-d512.md"

--8<-- "tables/positions-d4.md"

--8<-- "proofs/all.md"
"""

NESTED = """# Deeper page

--8<-- "figures/precision.md"
"""


def make_site(tmp: Path, generated: Path, pages: dict[str, str]) -> Path:
    """A small MkDocs project using the real hooks and the site's Markdown settings."""
    docs = tmp / "docs"
    for rel, text in pages.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text)
    config = {
        "site_name": "fragments", "strict": True, "docs_dir": str(docs),
        "theme": {"name": "material"},
        "hooks": [str(ROOT / "scripts" / "site" / "mkdocs_hooks.py")],
        "validation": {"omitted_files": "warn", "absolute_links": "relative_to_docs",
                       "unrecognized_links": "warn", "anchors": "warn"},
        "markdown_extensions": [
            "attr_list", "md_in_html", "tables",
            {"pymdownx.arithmatex": {"generic": True}},
            "pymdownx.superfences",
            {"pymdownx.snippets": {"base_path": [str(ROOT), str(generated)],
                                   "check_paths": True}},
        ],
    }
    path = tmp / "mkdocs.yml"
    path.write_text(json.dumps(config))  # JSON is YAML
    return path


def mkdocs_build(config: Path, site: Path, generated: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PE_GENERATED_DIR": str(generated), "NO_MKDOCS_2_WARNING": "1",
           "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                           "-d", str(site)], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=600, check=False)


@pytest.fixture(scope="module")
def fragment_site(full_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("fragment-site")
    config = make_site(tmp, full_build, {"index.md": PAGE, "deep/er/page.md": NESTED})
    proc = mkdocs_build(config, tmp / "site", full_build)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return tmp / "site"


def images(page_html: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'(\w+)="([^"]*)"', tag)) for tag in
            re.findall(r"<img\b[^>]*>", page_html)]


def test_figure_fragment_renders_both_variants_with_alt_text(fragment_site: Path) -> None:
    page = (fragment_site / "index.html").read_text()
    arts = {a.name: a for a in registry.all_artifacts()}
    figures = re.findall(r'<figure class="pe-figure">(.*?)</figure>', page, re.DOTALL)
    assert len(figures) == 2
    for body, name in zip(figures, ["columns-d6", "heatmap-d512"], strict=True):
        imgs = images(body)
        assert [i["src"].split("#")[1] for i in imgs] == ["only-light", "only-dark"]
        for img in imgs:
            assert html.unescape(img["alt"]) == " ".join(arts[name].alt.split())
            assert (fragment_site / img["src"].split("#")[0]).is_file(), img["src"]
            assert img["width"] and img["height"]
        assert "<br" not in body
        caption = re.search(r"<figcaption>(.*)</figcaption>", body, re.DOTALL).group(1)  # type: ignore[union-attr]
        assert 'class="arithmatex"' in caption  # maths in the caption reaches KaTeX


def test_image_links_resolve_from_a_nested_page(fragment_site: Path) -> None:
    page = fragment_site / "deep" / "er" / "page" / "index.html"
    srcs = [i["src"].split("#")[0] for i in images(page.read_text())]
    assert len(srcs) == 2
    for src in srcs:
        assert src.startswith("../"), src
        assert (page.parent / src).resolve().is_file(), src


def test_numbers_tables_and_proofs_render(fragment_site: Path, full_build: Path) -> None:
    page = (fragment_site / "index.html").read_text()
    numbers = json.loads((full_build / "numbers.json").read_text())
    assert f"wavelength for d = 512 is {numbers['wavelength_max_d512']} positions" in page
    assert f"{numbers['cos_sim_7_8']} is the similarity" in page
    assert "Shown literally: {{ pe:wavelength_max_d512 }}" in page
    assert "{{ pe:" not in page.replace("{{ pe:wavelength_max_d512 }}", "", 1)
    assert "<table>" in page and "<th" in page
    assert page.count('class="pe-proof"') >= 1 and 'class="arithmatex"' in page
    # The generated files this page shows are part of the site (only those: what no page
    # uses stays out, tests/site/test_shipped_files.py).
    shown = {m for m in re.findall(r'generated/([\w./-]+\.(?:svg|webp|png))', page)}
    assert len(shown) >= 4
    for rel in shown:
        assert (fragment_site / "generated" / rel).is_file(), rel


def test_unknown_number_fails_the_build_naming_it(full_build: Path, tmp_path: Path) -> None:
    config = make_site(tmp_path, full_build,
                       {"index.md": "# Home\n", "sub/typo.md": "# T\n\n{{ pe:no_such_number }}\n"})
    proc = mkdocs_build(config, tmp_path / "site", full_build)
    assert proc.returncode != 0
    output = proc.stdout + proc.stderr
    assert "sub/typo.md" in output and "pe:no_such_number" in output
    assert "Traceback" not in output


def test_pipeline_failure_fails_the_build_with_one_line(full_build: Path, tmp_path: Path) -> None:
    """A broken pipeline (here: an unwritable output folder) stops MkDocs with its message."""
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the output folder should be")
    config = make_site(tmp_path, blocked, {"index.md": "# Home\n"})
    proc = mkdocs_build(config, tmp_path / "site", blocked)
    assert proc.returncode != 0
    assert "figure pipeline:" in proc.stdout + proc.stderr
