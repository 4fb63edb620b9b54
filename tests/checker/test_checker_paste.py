"""What people paste and save is read back to the numbers they printed, by pe.diagnose's
parse_table and by the page's parseTable alike: any correct table (pe.encoding of any length,
width, first position and layout), printed in each of the formats below to any number of
decimals from 4 to 8, is read back to a table of the same shape whose every entry is within
half a unit of the last printed digit of the table's own value, in Python; and the page's
modules, run in Node on the same texts, read exactly the same numbers (both turn the same
decimal strings into the nearest double, a correctly rounded conversion in CPython and in
V8, so the two reads are identical, not merely close).

The formats are written here from what each library prints (NumPy's own repr is used; the
others' layouts are reproduced, none of those libraries being installed): PyTorch with its
keyword arguments, TensorFlow's print and repr, JAX, pandas' print (wrapped into blocks of
columns as a terminal of 80 characters shows it) and to_csv with index and header, an Excel
CSV (byte-order mark, CRLF, semicolons, decimal commas), the Unicode minus, and PyTorch's
(max_len, 1, d) buffer and a (1, L, d) batch. A single row is diagnosed at its own position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from helpers.node import collect, run_node_json
from hypothesis import given, settings
from hypothesis import strategies as st

import pe
from pe.diagnose import diagnose, parse_table

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "checker" / "run_checker.mjs"
F64 = np.ndarray


def fixed(v: float, k: int) -> str:
    return f"{v:.{k}f}"


def bracketed(table: F64, k: int, sep: str, indent: int, depth3: str = "") -> str:
    """Rows as NumPy, PyTorch, TensorFlow and JAX print them: [[a, b],\\n   [c, d]]."""
    rows = ["[" + sep.join(fixed(v, k) for v in row) + "]" for row in table]
    if depth3 == "buffer":  # (max_len, 1, d): one row in each middle group
        return "[" + (",\n\n" + " " * indent).join(f"[{r}]" for r in rows) + "]"
    body = (
        "["
        + (",\n" + " " * (indent + 1) if sep == ", " else "\n" + " " * (indent + 1)).join(rows)
        + "]"
    )
    return f"[{body}]" if depth3 == "batch" else body


def torch_print(table: F64, k: int, extra: str) -> str:
    return f"tensor({bracketed(table, k, ', ', 8)}, {extra})"


def pandas_print(table: F64, k: int) -> str:
    """DataFrame(table) printed: a header of column labels, an index column, columns wrapped
    into blocks of at most 80 characters, each block but the last ending its lines with \\."""
    n, d = table.shape
    index_width = len(str(n - 1))
    cells = [[fixed(v, k) for v in table[:, j]] for j in range(d)]
    widths = [max(len(str(j)), *(len(c) for c in cells[j])) for j in range(d)]
    blocks, start = [], 0
    while start < d:
        end, width = start, index_width
        while end < d and (end == start or width + 2 + widths[end] + 3 <= 80):
            width += 2 + widths[end]
            end += 1
        blocks.append(range(start, end))
        start = end
    out = []
    for b, cols in enumerate(blocks):
        more = "  \\" if b < len(blocks) - 1 else ""
        out.append(" " * index_width + "".join(f"  {j:>{widths[j]}}" for j in cols) + more)
        for r in range(n):
            line = f"{r:<{index_width}}" + "".join(f"  {cells[j][r]:>{widths[j]}}" for j in cols)
            out.append(line + ("   " if more else ""))
        out.append("")
    return "\n".join(out)


FORMATS: dict[str, Callable[[F64, int], str]] = {
    "numpy": lambda t, k: "array(" + bracketed(t, k, ", ", 6) + ")",
    "torch-cuda-grad": lambda t, k: torch_print(t, k, "device='cuda:0', grad_fn=<AddBackward0>"),
    "torch-requires-grad": lambda t, k: (
        "Parameter containing:\n" + torch_print(t, k, "requires_grad=True")
    ),
    "torch-dtype": lambda t, k: torch_print(t, k, "dtype=torch.float64"),
    "tensorflow": lambda t, k: (
        "tf.Tensor(\n"
        + bracketed(t, k, " ", 0)
        + f", shape=({t.shape[0]}, {t.shape[1]}), dtype=float32)"
    ),
    "tensorflow-repr": lambda t, k: (
        f"<tf.Tensor: shape=({t.shape[0]}, {t.shape[1]}), "
        "dtype=float32, numpy=\narray(" + bracketed(t, k, ", ", 6) + ", dtype=float32)>"
    ),
    "jax": lambda t, k: "Array(" + bracketed(t, k, ", ", 6) + ", dtype=float32)",
    "pandas": pandas_print,
    "pandas-to-csv": lambda t, k: (
        ","
        + ",".join(map(str, range(t.shape[1])))
        + "\n"
        + "".join(f"{r}," + ",".join(fixed(v, k) for v in row) + "\n" for r, row in enumerate(t))
    ),
    "excel-csv": lambda t, k: (
        "\ufeff"
        + "".join(";".join(fixed(v, k).replace(".", ",") for v in row) + "\r\n" for row in t)
    ),
    "unicode-minus": lambda t, k: "\n".join(
        " ".join(fixed(v, k).replace("-", "\u2212") for v in row) for row in t
    ),
    "torch-buffer": lambda t, k: "tensor(" + bracketed(t, k, ", ", 8, "buffer") + ")",
    "batch-of-one": lambda t, k: "tensor(" + bracketed(t, k, ", ", 8, "batch") + ")",
}


@dataclass(frozen=True)
class Paste:
    table: F64
    decimals: int
    form: str

    @property
    def text(self) -> str:
        return FORMATS[self.form](self.table, self.decimals)


@st.composite
def pastes(draw: st.DrawFn) -> Paste:
    length = draw(st.integers(1, 30))
    d = draw(st.integers(2, 40))
    start = draw(st.integers(0, 500))
    layout = draw(st.sampled_from(["interleaved", "split"]))
    table = pe.encoding(length, d, start=start, layout=layout)
    return Paste(table, draw(st.integers(4, 8)), draw(st.sampled_from(sorted(FORMATS))))


def within_print(read: F64, paste: Paste) -> None:
    assert read.shape == paste.table.shape, paste.text[:300]
    # Half a unit of the last digit, plus the rounding of the decimal string to a double.
    limit = 0.5 * 10.0**-paste.decimals * (1 + 1e-9) + 1e-15
    assert np.max(np.abs(read - paste.table)) <= limit, paste.form


@settings(max_examples=300, deadline=None)
@given(pastes())
def test_every_format_is_read_back_to_its_numbers(paste: Paste) -> None:
    within_print(parse_table(paste.text), paste)


def run_node(args: list[str]) -> list[dict]:
    out: list[dict] = run_node_json(RUNNER, args)
    return out


@pytest.mark.port
def test_the_page_reads_every_format_to_the_same_numbers(tmp_path: Path) -> None:
    cases = collect(pastes(), 120)
    # Every format at least once, whatever the draw.
    cases += [Paste(pe.encoding(7, 12, start=3), 4, form) for form in FORMATS]
    paths = []
    for k, paste in enumerate(cases):
        (tmp_path / f"{k}.txt").write_bytes(paste.text.encode("utf-8"))
        paths.append(str(tmp_path / f"{k}.txt"))
    for paste, js in zip(cases, run_node(["--parse", *paths]), strict=True):
        assert "rows" in js, (paste.form, js)
        py = parse_table(paste.text)
        within_print(py, paste)
        assert js["rows"] == py.tolist(), paste.form


@st.composite
def single_rows(draw: st.DrawFn) -> tuple[F64, int, int]:
    d = draw(st.integers(8, 64))
    position = draw(st.integers(0, 4000))
    decimals = draw(st.integers(5, 8))
    row = pe.encoding(1, d, start=position)
    return np.round(row, decimals), position, decimals


@settings(max_examples=60, deadline=None)
@given(single_rows())
def test_a_single_row_is_found_at_its_position(case: tuple[F64, int, int]) -> None:
    row, position, _ = case
    result = diagnose(row)
    assert (result.verdict, result.start, result.codes) == ("paper", position, ()), result.text()
    assert "Position of the row" in result.text()


@pytest.mark.port
def test_the_page_finds_single_rows_at_the_same_positions(tmp_path: Path) -> None:
    cases = collect(single_rows(), 30)
    paths = []
    for k, (row, _, decimals) in enumerate(cases):
        np.savetxt(tmp_path / f"{k}.txt", row, fmt=f"%.{decimals}f")
        paths.append(str(tmp_path / f"{k}.txt"))
    for (_, position, _), js in zip(cases, run_node(paths), strict=True):
        assert (js["result"]["verdict"], js["result"]["start"]) == ("paper", position), js


@pytest.mark.port
@pytest.mark.parametrize(
    ("table", "start"),
    [
        (pe.encoding(9, 16)[:, None, :], 0),  # PyTorch's buffer, (max_len, 1, d)
        (pe.encoding(9, 16)[None, :, :], 0),  # a batch of one sequence, (1, L, d)
        (pe.encoding(1, 16, start=37)[0], 37),  # one row, (d,): found at its position
    ],
    ids=["buffer", "batch-of-one", "row"],
)
def test_saved_buffers_are_one_table(tmp_path: Path, table: F64, start: int) -> None:
    """Saved with np.save or np.savez_compressed, each is one table, on the page (readNpy,
    readNpz) as in pe.diagnose."""
    table = table.astype(np.float32)
    np.save(tmp_path / "t.npy", table)
    np.savez_compressed(tmp_path / "t.npz", pe=table)
    expected = diagnose(table)
    assert (expected.verdict, expected.start) == ("paper", start), expected.text()
    for js in run_node([str(tmp_path / "t.npy"), str(tmp_path / "t.npz")]):
        got = js["result"]
        assert (got["verdict"], got["start"], got["shape"]) == (
            "paper",
            start,
            list(expected.shape),
        )
