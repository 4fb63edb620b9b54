"""``pe`` one install away: the site serves the package's wheel, built from the same sources
(scripts/site/downloads.py), and every page that runs ``pe`` shows the one command that
installs it, ``pip install {{ site:wheel_url }}``, its address filled in by the hooks.

- The distribution has a name of its own (``pip install pe`` is an unrelated project), and
  the import name stays ``pe``.
- The build is deterministic: two builds give the same bytes, and the built site serves
  exactly the wheel a fresh build makes now.
- Every page that runs ``pe`` shows the command (tests/docs/test_docs_install.py); in the
  built site the command names the served file, which exists.
- That file, installed from the site's address with pip into a fresh virtual environment,
  is the package: its metadata name, ``import pe`` from the environment's own
  site-packages, and ``python -m pe diagnose`` giving the verdict ``pe`` gives here.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import numpy as np
import pytest
from helpers.install import ROOT, pages_that_run_pe

import pe.variants
from pe.diagnose import diagnose
from scripts.site.downloads import FOLDER, build_wheel, distribution_name, sources, wheel_name

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_distribution_has_a_name_of_its_own_and_the_package_stays_pe() -> None:
    # "pe" on the public index is another project; this name was free when chosen (checked
    # with `pip index versions pe-sinusoidal`: no such project).
    assert PYPROJECT["project"]["name"] == distribution_name() == "pe-sinusoidal"
    assert PYPROJECT["tool"]["setuptools"]["packages"] == ["pe"]


def test_the_wheel_name_comes_from_pyproject() -> None:
    version = PYPROJECT["project"]["version"]
    assert wheel_name() == f"pe_sinusoidal-{version}-py3-none-any.whl"


def test_the_build_reads_the_package_and_its_metadata_files_only() -> None:
    rel = {p.relative_to(ROOT).as_posix() for p in sources()}
    assert {"pyproject.toml", "README.md", "LICENSE", "pe/__init__.py", "pe/py.typed"} <= rel
    assert all(r in ("pyproject.toml", "README.md", "LICENSE") or r.startswith("pe/")
               for r in rel), rel
    assert not any("__pycache__" in r for r in rel)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_two_builds_give_the_same_bytes(wheel: Path, tmp_path: Path) -> None:
    again = build_wheel(tmp_path)
    assert again.name == wheel.name == wheel_name()
    assert again.read_bytes() == wheel.read_bytes()


def test_the_wheel_holds_pe_and_its_metadata(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        meta = whl.read(f"pe_sinusoidal-{PYPROJECT['project']['version']}.dist-info/METADATA")
    assert {n.split("/")[0] for n in names} == {
        "pe", f"pe_sinusoidal-{PYPROJECT['project']['version']}.dist-info"}
    assert "pe/__main__.py" in names and "pe/py.typed" in names
    text = meta.decode()
    assert "Name: pe-sinusoidal\n" in text and "License-Expression: MIT\n" in text
    for dependency in PYPROJECT["project"]["dependencies"]:
        assert f"Requires-Dist: {dependency}\n" in text


# ---------------------------------------------------------------- the built site

COMMAND = re.compile(r"pip install (\S+)")
PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
#: Where ``import pe`` comes from, and the installed distribution's name and version.
WHERE = ("import importlib.metadata as m, pe; d = m.distribution('pe-sinusoidal'); "
         "print(pe.__file__); print(d.metadata['Name']); print(d.version)")


def install_commands(page_html: str) -> list[str]:
    """The addresses in the ``pip install`` commands of a built page's code blocks (not its
    inline code: the checker page names ``pip install pe`` as what not to run)."""
    found = []
    for code in re.findall(r"<pre[^>]*>(.*?)</pre>", page_html, re.DOTALL):
        found += COMMAND.findall(html.unescape(re.sub(r"<[^>]+>", "", code)))
    return found


def test_every_command_names_the_served_wheel(built_site: Path, built_site_url: str) -> None:
    url = f"{built_site_url}{FOLDER}/{wheel_name()}"
    pages_with = {}
    for page in sorted(built_site.rglob("*.html")):
        commands = install_commands(page.read_text(encoding="utf-8"))
        if commands:
            pages_with[page.relative_to(built_site).as_posix()] = commands
    # The notebook's command installs Matplotlib too (the notebook plots).
    assert all(c == [url] for p, c in pages_with.items() if p != "notebook/index.html"), pages_with
    assert pages_with.get("notebook/index.html") == [url]
    expected = {"index.html" if p.stem == "index" else f"{p.stem}/index.html"
                for p in pages_that_run_pe()}
    assert expected <= set(pages_with), expected - set(pages_with)
    checker = (built_site / "checker" / "index.html").read_text(encoding="utf-8")
    assert f'href="../{FOLDER}/{wheel_name()}"' in checker


def test_the_served_wheel_is_the_one_the_sources_build_now(built_site: Path, wheel: Path) -> None:
    served = built_site / FOLDER / wheel_name()
    assert served.is_file()
    assert served.read_bytes() == wheel.read_bytes()


def test_the_served_wheel_installs_and_runs(built_site: Path, built_site_url: str,
                                            site_url: str, tmp_path: Path) -> None:
    """The page's command, pointed at this test's server, in a fresh virtual environment."""
    command = install_commands((built_site / "checker" / "index.html").read_text("utf-8"))
    address = command[0].replace(built_site_url, site_url)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    purelib = subprocess.run([python, "-c", PURELIB], capture_output=True, text=True,
                             check=True).stdout.strip()
    # The wheel's dependencies (NumPy, SymPy) are not downloaded: the test runs offline, on a
    # fresh CI machine too, where the only packages are the pinned ones of this environment.
    # A .pth file appends this environment's site-packages to the new one's path, after its
    # own: `pe` can only come from the wheel (a .pth line adds a folder without running that
    # folder's own .pth files, so neither the editable install nor the repository's root
    # comes with it, and the commands run outside the repository).
    outer = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    (Path(purelib) / "outer_dependencies.pth").write_text("\n".join(outer) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    install = subprocess.run([python, "-m", "pip", "install", "--no-deps", "--no-index", address],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
                             check=False)
    assert install.returncode == 0, install.stdout + install.stderr

    where = subprocess.run(
        [python, "-c", WHERE],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert where.returncode == 0, where.stderr
    pe_file, name, version = where.stdout.split()
    assert Path(pe_file).is_relative_to(purelib), pe_file
    assert not Path(pe_file).resolve().is_relative_to(ROOT)
    assert (name, version) == ("pe-sinusoidal", PYPROJECT["project"]["version"])

    table = pe.variants.tensor2tensor(30, 16)  # a variant, so the verdict says something
    np.save(tmp_path / "table.npy", table)
    run = subprocess.run([python, "-m", "pe", "diagnose", "table.npy", "--json"], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    verdict = json.loads(run.stdout)
    assert verdict == diagnose(table).to_dict()
    assert verdict["verdict"] != "paper"
