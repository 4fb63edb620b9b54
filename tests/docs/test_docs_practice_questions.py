"""docs/data/practice_questions.yml: the practitioners' questions behind the practice and
relatives pages. Every entry names its thread and is either answered by a section that exists
or left out with a reason. (tests/site checks the same anchors on the built pages.)"""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

import pytest
import yaml
from docscan import DOCS, split_fences

QUESTIONS = DOCS / "data" / "practice_questions.yml"
_THREAD = re.compile(r"^/[\w.-]+/[\w.-]+/(?:issues|pull|discussions)/\d+$")
_HEADING_ID = re.compile(r"^#{1,6} .*\{\s*#([\w-]+)\s*\}\s*$")


def entries() -> list[dict[str, str]]:
    data = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))
    assert isinstance(data, list) and data, f"{QUESTIONS.name} should be a list of questions"
    return data


def page_anchors(page: str) -> set[str]:
    """The explicit heading ids ({ #id }) of a page, code blocks excluded."""
    _, lines = split_fences(DOCS / page)
    return {m.group(1) for line in lines if (m := _HEADING_ID.match(line))}


def test_at_least_forty_questions_from_distinct_threads() -> None:
    addresses = [e["address"] for e in entries()]
    assert len(addresses) >= 40
    repeated = [a for a, n in Counter(addresses).items() if n > 1]
    assert not repeated, f"threads listed twice: {repeated}"


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.get("address", "?"))
def test_entry_has_a_thread_and_an_answer_or_a_reason(entry) -> None:
    assert set(entry) <= {"question", "address", "project", "answer", "left_out"}, entry
    assert entry.get("question", "").strip() and entry.get("project", "").strip(), entry
    url = urlsplit(entry.get("address", ""))
    assert url.scheme == "https" and url.netloc == "github.com" and _THREAD.match(url.path), (
        f"not an issue or pull-request thread: {entry.get('address')!r}"
    )
    assert ("answer" in entry) != ("left_out" in entry), "give exactly one of answer, left_out"
    if "left_out" in entry:
        assert len(entry["left_out"].split()) >= 5, "say why it is left out"
        return
    page, _, anchor = entry["answer"].partition("#")
    assert (DOCS / page).is_file(), f"no page {page}"
    assert anchor in page_anchors(page), f"{page} has no section #{anchor}"


def test_every_answering_section_links_its_threads() -> None:
    # An answer is only an answer if the page says so where the reader looks: each thread is
    # linked from the page that answers it.
    missing = []
    for e in entries():
        if "answer" in e:
            page = e["answer"].partition("#")[0]
            if e["address"] not in (DOCS / page).read_text(encoding="utf-8"):
                missing.append(f"{e['address']} (answered on {page})")
    assert not missing, "answers that do not link their thread:\n" + "\n".join(missing)


def test_anchor_scanner_finds_real_ids_and_ignores_code(tmp_path, monkeypatch) -> None:
    page = tmp_path / "p.md"
    page.write_text("# T\n\n## A { #a }\n\n```text\n## B { #b }\n```\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "DOCS", tmp_path)
    assert page_anchors("p.md") == {"a"}


def test_every_framework_the_intro_names_has_a_thread() -> None:
    """Issue 23, item 8.8: the page's introduction names the frameworks whose threads it
    answers; each must have at least one entry in the list."""
    intro = (DOCS / "practice-questions.md").read_text(encoding="utf-8")
    named = re.search(r"frameworks themselves\s*\(([^)]*)\)", intro)
    assert named, "the introduction no longer lists the frameworks"
    projects = " ".join(e["project"] for e in entries())
    missing = [f.strip() for f in named.group(1).split(",") if f.strip() not in projects]
    assert not missing, f"named in the introduction but no thread in the list: {missing}"
