"""Every registry entry builds and produces its files; the files are what pages expect."""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from helpers.pipeline import ROOT, output_files

import pe
from scripts.artifacts import registry
from scripts.artifacts.render import escape_alt
from scripts.artifacts.tex_lines import break_lines

ARTIFACTS = registry.all_artifacts()
FIGURES = [a for a in ARTIFACTS if a.kind == "figure"]


def expected_files(art: registry.Artifact) -> list[str]:
    """The files an artifact must produce (proofs: checked separately, they are dynamic)."""
    if art.kind == "figure":
        return [f"figures/{art.name}-light.{art.fmt}", f"figures/{art.name}-dark.{art.fmt}",
                f"figures/{art.name}.md"]
    if art.kind == "table":
        return [f"tables/{art.name}.md"]
    if art.kind == "numbers":
        return ["numbers.json" if art.name == "numbers" else f"numbers/{art.name}.json"]
    if art.kind == "run":
        return [f"runs/{art.name}.json"]
    if art.kind == "example":
        assert art.source is not None
        return [registry.example_output(art.source)]
    if art.kind == "card":
        return [f"social/{art.params['page']}.png"]
    return ["proofs/all.md"]


def test_registry_holds_what_the_site_needs() -> None:
    kinds = {a.kind for a in ARTIFACTS}
    assert {"figure", "table", "numbers", "proofs", "run"} <= kinds
    assert len(FIGURES) >= 13
    assert len({a.name for a in ARTIFACTS}) == len(ARTIFACTS)
    for art in ARTIFACTS:
        assert re.fullmatch(r"[a-z0-9][a-z0-9_-]*", art.name), art.name
    # every script of a page's folder, none of the framework ones (they need PyTorch or Keras)
    folder = ROOT / "docs" / "examples"
    examples = sorted(p for p in folder.rglob("*.py")
                      if not p.name.startswith("_") and "frameworks" not in p.parts)
    assert [a.source for a in ARTIFACTS if a.kind == "example" and a.source] == examples
    assert all(p.parent.parent == folder for p in examples), "docs/examples/<page>/<stem>.py"
    assert len({p.stem for p in examples}) == len(examples), "a stem names one example"


@pytest.mark.parametrize("art", ARTIFACTS, ids=[a.name for a in ARTIFACTS])
def test_artifact_builds_its_files(full_build: Path, art: registry.Artifact) -> None:
    manifest = json.loads((full_build / ".manifest.json").read_text())
    entry = manifest["artifacts"][art.name]
    for rel in expected_files(art):
        assert (full_build / rel).is_file(), f"{art.name} did not produce {rel}"
        assert rel in entry["outputs"]
    for rel, digest in entry["outputs"].items():
        data = (full_build / rel).read_bytes()
        assert data, f"{rel} is empty"
        assert hashlib.sha256(data).hexdigest() == digest


@pytest.mark.parametrize("art", FIGURES, ids=[a.name for a in FIGURES])
def test_figure_files_and_fragment(full_build: Path, art: registry.Artifact) -> None:
    assert len(art.alt.split()) >= 8, f"{art.name}: alt text should describe the figure"
    assert art.caption.strip()
    for variant in ("light", "dark"):
        data = (full_build / f"figures/{art.name}-{variant}.{art.fmt}").read_bytes()
        if art.fmt == "svg":
            text = data.decode()
            assert "<svg" in text and "</svg>" in text
            assert "<dc:date>" not in text, "SVG carries a timestamp"
        else:
            assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", f"{art.name}: not a WebP"
            assert b"EXIF" not in data and b"XMP " not in data, "WebP carries metadata"
    light = (full_build / f"figures/{art.name}-light.{art.fmt}").read_bytes()
    dark = (full_build / f"figures/{art.name}-dark.{art.fmt}").read_bytes()
    assert light != dark, "the dark variant must differ from the light one"

    fragment = (full_build / f"figures/{art.name}.md").read_text()
    alt = escape_alt(art.alt)
    for variant in ("light", "dark"):
        link = f"](/generated/figures/{art.name}-{variant}.{art.fmt}#only-{variant})"
        assert f"![{alt}{link}" in fragment, f"{variant} image with alt text missing"
    assert "<figcaption" in fragment and fragment.strip().endswith("</figure>")


def raster_size(data: bytes) -> tuple[int, int]:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        return image.size


def test_figure_sizes_fit_the_page(full_build: Path) -> None:
    """Fragments declare the size the figure is drawn at; raster figures are sharp on 2x."""
    for art in FIGURES:
        fragment = (full_build / f"figures/{art.name}.md").read_text()
        width = int(re.search(r'width="(\d+)"', fragment).group(1))  # type: ignore[union-attr]
        assert 300 <= width <= 620, f"{art.name}: {width} px wide"
        if art.fmt == "webp":
            px, _ = raster_size((full_build / f"figures/{art.name}-light.webp").read_bytes())
            assert px >= 2 * width, f"{art.name}: {px} px is not sharp at 2x"


