"""Every answer in docs/data/practice_questions.yml points at an element id of the built page."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

QUESTIONS = Path(__file__).resolve().parents[2] / "docs" / "data" / "practice_questions.yml"


def test_answer_anchors_exist_on_the_built_pages(built_site: Path) -> None:
    entries = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))
    missing = []
    for entry in entries:
        if "answer" not in entry:
            continue
        page, _, anchor = entry["answer"].partition("#")
        html = built_site / page.removesuffix(".md") / "index.html"
        ids = set(re.findall(r'\bid="([^"]+)"', html.read_text(encoding="utf-8"))) if html.exists() else set()
        if anchor not in ids:
            missing.append(f"{entry['answer']} ({entry['address']})")
    assert not missing, "answers whose anchor the built site lacks:\n" + "\n".join(missing)
