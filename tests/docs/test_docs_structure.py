"""The site's structure carries its growth (issue 23, item 0; the review in
/work/shared/design/site-structure.md, section 6):

- the nav has a handful of groups sorted by what the reader is doing, and a group with a hub
  (its ``index.md``) lists every page of the group in that hub;
- every page has at least two inbound links from other pages' text (the nav not counted),
  and is reachable from the home page in at most two clicks through the pages' text;
- a nav label is the page's title (its H1);
- an example script is shown on one page only;
- the questions page only routes: each entry links exactly one home section of the site
  (plus, if any, the experiment or proof that backs it), and that section exists;
- an explanation and its evidence link each other;
- a topic whose copies had diverged has one home, which its other sections link;
- no page has more than :data:`MAX_WORDS` words of prose (:func:`prose_words` says what
  counts); a longer page is split by topic, and the old page stays at its address as a
  "moved" page (:data:`MOVED`): out of the nav, with a list whose items keep the old anchors
  and link each to the heading it went to, which no other page links through.

Read from mkdocs.yml and the Markdown (and the notebook's Markdown cells): no build, no
browser. Each check is a function over plain data, shown to fail on a made-up case below.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections import defaultdict, deque
from pathlib import Path

import pytest
import yaml
from docscan import DOCS, split_fences
from markdown.extensions.toc import slugify

from scripts.artifacts.pages import EXERCISES

# --- reading the site ------------------------------------------------------------------

#: Each group's hub, which says what every page of the group answers, in reading order.
HUBS = {
    "Learn": "learn/index.md",
    "Use it in a model": "use/index.md",
    "Design for your input": "design/index.md",
}
#: Pages whose sections moved to other pages (issue 23): kept at their address, out of the
#: nav (mkdocs.yml's ``not_in_nav``), each with a "Where the sections went { #moved }" list
#: whose items keep the old anchors: ``- [Title](new-page.md#anchor){ #anchor }``. No other
#: page links one; they are exempt from the nav, inbound-link and two-click rules.
MOVED = {"pitfalls.md"}
#: The most words of prose a page may have (:func:`prose_words`); past it, split the page.
MAX_WORDS = 3000

#: Pages of evidence: an FAQ entry may link these besides its one home.
EVIDENCE = {"experiments.md", "experiments-length.md", "experiments-inside.md",
            "experiments-changes.md", "proofs.md"}
#: Explanations and the evidence that backs them: each must link the other.
BOTH_WAYS = [
    ("embeddings.md#concatenation", "experiments-changes.md#sum-concat"),
    ("pitfalls-use.md#beyond-training-length", "experiments-length.md#extrapolation"),
    ("relative-position.md#dot-product", "proofs.md#dot-product"),
    ("wavelengths.md#geometric-progression", "proofs.md#wavelengths"),
    ("index.md#why", "experiments-inside.md#causal-mask"),
    ("pitfalls-formula.md#column-index-in-the-exponent", "experiments-changes.md#wrong-formula"),
]

#: Topics once answered in several places that diverged (the review's section 2): each has
#: one home, and every other section that speaks of it links that home.
ONE_HOME = {
    "embeddings.md#concatenation": [  # sum or concatenation
        "pitfalls-use.md#sum-versus-concat", "experiments-changes.md#sum-concat", "practice.md#input-width",
        "questions.md#add-or-concatenate"],
    "wavelengths.md#why-10000": [  # choosing a base
        "questions.md#choose-base", "questions.md#why-10000", "relatives.md#detr",
        "beyond-text.md#time-series", "errata.md#misconception-base-length",
        "experiments-length.md#bases", "formula.md#the-base-is-a-parameter"],
    "beyond-text.md#image-patches": [  # 2-D positions, image patches
        "relatives.md#detr", "practice.md#larger-images", "questions.md#image-patches"],
    "wavelengths.md#geometric-progression": [  # the longest wavelength
        "errata.md#wavelength-bound", "proofs.md#wavelengths", "questions.md#longest-wavelength"],
}

_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_INCLUDE = re.compile(r"""^[ \t]*--8<--[ \t]+["']?(docs/examples/[^"'\s]+\.py)["']?""",
                      re.MULTILINE)
_HEADING = re.compile(r"^(#{1,6}) +(.*?)(?:\s*\{\s*#([\w-]+)[^}]*\})?\s*$")
_ATTR_ID = re.compile(r"\{[^}]*#([\w-]+)[^}]*\}")
_HTML_ID = re.compile(r"""\bid=["']([\w-]+)["']""")


class _Loader(yaml.SafeLoader):
    pass


_Loader.add_constructor("!ENV", lambda loader, node: None)


def nav() -> list:
    return yaml.load((DOCS.parent / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)["nav"]


def nav_entries(entries: list, parents: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str | None, str]]:
    """Every page of a nav: (its groups, its label or None for a hub, its file)."""
    out = []
    for entry in entries:
        if isinstance(entry, str):
            out.append((parents, None, entry))
            continue
        (label, target), = entry.items()
        if isinstance(target, list):
            out.extend(nav_entries(target, (*parents, label)))
        else:
            out.append((parents, label, target))
    return out


def page_text(page: str, docs: Path = DOCS) -> str:
    """A page's Markdown; for a notebook, its Markdown cells."""
    path = docs / page
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text("utf-8"))["cells"]
        return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text("utf-8")


