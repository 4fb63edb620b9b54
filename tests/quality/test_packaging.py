"""The package's metadata: the licence as an SPDX expression (PEP 639), the file it names
shipped with it, and a build backend that understands both."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
#: The first setuptools that reads ``license = "SPDX"`` and ``license-files`` (PEP 639).
PEP639_SETUPTOOLS = Version("77")
#: The first line of each licence's text, by its SPDX identifier.
LICENCE_TEXTS = {"MIT": "MIT License"}


def licence_problems(meta: dict[str, Any], root: Path) -> list[str]:
    """What keeps ``meta`` (a parsed pyproject.toml) from declaring its licence by PEP 639."""
    problems = []
    licence = meta["project"].get("license")
    if not isinstance(licence, str):
        problems.append(f"project.license is {licence!r}, not an SPDX expression")
    elif licence not in LICENCE_TEXTS:
        problems.append(f"project.license {licence!r} is not a licence this project uses")
    files = meta["project"].get("license-files", [])
    if not files:
        problems.append("no project.license-files")
    for name in files:
        path = root / name
        if not path.is_file():
            problems.append(f"licence file {name} does not exist")
        elif isinstance(licence, str) and licence in LICENCE_TEXTS and not path.read_text(
                encoding="utf-8").startswith(LICENCE_TEXTS[licence]):
            problems.append(f"{name} is not the {licence} licence")
    backend = [Requirement(r) for r in meta["build-system"]["requires"]]
    setuptools = [r for r in backend if r.name == "setuptools"]
    if not setuptools or not any(
            s.operator == ">=" and Version(s.version) >= PEP639_SETUPTOOLS
            for r in setuptools for s in r.specifier):
        problems.append(f"the build needs setuptools>={PEP639_SETUPTOOLS} for PEP 639")
    return problems


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    assert licence_problems(pyproject(), ROOT) == []


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda m: m["project"].update(license={"text": "MIT"}), "not an SPDX expression"),
        (lambda m: m["project"].update(license="GPL-3.0-only"), "not a licence this project"),
        (lambda m: m["project"].pop("license-files"), "no project.license-files"),
        (lambda m: m["project"].update({"license-files": ["LICENSE-docs.md"]}),
         "not the MIT licence"),
        (lambda m: m["project"].update({"license-files": ["COPYING"]}), "does not exist"),
        (lambda m: m["build-system"].update(requires=["setuptools>=69"]), "setuptools>=77"),
        (lambda m: m["build-system"].update(requires=["setuptools"]), "setuptools>=77"),
    ],
)
def test_the_check_catches_the_old_forms(change: Any, says: str) -> None:
    meta = pyproject()
    change(meta)
    problems = licence_problems(meta, ROOT)
    assert any(says in p for p in problems), problems
