"""Every external link has a form that stays true: nothing outside is fetched here, so the
test checks form, not reachability.

- https only;
- GitHub code links point at a file pinned to a full 40-hex commit
  (``github.com/ORG/REPO/blob/<sha>/path#Lnn-Lmm``), never at a branch or a tag; issue,
  pull-request and discussion threads (``/issues/N``) are cited as they are;
- one commit per repository across the whole site, unless allowed_versions.txt says a
  claim is about a particular version;
- arXiv links go to the abstract page (``arxiv.org/abs/ID``), not a PDF;
- every page that explains something ends with a "References" section.

Scanned: the Markdown pages, the example scripts they show, the ``pe`` docstrings (the API
reference page), the registry and the page modules (figure captions, exercises).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from docscan import DOCS, ROOT, pages, reasoned_lines, split_fences

ALLOWED_VERSIONS = Path(__file__).resolve().parent / "allowed_versions.txt"
#: Pages without a References section, with why.
NO_REFERENCES = {
    "reference.md": "generated from the docstrings of pe",
    "reference-variants.md": "generated from the docstrings of pe.variants",
    "reference-symbolic.md": "generated from the docstrings of pe.symbolic",
    "reference-diagnose.md": "generated from the docstrings of pe.diagnose",
    "reference-relatives.md": "generated from the docstrings of pe.relatives",
    "explorer.md": "an interactive tool; the pages it links to hold the sources",
    "teachers.md": "the exercises of other pages; each links the sections it rests on",
    "teachers-solutions.md": "solutions to those exercises, which cite as their pages do",
    "pitfalls.md": "its sections moved to two pages, which cite; its list leads to them",
    "learn/index.md": "a section's hub: it routes to pages, which hold the sources",
    "use/index.md": "a section's hub: it routes to pages, which hold the sources",
    "design/index.md": "a section's hub: it routes to pages, which hold the sources",
}

_URL = re.compile(r"\bhttps?://[^\s<>()\[\]\"'`]+")
_GITHUB_CODE = re.compile(
    r"^/(?P<repo>[\w.-]+/[\w.-]+)/blob/(?P<sha>[0-9a-f]{40})/[^#?]+(?:#L\d+(?:-L\d+)?)?$"
)
#: Issue and pull-request threads are discussions, not code: cited as they are.
_GITHUB_THREAD = re.compile(
    r"^/[\w.-]+/[\w.-]+/(?:issues|pull|discussions)/\d+(?:#(?:issuecomment|discussion)[\w-]+)?$"
)
_ARXIV_ABS = re.compile(r"^/abs/\d{4}\.\d{4,5}(?:v\d+)?$")


def sources() -> list[Path]:
    """Every file whose text reaches a page."""
    files = pages()
    files += sorted((DOCS / "examples").rglob("*.py"))
    files += sorted((ROOT / "pe").rglob("*.py"))
    files.append(ROOT / "scripts" / "artifacts" / "registry.py")
    files += sorted((ROOT / "scripts" / "artifacts" / "pages").glob("*.py"))
    return files


def urls(text: str) -> list[str]:
    return [u.rstrip(".,;:") for u in _URL.findall(text)]


def link_problem(url: str) -> str | None:
    """Why ``url`` has the wrong form, or None."""
    parts = urlsplit(url)
    if parts.scheme != "https":
        return "not https"
    host = parts.netloc.lower()
    if host in {"raw.githubusercontent.com", "gist.github.com"} or host.endswith(".github.com"):
        return "GitHub code must be linked as github.com/ORG/REPO/blob/<40-hex sha>/path"
    if host == "github.com":
        target = parts.path + (f"#{parts.fragment}" if parts.fragment else "")
        if _GITHUB_THREAD.match(target) and not parts.query:
            return None
        if parts.query or not _GITHUB_CODE.match(target):
            return "GitHub link not pinned: use github.com/ORG/REPO/blob/<40-hex sha>/path#Lnn"
    abstract = host == "arxiv.org" and not parts.query and not parts.fragment
    if host.endswith("arxiv.org") and not (abstract and _ARXIV_ABS.match(parts.path)):
        return "arXiv link must be the abstract page, https://arxiv.org/abs/ID"
    return None


def pinned_commits(found: dict[str, list[str]]) -> dict[str, set[str]]:
    """Repository -> the commits its GitHub links use."""
    commits: dict[str, set[str]] = defaultdict(set)
    for url in found:
        parts = urlsplit(url)
        m = _GITHUB_CODE.match(parts.path) if parts.netloc == "github.com" else None
        if m:
            commits[m.group("repo").lower()].add(m.group("sha"))
    return commits


def load_allowed_versions(path: Path = ALLOWED_VERSIONS) -> dict[str, set[str]]:
    allowed: dict[str, set[str]] = defaultdict(set)
    for number, fields, reason in reasoned_lines(path):
        if not reason or len(fields) != 2 or not re.fullmatch(r"[0-9a-f]{40}", fields[1]):
            raise ValueError(f"{path.name}:{number}: expected '<owner/repo> <sha>  # reason'")
        allowed[fields[0].lower()].add(fields[1])
    return allowed


def version_problems(commits: dict[str, set[str]], allowed: dict[str, set[str]]) -> list[str]:
    """Repositories cited at more than one commit that the allowlist does not explain."""
    return [
        f"{repo} is cited at {len(shas)} commits ({', '.join(sorted(s[:7] for s in shas))}); "
        "use one commit per repository, or list the extra ones in allowed_versions.txt"
        for repo, shas in sorted(commits.items())
        if len(shas - allowed.get(repo, set())) > 1
    ]


def collect() -> dict[str, list[str]]:
    """Every external URL in the site's sources -> where it appears."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for url in urls(line):
                found[url].append(f"{path.relative_to(ROOT)}:{number}")
    return found


