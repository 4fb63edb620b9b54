r"""Homework a teacher can hand out: the same problems for every student, with numbers drawn
from a seed, and the answer key for that seed.

``python -m pe homework --seed N`` prints the sheet for seed ``N`` as Markdown and
``--key`` its answer key; the site's homework page (``docs/homework.md``) shows the sheet
for ``?seed=N`` and checks typed answers against the same key. The page's script
(``docs/javascripts/homework.js``) draws the parameters the same way and computes the
answers with the same formulas; the tests compare the two for many seeds.

The parameters come from **mulberry32**, a 32-bit generator small enough to write the same
way in Python and JavaScript (Tommy Ettinger's, public domain): a state ``s`` (the seed, an
integer from 0 to 2**32 - 1) advanced by the constant ``0x6D2B79F5`` per draw, then mixed by
two multiply-xorshift rounds; each draw is an integer ``u`` in ``[0, 2**32)`` and the
number ``u / 2**32`` in ``[0, 1)``. A parameter with ``k`` possible values takes the one at
index ``floor(u / 2**32 * k)``: every step is exact in float64, so both languages pick the
same values. The problems draw their parameters in the order of :data:`PROBLEMS`, each in
the order of its ``draws``.

>>> draw = mulberry32(17)
>>> round(draw(), 12), round(draw(), 12)
(0.677150296047, 0.192656921223)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from string import Template
from typing import Any, Literal

import numpy as np

import pe
import pe.relatives

__all__ = ["DEFAULT_SEED", "MAX_SEED", "PROBLEMS", "HomeworkError", "Problem", "answers",
           "draw", "key", "mulberry32", "parse_seed", "problem", "sheet", "spec",
           "total_points"]

#: Seeds are the generator's 32-bit states.
MAX_SEED = 2**32 - 1
#: The sheet the page shows without ``?seed=``.
DEFAULT_SEED = 1
_MASK = 0xFFFFFFFF

Kind = Literal["check", "compute", "derive", "design"]
#: How the sheet names each kind of problem.
KINDS: dict[str, str] = {"check": "Check of understanding", "compute": "Computation",
                         "derive": "Derivation", "design": "Open design question"}


class HomeworkError(ValueError):
    """A seed that is not one (the message names the problem)."""


def _imul(a: int, b: int) -> int:
    return (a * b) & _MASK


def mulberry32(seed: int) -> Callable[[], float]:
    """The generator for ``seed``: each call returns the next number in ``[0, 1)``."""
    state = seed & _MASK

    def draw() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & _MASK
        t = _imul(state ^ (state >> 15), state | 1)
        t = ((t + _imul(t ^ (t >> 7), t | 61)) & _MASK) ^ t
        return ((t ^ (t >> 14)) & _MASK) / 2**32

    return draw


_WHOLE = re.compile(r"[0-9]+")
_RANGE = f"a whole number from 0 to {MAX_SEED}"


def parse_seed(text: object) -> int:
    """The seed ``text`` names; :class:`HomeworkError` saying what is wrong otherwise.

    >>> parse_seed(" 17 ")
    17
    >>> parse_seed("-3")
    Traceback (most recent call last):
    ...
    pe.homework.HomeworkError: the seed "-3" is negative: give a whole number from 0 to 4294967295
    """
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise HomeworkError(f"the seed must be {_RANGE}, got {type(text).__name__}")
    s = str(text).strip()
    if not s:
        raise HomeworkError(f"the seed is empty: give {_RANGE}")
    if not _WHOLE.fullmatch(s):
        if re.fullmatch(r"-\s*[0-9.]+", s):
            raise HomeworkError(f'the seed "{s}" is negative: give {_RANGE}')
        raise HomeworkError(f'the seed "{s}" is not a whole number: give {_RANGE}')
    if len(s) > 10 or int(s) > MAX_SEED:
        raise HomeworkError(f'the seed "{s}" is too large: give {_RANGE}')
    return int(s)


@dataclass(frozen=True)
class Problem:
    """One problem of the sheet.

    ``draws`` are its parameters, in the order they are drawn: each ``(name, choices)``
    with ``choices`` either ``{"of": [values]}`` or ``{"lo": a, "hi": b}`` (the integers
    from ``a`` to ``b``; a bound may name a parameter drawn before, in this problem).
    ``prompt`` and ``notes`` are ``string.Template`` texts filled with the parameters;
    ``notes`` is the key's worked answer or, for an open question, what a good answer
    contains. ``space`` is the room left for the work on the printed sheet, in lines.
    """

    slug: str
    title: str
    kind: Kind
    topic: str  # what it practises, e.g. "rotary embeddings"
    points: int
    space: int  # lines of room on the printed sheet
    prompt: str
    notes: str
    rests_on: tuple[str, ...]  # "page.md#anchor" of the site
    draws: tuple[tuple[str, dict[str, Any]], ...] = ()
    answer: Callable[..., float] | None = None
    tolerance: float = 0.0
    decimals: int = 4
    unit: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def numeric(self) -> bool:
        return self.answer is not None


# ---------------------------------------------------------------- answers, computed by pe


def _entry(d: int, pos: int, i: int) -> float:
    return float(pe.encoding(1, d, start=pos)[0, 2 * i])


def _wavelength(d: int, i: int) -> float:
    return float(pe.wavelengths(d)[i])


def _rotary(d: int, i: int, m: int, n: int) -> float:
    # RoPE turns pair i of the query by m*w_i and of the key by n*w_i; for two pairs (1, 0)
    # the dot product is cos((m - n) w_i), the diagonal entry of pe.rotation(m - n).
    return float(pe.rotation(m - n, d)[2 * i, 2 * i])


def _never_updated(rows: int, train: int) -> float:
    return float(rows - train)


def _slow_pairs(d: int, length: int) -> float:
    return float(np.count_nonzero(pe.wavelengths(d) > length - 1))


def _t5(rel: int) -> float:
    return float(pe.relatives.t5_bucket(rel, bidirectional=True,
                                        num_buckets=32, max_distance=128))


def _alibi(heads: int, head: int, query: int, back: int) -> float:
    key = query - back
    return float(pe.relatives.alibi_bias(query + 1, heads)[head - 1, query, key])


PROBLEMS: tuple[Problem, ...] = (
    Problem(
        "entry", "An entry of the table", "compute", "the formula", 2, 6,
        prompt="With width *d* = $d, compute the entry \\(\\sin(pos / 10000^{2i/d})\\) of "
               "the paper's table for position *pos* = $pos and pair *i* = $i (column "
               "2*i*, counted from zero).",
        notes="The angle is $pos / 10000^(2·$i/$d); its sine is $answer.",
        rests_on=("formula.md",),
        draws=(("d", {"of": [16, 32, 64, 128]}), ("pos", {"lo": 1, "hi": 99}),
               ("i", {"lo": 0, "hi": 3})),
        answer=_entry, tolerance=5e-4),
    Problem(
        "wavelength", "A wavelength", "compute", "wavelengths", 2, 5,
        prompt="With width *d* = $d, how many positions does pair *i* = $i take to turn "
               "once round the circle (its wavelength)?",
        notes="The wavelength is 2π · 10000^(2·$i/$d) = $answer positions.",
        rests_on=("wavelengths.md",),
        draws=(("d", {"of": [64, 128, 256, 512]}), ("i", {"lo": 1, "hi": 15})),
        answer=_wavelength, tolerance=0.05, decimals=2, unit="positions"),
    Problem(
        "rotary", "A rotary score", "compute", "rotary embeddings", 3, 7,
        prompt="Rotary embeddings (RoPE) turn pair *i* of a query at position *m* by the "
               "angle *m*·ω\\(_i\\) and the same pair of a key at position *n* by "
               "*n*·ω\\(_i\\), with ω\\(_i = 10000^{-2i/d}\\). With *d* = $d, pair *i* = $i, "
               "*m* = $m and *n* = $n, both pairs are (1, 0) before they are turned. What is "
               "their dot product after?",
        notes="The dot product of two unit vectors turned by mω and nω is cos((m − n)ω) "
              "with ω = 10000^(−2·$i/$d) and m − n = $m − $n: $answer. Only the offset "
              "enters.",
        rests_on=("relatives.md#rotary", "relative-position.md#rope"),
        draws=(("d", {"of": [64, 128]}), ("i", {"lo": 0, "hi": 7}), ("m", {"lo": 10, "hi": 90}),
               ("n", {"lo": 0, "hi": 9})),
        answer=_rotary, tolerance=5e-4),
    Problem(
        "learned", "Rows a learned table never trains", "check", "learned tables", 1, 3,
        prompt="A model learns a table of $rows position vectors, one per position, but is "
               "trained only on sequences of $train tokens. How many rows of the table never "
               "receive a gradient?",
        notes="Only rows 0 to $train − 1 are ever looked up; the other $answer rows keep "
              "their initial values, and a longer input at inference reads untrained vectors.",
        rests_on=("relatives.md#learned",),
        draws=(("rows", {"of": [512, 1024, 2048]}),
               ("train", {"of": [128, 192, 256, 320, 384, 448]})),
        answer=_never_updated, tolerance=0, decimals=0, unit="rows"),
    Problem(
        "extrapolation", "Pairs that never turn round", "compute", "extrapolation", 2, 6,
        prompt="A model with width *d* = $d is trained on sequences of $length tokens "
               "(positions 0 to $length − 1). How many of its sin/cos pairs never complete "
               "a full turn within those positions (wavelength above $length − 1)?",
        notes="Pair i completes a turn when 2π · 10000^(2i/$d) ≤ $length − 1. Counting the "
              "pairs whose wavelength is longer gives $answer: at positions past the "
              "training length these pairs show angles the model has never seen.",
        rests_on=("wavelengths.md", "experiments-length.md#extrapolation"),
        draws=(("d", {"of": [64, 128, 256, 512]}),
               ("length", {"of": [64, 128, 256, 512, 1024, 2048]})),
        answer=_slow_pairs, tolerance=0, decimals=0, unit="pairs"),
    Problem(
        "t5", "A T5 bucket", "compute", "T5 buckets", 2, 6,
        prompt="T5's encoder sorts the relative position (key − query) into 32 buckets, 16 "
               "per direction, with exact buckets for distances below 8 and a logarithmic "
               "scale up to 128. Which bucket holds the relative position $rel?",
        notes="pe.relatives.t5_bucket($rel) gives bucket $answer: positive "
              "offsets start at bucket 16, distances below 8 have a bucket each, the rest "
              "share 8 buckets on a log scale up to 128, beyond which all share the last.",
        rests_on=("relatives.md#t5",),
        draws=(("rel", {"lo": -160, "hi": 160}),),
        answer=_t5, tolerance=0, decimals=0),
    Problem(
        "alibi", "An ALiBi bias", "compute", "ALiBi", 2, 6,
        prompt="ALiBi with $heads heads adds −*m*\\(_h\\)·(*i* − *j*) to the score of query "
               "*i* against an earlier key *j*, with the slopes of `pe.relatives."
               "alibi_slopes`. What does head *h* = $head add for query *i* = $query and key "
               "*j* = $query − $back?",
        notes="The slope of head $head of $heads is pe.relatives.alibi_slopes($heads)"
              "[$head − 1]; times the distance $back, negated: $answer.",
        rests_on=("relatives.md#alibi",),
        draws=(("heads", {"of": [4, 8, 12, 16]}), ("head", {"lo": 1, "hi": "heads"}),
               ("query", {"lo": 8, "hi": 40}), ("back", {"lo": 0, "hi": "query"})),
        answer=_alibi, tolerance=5e-4),
    Problem(
        "rotary-offset", "Why rotary scores see the offset only", "derive", "rotary embeddings",
        5, 14,
        prompt="Show that after rotary embeddings the score \\(q_m^\\top k_n\\) of a query at "
               "position *m* and a key at position *n* depends on *m* and *n* only through "
               "*m* − *n*. Where does the sinusoidal encoding *added* to the input lose this "
               "property?",
        notes="A good answer writes the rotation of each pair as a 2×2 matrix R(θ), uses "
              "R(a)ᵀR(b) = R(b − a) to get qᵀR((n − m)ω)k per pair, and sums over pairs. For "
              "the added encoding, (x_m + p_m)ᵀW(x_n + p_n) has cross terms x_mᵀWp_n that mix "
              "content with absolute position: only the pᵀp term is a function of the offset.",
        rests_on=("relatives.md#rotary", "relative-position.md#dot-product")),
    Problem(
        "t5-log", "How wide T5's far buckets are", "derive", "T5 buckets", 4, 12,
        prompt="With 16 buckets per direction, 8 exact ones and a maximum distance of 128, "
               "show that the far buckets cover distances growing by a constant factor, and "
               "find that factor.",
        notes="Bucket 8 + ⌊log(n/8)/log(16) · 8⌋ holds distance n, so bucket 8 + k starts at "
              "n = 8 · 16^(k/8) = 8 · √2^k: each bucket is √2 times as far as the one before. "
              "A good answer also says why: far distances matter in coarser steps.",
        rests_on=("relatives.md#t5",)),
    Problem(
        "design-context", "Choosing a scheme for longer inputs", "design", "extrapolation", 6,
        16,
        prompt="A model will be trained on documents of 2,000 tokens and used on 8,000. "
               "Choose among a learned table, the added sinusoidal encoding, rotary "
               "embeddings, T5 buckets and ALiBi, and defend the choice. What would you "
               "measure to check it?",
        notes="A good answer rules out the learned table (no trained rows past the training "
              "length), explains that the added encoding meets unseen angles in its slow pairs "
              "and that the site's experiments find it failing past the training length, "
              "weighs rotary (relative, but still unseen angles: interpolation or a larger "
              "base) against ALiBi and T5 (relative biases built for length), and proposes a "
              "measurement: accuracy or loss by position, at and beyond the training length.",
        rests_on=("experiments-length.md#extrapolation", "relatives.md#alibi")),
    Problem(
        "design-learned", "Learned or fixed?", "design", "learned tables", 4, 12,
        prompt="For an image classifier with a fixed grid of 14 × 14 patches, would you use "
               "a learned table or a fixed sinusoidal encoding? Give one argument for each, "
               "and say what changes if the images at test time are larger.",
        notes="A good answer: with a fixed grid a learned table costs little and adapts to "
              "the data (ViT uses one); the fixed encoding needs no training data per "
              "position and has a defined value everywhere. Larger images at test time need "
              "interpolating a learned table, while the sinusoidal one extends (with "
              "positions it has never seen).",
        rests_on=("relatives.md#learned", "practice.md#larger-images")),
    Problem(
        "design-experiment", "An experiment of your own", "design", "the experiments", 5, 14,
        prompt="Design an experiment that tells whether a trained model uses the *absolute* "
               "position or only offsets between tokens. Say which models you compare, what "
               "task, and which result would tell the two apart.",
        notes="A good answer picks a task where the two predictions differ (e.g. copying the "
              "token a fixed offset back versus reporting a token's index), compares an "
              "absolute scheme with a relative one (rotary, ALiBi) and a model without any "
              "encoding, shifts all positions by a constant at test time, and says that an "
              "offset-only model is unaffected by the shift. Controls: several seeds, the "
              "same training budget.",
        rests_on=("experiments-inside.md#offsets", "experiments-length.md#absolute")),
)

_BY_SLUG = {p.slug: p for p in PROBLEMS}


def spec() -> list[dict[str, Any]]:
    """What the page's script needs to draw the parameters: each problem's slug and draws."""
    return [{"slug": p.slug, "draws": [[name, dict(choices)] for name, choices in p.draws]}
            for p in PROBLEMS]


def draw(seed: int) -> dict[str, dict[str, int]]:
    """The parameters of every problem with draws, for ``seed``: ``{slug: {name: value}}``."""
    rng = mulberry32(parse_seed(seed))
    out: dict[str, dict[str, int]] = {}
    for p in PROBLEMS:
        if not p.draws:
            continue
        values: dict[str, int] = {}
        for name, choices in p.draws:
            if "of" in choices:
                options = list(choices["of"])
            else:
                lo, hi = (values[b] if isinstance(b, str) else b
                          for b in (choices["lo"], choices["hi"]))
                options = list(range(lo, hi + 1))
            values[name] = options[math.floor(rng() * len(options))]
        out[p.slug] = values
    return out


def answers(seed: int) -> dict[str, float]:
    """The numeric answers for ``seed``, computed by ``pe``: ``{slug: answer}``."""
    params = draw(seed)
    return {p.slug: p.answer(**params[p.slug]) for p in PROBLEMS if p.answer is not None}


def fixed(value: float, decimals: int) -> str:
    """``value`` to ``decimals`` places, with a true minus sign (and no "−0")."""
    text = f"{value:,.{decimals}f}"
    if text.lstrip("-").strip("0.,") == "":
        text = text.lstrip("-")
    return text.replace("-", "−")


def tolerance_text(p: Problem) -> str:
    """How the sheet writes the tolerance: ``exact`` or ``±0.0005``."""
    if p.tolerance == 0:
        return "exact"
    return "±" + np.format_float_positional(p.tolerance, trim="-")


def _values(p: Problem, params: dict[str, int], answer: float | None) -> dict[str, str]:
    values = {k: f"{v:,}".replace("-", "−") for k, v in params.items()}
    if answer is not None:
        values["answer"] = fixed(answer, p.decimals)
    return values


def fill(template: str, values: dict[str, str]) -> str:
    """``template`` with its ``$name`` placeholders filled from ``values``."""
    return Template(template).substitute(values)


def total_points() -> int:
    """The points of the whole sheet."""
    return sum(p.points for p in PROBLEMS)


def sheet(seed: int, url: str | None = None) -> str:
    """The sheet for ``seed`` as Markdown: name line, address, problems with their points
    and the room for the work; no answers."""
    seed = parse_seed(seed)
    params = draw(seed)
    where = f"{url}?seed={seed}" if url else f"the site's homework page, with ?seed={seed}"
    out = [f"# Homework: the sinusoidal positional encoding (seed {seed})", "",
           "Name: ______________________________    Date: ______________", "",
           f"Check your numeric answers at {where}.", "",
           f"{len(PROBLEMS)} problems, {total_points()} points in all.", ""]
    for n, p in enumerate(PROBLEMS, 1):
        points = "point" if p.points == 1 else "points"
        out += [f"## Problem {n}. {p.title} ({p.points} {points})", "",
                f"*{KINDS[p.kind]}, {p.topic}.* "
                + fill(p.prompt, _values(p, params.get(p.slug, {}), None)), ""]
        if p.numeric:
            unit = f" ({p.unit})" if p.unit else ""
            out += [f"Answer{unit}: ______________ ({tolerance_text(p)})", ""]
        out += [""] * p.space  # the room for the work
    return "\n".join(out).rstrip() + "\n"


def key(seed: int) -> str:
    """The answer key for ``seed`` as Markdown: each numeric answer with its tolerance, the
    worked answer, and for the open questions what a good answer contains."""
    seed = parse_seed(seed)
    params, values = draw(seed), answers(seed)
    out = [f"# Answer key: homework with seed {seed}", "",
           (f"{len(PROBLEMS)} problems, {total_points()} points in all. Numeric answers count "
           "within the tolerance given; the homework page accepts exactly these."), ""]
    for n, p in enumerate(PROBLEMS, 1):
        answer = values.get(p.slug)
        text = fill(p.notes, _values(p, params.get(p.slug, {}), answer))
        points = "point" if p.points == 1 else "points"
        out += [f"## Problem {n}. {p.title} ({p.points} {points})", ""]
        if answer is not None:
            unit = f" {p.unit}" if p.unit else ""
            out += [f"**Answer:** {fixed(answer, p.decimals)}{unit} ({tolerance_text(p)}).", ""]
        label = "What a good answer contains" if p.kind == "design" else "Worked answer"
        out += [f"{label}: {text}", ""]
    return "\n".join(out).rstrip() + "\n"


def problem(slug: str) -> Problem:
    """The problem named ``slug``."""
    return _BY_SLUG[slug]
