"""Social cards (scripts/artifacts/cards.py): one per page, its title over its figure, a small
deterministic PNG of the size link previews use."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers.pipeline import ROOT
from PIL import Image

from scripts.artifacts import registry
from scripts.artifacts.cards import SIZE, draw_figure, social_card
from scripts.artifacts.render import render

#: A card is fetched by link previews only, never by the page, but it must stay small.
MAX_CARD_KIB = 100
CARDS = [a for a in registry.all_artifacts() if a.kind == "card"]


def test_every_page_has_a_card_with_its_title() -> None:
    docs = ROOT / "docs"
    pages = sorted(p.relative_to(docs).with_suffix("").as_posix().replace("/", "-")
                   for p in [*docs.rglob("*.md"), *docs.rglob("*.ipynb")]
                   if ".ipynb_checkpoints" not in p.parts)
    assert sorted(a.params["page"] for a in CARDS) == pages
    formula = next(a for a in CARDS if a.params["page"] == "formula")
    first_heading = next(line for line in (docs / "formula.md").read_text().splitlines()
                         if line.startswith("# "))
    assert formula.params["title"] == first_heading[2:].strip()


def test_a_card_shows_the_first_figure_of_its_page() -> None:
    figures = {a.name: a for a in registry.all_artifacts() if a.kind == "figure"}
    card = next(a for a in CARDS if a.params["page"] == "worked-examples")
    text = (ROOT / "docs" / "worked-examples.md").read_text(encoding="utf-8")
    first = text[text.index('--8<-- "figures/') + 16:].split(".md")[0]
    assert card.params["figure_func"] == figures[first].func
    assert card.params["figure_params"] == figures[first].params


@pytest.mark.parametrize("page", ["formula", "worked-examples"])
def test_a_card_is_a_small_deterministic_png(page: str) -> None:
    art = next(a for a in CARDS if a.params["page"] == page)
    files = render(art)
    again = render(art)
    assert files == again  # same inputs, same bytes
    data = files[f"social/{page}.png"]
    assert len(data) <= MAX_CARD_KIB * 1024, f"{len(data) / 1024:.0f} KiB"
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.size == SIZE
        # Light theme: the corners are the white background, the left edge the accent band.
        rgb = image.convert("RGB")
        assert rgb.getpixel((SIZE[0] - 1, 0)) == (255, 255, 255)
        assert rgb.getpixel((2, SIZE[1] // 2)) != (255, 255, 255)


def test_a_page_without_a_title_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "untitled.md").write_text("Some text, no heading.\n", encoding="utf-8")
    monkeypatch.setattr(registry, "DOCS_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"docs/untitled\.md has no title"):
        registry.social_cards([a for a in registry.all_artifacts() if a.kind == "figure"])


def test_a_title_too_long_for_a_card_is_an_error() -> None:
    art = next(a for a in CARDS if a.params["page"] == "formula")
    figure = draw_figure(art.params["figure_func"], art.params["figure_params"], None)
    with pytest.raises(ValueError, match="at most 3 fit"):
        social_card("A title " * 20, figure)


def test_a_title_wider_than_the_card_is_an_error() -> None:
    art = next(a for a in CARDS if a.params["page"] == "formula")
    figure = draw_figure(art.params["figure_func"], art.params["figure_params"], None)
    with pytest.raises(ValueError, match="wider than the card"):
        social_card("W" * 29, figure)  # one line by count, too wide in bold capitals
