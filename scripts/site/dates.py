"""When a page last changed, for the sitemap's ``<lastmod>``: the date of the last commit
that changed the page's source in docs/, not the date of the build.

A source outside git (an untracked file, a copy without history) or with changes not yet
committed gets its file's modification date (UTC) instead. Dates are ``YYYY-MM-DD``, the
committer's date, so two builds of the same commit give the same sitemap. In a shallow clone
a page last changed before the clone's first commit would get that commit's date: the
deploy workflow fetches the whole history (``fetch-depth: 0``).
"""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime
from pathlib import Path


def _git(root: Path, *args: str) -> str | None:
    try:
        run = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                             check=False)
    except OSError:  # no git at all
        return None
    return run.stdout.strip() if run.returncode == 0 else None


def file_date(path: Path) -> str:
    """``path``'s modification date, UTC."""
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).date().isoformat()


def last_changed(path: Path, root: Path) -> str:
    """The date ``path`` (a file under ``root``, the repository) last changed: its last
    commit's, or its own modification date when git has no committed version of it as it is."""
    rel = path.resolve().relative_to(root.resolve()).as_posix()
    committed = _git(root, "log", "-1", "--format=%cs", "--", rel)
    changed = _git(root, "status", "--porcelain", "--", rel)
    if committed and changed == "":
        return committed
    return file_date(path)
