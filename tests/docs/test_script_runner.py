"""The example scripts' runner (tests/helpers/script_runner.py) behaves as a new interpreter
running ``python script.py`` would: the same output, errors and exit status, and nothing
carried from one script to the next."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers.script_runner import run_script

SCRIPTS = {
    "prints.py": "import numpy as np, pe\nprint(np.round(pe.encoding(2, 4), 3).tolist())\n",
    "main.py": "import os, sys\nprint(__name__, os.path.basename(sys.argv[0]), "
               "os.path.basename(sys.path[0]), os.path.basename(os.getcwd()))\n",
    "sibling.py": "import helper_module\nprint(helper_module.VALUE)\n",
    "helper_module.py": "VALUE = 'from the script folder'\n",
    "fails.py": "print('before')\nraise ValueError('the reason')\n",
    "exits.py": "import sys\nprint('out')\nprint('err', file=sys.stderr)\nsys.exit(3)\n",
    "exits_text.py": "import sys\nsys.exit('a message')\n",
    "sets_state.py": "import numpy as np\nnp.set_printoptions(precision=2)\nimport pe\n"
                     "pe.MARK = 1\nprint(np.pi * np.ones(1))\n",
    "reads_state.py": "import numpy as np, pe\nprint(np.pi * np.ones(1), hasattr(pe, 'MARK'))\n",
    "reads_stdin.py": "import sys\nprint(repr(sys.stdin.read()))\n",
}


@pytest.fixture(scope="module")
def scripts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("scripts")
    for name, text in SCRIPTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def interpreter(script: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(script)], cwd=cwd, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, check=False)


@pytest.mark.parametrize("name", ["prints.py", "main.py", "sibling.py", "exits.py",
                                  "exits_text.py", "sets_state.py", "reads_state.py",
                                  "reads_stdin.py"])
def test_the_same_as_a_new_interpreter(scripts: Path, tmp_path: Path, name: str) -> None:
    got, want = run_script(scripts / name, tmp_path), interpreter(scripts / name, tmp_path)
    assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr)


def test_nothing_is_carried_from_one_script_to_the_next(scripts: Path, tmp_path: Path) -> None:
    assert run_script(scripts / "sets_state.py", tmp_path).stdout.strip() == "[3.14]"
    after = run_script(scripts / "reads_state.py", tmp_path)
    assert after.stdout.strip() == "[3.14159265] False", after


def test_an_uncaught_exception_is_exit_status_1_with_its_traceback(scripts: Path,
                                                                  tmp_path: Path) -> None:
    got = run_script(scripts / "fails.py", tmp_path)
    assert got.returncode == 1 and got.stdout == "before\n"
    assert got.stderr.startswith("Traceback (most recent call last):")
    assert got.stderr.rstrip().endswith("ValueError: the reason")


def test_a_script_that_hangs_is_ended(tmp_path: Path) -> None:
    script = tmp_path / "hangs.py"
    script.write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    got = run_script(script, tmp_path, timeout=1)
    assert got.returncode != 0
    after = tmp_path / "after.py"
    after.write_text("print('next')\n", encoding="utf-8")
    assert run_script(after, tmp_path).stdout == "next\n", "no script ran after it"
