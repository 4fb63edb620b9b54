"""The text of the ``char_lm`` runs: modules of Python's own standard library, read from
this Python's installation (no download), split into training and test by file.

The files are named here, once. The text differs between Python versions, so a run is
declared with the digest of the text (``experiments.text.digest``, computed by
:func:`digest` when the runs are declared): a kept run is reused only for the same text.
"""

from __future__ import annotations

import functools
import sysconfig
from pathlib import Path

from experiments.text import Texts
from experiments.text import digest as text_digest

#: Pure-Python modules present in every Python from 3.9 on (``graphlib`` is the youngest),
#: each a single file: the model trains on these ...
TRAIN_FILES = ("difflib.py", "fractions.py", "calendar.py", "pprint.py", "heapq.py",
               "shlex.py", "fnmatch.py", "glob.py", "bisect.py", "colorsys.py", "queue.py",
               "sched.py", "graphlib.py", "numbers.py", "copy.py", "reprlib.py", "csv.py",
               "operator.py", "dataclasses.py")
#: ... and is measured on these, which it never saw.
TEST_FILES = ("statistics.py", "textwrap.py")


class CorpusError(RuntimeError):
    """A file of the corpus cannot be read (the message names it)."""


def stdlib() -> Path:
    """The folder of this Python's standard library."""
    return Path(sysconfig.get_paths()["stdlib"])


def read(folder: Path | None = None, train: tuple[str, ...] = TRAIN_FILES,
         test: tuple[str, ...] = TEST_FILES) -> Texts:
    """The corpus's files from ``folder`` (default: :func:`stdlib`), as text."""
    where = stdlib() if folder is None else folder

    def one(name: str) -> tuple[str, str]:
        path = where / name
        try:
            return name, path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CorpusError(f"the corpus file {name} is missing from {where}: the "
                              f"char_lm runs read it from the Python standard library") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise CorpusError(f"the corpus file {path} cannot be read as UTF-8 text: "
                              f"{exc}") from None

    return Texts(tuple(one(n) for n in train), tuple(one(n) for n in test))


@functools.cache
def digest() -> str:
    """The digest of this Python's corpus (the runs' ``corpus`` setting)."""
    return text_digest(read())
