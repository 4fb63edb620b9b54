"""The symbolic proofs: they hold, the checker rejects false identities, the LaTeX renders."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import sympy as sp  # type: ignore[import-untyped]

import pe
from pe import Layout, symbolic
from pe.symbolic import b, d, i, k, omega, p

ROOT = Path(__file__).resolve().parents[2]


_OTHER_PROCESS = (
    "import dataclasses, json; from pe import symbolic; "
    "print(json.dumps([dataclasses.astuple(q) for q in symbolic.all_proofs()]))"
)


@pytest.fixture(scope="module")
def proofs_twice() -> Iterator[tuple[tuple[symbolic.Proof, ...], subprocess.Popen[str]]]:
    """The proofs from this process, and a second process (another hash seed) making them too.

    The second process starts first so that the two run side by side.
    """
    other = subprocess.Popen(
        [sys.executable, "-c", _OTHER_PROCESS],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )
    try:
        yield symbolic.all_proofs(), other
    finally:
        if other.poll() is None:  # the comparing test did not run or did not finish
            other.kill()
            other.communicate()


@pytest.fixture(scope="module")
def proofs(
    proofs_twice: tuple[tuple[symbolic.Proof, ...], subprocess.Popen[str]],
) -> tuple[symbolic.Proof, ...]:
    return proofs_twice[0]


def test_every_proof_holds(proofs: tuple[symbolic.Proof, ...]) -> None:
    assert [proof.name for proof in proofs] == [
        "rotation-column",
        "rotation-row",
        "dot-product",
        "norm",
        "wavelengths",
        "unpaired-column",
    ]
    for proof in proofs:
        assert proof.holds, f"{proof.name}:\n" + "\n".join(proof.steps)
        assert proof.title and proof.statement and proof.steps
        assert all(isinstance(step, str) and step for step in proof.steps)


def test_proofs_are_frozen(proofs: tuple[symbolic.Proof, ...]) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        proofs[0].holds = False  # type: ignore[misc]


def test_statements_say_which_rotation_form(proofs: tuple[symbolic.Proof, ...]) -> None:
    by_name = {proof.name: proof for proof in proofs}
    assert "Column vectors" in by_name["rotation-column"].statement
    assert "Row vectors" in by_name["rotation-row"].statement
    assert "^T" in by_name["rotation-row"].statement


def test_proofs_are_deterministic(
    proofs_twice: tuple[tuple[symbolic.Proof, ...], subprocess.Popen[str]],
) -> None:
    """The site regenerates these fragments: another process, another hash seed, same text."""
    proofs, other = proofs_twice
    out, err = other.communicate(timeout=300)
    assert other.returncode == 0, err
    assert json.loads(out) == json.loads(json.dumps([dataclasses.astuple(q) for q in proofs]))


# --- The checker can fail -----------------------------------------------------------------

S, C = sp.sin(p * omega), sp.cos(p * omega)
S_K, C_K = sp.sin((p + k) * omega), sp.cos((p + k) * omega)


def test_wrong_rotation_sign_fails() -> None:
    # The row-form matrix used as if it were the column-form one: the signs of sin are swapped.
    wrong = symbolic.check_identity(
        "wrong", "wrong", sp.Matrix([S_K, C_K]), symbolic.rotation_block("row") * sp.Matrix([S, C])
    )
    assert not wrong.holds
    assert r"\neq 0" in wrong.steps[-1]
    right = symbolic.check_identity(
        "right",
        "right",
        sp.Matrix([S_K, C_K]),
        symbolic.rotation_block("column") * sp.Matrix([S, C]),
    )
    assert right.holds


def test_wrong_row_form_fails() -> None:
    row = sp.Matrix([[S, C]])
    assert not symbolic.check_identity(
        "wrong", "wrong", sp.Matrix([[S_K, C_K]]), row * symbolic.rotation_block("column")
    ).holds


def test_wrong_norm_fails() -> None:
    w_i = b ** (-2 * i / d)
    total = sp.Sum(sp.sin(p * w_i) ** 2 + sp.cos(p * w_i) ** 2, (i, 0, d / 2 - 1))
    assert symbolic.check_identity("norm", "norm", total, d / 2).holds
    assert not symbolic.check_identity("norm", "norm", total, d).holds


def test_wrong_dot_product_fails() -> None:
    w_i = b ** (-2 * i / d)
    dot = sp.Sum(
        sp.sin(p * w_i) * sp.sin((p + k) * w_i) + sp.cos(p * w_i) * sp.cos((p + k) * w_i),
        (i, 0, d / 2 - 1),
    )
    for wrong in (sp.sin(k * w_i), sp.cos(p * w_i), sp.cos(2 * k * w_i)):
        assert not symbolic.check_identity(
            "dot", "dot", dot, sp.Sum(wrong, (i, 0, d / 2 - 1))
        ).holds


def test_wrong_wavelength_facts_fail() -> None:
    lam = 2 * sp.pi * b ** (2 * i / d)
    assert not symbolic.check_identity("r", "r", lam.subs(i, i + 1) / lam, b ** (1 / d)).holds
    assert not symbolic.check_identity("f", "f", lam.subs(i, 0), sp.pi).holds
    assert not symbolic.check_identity("l", "l", lam.subs(i, d / 2 - 1), 2 * sp.pi * b).holds


def test_undecided_or_false_condition_fails_the_proof() -> None:
    x = sp.Symbol("x", real=True)
    identity = (sp.sin(x) ** 2 + sp.cos(x) ** 2, 1)
    assert symbolic.check_identity("c", "c", *identity, conditions=[("x", True)]).holds
    assert not symbolic.check_identity("c", "c", *identity, conditions=[("x", None)]).holds
    assert not symbolic.check_identity("c", "c", *identity, conditions=[("x", False)]).holds
    # SymPy's own answer for an unknown sign is None, which must not count as proven.
    assert sp.Symbol("y", real=True).is_positive is None


def test_combine_needs_every_part() -> None:
    x = sp.Symbol("x", real=True)
    good = symbolic.check_identity("g", "g", sp.cos(-x), sp.cos(x))
    bad = symbolic.check_identity("b", "b", sp.sin(-x), sp.sin(x))
    assert symbolic.combine("all", "all", "s", [good, good]).holds
    assert not symbolic.combine("all", "all", "s", [good, bad]).holds
    with pytest.raises(ValueError, match="at least one"):
        symbolic.combine("none", "none", "s", [])


def test_checker_rejects_mismatched_shapes() -> None:
    with pytest.raises(ValueError, match="shape"):
        symbolic.check_identity("m", "m", sp.Matrix([1, 2]), sp.Matrix([[1, 2]]))
    with pytest.raises(TypeError, match="matrices"):
        symbolic.check_identity("m", "m", sp.Matrix([1]), 1)


@pytest.mark.parametrize("width", [3, 7])
def test_unpaired_column_other_odd_widths(width: int) -> None:
    proof = symbolic.unpaired_column(width)
    assert proof.holds
    assert f"omega_{{{(width - 1) // 2}}}" in proof.statement


@pytest.mark.parametrize("width", [2, 4, 1, 0])
def test_unpaired_column_needs_odd_width(width: int) -> None:
    with pytest.raises(ValueError, match="odd"):
        symbolic.unpaired_column(width)


def test_dot_product_needs_even_concrete_width() -> None:
    for width in (5, 0):
        with pytest.raises(ValueError, match="even"):
            symbolic.dot_product(width)


# --- The symbols match the numbers ---------------------------------------------------------


@pytest.mark.parametrize("layout", ["interleaved", "split"])
@pytest.mark.parametrize("shift", [-7, 1, 3, 250])
def test_rotation_block_matches_pe_rotation(shift: int, layout: Layout) -> None:
    base = 100.0
    rot = pe.rotation(shift, 4, base=base, layout=layout)
    sin_cols = [0, 2] if layout == "interleaved" else [0, 1]
    cos_cols = [1, 3] if layout == "interleaved" else [2, 3]
    for pair, w in enumerate(pe.frequencies(4, base=base)):
        block = symbolic.rotation_block(
            "column", shift=sp.Integer(shift), frequency=sp.Float(w, 30)
        )
        idx = [sin_cols[pair], cos_cols[pair]]
        np.testing.assert_allclose(
            rot[np.ix_(idx, idx)], np.array(block.evalf(20), dtype=float), rtol=0, atol=1e-13
        )
    with pytest.raises(ValueError, match="form"):
        symbolic.rotation_block("diagonal")


# --- The LaTeX renders ---------------------------------------------------------------------

KATEX_CHECK = r"""
const katex = require(process.argv[1]);
const items = JSON.parse(require("fs").readFileSync(0, "utf8"));
const errors = [];
for (const [where, tex] of items) {
  try { katex.renderToString(tex, {displayMode: true, throwOnError: true, strict: "error"}); }
  catch (e) { errors.push(where + ": " + e.message); }
}
process.stdout.write(JSON.stringify(errors));
"""


def test_every_statement_and_step_renders_with_katex(proofs: tuple[symbolic.Proof, ...]) -> None:
    """The site typesets these with its own KaTeX; a syntax error there would show raw TeX."""
    node = shutil.which("node")
    katex = ROOT / "node_modules" / "katex"
    assert node, "Node.js is needed to check the proofs' LaTeX (./dev installs it)"
    assert katex.is_dir(), "node_modules/katex is missing: run ./dev test (npm ci)"
    items = [(f"{q.name}.statement", q.statement) for q in proofs]
    items += [(f"{q.name}.steps[{n}]", step) for q in proofs for n, step in enumerate(q.steps)]
    items.append(("deliberately broken", r"\frac{1}{"))
    result = subprocess.run(
        [node, "-e", KATEX_CHECK, str(katex)],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    errors = json.loads(result.stdout)
    # Exactly the broken control fails: the check can fail, and every real formula passes.
    assert len(errors) == 1 and errors[0].startswith("deliberately broken"), errors
