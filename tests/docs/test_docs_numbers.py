"""No page types a numeric result by hand.

Results reach a page only through the pipeline: an included fragment, an example's printed
output, or a ``{{ pe:NAME }}`` placeholder. The scanner reads each page's prose (everything
outside code fences, ``--8<--`` includes and placeholders; LaTeX included) and fails on any
decimal or exponent-notation number, and on any integer not listed for that page in
allowed_numbers.txt, a short list of formula constants and example inputs.
"""

from __future__ import annotations

import pytest
from docscan import ALLOWLIST, Literal, load_allowlist, numeric_literals, pages, violations

PAGES = pages()
ALLOWED = load_allowlist()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_typed_numbers_in_prose(page) -> None:
    problems = violations(numeric_literals(page), ALLOWED)
    assert not problems, "\n".join(problems)


def test_every_allowlist_entry_is_needed() -> None:
    names = {p.name for p in PAGES}
    used = {(lit.value, lit.page) for p in PAGES for lit in numeric_literals(p) if lit.is_integer}
    for entry in ALLOWED:
        listed = names if "*" in entry.pages else entry.pages
        assert listed <= names, (
            f"{ALLOWLIST.name}:{entry.line} names missing pages {sorted(listed - names)}"
        )
        assert any((entry.value, page) in used for page in listed), (
            f"{ALLOWLIST.name}:{entry.line}: {entry.value} is no longer used on {sorted(listed)}; remove it"
        )


def _scan(tmp_path, text: str) -> list[str]:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return violations(numeric_literals(page, name="page.md"), ALLOWED)


@pytest.mark.parametrize(
    "text",
    [
        "The longest wavelength is 60,830.6 positions.",
        "It turns by 57.3 degrees per position.",
        r"so \(\lambda_{255} \approx 6.08\) here",  # LaTeX is prose too
        r"\[ \omega_{255} = 1.04 \times 10^{-4} \]",
        "The last frequency is 1e-4.",
        "a fraction of .5 of the circle",
        "| pair | wavelength |\n| --- | --- |\n| 0 | 6.283 |",  # a typed table
        '!!! note "About 63 % of pairs"\n    text',  # an admonition title
        "There are 256 pairs.",  # an integer result not on the list
        "`pe.encoding(1, 512)[0, 3]` is `0.9`",  # inline code is prose as well
    ],
)
def test_scanner_catches_typed_results(tmp_path, text: str) -> None:
    assert _scan(tmp_path, text), f"not caught: {text!r}"


def test_scanner_leaves_generated_content_alone(tmp_path) -> None:
    text = (
        "The longest wavelength is {{ pe:wavelength_max_d512 }} positions.\n\n"
        '--8<-- "tables/wavelengths.md"\n\n'
        "```python\nx = 0.5 * 3.25\n```\n\n"
        '=== "NumPy"\n\n    ```text\n    --8<-- "examples/formula_agree.txt"\n    ```\n\n'
        'See [the figure](figures.md#fig-2.3) and ![alt](/generated/f-1.5.svg){ width="538" }.\n'
        "<!-- 3.14 in a comment -->\n"
        "A formula: \\(PE_{(pos,\\,2i+1)} = \\cos(pos / 10000^{2i/d})\\), float32 and bfloat16.\n"
    )
    assert _scan(tmp_path, text) == []


def test_citations_and_references_are_not_results(tmp_path) -> None:
    cited = (
        "As the paper says ([Section 3.5](https://arxiv.org/abs/1706.03762)), and Sections "
        "3.4 and 3.5, Table 3.\n\n## References\n\n1. Vaswani et al., NeurIPS 2017, 1706.03762.\n"
    )
    assert _scan(tmp_path, cited) == []
    # Only the section number is exempt, and only before the references.
    assert _scan(tmp_path, "Section 3.5 gives 60,830.6 positions.")
    assert _scan(tmp_path, "## Referenced numbers\n\nIt is 6.28.\n")


def test_literal_parsing() -> None:
    assert Literal("p", 1, "10,000", "").value == 10000
    assert Literal("p", 1, "10,000", "").is_integer
    assert not Literal("p", 1, "6.28", "").is_integer
    assert not Literal("p", 1, "1e4", "").is_integer


def test_allowlist_format_is_enforced(tmp_path) -> None:
    bad = tmp_path / "allowed.txt"
    bad.write_text("42 *\n", encoding="utf-8")  # no reason given
    with pytest.raises(ValueError, match="reason"):
        load_allowlist(bad)
