"""Figure alt texts and captions are templates filled from the figure's parameters.

Nothing is typed twice: a number a figure is drawn with appears in its text only as a
``$name`` placeholder, so changing the parameter changes the text with it.
"""

from __future__ import annotations

import re
from string import Template

import numpy as np
import pytest

from scripts.artifacts import registry
from scripts.artifacts.data import offset_distances
from scripts.artifacts.pages import index, wavelengths

#: Numbers a template may spell out, with why they are not parameters or results.
#: (Single digits, such as the 2 of 2π or columns 0 and 1, are not checked.)
ALLOWED: dict[str, str] = {}

_NUMBER = re.compile(r"(?<![\w.])(?:\d{2,}(?:[.,_]\d+)*|\d*\.\d+)(?![\w])")


def typed_numbers(template: str) -> list[str]:
    """Multi-digit or decimal numbers written in ``template`` outside its placeholders."""
    text = Template.pattern.sub(" ", template)
    return [n for n in _NUMBER.findall(text) if n not in ALLOWED]


FIGURES = [a for a in registry.all_artifacts() if a.kind == "figure"]


def test_the_check_finds_typed_numbers() -> None:
    assert typed_numbers("over 100 positions") == ["100"]
    assert typed_numbers(r"\(\omega_i = 10000^{-2i/6}\)") == ["10000"]
    assert typed_numbers("values near 0.5, up to 100,000") == ["0.5", "100,000"]
    assert typed_numbers(r"$length positions, \(d = ${d_model}\), pair ${pairs_0}") == []
    assert typed_numbers("float16, bfloat16 and tensor2tensor, columns 0 and 1") == []


@pytest.mark.parametrize("art", FIGURES, ids=lambda a: a.name)
def test_no_number_is_typed_in_figure_text(art: registry.Artifact) -> None:
    alt, caption = art.templates
    assert alt and caption, "a figure's text must be declared as templates"
    assert typed_numbers(alt) == [], f"{art.name}: alt text types a number; use a $parameter"
    assert typed_numbers(caption) == [], f"{art.name}: caption types a number; use a $parameter"
    # Filled: no placeholder is left over, and maths still uses \( \), never $.
    assert "$" not in art.alt and "$" not in art.caption


def test_text_follows_the_parameters() -> None:
    fig = registry.figure("t", "matrices:heatmap", alt="$length rows of ${d_model}",
                           caption=r"\(d = ${d_model}\), widths $widths, last ${widths_last}",
                           length=100_000, d_model=64, widths=[16, 64, 512])
    assert fig.alt == "100000 rows of 64"
    assert fig.caption == r"\(d = 64\), widths 16, 64 and 512, last 512"
    assert registry.number(10000.0) == "10000" and registry.number(1.7) == "1.7"


def test_unknown_placeholder_names_the_artifact() -> None:
    with pytest.raises(ValueError, match=r"'made-up'.*caption.*\$\{d_modle\}"):
        registry.figure("made-up", "matrices:heatmap", alt="$length rows",
                         caption=r"\(d = ${d_modle}\)", length=3, d_model=4)
    with pytest.raises(ValueError, match=r"'made-up'.*alt text"):
        registry.figure("made-up", "matrices:heatmap", alt="costs $5", caption="c",
                         length=3, d_model=4)


def test_distinct_from_is_the_computed_threshold() -> None:
    """The one result the registry states without computing it: recompute and compare."""
    (fig,) = [a for a in FIGURES if a.name == "distinctness"]
    flat = {}
    for d in fig.params["d_models"]:
        dist = offset_distances(fig.params["max_length"] - 1, d)[1:]
        flat[d] = bool(dist.min() >= dist[0] * (1 - 1e-9))  # neighbours are the closest
    assert flat == {d: d >= wavelengths.DISTINCT_FROM for d in flat}, flat
    assert wavelengths.DISTINCT_FROM in flat  # the text names a width that is drawn
    # Only the lengths drawn: d = 16 has a near-repeat further out (test_numbers_corrections),
    # so the caption must not claim "whatever L".
    assert "every \\(L\\) drawn" in fig.caption and "whatever" not in fig.caption


def test_float16_limit_comes_from_numpy() -> None:
    (fig,) = [a for a in FIGURES if a.name == "precision"]
    assert f"overflow at {float(np.finfo(np.float16).max):.0f}," in fig.alt


def test_heatmap_caption_counts_come_from_the_data() -> None:
    """The d = 512 caption's statement about which columns change is computed, not typed:
    recompute the swings from pe and find the counts in the caption."""
    import pe

    (fig,) = [a for a in FIGURES if a.name == "heatmap-d512"]
    p = fig.params
    enc = pe.encoding(p["length"], p["d_model"], base=p["base"])
    swing = enc.max(axis=0) - enc.min(axis=0)
    big = int((swing > index.SWING_BIG).sum())
    small = int((swing > index.SWING_SMALL).sum())
    assert 0 < big < small < p["d_model"]  # the sentence says something in both directions
    assert (f"{big} of the {p['d_model']} columns swing by more than "
            f"{registry.number(index.SWING_BIG)}") in fig.caption
    assert f"{small} by more than {registry.number(index.SWING_SMALL)}" in fig.caption
    assert f"the other {p['d_model'] - small} hold" in fig.caption
    # The old, wrong claim: "only the first few dozen columns change".
    assert "few dozen" not in fig.caption


def test_swinging_columns_counts_a_made_up_case() -> None:
    # d = 2 over positions 0..4: sin runs from -0.76 to 0.91, cos from -0.99 to 1.
    assert index.swinging_columns(5, 2, 10000.0, 1.0) == 2
    assert index.swinging_columns(4, 2, 10000.0, 1.0) == 1  # sin only reaches 0.91
    # Positions 0..1 only: sin goes 0 -> 0.84, cos 1 -> 0.54 (a swing of 0.46).
    assert index.swinging_columns(2, 2, 10000.0, 0.5) == 1
