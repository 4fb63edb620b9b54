"""Command line: ``python -m pe diagnose FILE [--json]`` and
``python -m pe homework --seed N [--key] [--url URL]``.

``diagnose`` reads a table from .npy, .npz, .csv or .txt and prints what ``pe.diagnose`` says
about it. Its exit status follows the verdict, for autograders: 0 when the table is the
paper's or a named variant, 1 when it shows mistakes or is not a known variant, 2 when the
input cannot be read (missing, a folder, not text, not a table), with one line on stderr
naming the problem.

``homework`` prints the homework sheet for a seed as Markdown (``pe.homework.sheet``), or
with ``--key`` its answer key; exit status 2 for a seed that is not a whole number from 0 to
2**32 - 1, with one line on stderr naming the problem.
"""

from __future__ import annotations

import argparse
import json
import sys
import zipfile
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pe import homework
from pe.diagnose import DiagnoseError, decode_text, diagnose, parse_table

FORMATS = (".npy", ".npz", ".csv", ".txt")


def read_table(path: Path, key: str | None = None) -> npt.NDArray[np.generic]:
    """The array in ``path``; DiagnoseError, in one sentence, for anything that is not a
    readable table file (missing, a folder, unreadable, another format, damaged)."""
    if path.is_dir():
        raise DiagnoseError(f"{path} is a folder, not a file: name the table file inside it")
    if not path.exists():
        raise DiagnoseError(f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise DiagnoseError(
            f"{path}: unknown format {suffix or '(none)'!r}; use {', '.join(FORMATS)}"
        )
    try:
        if suffix in (".csv", ".txt"):
            return parse_table(decode_text(path.read_bytes()))
        if suffix == ".npy":
            return np.asarray(np.load(path, allow_pickle=False))
        with np.load(path, allow_pickle=False) as archive:
            names = list(archive.files)
            if key is None and len(names) != 1:
                raise DiagnoseError(
                    f"{path} holds {len(names)} arrays ({', '.join(names) or 'none'}); "
                    "choose one with --key NAME"
                )
            name = key if key is not None else names[0]
            if name not in names:
                raise DiagnoseError(f"{path} has no array {name!r}; it holds {', '.join(names)}")
            return np.asarray(archive[name])
    except DiagnoseError as exc:
        message = str(exc)
        raise DiagnoseError(
            message if message.startswith(str(path)) else f"{path}: {message}"
        ) from None
    except PermissionError:
        raise DiagnoseError(f"{path}: cannot read the file (permission denied)") from None
    except OSError:
        raise DiagnoseError(f"{path}: cannot read the file") from None
    except (ValueError, EOFError, zipfile.BadZipFile) as exc:
        why = {
            ".npy": "no NumPy array header, or a damaged or truncated one",
            ".npz": "not a zip archive of .npy arrays, or a damaged one",
        }[suffix]
        if suffix == ".npy" and "pickle" in str(exc):  # NumPy's guess without a header
            why = "no NumPy array header (object arrays are never unpickled)"
        raise DiagnoseError(f"{path}: not a valid {suffix} file ({why})") from None


#: Exit statuses: the verdict for an autograder (see the module's docstring).
EXIT = {"paper": 0, "variant": 0, "mistakes": 1, "unknown": 1}
UNREADABLE = 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pe", description="Tools of the pe package (sinusoidal positional encoding)."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser(
        "diagnose",
        help="say whether a table is the paper's encoding, a known variant, or which mistakes it shows",
        description="Diagnose a positional-encoding table (rows = positions, columns = width) "
        "read from .npy, .npz, .csv or .txt (rows of numbers, a CSV, or a NumPy, PyTorch, "
        "TensorFlow, JAX or pandas print-out).",
        epilog="exit status: 0 the paper's table or a named variant; 1 mistakes, or not a "
        "known variant; 2 the input cannot be read (for autograders: nonzero means not "
        "accepted)",
    )
    check.add_argument("file", type=Path, help="the table: .npy, .npz, .csv or .txt")
    check.add_argument("--json", action="store_true", help="print the diagnosis as JSON")
    check.add_argument("--key", help="the array to read from an .npz holding several")
    sheet = sub.add_parser(
        "homework",
        help="print the homework sheet for a seed, or its answer key",
        description="Print the homework sheet for a seed as Markdown: the same problems for "
        "every student, with numbers drawn from the seed (the site's homework page shows the "
        "same sheet for ?seed=N). With --key, the answer key for that seed.",
    )
    sheet.add_argument(
        "--seed",
        required=True,
        metavar="N",
        help=f"a whole number from 0 to {homework.MAX_SEED}, one per student",
    )
    sheet.add_argument("--key", action="store_true", help="print the answer key instead")
    sheet.add_argument(
        "--url",
        help="the homework page's address, printed on the sheet with "
        "?seed=N (e.g. https://example.org/pe-site/homework/)",
    )
    args = parser.parse_args(argv)
    if args.command == "homework":
        return _homework(args)
    try:
        result = diagnose(read_table(args.file, args.key))
    except DiagnoseError as exc:
        message = str(exc)
        if not message.startswith(str(args.file)):
            message = f"{args.file}: {message}"
        print(f"error: {message}", file=sys.stderr)
        return UNREADABLE
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.text())
    return EXIT[result.verdict]


def _homework(args: argparse.Namespace) -> int:
    try:
        seed = homework.parse_seed(args.seed)
    except homework.HomeworkError as exc:
        print(f"error: --seed: {exc}", file=sys.stderr)
        return 2
    print(homework.key(seed) if args.key else homework.sheet(seed, args.url), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
