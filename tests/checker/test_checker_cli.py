"""``python -m pe diagnose FILE``: each file format gives the verdict of pe.diagnose on the
table it holds; the exit status follows the verdict (0 the paper's or a named variant, 1
mistakes or unknown); a bad or unreadable file (missing, a folder, binary, UTF-16) gets one
line on stderr naming it, exit status 2, and no traceback."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from helpers.diagnose_cases import CASES, MISTAKE_CASES, Case

import pe
import pe.variants
from pe.__main__ import main
from pe.diagnose import diagnose

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pe", "diagnose", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def as_json(*args: str | Path) -> dict:
    result = cli(*args, "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


TABLE = pe.variants.tensor2tensor(30, 16)  # a variant, so the verdict says something


def test_npy(tmp_path: Path) -> None:
    np.save(tmp_path / "t.npy", TABLE)
    assert as_json(tmp_path / "t.npy") == diagnose(TABLE).to_dict()


def test_npz_with_one_array_or_a_key(tmp_path: Path) -> None:
    np.savez(tmp_path / "one.npz", table=TABLE)
    assert as_json(tmp_path / "one.npz") == diagnose(TABLE).to_dict()
    np.savez(tmp_path / "two.npz", a=TABLE, b=pe.encoding(30, 16))
    assert as_json(tmp_path / "two.npz", "--key", "b")["verdict"] == "paper"


def test_csv_and_txt(tmp_path: Path) -> None:
    np.savetxt(tmp_path / "t.csv", TABLE, delimiter=",", fmt="%.9g")
    np.savetxt(tmp_path / "t.txt", TABLE, fmt="%.9g")
    expected = diagnose(np.loadtxt(tmp_path / "t.txt")).to_dict()
    assert as_json(tmp_path / "t.csv") == expected
    assert as_json(tmp_path / "t.txt") == expected
    assert expected["codes"] == ["tensor2tensor"]


def test_a_pasted_printout(tmp_path: Path) -> None:
    with np.printoptions(threshold=10**6, linewidth=75):
        (tmp_path / "print.txt").write_text(repr(pe.encoding(12, 10)))
    assert as_json(tmp_path / "print.txt")["verdict"] == "paper"


def test_text_output(tmp_path: Path) -> None:
    np.save(tmp_path / "t.npy", TABLE)
    result = cli(tmp_path / "t.npy")
    assert result.returncode == 0
    assert result.stdout.strip() == diagnose(TABLE).text()


BAD_FILES = {
    "missing.npy": (None, "no such file"),
    "garbage.npy": (b"not an array", "not a valid .npy file"),
    "empty.npz": (b"", "not a valid .npz file"),
    "table.xlsx": (b"1,2\n3,4\n", "unknown format"),
    "words.csv": (b"a,b\nc,d\n", "no numbers"),
    "ragged.csv": (b"1,2,3\n4,5\n", "different lengths"),
    "nan.csv": (b"0,1\nnan,1\n", "NaN or infinity"),
    "binary.txt": (bytes(range(128, 256)), "not text"),
    "nul.csv": (b"0,1\x00\n", "not text"),
    "utf16.csv": ("0,1\n0.84,0.54\n".encode("utf-16"), "UTF-16"),
    "empty.txt": (b"", "no numbers"),
    "garbage.txt": (b"Traceback (most recent call last):\n KeyError: 'x' @\n", "not a number"),
    "folder.npy": ("folder", "is a folder"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_files(tmp_path: Path, name: str) -> None:
    content, words = BAD_FILES[name]
    path = tmp_path / name
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    result = cli(path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), result.stderr
    assert words in lines[0]


def test_bad_arrays(tmp_path: Path) -> None:
    np.save(tmp_path / "batch.npy", np.zeros((2, 5, 8)))
    np.save(tmp_path / "objects.npy", np.array([[1, "a"]], dtype=object), allow_pickle=True)
    np.savez(tmp_path / "two.npz", a=TABLE, b=TABLE)
    for name, words in [
        ("batch.npy", "batch of several sequences"),
        ("objects.npy", "never unpickled"),
        ("two.npz", "--key"),
    ]:
        result = cli(tmp_path / name)
        assert result.returncode == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    result = cli(tmp_path / "two.npz", "--key", "c")
    assert result.returncode == 2 and "no array 'c'" in result.stderr


def test_usage_errors_exit_non_zero() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pe"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and "usage" in result.stderr


EXIT_STATUS = {"paper": 0, "variant": 0, "mistakes": 1, "unknown": 1}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_exit_status_follows_the_verdict(case: Case, tmp_path: Path) -> None:
    """0 for the paper's table or a named variant, 1 for mistakes or an unknown table: every
    case, through main() (the same function the command runs; its status is what
    ``python -m pe`` exits with, checked below with real processes)."""
    np.save(tmp_path / "t.npy", case.build())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["diagnose", str(tmp_path / "t.npy")])
    assert status == EXIT_STATUS[case.verdict], out.getvalue()


def test_the_three_exit_statuses_of_the_command(tmp_path: Path) -> None:
    np.save(tmp_path / "paper.npy", pe.encoding(20, 16))
    np.save(tmp_path / "slip.npy", MISTAKE_CASES[0].build())
    (tmp_path / "broken.npy").write_bytes(b"not an array")
    statuses = {
        name: cli(tmp_path / f"{name}.npy").returncode for name in ("paper", "slip", "broken")
    }
    assert statuses == {"paper": 0, "slip": 1, "broken": 2}


def test_help_and_readme_state_the_exit_statuses() -> None:
    help_text = " ".join(cli("--help").stdout.split())
    for words in (
        "0 the paper's table or a named variant",
        "1 mistakes",
        "2 the input cannot be read",
    ):
        assert words in help_text, help_text
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "exit status" in readme and "autograder" in readme
    for words in ("0 when the table is the paper's or a named variant", "1 when it shows mistakes"):
        assert words in readme


def test_a_single_row_gets_its_position(tmp_path: Path) -> None:
    np.savetxt(tmp_path / "row.txt", pe.encoding(60, 32)[41:42], fmt="%.6f")
    result = as_json(tmp_path / "row.txt")
    assert (result["verdict"], result["shape"], result["start"]) == ("paper", [1, 32], 41)
