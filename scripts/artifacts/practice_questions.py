"""The practitioners' questions (``docs/data/practice_questions.yml``) as Markdown tables.

The registry reads the file and passes its entries as parameters, so editing the file
rebuilds the tables; these functions only lay them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from scripts.artifacts.tables import markdown_table


def _cell(text: str) -> str:
    return text.replace("|", r"\|").strip()


def _thread(address: str) -> str:
    """``owner/repo#123`` linking to the thread."""
    parts = urlsplit(address).path.strip("/").split("/")
    return f"[{parts[0]}/{parts[1]}#{parts[-1]}]({address})"


_SECTION_TITLES = {  # page -> its title in the link text
    "practice.md": "Using the encoding",
    "relatives.md": "Relatives",
}


def _answer(target: str) -> str:
    page, _, anchor = target.partition("#")
    return f"[{_SECTION_TITLES.get(page, page)}: {anchor.replace('-', ' ')}]({target})"


def answered(questions: Sequence[dict[str, str]]) -> str:
    """One row per answered question, grouped by the page and section that answer it."""
    rows = [e for e in questions if "answer" in e]
    order = {e["answer"]: n for n, e in reversed(list(enumerate(rows)))}
    rows = sorted(rows, key=lambda e: order[e["answer"]])
    return markdown_table(
        ["Question", "Asked in", "Answered in"],
        [[_cell(e["question"]), f"{_cell(e['project'])}, {_thread(e['address'])}",
          _answer(e["answer"])] for e in rows],
        align="lll",
    )


def left_out(questions: Sequence[dict[str, str]]) -> str:
    """The questions the site does not answer, with why."""
    return markdown_table(
        ["Question", "Asked in", "Why it is left out"],
        [[_cell(e["question"]), f"{_cell(e['project'])}, {_thread(e['address'])}",
          _cell(e["left_out"])] for e in questions if "left_out" in e],
        align="lll",
    )