def site_pages(docs: Path = DOCS) -> list[str]:
    """Every page of the site, relative to docs/ (the scripts and data are no pages)."""
    found = [*docs.rglob("*.md"), *docs.rglob("*.ipynb")]
    return sorted(p.relative_to(docs).as_posix() for p in found
                  if not {"examples", "data", ".ipynb_checkpoints"} & set(p.relative_to(docs).parts))


def title(text: str) -> str:
    """The page's H1 as the reader sees it (code marks and an attribute list dropped)."""
    _, lines = split_fences(Path("page.md"), text)
    for line in lines:
        m = _HEADING.match(line)
        if m and len(m.group(1)) == 1:
            return m.group(2).replace("`", "").strip()
    return ""


def links(page: str, text: str) -> list[tuple[str, str]]:
    """The site pages a page's text links to, as (page, anchor), resolved from its folder.
    Code blocks are skipped; external links and links to files that are no pages too."""
    _, lines = split_fences(Path(page), text)
    out = []
    for target in _LINK.findall("\n".join(lines)):
        if re.match(r"^[a-z]+:|^//", target):
            continue
        path, _, anchor = target.partition("#")
        if not path:
            out.append((page, anchor))
            continue
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
        if resolved.endswith("/") or not posixpath.splitext(resolved)[1]:
            resolved = posixpath.join(resolved, "index.md")
        if resolved.endswith((".md", ".ipynb")):
            out.append((resolved, anchor))
    return out


def prose_words(text: str) -> int:
    """How many words of prose a page's Markdown has, the rule :data:`MAX_WORDS` is held to:
    the front matter, fenced code blocks, snippet includes (``--8<--`` lines), HTML comments,
    ``{{ ... }}`` placeholders, link targets and attribute lists (``{ #id }``) are dropped, as
    the reader never reads them; a word is then a run of non-space characters holding a
    letter or a digit (a formula's symbols count, a lone ``|`` or ``-`` of a table does not)."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.DOTALL)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.DOTALL)
    _, lines = split_fences(Path("page.md"), text)
    prose = "\n".join(line for line in lines if not re.match(r"^[ \t]*--8<--", line))
    prose = re.sub(r"\{\{.*?\}\}", " ", prose, flags=re.DOTALL)
    prose = re.sub(r"\]\([^)]*\)", "]", prose)
    prose = re.sub(r"\{:?[ \t]*[#.][^}]*\}", " ", prose)
    return sum(1 for word in prose.split() if re.search(r"\w", word))


def moved_items(text: str) -> dict[str, tuple[str, str]]:
    """A moved page's list of where its sections went: old anchor -> (page, anchor) linked."""
    section = section_of(text, "moved")
    return {old: (page, anchor) for page, anchor, old in
            re.findall(r"\]\(([\w./-]+\.md)#([\w-]+)\)\{ #([\w-]+) \}", section)}


