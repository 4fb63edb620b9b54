"""Long display formulas broken over lines, so that a phone shows them without scrolling.

SymPy writes each proof step as one long line. At 390 px the text column holds about
:data:`MAX_WIDTH` characters of typeset maths, so a step longer than that is laid out as

- one line per part where the step joins parts with ``\\quad`` (a label and its
  equation, or several equations), in a ``gathered`` block;
- an equation too long for a line as an ``aligned`` block broken before each top-level
  ``=`` and, if still too long, before each top-level ``+`` or ``-`` of a sum.

Only a part that cannot be broken there (a whole matrix) stays wider than a phone and
scrolls. Breaking happens only at the top level: never inside braces, ``\\left..\\right``
or an environment, so the TeX keeps its meaning.
"""

from __future__ import annotations

import re

#: Characters of typeset maths that fit a phone's text column (390 px wide screen).
MAX_WIDTH = 30

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}]|[^\\{}]")
_OPEN = {"{", r"\left", r"\begin"}
_CLOSE = {"}", r"\right", r"\end"}
_WIDE = {r"\sin": 3, r"\cos": 3, r"\log": 3, r"\quad": 2, r"\qquad": 4, r"\sum": 2}
_INVISIBLE = {r"\left", r"\right", r"\text", r"\frac", r"\displaystyle", r"\begin", r"\end",
              r"\mathrm", r"\operatorname"}


def width(tex: str) -> int:
    """A rough width in characters: a command counts as one glyph, braces as none.

    Fractions and exponents count in full, so the estimate errs on the wide side.
    """
    total = 0
    for tok in _TOKEN.findall(tex):
        if tok in "{}^_ " or tok in _INVISIBLE:
            continue
        total += _WIDE.get(tok, 1)
    return total


_RELATIONS = {"=", r"\implies", r"\iff", r"\ne", r"\neq", r"\le", r"\ge", r"\equiv"}
_QUADS = {r"\quad", r"\qquad"}
_NO_TERM_AFTER = set("=(&^_{,<>[") | _RELATIONS | _QUADS


def _top_level(tex: str, breaks: set[str], binary_only: bool = False) -> list[str]:
    """Split ``tex`` before each token in ``breaks`` at nesting depth 0 (with
    ``binary_only``, not where the token is a sign, e.g. the minus of ``= -x``)."""
    depth, parts, start, before = 0, [], 0, "="
    for tok in _TOKEN.finditer(tex):
        word = tok.group(0)
        if word in _OPEN:
            depth += 1
        elif word in _CLOSE:
            depth -= 1
        elif (depth == 0 and word in breaks and tok.start() > start
              and not (binary_only and before in _NO_TERM_AFTER)):
            parts.append(tex[start:tok.start()])
            start = tok.start()
        if not word.isspace():
            before = word
    parts.append(tex[start:])
    return [p for p in (p.strip() for p in parts) if p]


def _outer_group(tex: str) -> tuple[int, int, int, int] | None:
    r"""The widest top-level ``\left( .. \right)`` or ``\left[ .. \right]`` of ``tex``, as
    (start, content start, content end, end), or None."""
    depth, best, opened = 0, None, 0
    tokens = list(_TOKEN.finditer(tex))
    for n, tok in enumerate(tokens):
        word = tok.group(0)
        nxt = tokens[n + 1].group(0) if n + 1 < len(tokens) else ""
        if word == r"\left" and depth == 0 and nxt in "([":
            opened = n
        if word in _OPEN:
            depth += 1
        elif word in _CLOSE:
            depth -= 1
            if word == r"\right" and depth == 0 and nxt in ")]":
                span = (tokens[opened].start(), tokens[opened + 1].end(), tok.start(),
                        tokens[n + 1].end())
                if best is None or span[2] - span[1] > best[2] - best[1]:
                    best = span
    return best


def _terms(piece: str, first: str = "&") -> list[str]:
    r"""``piece`` ("= a + b - c") as aligned rows, "&= a" then "&\quad + b" ..., if too long.

    A sum that is all inside one pair of brackets is broken inside them; the brackets become
    fixed-size ``\Bigl( .. \Bigr)``, which (unlike ``\left( .. \right)``) may span rows."""
    if width(piece) <= MAX_WIDTH:
        return [first + piece]
    head, *rest = _top_level(piece, {"+", "-"}, binary_only=True)
    if rest:
        return [first + head] + [rf"&\quad {term}" for term in rest]
    group = _outer_group(piece)
    if group is None:
        return [first + piece]
    start, inner_start, inner_end, end = group
    inner, *more = _top_level(piece[inner_start:inner_end], {"+", "-"}, binary_only=True)
    if not more:
        return [first + piece]
    opening = r"\Bigl" + piece[inner_start - 1]
    closing = r"\Bigr" + piece[end - 1]
    rows = [first + piece[:start] + opening + inner] + [rf"&\quad {t}" for t in more]
    rows[-1] += closing + piece[end:]
    return rows


def _equation(tex: str) -> list[str]:
    """One equation as lines: itself, or ``aligned`` rows broken at relations and sums."""
    if width(tex) <= MAX_WIDTH:
        return [tex]
    lhs, *relations = _top_level(tex, _RELATIONS)
    rows = [row for rel in relations for row in _terms(rel)]
    if not relations or width(f"{lhs} {rows[0]}") > MAX_WIDTH:
        rows = _terms(lhs) + rows  # a long left side on rows of its own
    else:
        rows[0] = f"{lhs} {rows[0]}"
    if len(rows) == 1:
        return [tex]
    return [r"\begin{aligned}" + r" \\ ".join(rows) + r"\end{aligned}"]


_TEXT = re.compile(r"\\text\{([^{}]*)\}")


def _wrap_text(words: str) -> list[str]:
    """A long ``\\text{..}`` as several, greedily filled to the width of a line."""
    lines: list[str] = []
    for word in words.split(" "):
        if lines and width(lines[-1] + " " + word) <= MAX_WIDTH:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [rf"\text{{{line}}}" for line in lines if line]


def _sentence(tex: str) -> list[str]:
    """Prose with maths in it (``\\text{..}`` pieces at the top level): lines filled greedily,
    broken only between words or between a text and a formula."""
    pieces: list[str] = []
    at = 0
    for m in _TEXT.finditer(tex):
        if tex[:m.start()].count("{") != tex[:m.start()].count("}"):
            continue  # inside a group: not ours to break
        pieces += [tex[at:m.start()].strip()] + _wrap_text(m.group(1))
        at = m.end()
    pieces.append(tex[at:].strip())
    lines: list[str] = []
    for piece in (p for p in pieces if p):
        if lines and width(lines[-1] + piece) <= MAX_WIDTH:
            lines[-1] += piece
        else:
            lines.append(piece)
    return lines


def _is_prose(tex: str) -> bool:
    """A sentence with some maths in it (three words or more of ``\\text``), not an equation
    with a label."""
    return sum(len(m.group(1).split()) for m in _TEXT.finditer(tex)) >= 3


def break_lines(tex: str) -> str:
    """``tex`` laid out for a narrow screen (unchanged if it already fits)."""
    tex = tex.strip()
    if width(tex) <= MAX_WIDTH:
        return tex
    parts = [re.sub(r"^\\q?quad\b", "", p).strip() for p in _top_level(tex, _QUADS)]
    lines = []
    for part in (p for p in parts if p):
        lines += _sentence(part) if _is_prose(part) else _equation(part)
    if len(lines) == 1:
        return lines[0]
    return r"\begin{gathered}" + r" \\ ".join(lines) + r"\end{gathered}"
