"""The answer boxes read what a teacher would accept, and nothing else as a number.

docs/javascripts/exercises.js reads a typed answer with a small recursive-descent parser
(never eval). Its functions run here in Node (tests/docs/run_answers.mjs, one process per
module, one JSON line per question), on fixed cases, on every numeric exercise of the bank
(the answer as the page prints it, in the site's notation, and the known slips of
tests/helpers/exercise_slips.py) and on generated input (Hypothesis):

- a number written in each accepted notation reads back as that number, within a tolerance
  the arithmetic justifies (stated at each test: the parser parses decimal literals with
  JavaScript's ``Number``, correctly rounded like Python's ``float``, and does + − × ÷ and
  √ in IEEE double precision, correctly rounded like Python; only ``pow`` may differ, by an
  ulp, between V8 and the C library);
- an arithmetic expression generated as a tree and written out with the fewest brackets
  reads back as the tree's value computed in the same order, exactly: the precedence
  (^ over unary minus over × ÷ over + −, ^ from the right, the others from the left) is
  what the parser does;
- a valid expression with a character no answer contains inserted anywhere, or a bracket
  left open, gives an error and no number.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.exercise_slips import slips
from hypothesis import given, settings
from hypothesis import strategies as st

from scripts.artifacts import exercises
from scripts.artifacts.pages import EXERCISES

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "docs" / "run_answers.mjs"
NUMERIC = [e for e in EXERCISES if e.numeric]
ULP = 2.0**-52  # the relative spacing of doubles: one ulp is at most this relative to the value
SUPERSCRIPT = str.maketrans("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")


class Reader:
    """The page's parser in a Node process: ``read(text, unit)`` -> {"value", "error"}."""

    def __init__(self) -> None:
        node = shutil.which("node")
        assert node, "Node.js is needed to run the answer boxes' parser (./dev installs it)"
        self.process = subprocess.Popen(
            [node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(RUNNER)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, f"the runner stopped (exit status {self.process.poll()})"
        return json.loads(line)

    def read(self, text: str, unit: str = "") -> dict[str, Any]:
        return self.ask(text=text, unit=unit)

    def verdict(self, text: str, expected: float, tolerance: float, unit: str = "",
                exact_shown: bool = False) -> dict:
        return self.ask(text=text, unit=unit, expected=expected, tolerance=tolerance,
                        exactShown=exact_shown)["verdict"]

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def reader() -> Iterator[Reader]:
    r = Reader()
    yield r
    r.close()


# ------------------------------------------------------------------------ fixed cases

PI = math.pi
ACCEPTED = [
    # (typed, unit, value): every value is what Python computes the same way
    ("0.25", "", 0.25), ("\u22120.5", "", -0.5), ("\u20133", "", -3.0), ("+2", "", 2.0),
    ("1,234.5", "", 1234.5), ("62,832", "", 62832.0), ("62 832", "", 62832.0),
    ("62\u2009832", "", 62832.0), ("10\u202f000", "", 10000.0), ("0,5", "", 0.5),
    ("0,030", "", 0.03), ("1.5e-4", "", 1.5e-4), ("1.5E4", "", 1.5e4), (".5", "", 0.5),
    ("1.5 × 10⁻⁴", "", 1.5 * 1e-4), ("1.5x10^-4", "", 1.5 * 1e-4), ("1.5*10**-4", "", 1.5 * 1e-4),
    ("10⁻⁴", "", 1e-4), ("2π", "", 2 * PI), ("2 pi", "", 2 * PI), ("2·π", "", 2 * PI),
    ("τ", "", 2 * PI), ("tau/2", "", 2 * PI / 2), ("π/2", "", PI / 2), ("Pi", "", PI),
    ("2^11", "", 2048.0), ("2**11", "", 2048.0), ("2¹¹", "", 2048.0), ("2⁻¹²", "", 2.0**-12),
    ("1/4096", "", 1 / 4096), ("√256", "", 16.0), ("sqrt(256)", "", 16.0),
    ("sqrt 256", "", 16.0), ("√(512/2)", "", 16.0), ("2√3", "", 2 * math.sqrt(3)),
    ("sin(0.03)", "", math.sin(0.03)), ("sin 0.03", "", math.sin(0.03)),
    ("cos(2)", "", math.cos(2)), ("exp(1)", "", math.e), ("ln(e)", "", 1.0),
    ("log10(1000)", "", 3.0), ("log2(8)", "", 3.0), ("e", "", math.e),
    ("2π·10000^(−2/4)", "", 2 * PI * 10000 ** (-2 / 4)), ("2(3 + 1)", "", 8.0),
    ("-2^2", "", -4.0), ("2^3^2", "", 512.0), ("2^-3", "", 0.125), ("-2π", "", -2 * PI),
    ("1 - 2 - 3", "", -4.0), ("8/4/2", "", 1.0), ("1 + 2 × 3", "", 7.0), ("96.47%", "", 0.9647),
    ("43,469 positions", "positions", 43469.0), ("1 position", "positions", 1.0),
    ("617 pos", "positions", 617.0), ("1 rad", "radians", 1.0), ("1.0000 radians", "radians", 1.0),
    ("2π positions", "positions", 2 * PI), ("  0.029996 ", "", 0.029996),
]

REFUSED = [
    # (typed, unit, what the error names)
    ("abc", "", "“abc” is not understood"), ("0.0.3", "", "“.3”"), ("1e", "", "exponent"),
    ("--1", "", "two signs"), ("2e", "", "exponent"), ("1/2π", "", "ambiguous"),
    ("√2π", "", "ambiguous"), ("sin 2π", "", "ambiguous"), ("log(2)", "", "ln or log10"),
    ("(1 + 2", "", "never closed"), ("1 + 2)", "", "closes nothing"), ("2 +", "", "stops"),
    ("2 3", "", "“3” cannot follow “2”"), ("π2", "", "cannot follow"), ("1/0", "", "finite"),
    ("sqrt(-1)", "", "no real value"), ("5 positions", "", "not the unit here"),
    ("57.3 degrees", "radians", "in radians"), ("57.3°", "radians", "“°”"),
    ("positions 5", "positions", "belongs after"), ("2 e-4", "", "“e-4”"), ("1.5 E-4", "", "“E-4”"),
    ("x", "", "“x”"), (".", "", "“.”"), ("#", "", "“#”"), ("2 = 2", "", "“=”"),
    ("alert(1)", "", "“alert”"), ("2π)", "", "closes nothing"), ("", "", "nothing"),
]


@pytest.mark.parametrize(("text", "unit", "value"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_what_a_teacher_would_accept_reads_as_its_value(reader: Reader, text: str, unit: str,
                                                        value: float) -> None:
    said = reader.read(text, unit)
    assert said["error"] is None, said
    # Everything above is computed by the same correctly rounded operations on both sides,
    # but pow, whose results may differ by an ulp between V8 and the C library.
    assert math.isclose(said["value"], value, rel_tol=2 * ULP), (said, value)


@pytest.mark.parametrize(("text", "unit", "named"), REFUSED, ids=[r[0] or "empty" for r in REFUSED])
def test_what_is_not_understood_is_named_and_gives_no_number(reader: Reader, text: str, unit: str,
                                                             named: str) -> None:
    said = reader.read(text, unit)
    assert said["value"] is None, said
    assert named in said["error"], said


def test_the_verdicts_words(reader: Reader) -> None:
    right = reader.verdict("2π", 2 * PI, 0.001, "positions")
    assert right["state"] == "right" and right["message"].startswith("✓ Right: 6.28318530718")
    assert f"exact value is {2 * PI!r}" in right["message"]
    exact = reader.verdict("2^11", 2048.0, 0.0)
    assert exact["state"] == "right" and exact["message"] == "✓ Right: 2048."
    # Where the page shows the exact form after a right answer (typeset, from the exercise's
    # <template>), the verdict leaves the value in full to it; a wrong answer is unchanged.
    shown = reader.verdict("2π", 2 * PI, 0.001, "positions", exact_shown=True)
    assert shown["state"] == "right" and shown["message"] == "✓ Right: 6.28318530718."
    assert reader.verdict("6.3", 2 * PI, 0.001, "positions", exact_shown=True) == reader.verdict(
        "6.3", 2 * PI, 0.001, "positions")
    wrong = reader.verdict("0.03", math.sin(0.03), 1e-6)
    assert wrong["state"] == "wrong" and "too high" in wrong["message"]
    unread = reader.verdict("2¹¹ + ?", 2048.0, 0.0)
    assert unread["state"] == "invalid"
    assert unread["message"].startswith("Not a number I can read: “?” is not understood;")


# -------------------------------------------------------------- the exercises of the bank

def printed(e) -> str:
    """The answer as the folded block prints it, unit included: "43,469 positions"."""
    return re.match(r"\*\*Answer:\*\* (.+?)(?: \(any answer|\.$)", exercises.answer_line(e)).group(1)


def _written(p: dict[str, Any]) -> dict[str, list[str]]:
    bits = p.get("fraction_bits", 0)
    return {
        "ex-wavelengths-shortest": ["2π", "2 pi", "τ", "2π positions", "6.2832"],
        "ex-pitfalls-use-float16": [f"2^{bits + 1}", f"2**{bits + 1}",
                                "2" + str(bits + 1).translate(SUPERSCRIPT)],
        "ex-practice-float16-rows": [f"1/{2 ** (bits + 2)}", f"2^-{bits + 2}",
                                     "2" + str(-(bits + 2)).translate(SUPERSCRIPT)],
        "ex-embeddings-norm": [f"√{p.get('d_model', 0) // 2}", f"sqrt({p.get('d_model')}/2)"],
        "ex-formula-entry": [f"sin({p.get('pos')}·{p.get('base', 0):g}^(−2/{p.get('d_model')}))",
                             f"sin({p.get('pos')}/√{p.get('base', 0):g})"],
        "ex-pitfalls-formula-spacing": ["2π·10000", "2π × 10^4 positions", "62,832 positions"],
        "ex-relative-position-turn": ["1 rad", "1 radian", "1"],
        "ex-errata-fraction": [f"10000^(-2/{p.get('d_model')})", "96.47%"],
        "ex-wavelengths-ratio": [f"10000^(2/{p.get('d_model')})"],
    }


def written(e) -> list[str]:
    """The site's notation for some answers, from their parameters: what a reader who
    worked the answer out on paper would type."""
    return _written(e.params).get(e.anchor, [])


@pytest.mark.parametrize("e", NUMERIC, ids=lambda e: e.anchor)
def test_each_exercise_accepts_its_answer_and_rejects_the_known_slips(reader: Reader, e) -> None:
    v, tol, unit = e.value(), e.tolerance, e.unit
    for text in [printed(e), repr(v), *written(e)]:
        said = reader.verdict(text, v, tol, unit)
        assert said["state"] == "right", (text, said)
    for what, x in slips(e).items():
        for text in {repr(x), f"{round(x, e.decimals):.{e.decimals}f}"}:
            said = reader.verdict(text, v, tol, unit)
            assert said["state"] == "wrong", (what, text, said)


def test_the_written_forms_are_of_exercises_that_exist() -> None:
    assert set(_written({})) <= {e.anchor for e in NUMERIC}


# ------------------------------------------------------------------- generated input

def _decimal_string(x: float, places: int) -> str:
    return f"{x:.{places}f}"


magnitudes = st.floats(min_value=1e-9, max_value=1e12, allow_nan=False, allow_infinity=False)


@settings(max_examples=300, deadline=None)
@given(x=magnitudes, negative=st.booleans(), minus=st.sampled_from(["-", "\u2212", "\u2013"]),
       places=st.integers(0, 8))
def test_a_decimal_in_every_plain_notation_reads_back_exactly(reader: Reader, x: float,
                                                              negative: bool, minus: str,
                                                              places: int) -> None:
    # JavaScript's Number and Python's float both round a decimal to the nearest double:
    # the same string gives the same double, exactly.
    sign = minus if negative else ""
    forms = {repr(x): x, _decimal_string(x, places): float(_decimal_string(x, places)),
             f"{x:,.{places}f}": float(f"{x:.{places}f}"),
             f"{x:,.{places}f}".replace(",", "\u2009"): float(f"{x:.{places}f}"),
             f"{x:.6e}": float(f"{x:.6e}")}
    if f"{x:.{places}f}".startswith("0") or places not in (0, 3):
        # A decimal comma; "1,234" (0.99999 to three places: "1,000") reads as a thousands
        # separator, as the pages print them.
        forms[f"{x:.{places}f}".replace(".", ",")] = float(f"{x:.{places}f}")
    for text, value in forms.items():
        said = reader.read(sign + text)
        assert said["error"] is None, (sign + text, said)
        assert said["value"] == (-value if negative else value), (sign + text, said)


@settings(max_examples=200, deadline=None)
@given(digits=st.integers(1, 10**8), places=st.integers(0, 8), k=st.integers(-15, 15),
       style=st.sampled_from(["{m} × 10^{k}", "{m}×10{ks}", "{m} x10^{k}", "{m}*10**{k}",
                              "{m} · 10^({k})", "{m}e{k}"]))
def test_scientific_notation_is_within_four_roundings(reader: Reader, digits: int, places: int,
                                                      k: int, style: str) -> None:
    # m × 10^k is computed as m (rounded) times 10^k (rounded, as the literal 1ek is) with
    # one more rounding: three relative errors of at most 2^-53 each against the exact
    # decimal, and Python's float("mek") one more: |difference| <= 4 · 2^-53 relative.
    m = f"{digits / 10**places:.{places}f}"
    text = style.format(m=m, k=k, ks=str(k).translate(SUPERSCRIPT))
    said = reader.read(text)
    assert said["error"] is None, (text, said)
    assert math.isclose(said["value"], float(f"{m}e{k}"), rel_tol=4 * 2.0**-53), (text, said)


@settings(max_examples=200, deadline=None)
@given(p=st.integers(-10**6, 10**6), q=st.integers(1, 10**6), b=st.integers(2, 20),
       k=st.integers(-20, 20), n=st.integers(0, 10**9), c=st.integers(1, 1000))
def test_fractions_powers_roots_and_pi(reader: Reader, p: int, q: int, b: int, k: int, n: int,
                                       c: int) -> None:
    # p/q, √n, c·π and π/c: one correctly rounded operation on exact operands on both
    # sides, so exactly equal. b^k: V8's and the C library's pow are each within an ulp of
    # the exact power (exact where it is a double), so within 2 ulp of each other.
    exact = {f"{p}/{q}": p / q, f"{p} / {q}": p / q, f"{p}÷{q}": p / q, f"√{n}": math.sqrt(n),
             f"sqrt({n})": math.sqrt(n), f"{c}π": c * PI, f"{c} pi": c * PI, f"{c}·π": c * PI,
             f"{c}τ": c * 2 * PI, f"π/{c}": PI / c}
    for text, value in exact.items():
        said = reader.read(text)
        assert said["error"] is None and said["value"] == value, (text, said, value)
    for text in (f"{b}^{k}", f"{b}**{k}", f"{b}^({k})", f"{b}" + str(k).translate(SUPERSCRIPT)):
        said = reader.read(text)
        assert said["error"] is None, (text, said)
        assert math.isclose(said["value"], float(b) ** k, rel_tol=2 * ULP), (text, said)


# An arithmetic expression as a tree: a number, ("neg", x) or (op, left, right).
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "^": 4}
leaves = st.one_of(st.integers(0, 999).map(float),
                   st.integers(1, 9999).map(lambda n: n / 100))
trees = st.recursive(
    leaves,
    lambda kids: st.one_of(
        st.tuples(st.sampled_from(["+", "-", "*", "/"]), kids, kids),
        st.tuples(st.just("neg"), kids),
        st.tuples(st.just("^"), kids, st.integers(0, 3).map(float)),
    ),
    max_leaves=8,
)


def value_of(tree) -> float:
    """The tree's value in IEEE doubles, each operation once, in the tree's order."""
    if isinstance(tree, float):
        return tree
    if tree[0] == "neg":
        return -value_of(tree[1])
    op, a, b = tree[0], value_of(tree[1]), value_of(tree[2])
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if b == 0:  # IEEE division, as JavaScript does it (Python raises)
            return math.nan if a == 0 or math.isnan(a) else (
                math.copysign(math.inf, a) * math.copysign(1.0, b))
        return a / b
    try:
        return a**b  # whole exponents 0..3: see the test
    except OverflowError:
        return math.copysign(math.inf, a) if b % 2 else math.inf


def written_out(tree, times: str, space: str) -> str:
    """The tree with the fewest brackets the precedence needs (and a negative operand of a
    binary operator in brackets: 2 − (−3), as one writes it)."""
    if isinstance(tree, float):
        return f"{tree:g}" if tree == int(tree) else repr(tree)
    if tree[0] == "neg":
        inner = written_out(tree[1], times, space)
        if not isinstance(tree[1], float) and _PRECEDENCE[tree[1][0]] < 4:
            inner = f"({inner})"
        return f"−{inner}"
    op, left, right = tree
    mine = _PRECEDENCE[op]

    def side(kid, is_right: bool) -> str:
        text = written_out(kid, times, space)
        if isinstance(kid, float):
            return text
        theirs = _PRECEDENCE[kid[0]]
        # ^ is right-associative; the others group to the left.
        need = theirs < mine or (theirs == mine and (is_right != (op == "^"))) or (
            kid[0] == "neg" and (is_right or op == "^"))
        return f"({text})" if need else text

    symbol = {"+": "+", "-": "−", "*": times, "/": "/", "^": "^"}[op]
    return f"{side(left, False)}{space}{symbol}{space}{side(right, True)}"


@settings(max_examples=400, deadline=None)
@given(tree=trees, times=st.sampled_from(["*", "×", "·", " x "]), space=st.sampled_from(["", " "]))
def test_an_expression_reads_as_its_tree_computes(reader: Reader, tree, times: str,
                                                  space: str) -> None:
    # Exactly equal: + − × / and unary minus are correctly rounded on both sides, and the
    # powers are of whole exponents 0..3, which V8 and the C library compute by the same
    # correctly rounded multiplications or exactly... except where the result is not
    # representable; there they may differ by an ulp of each power, which the
    # operations around it can magnify. So: exact when no ^ is in the tree, else 1e-12
    # relative (an ulp, 2.2e-16, magnified at most a thousandfold by the eight leaves).
    text = written_out(tree, times, space)
    with_pow = "^" in text
    try:
        value = value_of(tree)
    except (OverflowError, ZeroDivisionError):
        value = math.inf
    said = reader.read(text)
    if not math.isfinite(value):
        assert said["value"] is None and said["error"], (text, said)
        return
    assert said["error"] is None, (text, said)
    if with_pow:
        assert math.isclose(said["value"], value, rel_tol=1e-12, abs_tol=1e-300), (text, said, value)
    else:
        # float(): past 2^53 the page's shortest decimal (e.g. 18020482896849410) comes back
        # through JSON as an int, which equals no float exactly; as a float it is the same
        assert float(said["value"]) == value, (text, said, value)


#: Characters that belong to no answer: wherever one stands, the input is no number.
JUNK = list("#$&?@!=;:<>[]{}~`'\"|\\_qzjQZ") + ["\u00bf", "\u2603"]
valid = st.sampled_from(["2π", "0.25", "−3", "1/4096", "2^11", "2¹¹", "√256", "sqrt(256)",
                         "1.5 × 10⁻⁴", "62,832", "sin(0.03)", "2π·10000^(−2/4)", "(1 + 2)·3"])


@settings(max_examples=300, deadline=None)
@given(text=valid, junk=st.sampled_from(JUNK), where=st.floats(0, 1))
def test_a_stray_character_anywhere_gives_no_number(reader: Reader, text: str, junk: str,
                                                    where: float) -> None:
    at = round(where * len(text))
    typed = text[:at] + junk + text[at:]
    said = reader.read(typed)
    assert said["value"] is None and said["error"], (typed, said)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="0123456789.,+-−*/^()π√ eEx²⁻ sincoqrtplgaXyz", max_size=12))
def test_whatever_is_typed_gives_a_number_or_an_error_never_neither(reader: Reader,
                                                                     text: str) -> None:
    # Any input at all: the parser answers with exactly one of a finite number and an error
    # (it never throws, never returns NaN or infinity as a number); an open bracket is never
    # a number.
    said = reader.read(text)
    assert (said["value"] is None) != (said["error"] is None), (text, said)
    if said["value"] is not None:
        assert math.isfinite(said["value"])
        assert text.count("(") == text.count(")"), (text, said)
