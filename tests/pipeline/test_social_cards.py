"""Social cards (scripts/artifacts/cards.py): one per page, its title over its own figure, or
over its description when it has no figure (never another page's figure), a small
deterministic PNG of the size link previews use."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers.pipeline import ROOT
from PIL import Image

from scripts.artifacts import registry
from scripts.artifacts.cards import SIZE, draw_figure, social_card, text_card
from scripts.artifacts.render import render

#: A card is fetched by link previews only, never by the page, but it must stay small.
MAX_CARD_KIB = 100
CARDS = [a for a in registry.all_artifacts() if a.kind == "card"]
FIGURES = [a for a in registry.all_artifacts() if a.kind == "figure"]


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


def test_a_page_without_a_figure_gets_its_title_over_its_description() -> None:
    text_cards = {a.params["page"]: a for a in CARDS if a.func == "cards:text_card"}
    # The pages that include no figure: e.g. the formula, the glossary, the notebook.
    assert {"formula", "glossary", "notebook", "reference"} <= set(text_cards)
    for page, card in text_cards.items():
        hub = ROOT / "docs" / page.removesuffix("-index") / "index.md"  # learn-index: a hub
        source = next(p for p in (ROOT / "docs" / f"{page}.md", ROOT / "docs" / f"{page}.ipynb",
                                  hub) if p.is_file())
        assert '--8<-- "figures/' not in source.read_text(encoding="utf-8"), page
        assert card.params["description"] == registry.page_description(source) != ""
        assert "figure_func" not in card.params and not card.needs


def test_no_two_cards_show_the_same_figure() -> None:
    """Each figure card shows its page's own first figure; no figure stands in for another
    page's (the heatmap was on 21 of 27 cards)."""
    shown = [(a.params["figure_func"], repr(a.params["figure_params"]))
             for a in CARDS if "figure_func" in a.params]
    assert len(shown) >= 5
    assert len(set(shown)) == len(shown), shown
    texts = [(a.params["title"], a.params["description"]) for a in CARDS
             if "figure_func" not in a.params]
    assert len(set(texts)) == len(texts)


def test_a_page_with_neither_figure_nor_description_is_named(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "bare.md").write_text("# Bare\n\nNo figure.\n", encoding="utf-8")
    monkeypatch.setattr(registry, "DOCS_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"docs/bare\.md includes no figure and has no "
                                         r"description"):
        registry.social_cards(FIGURES)
    (tmp_path / "bare.md").write_text("---\ndescription: A page.\n---\n\n# Bare\n")
    (card,) = registry.social_cards(FIGURES)
    assert card.func == "cards:text_card" and card.params["description"] == "A page."


def test_a_description_too_long_for_a_text_card_is_an_error() -> None:
    with pytest.raises(ValueError, match="at most 6 fit"):
        text_card("Title", "A sentence of several words. " * 40)


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
    art = next(a for a in CARDS if a.params["page"] == "worked-examples")
    figure = draw_figure(art.params["figure_func"], art.params["figure_params"], None)
    with pytest.raises(ValueError, match="at most 3 fit"):
        social_card("A title " * 20, figure)


def test_a_title_wider_than_the_card_is_an_error() -> None:
    art = next(a for a in CARDS if a.params["page"] == "worked-examples")
    figure = draw_figure(art.params["figure_func"], art.params["figure_params"], None)
    with pytest.raises(ValueError, match="wider than the card"):
        social_card("W" * 29, figure)  # one line by count, too wide in bold capitals