def test_tables_are_markdown_tables(full_build: Path) -> None:
    # The exercises and the homework sheet are Markdown fragments written like tables
    # (tests/pipeline/test_exercises.py, tests/homework/).
    fragments = {"exercises", "homework_sheet"}
    for art in (a for a in ARTIFACTS if a.kind == "table" and a.module not in fragments):
        lines = (full_build / f"tables/{art.name}.md").read_text().splitlines()
        assert len(lines) >= 3, art.name
        assert re.fullmatch(r"\|( :?-{3,}:? \|)+", lines[1]), f"{art.name}: no header rule"
        columns = lines[0].count("|")
        assert all(line.count("|") == columns for line in lines), art.name


def test_equal_offsets_table_shows_identical_values(full_build: Path) -> None:
    rows = [line.split("|")[1:-1] for line in
            (full_build / "tables/equal-offsets.md").read_text().splitlines()[2:]]
    by_offset: dict[str, set[tuple[str, str]]] = {}
    for _pair, offset, sim, dist in rows:
        by_offset.setdefault(offset.strip(), set()).add((sim.strip(), dist.strip()))
    assert len(by_offset) >= 2
    assert all(len(values) == 1 for values in by_offset.values()), by_offset


def test_numbers_match_pe(full_build: Path) -> None:
    from scripts.artifacts import pages

    numbers = json.loads((full_build / "numbers.json").read_text())
    assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in numbers.items())
    # every number is declared on a page, with its meaning
    assert set(numbers) == {n.name for n in pages.numbers() if n.meaning}
    assert numbers["wavelength_max_d512"] == f"{pe.wavelengths(512)[-1]:,.0f}"
    assert numbers["wavelength_max_d50"] == f"{pe.wavelengths(50)[-1]:,.0f}"
    assert numbers["cos_sim_7_8"] == numbers["cos_sim_22_23"]
    assert numbers["dist_7_8"] == numbers["dist_22_23"]
    enc = pe.encoding(9, int(numbers["offset_demo_d"]))
    assert float(numbers["dist_7_8"]) == pytest.approx(np.linalg.norm(enc[7] - enc[8]), abs=1e-6)
    ratio = pe.wavelengths(512)[-1] / (2 * np.pi * 10000)
    assert float(numbers["wavelength_max_ratio_d512"]) == pytest.approx(ratio, abs=1e-4)
    for name in ("float32", "float16", "bfloat16"):
        assert f"precision_error_{name}_at_1000" in numbers
    assert numbers["min_distance_offset_d512"] == "1"


def test_proofs_all_rendered(full_build: Path) -> None:
    from pe import symbolic

    proofs = symbolic.all_proofs()
    assert proofs and all(p.holds for p in proofs)
    everything = (full_build / "proofs/all.md").read_text()
    def flat(tex: str) -> str:  # the fragment may re-indent lines and add \displaystyle
        return " ".join(tex.replace("\\displaystyle ", "").split())

    def shown(tex: str) -> str:  # long formulas are laid out over lines for a phone
        return flat(break_lines(flat(tex)))

    for proof in proofs:
        text = (full_build / f"proofs/{proof.name}.md").read_text()
        assert proof.title in text and shown(proof.statement) in flat(text)
        assert all(shown(step) in flat(text) for step in proof.steps)
        assert text in everything


def test_examples_output_is_their_stdout(full_build: Path) -> None:
    import subprocess
    import sys

    examples = sorted((ROOT / "docs" / "examples").glob("*/*.py"))
    if not examples:
        pytest.fail("no docs/examples/<page>/*.py to check")  # the site ships examples
    first = examples[0]
    run = subprocess.run([sys.executable, str(first)], cwd=ROOT, capture_output=True,
                         check=True, timeout=120)
    assert (full_build / registry.example_output(first)).read_bytes() == run.stdout


def test_nothing_but_artifacts_in_the_output(full_build: Path) -> None:
    manifest = json.loads((full_build / ".manifest.json").read_text())
    recorded = {rel for e in manifest["artifacts"].values() for rel in e["outputs"]}
    assert set(output_files(full_build)) == recorded
    assert not list(full_build.rglob("*.tmp-*")), "temporary files left behind"


def test_only_a_first_screen_figure_loads_at_once_and_only_its_light_variant() -> None:
    from scripts.artifacts.render import figure_fragment

    art = registry.Artifact("fig", "figure", "figures.x:y", alt="A plot", caption="Its caption")
    for first_screen in (False, True):
        fragment = figure_fragment(
            registry.Artifact(**{**art.__dict__, "first_screen": first_screen}), 20, 10)
        images = dict(re.findall(r"\(/generated/figures/fig-(light|dark)\.svg#only-\w+\)"
                                 r"\{ ([^}]*) \}", fragment))
        assert set(images) == {"light", "dark"}, fragment
        assert 'loading="lazy"' in images["dark"]
        now = 'loading="eager" fetchpriority="high"' in images["light"]
        assert now == first_screen, images["light"]
        assert 'width="20" height="10"' in images["light"]
    # a first-screen figure is the first figure of the page that shows it
    firsts = {a.name for a in registry.all_artifacts() if a.first_screen}
    for page in (ROOT / "docs").glob("*.md"):
        shown = re.findall(r'--8<-- "figures/([\w-]+)\.md"', page.read_text(encoding="utf-8"))
        for name in firsts.intersection(shown):
            assert shown[0] == name, f"{page.name}: {name} is not its first figure"
