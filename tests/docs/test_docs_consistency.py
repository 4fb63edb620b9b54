"""Short answers agree with the sections they link to; a rule of thumb reads the same everywhere.

The questions page answers in a few lines and links to the section that explains "in depth".
A short answer that claims more than that section, or something else, misleads the reader
who stops there. The questions page's module (scripts/artifacts/pages/questions.py,
``ANSWER_TERMS``) declares each answer's key terms; this test requires
them in the answer and in the linked sections, and requires every linked anchor to exist.
It also holds every statement of a rule of thumb to the same formula, qualifier and number.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from markdown.extensions.toc import slugify

from scripts.artifacts.pages import questions as questions_page

DOCS = Path(__file__).resolve().parents[2] / "docs"
DECLARED = tomllib.loads((Path(__file__).with_name("consistency.toml")).read_text("utf-8"))
ANSWER_TERMS = questions_page.ANSWER_TERMS
WHERE = "scripts/artifacts/pages/questions.py"

_HEADING = re.compile(r"^(#{1,6}) +(.*?)(?:\s*\{\s*#([\w-]+)[^}]*\})?\s*$")
_LINK = re.compile(r"\]\(([\w-]+\.(?:md|ipynb))(?:#([\w-]+))?\)")


@dataclass
class Section:
    page: str
    anchor: str
    level: int
    text: str


def sections(page: str) -> dict[str, Section]:
    """Every heading of a page by its anchor (an explicit ``{ #id }``, else the slug MkDocs
    gives it), with the text up to the next heading of the same or a higher level. Fenced
    code is skipped when finding headings."""
    lines = (DOCS / page).read_text("utf-8").splitlines()
    heads: list[tuple[int, int, str]] = []  # line, level, anchor
    fenced = False
    for n, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        m = None if fenced else _HEADING.match(line)
        if m:
            heads.append((n, len(m.group(1)), m.group(3) or slugify(m.group(2), "-")))
    out = {}
    for k, (n, level, anchor) in enumerate(heads):
        end = next((m for m, lv, _ in heads[k + 1:] if lv <= level), len(lines))
        if anchor:
            out[anchor] = Section(page, anchor, level, "\n".join(lines[n:end]))
    return out


def flat(text: str) -> str:
    """Lower case, line breaks and emphasis marks ignored."""
    return " ".join(text.replace("*", "").split()).lower()


QUESTIONS = {a: s for a, s in sections("questions.md").items() if s.level == 3
             and a != "references"}


def test_every_answer_declares_its_terms() -> None:
    declared = set(ANSWER_TERMS)
    missing, stale = sorted(set(QUESTIONS) - declared), sorted(declared - set(QUESTIONS))
    assert not missing, f"questions without ANSWER_TERMS in {WHERE}: {missing}"
    assert not stale, f"{WHERE} declares ANSWER_TERMS for questions that are gone: {stale}"


@pytest.mark.parametrize("anchor", sorted(QUESTIONS))
def test_answer_agrees_with_the_sections_it_links(anchor: str) -> None:
    answer = QUESTIONS[anchor].text
    links = _LINK.findall(answer)
    assert links, f"questions.md#{anchor}: the answer links to no section of the site"
    linked = []
    for page, target in links:
        assert (DOCS / page).exists(), f"questions.md#{anchor} links to a missing page {page}"
        if not target:
            linked.append((page, (DOCS / page).read_text("utf-8")))
            continue
        found = sections(page)
        assert target in found, (
            f"questions.md#{anchor} links to {page}#{target}, which is no heading anchor there")
        linked.append((f"{page}#{target}", found[target].text))
    where = ", ".join(name for name, _ in linked)
    body = flat(" ".join(text for _, text in linked))
    for term in ANSWER_TERMS[anchor]:
        assert flat(term) in flat(answer), (
            f"questions.md#{anchor}: the answer no longer says {term!r}; update its terms in "
            f"ANSWER_TERMS of {WHERE} if its claim changed")
        assert flat(term) in body, (
            f"questions.md#{anchor} says {term!r}, but the section(s) it links to ({where}) "
            f"do not: the short answer claims more than, or other than, its explanation")


def paragraphs(page: Path) -> list[tuple[int, str]]:
    """Blank-line separated blocks of a page, with their first line number."""
    out, start, block = [], 0, []
    for n, line in enumerate(page.read_text("utf-8").splitlines() + [""], start=1):
        if line.strip():
            start = start or n
            block.append(line)
        elif block:
            out.append((start, "\n".join(block)))
            start, block = 0, []
    return out


@pytest.mark.parametrize("rule", DECLARED["rules"], ids=lambda r: r["name"])
def test_a_rule_of_thumb_reads_the_same_on_every_page(rule: dict) -> None:
    detect = re.compile(rule["detect"])
    stated = [(page, n, text) for page in sorted(DOCS.glob("*.md"))
              for n, text in paragraphs(page) if detect.search(text)]
    assert len({page for page, _, _ in stated}) >= 2, (
        f"{rule['name']}: stated on fewer than two pages; is the detector still right?")
    problems = [f"{page.name}:{n} lacks {need!r}" for page, n, text in stated
                for need in rule["require"] if flat(need) not in flat(text)]
    assert not problems, f"{rule['name']} is stated differently:\n" + "\n".join(problems)


def test_the_half_turn_is_not_called_the_limit_of_distinctness() -> None:
    """Issue 16, item 1: a sin/cos pair is one-to-one over a full turn; half a turn is where
    its distance from the start stops growing."""
    wrong = re.compile(r"tells positions apart\s+until it has turned half|"
                       r"positions stay unambiguous", re.IGNORECASE)
    hits = [f"{page.name}:{n}" for page in sorted(DOCS.glob("*.md"))
            for n, text in paragraphs(page) if wrong.search(text)]
    assert not hits, f"the half-turn is called the limit of distinctness at {hits}"


def test_navigation_is_grouped_by_purpose() -> None:
    """The sidebar shows a handful of groups, not a flat list: Home, then one group per thing
    a reader comes to do. A new page goes into a group, so the top level stays short."""
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)  # site_url: irrelevant here
    config = yaml.load((DOCS.parent / "mkdocs.yml").read_text("utf-8"), Loader=Loader)
    top = [next(iter(entry.items())) for entry in config["nav"]]
    loose = [title for title, target in top if isinstance(target, str) and title != "Home"]
    assert not loose, f"pages outside any nav group: {loose}"
    groups = [title for title, target in top if isinstance(target, list)]
    assert 3 <= len(groups) <= 6, f"{len(groups)} groups at the top of the nav: {groups}"
    assert all(dict(top)[g] for g in groups), "an empty nav group"


def _scanned() -> list[Path]:
    """The files whose text reaches a page: the pages, their data and the page modules."""
    root = DOCS.parent
    return (sorted(DOCS.glob("*.md")) + sorted((DOCS / "data").glob("*.yml"))
            + sorted((root / "scripts" / "artifacts" / "pages").glob("*.py")))


@pytest.mark.parametrize("claim", DECLARED["forbidden"], ids=lambda c: c["why"].split(":")[0])
def test_a_claim_found_false_is_not_made_again(claim: dict) -> None:
    """Issue 23, item 8: corrections found by an independent check of the newest pages."""
    wrong = re.compile(claim["pattern"], re.IGNORECASE)
    hits = [str(p.relative_to(DOCS.parent)) for p in _scanned()
            if wrong.search(" ".join(p.read_text("utf-8").replace("*", "").split()))]
    assert not hits, f"{claim['why']}\nfound in: {hits}"


@pytest.mark.parametrize(("text", "claim"), [
    ("as [its authors call the code's \\(10000\\) a bug](x)", 0),
    (("DETR's\n`build_position_encoding`](https://github.com/facebookresearch/detr/blob/"
      "29901c51d7fe8712168b8d0d64351170bc0f83e0/models/position_encoding.py#L80-L89)"), -1),
    ("MAE, whose table is learned, resizes it with\nbilinear interpolation", 7),
])
def test_the_forbidden_patterns_catch_what_they_name(text: str, claim: int) -> None:
    pattern = DECLARED["forbidden"][claim]["pattern"]
    assert re.search(pattern, " ".join(text.split()), re.IGNORECASE)
