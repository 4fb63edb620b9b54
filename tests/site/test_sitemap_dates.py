"""The sitemap dates each page by the last change of its source (scripts/site/dates.py): the
last commit that changed it, or, outside git or with uncommitted changes, the file's own date;
never the build's."""

from __future__ import annotations

import os
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scripts.site.dates import last_changed

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def git(cwd: Path, *args: str, date: str = "") -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def expected(source: Path) -> str:
    """Computed here from git itself, as the issue states it."""
    rel = source.relative_to(ROOT).as_posix()
    if git(ROOT, "status", "--porcelain", "--", rel) == "":
        committed = git(ROOT, "log", "-1", "--format=%cs", "--", rel)
        if committed:
            return committed
    return datetime.fromtimestamp(source.stat().st_mtime, tz=UTC).date().isoformat()


def test_sitemap_dates_are_the_sources_last_changes(built_site: Path,
                                                    built_site_url: str) -> None:
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    entries = re.findall(r"<loc>([^<]+)</loc>\s*<lastmod>([^<]+)</lastmod>", sitemap)
    assert len(entries) == sitemap.count("<url>") > 20
    for loc, lastmod in entries:
        stem = loc.removeprefix(built_site_url).rstrip("/") or "index"
        (source,) = [p for p in (DOCS / f"{stem}.md", DOCS / f"{stem}.ipynb",
                                 DOCS / stem / "index.md") if p.is_file()]  # hubs: learn/
        assert lastmod == expected(source), loc


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    git(tmp_path, "init", "-q")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n")
    (tmp_path / "docs" / "b.md").write_text("# B\n")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "one", date="2001-02-03T10:00:00+00:00")
    (tmp_path / "docs" / "b.md").write_text("# B, again\n")
    git(tmp_path, "commit", "-qam", "two", date="2005-06-07T10:00:00+00:00")
    return tmp_path


def test_the_last_commit_that_changed_the_file(repo: Path) -> None:
    assert last_changed(repo / "docs" / "a.md", repo) == "2001-02-03"
    assert last_changed(repo / "docs" / "b.md", repo) == "2005-06-07"


def test_uncommitted_untracked_or_outside_git_use_the_files_date(
        repo: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    stamp = datetime(2010, 1, 2, 12, tzinfo=UTC).timestamp()
    changed, new = repo / "docs" / "a.md", repo / "docs" / "new.md"
    changed.write_text("# A, edited\n")
    new.write_text("# New\n")
    bare = tmp_path_factory.mktemp("nogit") / "c.md"
    bare.write_text("# C\n")
    for path in (changed, new, bare):
        os.utime(path, (stamp, stamp))
        assert last_changed(path, path.parent if path is bare else repo) == "2010-01-02"