FOUND = collect()


def test_the_site_cites_sources() -> None:
    # Guards the scan itself: if it finds nothing, the checks below check nothing.
    assert any(urlsplit(u).netloc == "arxiv.org" for u in FOUND)
    assert sum(urlsplit(u).netloc == "github.com" for u in FOUND) >= 10


@pytest.mark.parametrize("url", sorted(FOUND))
def test_link_form(url: str) -> None:
    problem = link_problem(url)
    assert problem is None, f"{url} ({', '.join(FOUND[url])}): {problem}"


def test_one_commit_per_repository() -> None:
    problems = version_problems(pinned_commits(FOUND), load_allowed_versions())
    assert not problems, "\n".join(problems)


def test_every_page_ends_with_references() -> None:
    missing = []
    for page in pages():
        name = page.relative_to(DOCS).as_posix() if page.is_relative_to(DOCS) else page.name
        if name in NO_REFERENCES:  # by path: the hubs are all index.md
            continue
        _, lines = split_fences(page)
        headings = [line for line in lines if re.match(r"^##\s", line)]
        if not headings or not re.match(r"^##\s+References\b", headings[-1]):
            missing.append(page.name)
    assert not missing, f"pages whose last section is not '## References': {missing}"


def test_no_reference_exemption_is_stale() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in pages()}
    assert set(NO_REFERENCES) <= names


# --- the checks fail on bad links -------------------------------------------------------

