"""No page types a numeric result by hand.

Results reach a page only through the pipeline: an included fragment, an example's printed
output, or a ``{{ pe:NAME }}`` placeholder. The scanner reads each page's prose (everything
outside code fences, ``--8<--`` includes and placeholders; LaTeX included) and fails on any
decimal or exponent-notation number, and on any integer not allowed for that page: the
page module's ``ALLOWED_NUMBERS`` (scripts/artifacts/pages/<page>.py) and the site-wide
``SITE_ALLOWED_NUMBERS`` (scripts/artifacts/pages/__init__.py), short lists of formula
constants and example inputs, each with its reason.

Every ``{{ pe:NAME }}`` a page uses must be declared, with NAME written out, in some page
module (so that grep finds where a number comes from), and the build's error for an unknown
name names the page's module.
"""

from __future__ import annotations

import re

import pytest
from docscan import ROOT, Literal, load_allowlist, numeric_literals, pages, violations

from scripts.artifacts import pages as page_modules

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
        assert listed <= names, f"{entry.where} names missing pages {sorted(listed - names)}"
        assert entry.reason.strip(), f"{entry.where}: {entry.value} has no reason"
        assert any((entry.value, page) in used for page in listed), (
            f"{entry.where}: {entry.value} is no longer used on {sorted(listed)}; remove it"
        )


def test_every_page_has_its_module() -> None:
    declared = {m.PAGE for m in page_modules.MODULES}
    assert declared == set(page_modules.pages_in_docs()), (
        f"pages without a module in scripts/artifacts/pages/: "
        f"{sorted(set(page_modules.pages_in_docs()) - declared)}; modules without a page: "
        f"{sorted(declared - set(page_modules.pages_in_docs()))}")
    for module in page_modules.MODULES:
        assert module.__name__.rsplit(".", 1)[-1] == page_modules.module_name(module.PAGE)


_USE = re.compile(r"(?<!\\)\{\{\s*pe:([A-Za-z0-9_]+)\s*\}\}")


def _page_sources() -> dict[str, str]:
    folder = ROOT / "scripts" / "artifacts" / "pages"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_number_a_page_uses_is_a_literal_in_a_page_module(page) -> None:
    """grep finds where each number is declared: its name is written out, in quotes, in one
    page module (not built by an f-string or a loop), and that module declares it."""
    sources = _page_sources()
    declared = page_modules.declared_numbers()
    for name in sorted(set(_USE.findall(page.read_text(encoding="utf-8")))):
        holders = [f for f, text in sources.items() if f'"{name}"' in text]
        assert len(holders) == 1, (
            f"{page.name} uses {{{{ pe:{name} }}}}, written out in {holders or 'no page module'}")
        assert declared.get(name) == f"scripts/artifacts/pages/{holders[0]}", (name, holders)


def test_declared_number_names_are_literals() -> None:
    """Every name a page module declares appears written out in its source."""
    sources = _page_sources()
    for name, where in page_modules.declared_numbers().items():
        assert f'"{name}"' in sources[where.rsplit("/", 1)[-1]], f"{name} in {where}"


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
        '=== "NumPy"\n\n    ```text\n    --8<-- "examples/formula/formula_agree.txt"\n    ```\n\n'
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


def test_a_typed_integer_names_the_page_module_to_allow_it(tmp_path) -> None:
    problems = violations(numeric_literals(tmp_path / "formula.md", "There are 256 pairs.\n",
                                           name="formula.md"), ALLOWED)
    assert problems and "ALLOWED_NUMBERS of scripts/artifacts/pages/formula.py" in problems[0]


def test_an_unknown_number_names_the_page_module_and_the_closest_names() -> None:
    from types import SimpleNamespace

    from mkdocs.exceptions import PluginError

    from scripts.site import mkdocs_hooks

    page = SimpleNamespace(file=SimpleNamespace(src_uri="formula.md"))
    with pytest.raises(PluginError) as err:
        mkdocs_hooks.on_page_markdown("A {{ pe:foo }} here.", page, None, None)  # type: ignore[arg-type]
    assert str(err.value).startswith(
        "unknown number {{ pe:foo }} in formula.md: not declared in "
        "scripts/artifacts/pages/formula.py nor in any other page module")
    # A near miss points to the page module that declares the name it resembles.
    with pytest.raises(PluginError, match=r"closest: pairs_d512 in scripts/artifacts/pages/"
                                          r"wavelengths\.py"):
        mkdocs_hooks.on_page_markdown("{{ pe:pairs_d521 }}", page, None, None)  # type: ignore[arg-type]
    # The syntax itself, escaped, is left alone.
    assert mkdocs_hooks.on_page_markdown(r"\{{ pe:foo }}", page, None, None) == "{{ pe:foo }}"  # type: ignore[arg-type]
