"""The deploy workflow: valid, audited, least-privilege, and building with --strict."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
BIN = Path(sys.executable).parent


def lint(workflow: Path) -> list[str]:
    """Problems found by the schema check and the security audit (empty when clean)."""
    problems = []
    for cmd in (
        [BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", workflow],
        [BIN / "zizmor", "--offline", "--config", ROOT / ".github" / "zizmor.yml", workflow],
    ):
        run = subprocess.run(cmd, check=False, capture_output=True, text=True)
        if run.returncode:
            problems.append(f"{Path(cmd[0]).name}: {run.stdout}{run.stderr}")
    return problems


def test_workflow_passes_schema_and_audit() -> None:
    assert lint(WORKFLOW) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # code injection from an attacker-controlled commit message
        ("run: ./dev build", 'run: ./dev build "${{ github.event.head_commit.message }}"'),
        ("persist-credentials: false", "fetch-depth: 1"),  # token left in .git for later steps
        ("actions/checkout@v4", "someone/checkout@v4"),  # third-party action not hash-pinned
        ("runs-on: ubuntu-latest", "runs-on: [ubuntu-latest"),  # broken YAML
    ],
)
def test_lint_catches_a_bad_workflow(tmp_path: Path, old: str, new: str) -> None:
    bad = tmp_path / ".github" / "workflows" / "pages.yml"
    bad.parent.mkdir(parents=True)
    text = WORKFLOW.read_text()
    assert old in text
    bad.write_text(text.replace(old, new, 1))
    shutil.copy(ROOT / ".github" / "zizmor.yml", bad.parent.parent / "zizmor.yml")
    assert lint(bad)


def test_least_privilege_and_official_pages_actions() -> None:
    flow = yaml.safe_load(WORKFLOW.read_text())
    assert flow["permissions"] == {}
    assert flow[True]["push"]["branches"] == ["main"]  # YAML 1.1 reads the key `on` as True
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    assert build["permissions"] == {"contents": "read"}
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["needs"] == "build"
    uses = [step.get("uses", "").split("@")[0] for job in (build, deploy) for step in job["steps"]]
    for action in (
        "actions/configure-pages",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    ):
        assert action in uses
    runs = [step.get("run", "") for step in build["steps"]]
    assert "./dev build" in runs  # ./dev build is `mkdocs build --strict`
    assert "--strict" in (ROOT / "dev").read_text().split("build)")[1].split(";;")[0]