SHA = "3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99"


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("http://arxiv.org/abs/1706.03762", "not https"),
        ("https://arxiv.org/pdf/1706.03762", "abstract page"),
        ("https://arxiv.org/pdf/1706.03762.pdf", "abstract page"),
        ("https://arxiv.org/abs/1706.03762.pdf", "abstract page"),
        ("https://www.arxiv.org/abs/1706.03762", "abstract page"),
        ("https://github.com/facebookresearch/fairseq/blob/main/fairseq/utils.py#L256", "pinned"),
        ("https://github.com/facebookresearch/fairseq/blob/v0.12.2/fairseq/utils.py", "pinned"),
        ("https://github.com/facebookresearch/fairseq/blob/3d262bb/fairseq/utils.py", "pinned"),
        ("https://github.com/facebookresearch/fairseq/tree/" + SHA + "/fairseq", "pinned"),
        ("https://github.com/facebookresearch/fairseq", "pinned"),
        ("https://github.com/o/r/blob/" + SHA + "/f.py?plain=1#L3", "pinned"),
        ("https://raw.githubusercontent.com/o/r/" + SHA + "/f.py", "github.com/ORG/REPO/blob"),
        ("https://github.com/o/r/issues/9?page=2", "pinned"),
        ("https://github.com/o/r/issues/", "pinned"),
        ("http://github.com/o/r/issues/9", "not https"),
    ],
)
def test_bad_links_are_caught(url: str, words: str) -> None:
    problem = link_problem(url)
    assert problem is not None and words in problem, (url, problem)


@pytest.mark.parametrize(
    "url",
    [
        "https://arxiv.org/abs/1706.03762",
        "https://arxiv.org/abs/2104.09864v5",
        f"https://github.com/facebookresearch/fairseq/blob/{SHA}/fairseq/utils.py",
        f"https://github.com/facebookresearch/fairseq/blob/{SHA}/fairseq/utils.py#L256",
        f"https://github.com/facebookresearch/fairseq/blob/{SHA}/fairseq/utils.py#L256-L266",
        "https://oshea00.github.io/posts/transformers-positional-encoding",
        "https://github.com/facebookresearch/fairseq/issues/1177",
        "https://github.com/o/r/pull/12",
        "https://github.com/o/r/issues/9#issuecomment-123456",
    ],
)
def test_good_links_pass(url: str) -> None:
    assert link_problem(url) is None


def test_two_commits_of_one_repository_are_caught(tmp_path) -> None:
    other = "0" * 40
    found = {
        f"https://github.com/o/r/blob/{SHA}/a.py#L1": ["x"],
        f"https://github.com/O/R/blob/{other}/b.py": ["y"],  # case does not hide it
        f"https://github.com/o/s/blob/{other}/a.py": ["z"],
    }
    commits = pinned_commits(found)
    assert version_problems(commits, {}) and "o/r" in version_problems(commits, {})[0]
    allow = tmp_path / "allowed.txt"
    allow.write_text(f"o/r {other}  # the table before the fix\n", encoding="utf-8")
    assert version_problems(commits, load_allowed_versions(allow)) == []
    allow.write_text(f"o/r {other}\n", encoding="utf-8")  # no reason given
    with pytest.raises(ValueError, match="reason"):
        load_allowed_versions(allow)


def test_urls_are_cut_at_markdown_punctuation() -> None:
    text = "see [x](https://arxiv.org/abs/1706.03762), or <https://a.example/b>."
    assert urls(text) == ["https://arxiv.org/abs/1706.03762", "https://a.example/b"]


def test_pages_without_references_are_caught(tmp_path, monkeypatch) -> None:
    page = tmp_path / "x.md"
    page.write_text("# X\n\n## References\n\n1. a\n\n## See also\n\n- b\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "pages", lambda: [page])
    with pytest.raises(AssertionError, match="x.md"):
        test_every_page_ends_with_references()


def test_links_are_never_prefetched() -> None:
    """A link is followed by the browser when clicked, and only then. Material's instant
    loading (an XHR router) and its hover prefetching ("navigation.instant.prefetch") would
    request pages before any click; both stay off (instant loading also slowed every first
    load: scripts/bench/pages.py)."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    features = re.findall(r"^\s*-\s*(navigation\.[\w.]+)\s*$", config, re.MULTILINE)
    assert "navigation.sections" in features  # the check reads the right list
    assert not [f for f in features if f.startswith("navigation.instant")], features