def moved_problems(moved: str, texts: dict[str, str], generated: set[str] = frozenset()) -> list[str]:
    """Why the moved page ``moved`` does not lead each old anchor to an existing heading, or
    other pages link through it; ``generated`` holds anchors the pipeline's fragments make."""
    items = moved_items(texts[moved])
    problems = [] if items else [f"{moved}: no list under a heading {{ #moved }}"]
    for old, (page, anchor) in sorted(items.items()):
        if page in MOVED or page == moved or page not in texts:
            problems.append(f"{moved}#{old} -> {page}: not a page the section can live on")
        elif anchor not in anchors(texts[page]) | generated:
            problems.append(f"{moved}#{old} -> {page}#{anchor}, which does not exist")
    problems += [f"{page} links {moved}#{a or ''} (link the new home)"
                 for page, text in texts.items() if page != moved
                 for target, a in links(page, text) if target == moved]
    return problems


def link_graph(texts: dict[str, str]) -> dict[str, set[str]]:
    """Each page -> the other pages its text links to."""
    return {page: {p for p, _ in links(page, text) if p != page} for page, text in texts.items()}


def inbound(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    into: dict[str, set[str]] = defaultdict(set)
    for page, targets in graph.items():
        for target in targets:
            into[target].add(page)
    return into


def clicks_from(graph: dict[str, set[str]], start: str) -> dict[str, int]:
    """How many clicks through the pages' text each page is from ``start``."""
    seen, todo = {start: 0}, deque([start])
    while todo:
        page = todo.popleft()
        for target in sorted(graph.get(page, ())):
            if target not in seen:
                seen[target] = seen[page] + 1
                todo.append(target)
    return seen


def anchors(text: str) -> set[str]:
    """The anchors a page defines: its headings' (explicit or slugged) and attribute lists' and
    HTML ids."""
    _, lines = split_fences(Path("page.md"), text)
    found = set()
    for line in lines:
        m = _HEADING.match(line)
        if m:
            found.add(m.group(3) or slugify(m.group(2), "-"))
        found.update(_ATTR_ID.findall(line))
        found.update(_HTML_ID.findall(line))
    return found


def faq_entries(text: str) -> dict[str, str]:
    """The questions page's entries (its h3 sections) by anchor."""
    _, lines = split_fences(Path("questions.md"), text)
    heads = [(n, m) for n, line in enumerate(lines) if (m := _HEADING.match(line))]
    out = {}
    for k, (n, m) in enumerate(heads):
        if len(m.group(1)) != 3:
            continue
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        out[m.group(3) or slugify(m.group(2), "-")] = "\n".join(lines[n + 1:end])
    return out


def faq_problem(anchor: str, entry: str, texts: dict[str, str]) -> str | None:
    """Why an FAQ entry does not route to exactly one existing home section, or None."""
    linked = sorted({(p, a) for p, a in links("questions.md", entry)})
    homes = [(p, a) for p, a in linked if p not in EVIDENCE]
    if len(homes) != 1:
        return f"#{anchor} links {len(homes)} homes {homes}, not exactly one"
    (page, target), = homes
    if not target:
        return f"#{anchor} links the page {page}, not a section of it"
    if page not in texts or target not in anchors(texts[page]):
        return f"#{anchor} links {page}#{target}, which does not exist"
    return None


def included_scripts(texts: dict[str, str]) -> dict[str, set[str]]:
    """Each example script -> the pages that include it."""
    out: dict[str, set[str]] = defaultdict(set)
    for page, text in texts.items():
        for script in _INCLUDE.findall(text):
            out[script].add(page)
    return out


def label_matches(label: str, groups: tuple[str, ...], h1: str) -> bool:
    """A nav label is the page's H1, or the part of it before a colon (a subtitle), or the
    part after "<its group>: " (the API pages under "API reference"; the experiments pages,
    whose H1 goes on in lower case)."""
    label = label.replace("`", "")
    return (h1 == label or h1.startswith(f"{label}: ")
            or bool(groups) and h1.lower() == f"{groups[-1]}: {label}".lower())


def section_of(text: str, anchor: str) -> str:
    """The text of the section ``anchor`` of a page, up to the next heading of its level or
    higher (the whole page if the anchor is empty)."""
    if not anchor:
        return text
    lines = text.splitlines()
    start = level = None
    for n, line in enumerate(lines):
        m = _HEADING.match(line)
        if not m:
            continue
        here = m.group(3) or slugify(m.group(2), "-")
        if start is None and here == anchor:
            start, level = n, len(m.group(1))
        elif start is not None and len(m.group(1)) <= level:
            return "\n".join(lines[start:n])
    return "\n".join(lines[start:]) if start is not None else ""


def links_to(page: str, text: str, target: str) -> bool:
    """Whether ``text`` (part of ``page``) links the page#anchor ``target``."""
    t_page, _, t_anchor = target.partition("#")
    return any(p == t_page and a == t_anchor for p, a in links(page, text))


# --- the site as it is -----------------------------------------------------------------

NAV = nav_entries(nav())
PAGES = site_pages()
TEXTS = {page: page_text(page) for page in PAGES}
GRAPH = link_graph(TEXTS)


def test_every_page_is_in_the_nav_once() -> None:
    """(But for the moved pages, which are not in the nav.)"""
    files = [file for _, _, file in NAV]
    assert not MOVED & set(files), f"moved pages in the nav: {sorted(MOVED & set(files))}"
    assert sorted([*files, *MOVED]) == PAGES, (
        f"not in the nav: {sorted(set(PAGES) - set(files))}; "
        f"in the nav but no page: {sorted(set(files) - set(PAGES))}")
    assert len(files) == len(set(files)), "a page twice in the nav"


def test_the_nav_has_three_to_six_groups_each_with_a_hub_where_declared() -> None:
    groups = [next(iter(e)) for e in nav() if isinstance(next(iter(e.values())), list)]
    assert 3 <= len(groups) <= 6, groups
    for group, hub in HUBS.items():
        assert group in groups, f"no nav group {group!r} for the hub {hub}"
        first = next(file for groups_, _, file in NAV if groups_[:1] == (group,))
        assert first == hub, f"{group}: its first entry is {first}, not its hub {hub}"


@pytest.mark.parametrize("group", sorted(HUBS))
def test_every_page_of_a_group_is_in_its_hub(group: str) -> None:
    hub = HUBS[group]
    members = [file for groups, _, file in NAV if groups[:1] == (group,) and file != hub]
    missing = sorted(set(members) - GRAPH[hub])
    assert members and not missing, f"{hub} does not link these pages of {group!r}: {missing}"


def test_every_page_has_two_inbound_links() -> None:
    into = inbound(GRAPH)
    few = {page: sorted(into[page]) for page in PAGES
           if page != "index.md" and page not in MOVED and len(into[page]) < 2}
    assert not few, f"pages linked from fewer than two other pages (nav not counted): {few}"


def test_every_page_is_two_clicks_from_home() -> None:
    far = clicks_from(GRAPH, "index.md")
    beyond = sorted(page for page in PAGES if page not in MOVED and far.get(page, 99) > 2)
    assert not beyond, f"more than two clicks from the home page: {beyond}"


def test_a_nav_label_is_the_pages_title() -> None:
    """(The home page is labelled "Home", not with the site's name.)"""
    wrong = [f"{file}: nav says {label!r}, the page {title(TEXTS[file])!r}"
             for groups, label, file in NAV
             if label is not None and file != "index.md" and not label_matches(label, groups, title(TEXTS[file]))]
    assert not wrong, "\n".join(wrong)


def test_an_example_script_is_shown_on_one_page() -> None:
    shown = included_scripts(TEXTS)
    assert shown, "no included script found: is the scan still right?"
    twice = {script: sorted(p) for script, p in shown.items() if len(p) > 1}
    assert not twice, f"scripts included by two pages (show it once, link it elsewhere): {twice}"


FAQ = faq_entries(TEXTS["questions.md"])


def test_the_faq_has_entries() -> None:
    assert len(FAQ) >= 20, sorted(FAQ)


@pytest.mark.parametrize("anchor", sorted(FAQ))
def test_an_faq_entry_links_one_home(anchor: str) -> None:
    problem = faq_problem(anchor, FAQ[anchor], TEXTS)
    assert problem is None, f"questions.md{problem}"


@pytest.mark.parametrize(("explanation", "evidence"), BOTH_WAYS)
def test_an_explanation_and_its_evidence_link_each_other(explanation: str, evidence: str) -> None:
    for source, target in ((explanation, evidence), (target_ := evidence, explanation)):
        page, _, anchor = source.partition("#")
        assert anchor in anchors(TEXTS[page]), f"{source} does not exist"
        assert links_to(page, section_of(TEXTS[page], anchor), target), (
            f"{source} does not link {target}")
    del target_


@pytest.mark.parametrize("home", sorted(ONE_HOME))
def test_a_topics_other_sections_link_its_home(home: str) -> None:
    page, _, anchor = home.partition("#")
    assert anchor in anchors(TEXTS[page]), f"the home {home} does not exist"
    astray = []
    for copy in ONE_HOME[home]:
        c_page, _, c_anchor = copy.partition("#")
        if c_anchor not in anchors(TEXTS[c_page]):
            astray.append(f"{copy} (no such section)")
        elif not links_to(c_page, section_of(TEXTS[c_page], c_anchor), home):
            astray.append(copy)
    assert not astray, f"sections that speak of {home}'s topic without linking it: {astray}"


def test_no_page_is_longer_than_the_limit() -> None:
    long = {page: n for page in PAGES if (n := prose_words(TEXTS[page])) > MAX_WORDS}
    assert not long, f"pages over {MAX_WORDS} words of prose (split them by topic): {long}"


@pytest.mark.parametrize("moved", sorted(MOVED))
def test_a_moved_pages_anchors_lead_where_the_sections_went(moved: str) -> None:
    problems = moved_problems(moved, TEXTS, {e.anchor for e in EXERCISES})
    assert not problems, "\n".join(problems)


def test_nothing_else_links_through_a_moved_page() -> None:
    """The pages' declarations (an exercise's ``rests_on``) and data (the questions from
    practice) name a section's new home, not the moved page's list."""
    sources = [*(DOCS.parent / "scripts" / "artifacts" / "pages").glob("*.py"),
               *(DOCS / "data").glob("*.yml")]
    through = [f"{path.relative_to(DOCS.parent)}: {hit}" for path in sources
               for moved in sorted(MOVED)
               for hit in re.findall(rf"(?<![\w-]){re.escape(moved)}#[\w-]+", path.read_text("utf-8"))]
    assert not through, "links through a moved page (link the new home):\n" + "\n".join(through)


def test_the_moved_pages_are_out_of_the_nav_in_mkdocs() -> None:
    config = yaml.load((DOCS.parent / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)
    listed = {line.strip().lstrip("/") for line in config.get("not_in_nav", "").splitlines() if line.strip()}
    assert listed == MOVED, f"mkdocs.yml not_in_nav {sorted(listed)} != MOVED {sorted(MOVED)}"


# --- each check fails on a made-up case ------------------------------------------------

def test_the_checks_fail_on_made_up_cases(tmp_path: Path) -> None:
    texts = {
        "index.md": "# Home\n\n[a](a.md) [hub](learn/index.md)\n",
        "learn/index.md": "# Learn\n\n[b](../b.md)\n",
        "a.md": "# A\n\n[b](b.md#x)\n\n## X { #x }\n",
        "b.md": "# B\n\n## X { #x }\n\n[c](c.md)\n",
        "c.md": "# C\n",
    }
    graph = link_graph(texts)
    assert graph["learn/index.md"] == {"b.md"}  # resolved from the hub's folder
    assert clicks_from(graph, "index.md") == {"index.md": 0, "a.md": 1, "learn/index.md": 1,
                                              "b.md": 2, "c.md": 3}  # c: three clicks
    into = inbound(graph)
    assert into["b.md"] == {"a.md", "learn/index.md"} and into["c.md"] == {"b.md"}  # c: one
    assert not label_matches("Beta", (), "B") and label_matches("B", (), "B: a subtitle")
    assert label_matches("pe", ("API reference",), "API reference: pe")
    shown = included_scripts({"p.md": '    --8<-- "docs/examples/p/s.py"\n',
                              "q.md": '--8<-- "docs/examples/p/s.py"\n'})
    assert shown == {"docs/examples/p/s.py": {"p.md", "q.md"}}
    faq = faq_entries("# Q\n\n## G\n\n### One { #one }\n\nNo. [Home](a.md#x).\n\n"
                      "### Two { #two }\n\nSee [a](a.md#x) and [b](b.md#x).\n\n"
                      "### Three { #three }\n\nSee [a](a.md#nowhere) and [e](experiments.md#e).\n"
                      "\n### Four { #four }\n\nSee [a](a.md).\n")
    assert faq_problem("one", faq["one"], texts) is None
    assert "2 homes" in str(faq_problem("two", faq["two"], texts))
    assert "does not exist" in str(faq_problem("three", faq["three"], texts))
    assert "not a section" in str(faq_problem("four", faq["four"], texts))
    assert section_of(texts["b.md"], "x") == "## X { #x }\n\n[c](c.md)"
    assert not links_to("a.md", section_of(texts["a.md"], "x"), "b.md#x")  # link is above #x
    assert title("```\n# not a title\n```\n# Real `pe`\n") == "Real pe"
    # Words: code, includes, comments, placeholders, link targets and ids do not count.
    page = ("---\ndescription: not counted\n---\n# One two\n\n<!-- claim: x -->\n"
            "```python\nprint('not counted')\n```\n--8<-- \"figures/x.md\"\n"
            "See [three](https://four.example/five) {{ pe:six }} | - |\n\n## Four { #four }\n")
    assert prose_words(page) == 5  # One two See [three] Four
    assert prose_words("word " * (MAX_WORDS + 1)) > MAX_WORDS  # the limit's test can fail
    # A moved page: one anchor leads nowhere, one to a moved page, and a page links through it.
    moved = {
        "old.md": "# Old\n\n## Where the sections went { #moved }\n\n"
                  "- [A](new.md#a){ #a }\n- [B](new.md#gone){ #b }\n- [C](old.md#c){ #c }\n",
        "new.md": "# New\n\n## A { #a }\n\n[old](old.md#a)\n",
    }
    assert moved_items(moved["old.md"])["a"] == ("new.md", "a")
    found = moved_problems("old.md", moved)
    assert len(found) == 3, found
    assert "new.md#gone, which does not exist" in found[0] and "not a page" in found[1]
    assert "new.md links old.md#a" in found[2]
    assert moved_problems("new.md", moved)[0].startswith("new.md: no list")
