"""The deploy workflow: valid, audited, least-privilege, current, tested before it deploys,
cached, time-limited, and kept current by Dependabot."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
DEPENDABOT = ROOT / ".github" / "dependabot.yml"
BIN = Path(sys.executable).parent

#: The lowest major of each action that runs on Node 24 (GitHub removed Node 20 from its
#: runners in September 2026); a newer major passes, an older one fails. upload-pages-artifact
#: is a composite action: its v5 uses the Node 24 upload-artifact.
NODE24_MAJORS = {
    "actions/checkout": 7,
    "actions/setup-python": 7,
    "actions/setup-node": 7,
    "actions/cache": 6,
    "actions/cache/restore": 6,
    "actions/configure-pages": 6,
    "actions/upload-pages-artifact": 5,
    "actions/deploy-pages": 5,
}
#: Node.js lines past their end of life (or odd, never LTS) are refused below this.
OLDEST_LTS = 22


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


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job.get("steps", []))


def action(step: dict[str, Any]) -> tuple[str, str]:
    name, _, ref = str(step.get("uses", "")).partition("@")
    return name, ref


def cache_key_problems(name: str, job: dict[str, Any]) -> list[str]:
    """The generated/ cache of a job must be keyed by the Python version setup-python
    installed (pickled or compiled outputs of one Python need not suit another), in its key
    and in every restore-keys prefix, each prefix a prefix of the key."""
    problems = []
    ids = [s["id"] for s in steps(job) if action(s)[0] == "actions/setup-python" and "id" in s]
    versions = [f"steps.{i}.outputs.python-version" for i in ids] + ["env.PYTHON_VERSION"]
    for step in steps(job):
        spec = step.get("with", {})
        if not action(step)[0].startswith("actions/cache") or \
                str(spec.get("path", "")).strip() != "generated":
            continue
        key = str(spec.get("key", ""))
        if not any(v in key for v in versions):
            problems.append(f"job {name}: the generated/ cache key names no Python version")
        for prefix in str(spec.get("restore-keys", "")).split("\n"):
            if not prefix.strip():
                continue
            if not any(v in prefix for v in versions):
                problems.append(f"job {name}: restore key {prefix!r} names no Python version")
            if not key.startswith(prefix.strip()):
                problems.append(f"job {name}: restore key {prefix!r} is no prefix of the key")
    return problems


def workflow_problems(flow: dict[str, Any]) -> list[str]:
    """What keeps the workflow from being a tested, current, cached deploy (empty when it is)."""
    problems = []
    jobs: dict[str, dict[str, Any]] = flow["jobs"]
    on = flow.get(True, flow.get("on", {}))  # YAML 1.1 reads the key `on` as True
    if "pull_request" not in on or on.get("push", {}).get("branches") != ["main"]:
        problems.append("runs on pushes to main and on pull requests")
    for name, job in jobs.items():
        if not isinstance(job.get("timeout-minutes"), int):
            problems.append(f"job {name} has no timeout-minutes")
        for step in steps(job):
            used, ref = action(step)
            if not used:
                continue
            major = re.fullmatch(r"v(\d+)", ref)
            if used not in NODE24_MAJORS:
                problems.append(f"{used}: an action this test does not know runs on Node 24")
            elif not major or int(major.group(1)) < NODE24_MAJORS[used]:
                problems.append(f"{used}@{ref}: not a major tag >= v{NODE24_MAJORS[used]}")
            if used == "actions/setup-node":
                node = str(step.get("with", {}).get("node-version", ""))
                node = flow.get("env", {}).get("NODE_VERSION", "") if "env." in node else node
                if not node.isdigit() or int(node) < OLDEST_LTS or int(node) % 2:
                    problems.append(f"Node {node!r} is no maintained LTS line")

    testing = [n for n, j in jobs.items()
               if any(s.get("run") in (".ci/run", "./dev test") for s in steps(j))]
    if not testing:
        problems.append("no job runs the README's test command (.ci/run or ./dev test)")
    building = [n for n, j in jobs.items() if any(s.get("run") == "./dev build" for s in steps(j))]
    deploying = [n for n, j in jobs.items()
                 if any(action(s)[0] == "actions/deploy-pages" for s in steps(j))]

    def upstream(name: str) -> set[str]:
        needs = jobs[name].get("needs", [])
        direct = {needs} if isinstance(needs, str) else set(needs)
        return direct.union(*(upstream(n) for n in direct)) if direct else set()

    for name in building + deploying:
        if not set(testing) & upstream(name):
            problems.append(f"job {name} does not wait for the tests")
    for name in deploying:
        if "pull_request" not in str(jobs[name].get("if", "")) and not any(
                "pull_request" in str(jobs[u].get("if", "")) for u in upstream(name)):
            problems.append(f"job {name} would deploy a pull request")

    for name in testing + building:
        used = {action(s)[0]: s.get("with", {}) for s in steps(jobs[name])}
        caches = [s.get("with", {}) for s in steps(jobs[name])
                  if action(s)[0].startswith("actions/cache")]
        if not any(str(w.get("path", "")).strip() == "~/.cache/uv" for w in caches):
            problems.append(f"job {name}: no uv cache")
        if used.get("actions/setup-node", {}).get("cache") != "npm":
            problems.append(f"job {name}: no npm cache")
        if not any(str(w.get("path", "")).strip() == "generated" for w in caches):
            problems.append(f"job {name}: generated/ is not cached")
        problems += cache_key_problems(name, jobs[name])
    for name, job in jobs.items():
        if any(action(s)[0] == "actions/configure-pages" for s in steps(job)) and \
                job.get("permissions", {}).get("pages") not in ("read", "write"):
            problems.append(f"job {name}: configure-pages cannot read the Pages settings "
                            "(no pages: read)")
    for name in building:
        checkout = [s.get("with", {}) for s in steps(jobs[name])
                    if action(s)[0] == "actions/checkout"]
        if not checkout or checkout[0].get("fetch-depth") != 0:
            problems.append(f"job {name}: a shallow checkout (the sitemap's dates need the "
                            "whole history: fetch-depth: 0)")
        env = {k: v for s in steps(jobs[name]) for k, v in s.get("env", {}).items()}
        for var in ("SITE_URL", "REPO_URL"):
            if "${{" not in str(env.get(var, "")):
                problems.append(f"job {name}: {var} does not come from the workflow's context")
    return problems


def test_workflow_passes_schema_and_audit() -> None:
    assert lint(WORKFLOW) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # code injection from an attacker-controlled commit message
        ("run: ./dev build", 'run: ./dev build "${{ github.event.head_commit.message }}"'),
        ("persist-credentials: false", "fetch-depth: 1"),  # token left in .git for later steps
        ("actions/checkout@v7", "someone/checkout@v7"),  # third-party action not hash-pinned
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
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    assert flow["jobs"]["test"]["permissions"] == {"contents": "read"}
    # configure-pages reads the Pages settings (the site's address) with the job's token.
    assert build["permissions"] == {"contents": "read", "pages": "read"}
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["needs"] == "build"
    uses = [action(step)[0] for job in (build, deploy) for step in steps(job)]
    for name in ("actions/configure-pages", "actions/upload-pages-artifact",
                 "actions/deploy-pages"):
        assert name in uses
    assert "--strict" in (ROOT / "dev").read_text().split("build)")[1].split(";;")[0]
    assert ".ci/run" in [s.get("run") for s in steps(flow["jobs"]["test"])]
    assert "./dev test" in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_workflow_is_tested_current_cached_and_time_limited() -> None:
    assert workflow_problems(yaml.safe_load(WORKFLOW.read_text())) == []


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("actions/checkout@v7", "actions/checkout@v4", "actions/checkout@v4"),
        ("actions/configure-pages@v6", "actions/configure-pages@v5", "configure-pages@v5"),
        ("actions/deploy-pages@v5", "actions/deploy-pages@v4", "deploy-pages@v4"),
        ('NODE_VERSION: "24"', 'NODE_VERSION: "20"', "Node '20'"),
        ('NODE_VERSION: "24"', 'NODE_VERSION: "25"', "Node '25'"),
        ("    timeout-minutes: 10\n", "", "job deploy has no timeout-minutes"),
        ("    needs: test\n", "", "job build does not wait for the tests"),
        ("run: .ci/run", "run: ./dev versions", "no job runs the README's test command"),
        ("  pull_request:\n", "", "pull requests"),
        ("    if: github.event_name != 'pull_request'\n", "", "would deploy a pull request"),
        ("          path: ~/.cache/uv\n", "          path: ~/.cache/pip\n", "no uv cache"),
        ("          cache: npm\n", "", "no npm cache"),
        ("          path: generated\n", "          path: site\n", "generated/ is not cached"),
        ("      pages: read  #", "      #", "configure-pages cannot read the Pages settings"),
        ("          fetch-depth: 0  #", "          #", "job build: a shallow checkout"),
        ("key: generated-${{ runner.os }}-py${{ steps.python.outputs.python-version }}-${{",
         "key: generated-${{ runner.os }}-${{", "cache key names no Python version"),
        ("restore-keys: generated-${{ runner.os }}-py${{ steps.python.outputs.python-version }}-",
         "restore-keys: generated-${{ runner.os }}-", "names no Python version"),
        ("      - id: python\n        uses: actions/setup-python@v7",
         "      - uses: actions/setup-python@v7", "cache key names no Python version"),
        ("restore-keys: generated-${{ runner.os }}-py${{ steps.python.outputs.python-version }}-",
         "restore-keys: generated-${{ runner.os }}-py${{ steps.python.outputs.python-version }}-x-",
         "is no prefix of the key"),
        ("REPO_URL: ${{ github.server_url }}/${{ github.repository }}\n        run: ./dev build",
         "REPO_URL: https://example.org/x\n        run: ./dev build", "REPO_URL does not come"),
    ],
)
def test_the_checks_catch_a_stale_or_untested_deploy(old: str, new: str, says: str) -> None:
    text = WORKFLOW.read_text()
    assert old in text
    problems = workflow_problems(yaml.safe_load(text.replace(old, new, 1)))
    assert any(says in p for p in problems), problems


def dependabot_problems(config: dict[str, Any]) -> list[str]:
    ecosystems = {u["package-ecosystem"]: u for u in config.get("updates", [])}
    return [f"Dependabot does not watch {eco} at /" for eco in ("github-actions", "pip", "npm")
            if ecosystems.get(eco, {}).get("directory") != "/"]


def test_dependabot_proposes_updates_for_actions_pip_and_npm() -> None:
    run = subprocess.run([BIN / "check-jsonschema", "--builtin-schema", "vendor.dependabot",
                          DEPENDABOT], check=False, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    config = yaml.safe_load(DEPENDABOT.read_text())
    assert dependabot_problems(config) == []
    config["updates"] = [u for u in config["updates"] if u["package-ecosystem"] != "npm"]
    assert dependabot_problems(config) == ["Dependabot does not watch npm at /"]
