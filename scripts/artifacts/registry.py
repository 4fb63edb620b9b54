"""Every artifact of the site, declared once.

An :class:`Artifact` names what is made (``name``), how (``func``: ``"module:function"``
inside this package, ``figures.waves:phase`` for a module in a folder, called with
``params``) and, for figures, the alt text and caption
shown with it. Those are ``string.Template`` texts filled from the figure's own parameters
(``$length positions``, ``\\(d = ${d_model}\\)``), so no number is typed twice; see
:func:`_figure`. The builder derives file names, themes, caching and parallelism from this
table; add an entry here and ``scripts/build_artifacts.py`` makes it.

Outputs, under the generated folder:

- ``figure``:  ``figures/<name>-light.<fmt>``, ``figures/<name>-dark.<fmt>`` and the
  fragment ``figures/<name>.md``. ``func(theme, **params)`` returns a Matplotlib figure.
  ``fmt`` is ``svg`` for line plots and ``webp`` (lossless) for heatmaps.
- ``table``:   ``tables/<name>.md``. ``func(**params)`` returns Markdown.
- ``numbers``: ``numbers.json``. ``func(**params)`` returns ``{name: text}``.
- ``proofs``:  ``proofs/<proof>.md`` for every proof in ``pe.symbolic`` (and ``all.md``).
- ``example``: ``examples/<stem>.txt``, the output of ``docs/examples/<stem>.py``; one
  entry per script, found when the builder starts (see :func:`examples`).
- ``card``:    ``social/<page>.png``, the link-preview picture of ``docs/<page>.md``: its
  title over its first figure, or over its description (see :func:`social_cards`).
- ``run``:     ``runs/<name>.json``: small transformers trained and measured by the
  ``experiments`` package (``func(**params)`` returns plain numbers). Figures, tables and
  numbers that show them name the runs in ``needs`` and receive their results as
  ``runs={name: results}``; they are redrawn when a run changes, and a run is retrained
  only when its own inputs change (its parameters, or the ``experiments``/``pe`` sources).

A ``numbers`` artifact other than ``numbers`` itself writes ``numbers/<name>.json``; pages
see the union of all of them through ``{{ pe:NAME }}``.

This module must stay cheap to import (no Matplotlib, no SymPy): a run with nothing to do
reads it and must finish in well under a second.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any, Literal

import numpy  # only for numpy.finfo: a type's limits are facts of numpy, not to retype

Kind = Literal["figure", "table", "numbers", "proofs", "example", "run", "card"]

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent.parent
EXAMPLES_DIR = ROOT / "docs" / "examples"

#: The paper's base, declared once for every artifact drawn with it.
PAPER_BASE = 10000.0
#: The "I am a robot" example's tokens, width and small base (see ``data.robot_example``).
ROBOT_TOKENS = ["I", "am", "a", "robot"]
ROBOT_D_MODEL = 4
ROBOT_BASE = 100.0
#: A result, not a choice: the smallest width (of those drawn in "distinctness") whose two
#: closest positions are neighbours for every sequence length drawn (not beyond: d = 16 has
#: a near-repeat at an offset of about 600,000; see numbers.corrections). Too costly to
#: compute on import; tests/pipeline/test_registry_text.py recomputes and checks it.
DISTINCT_FROM = 16


@dataclass(frozen=True)
class Artifact:
    """One generated artifact; see the module docstring for what each kind produces."""

    name: str
    kind: Kind
    func: str = ""  # "module:function" in this package; unused for examples
    params: dict[str, Any] = field(default_factory=dict)
    alt: str = ""  # figures: what the image shows, for screen readers
    caption: str = ""  # figures: Markdown (may use \( maths \)) under the image
    fmt: Literal["svg", "webp"] = "svg"
    source: Path | None = None  # examples: the script
    #: figures: the ``$name`` templates ``alt`` and ``caption`` were filled from (kept so a
    #: test can check that no number is typed in them)
    templates: tuple[str, str] = ("", "")
    #: runs whose results this artifact shows (see ``run`` in the module docstring)
    needs: tuple[str, ...] = ()

    @property
    def module(self) -> str:
        """Dotted name inside this package (``numbers``, ``figures.waves``)."""
        return self.func.split(":")[0]


def module_path(module: str) -> Path:
    """The source file of a module of this package (``figures.waves`` -> figures/waves.py)."""
    return PACKAGE_DIR.joinpath(*module.split(".")).with_suffix(".py")


# ---------------------------------------------------------------- text from parameters

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve")


def words(n: int) -> str:
    """A small count as a word ("three"), as prose wants it."""
    if not 0 <= n < len(_WORDS):
        raise ValueError(f"no word for {n}; write it with digits")
    return _WORDS[n]


def number(value: Any) -> str:
    """A number as prose shows it: ``100000``, ``10000`` (not ``10000.0``), ``1.7``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def prose_list(values: list[Any]) -> str:
    """``[16, 64, 512]`` as ``16, 64 and 512``."""
    items = [number(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def text_values(params: Mapping[str, Any]) -> dict[str, str]:
    """What a template may name: every parameter, formatted, and for a list parameter
    ``xs`` also its items ``xs_0``, ``xs_1``, ... and ``xs_last``."""
    out: dict[str, str] = {}
    for key, value in params.items():
        if isinstance(value, list):
            out[key] = prose_list(value)
            out.update({f"{key}_{n}": number(v) for n, v in enumerate(value)})
            out[f"{key}_last"] = number(value[-1])
        else:
            out[key] = number(value)
    return out


def fill(name: str, what: str, template: str, values: Mapping[str, str]) -> str:
    """``template`` with its ``$name`` / ``${name}`` placeholders filled; an unknown or
    malformed placeholder is an error naming the artifact."""
    try:
        return Template(template).substitute(values)
    except KeyError as err:
        raise ValueError(f"artifact {name!r}: its {what} names ${{{err.args[0]}}}, which is "
                         f"neither a parameter nor a derived value (known: "
                         f"{', '.join(sorted(values))})") from None
    except ValueError as err:  # a lone "$": maths in captions is \( \), never $
        raise ValueError(f"artifact {name!r}: bad placeholder in its {what}: {err}") from None


def _figure(name: str, func: str, alt: str, caption: str, fmt: Literal["svg", "webp"] = "svg",
            derived: Callable[[dict[str, Any]], Mapping[str, Any]] | None = None,
            needs: tuple[str, ...] = (), **params: Any) -> Artifact:
    """A figure whose ``alt`` and ``caption`` are templates filled from ``params`` and from
    ``derived(params)`` (values computed from them, for the text only)."""
    values = text_values(params)
    if derived is not None:
        values.update({k: v if isinstance(v, str) else number(v)
                       for k, v in derived(params).items()})
    return Artifact(name, "figure", f"figures.{func}", params, fill(name, "alt text", alt, values),
                    fill(name, "caption", caption, values), fmt, templates=(alt, caption),
                    needs=needs)


def _table(name: str, func: str, needs: tuple[str, ...] = (), **params: Any) -> Artifact:
    module, _, function = func.rpartition(":")
    return Artifact(name, "table", f"{module or 'tables'}:{function}", params, needs=needs)


def _cycles(positions: int, d_model: int, pair: int, base: float) -> float:
    """How many turns pair ``pair`` makes over positions ``0 .. positions-1``."""
    return float((positions - 1) / (2 * math.pi * base ** (2 * pair / d_model)))


#: How far a column of the heatmap must swing (largest minus smallest value over the drawn
#: positions) to count as changing, for its caption: a big and a small change.
SWING_BIG, SWING_SMALL = 1.0, 0.1


def _swinging_columns(length: int, d_model: int, base: float, swing: float) -> int:
    """How many columns of ``pe.encoding(length, d_model)`` vary by more than ``swing``."""
    import pe  # NumPy only; kept local so importing the registry stays cheap

    enc = pe.encoding(length, d_model, base=base)
    return int(((enc.max(axis=0) - enc.min(axis=0)) > swing).sum())


def _settled_column(position: int, d_model: int, base: float, angle: float) -> int:
    """The first (sine) column whose angle at ``position`` is below ``angle`` radians."""
    pair = next(i for i in range(d_model // 2) if position * base ** (-2 * i / d_model) < angle)
    return 2 * pair


FIGURES = [
    _figure(
        "columns-d6", "waves:columns",
        alt="${Plots} small line plots, one per column of a ${length}-position, "
            "${d_model}-dimensional positional encoding. Columns 0 and 1 are a sine and a "
            "cosine that complete about $cycles cycles over the $length positions; columns 2 "
            "and 3 change more slowly; columns $last_sin and $last_cos barely move from 0 "
            "and 1.",
        caption=r"Every column of the encoding for $length positions and \(d = ${d_model}\), "
                r"against position. Even columns are sines, odd columns cosines; each pair "
                r"\(i\) turns at its own frequency \(\omega_i = ${base}^{-2i/${d_model}}\). "
                r"Dots are the values at integer positions, the thin curve the wave between "
                r"them.",
        derived=lambda p: {"Plots": words(p["d_model"]).capitalize(),
                           "cycles": words(round(_cycles(p["length"], p["d_model"], 0,
                                                         p["base"]))),
                           "last_sin": p["d_model"] - 2, "last_cos": p["d_model"] - 1},
        length=20, d_model=6, base=PAPER_BASE),
    _figure(
        "pairs-d50", "waves:pairs",
        alt="${Plots} line plots of sine and cosine against position 0 to $last for "
            "d = ${d_model}: pair ${pair_indices_0} oscillates fast, completing a cycle every "
            "2 pi positions, pair ${pair_indices_1} more slowly, and pair ${pair_indices_last} "
            "completes only about $slow_cycles cycles.",
        caption=r"Sine and cosine of pairs $pair_indices for \(d = ${d_model}\) over $length "
                r"positions. The wavelength grows geometrically with \(i\): higher pairs "
                r"change ever more slowly.",
        derived=lambda p: {"Plots": words(len(p["pair_indices"])).capitalize(),
                           "last": p["length"] - 1,
                           "slow_cycles": round(_cycles(p["length"], p["d_model"],
                                                        p["pair_indices"][-1], p["base"]), 1)},
        length=100, d_model=50, pair_indices=[0, 1, 6], base=PAPER_BASE),
    _figure(
        "sine-by-dimension", "waves:sine_by_dimension",
        alt="Line plot of the sine entries against pair index 0 to $last_pair for positions "
            "$positions with d = ${d_model}. Position ${positions_0} is flat at zero; the "
            "others start by oscillating and settle towards zero as the pair index grows.",
        caption=r"The sine entries \(\sin(pos\,\omega_i)\) of the encodings of positions "
                r"${positions_0} to ${positions_last} against the pair index \(i\) "
                r"(\(d = ${d_model}\), base $base). Each position traces a different curve, "
                r"and all curves flatten towards 0 for large \(i\), where \(\omega_i\) is "
                r"tiny.",
        derived=lambda p: {"last_pair": p["pairs"] - 1},
        d_model=512, positions=[0, 1, 2, 3], pairs=100, base=PAPER_BASE),
    _figure(
        "heatmap-d512", "matrices:heatmap", fmt="webp",
        alt="Heatmap of the encoding matrix with $length positions as rows and $d_model "
            "dimensions as columns. The left columns alternate rapidly between the two ends "
            "of the colour scale; towards the right the pattern stretches out and the "
            "columns settle to 0 (sines) and 1 (cosines).",
        caption=r"The encoding matrix for $length positions and \(d = ${d_model}\) (base "
                r"$base). The colour scale is centred on 0. Over these positions $swing_big "
                r"of the $d_model columns swing by more than $big (largest minus smallest "
                r"value) and $swing_small by more than $small; the other $still hold almost "
                r"constant values.",
        derived=lambda p: {
            "big": SWING_BIG, "small": SWING_SMALL,
            "swing_big": _swinging_columns(p["length"], p["d_model"], p["base"], SWING_BIG),
            "swing_small": _swinging_columns(p["length"], p["d_model"], p["base"], SWING_SMALL),
            "still": p["d_model"] - _swinging_columns(p["length"], p["d_model"], p["base"],
                                                      SWING_SMALL)},
        length=100, d_model=512, base=PAPER_BASE),
    _figure(
        "vector-pos7", "matrices:vector",
        alt="Stem chart of the $d_model values of the encoding of position $position. The "
            "first few sine and cosine values swing between -1 and 1; from about dimension "
            "$settled on, the sines are near 0 and the cosines near 1.",
        caption=r"The encoding vector of position $position for \(d = ${d_model}\). Early "
                r"pairs (fast waves) take all kinds of values; late pairs have hardly turned "
                r"and sit near \((0, 1)\).",
        # "Near": an angle under 1/3 radian (sine under 0.33, cosine over 0.94), rounded
        # to tens because the text says "about".
        derived=lambda p: {"settled": round(_settled_column(p["position"], p["d_model"],
                                                            p["base"], 1 / 3), -1)},
        position=7, d_model=64, base=PAPER_BASE),
    _figure(
        "heatmap-highlight", "matrices:heatmap_highlight", fmt="webp",
        alt="Heatmap of the encoding matrix for $length positions and $d_model dimensions "
            "with the row of position $position outlined.",
        caption=r"The same encoding as a matrix ($length positions, \(d = ${d_model}\)); the "
                r"outlined row is the vector of position $position shown above (the other "
                r"rows are faded).",
        length=32, d_model=64, position=7),
    _figure(
        "similarity-matrix", "matrices:similarity_matrix", fmt="webp",
        alt="Square heatmap of the cosine similarity between all pairs of $length positions "
            "for d = ${d_model}. The diagonal is 1, and the colour is constant along every "
            "line parallel to the diagonal, forming bands.",
        caption=r"Cosine similarity between the encodings of every pair of positions "
                r"\(p, q < ${length}\) (\(d = ${d_model}\)). Each diagonal band has one "
                r"colour: the similarity depends only on the offset \(q - p\), not on where "
                r"the pair sits.",
        length=100, d_model=64),
    _figure(
        "similarity-offset", "geometry:similarity_offset",
        alt="Line plot of cosine similarity against the offset k from -${max_offset} to "
            "$max_offset for d = ${d_models}. Each curve is symmetric about k = 0, where it "
            "equals 1, and decreases with wiggles rather than monotonically.",
        caption=r"Cosine similarity between positions \(p\) and \(p + k\) against the offset "
                r"\(k\). It is symmetric in \(\pm k\) and peaks at \(k = 0\), but it does not "
                r"fall monotonically: it dips and recovers, most visibly for small \(d\).",
        max_offset=99, d_models=[16, 64, 512]),
    _figure(
        "wavelengths", "waves:wavelengths",
        alt="${Plots} plots of wavelength against pair index on a logarithmic axis, for "
            "d = ${d_models}. The wavelengths rise along a straight line from 2 pi and stay "
            "below the dashed reference line at 2 pi times ${base}.",
        caption=r"Wavelengths \(\lambda_i = 2\pi \cdot ${base}^{2i/d}\) form a geometric "
                r"progression: a straight line on a log scale. They start at \(2\pi\) and end "
                r"at \(2\pi \cdot ${base}^{(d-2)/d}\), short of \(2\pi \cdot ${base}\), much "
                r"shorter for \(d = ${d_models_0}\) than for \(d = ${d_models_last}\).",
        derived=lambda p: {"Plots": words(len(p["d_models"])).capitalize()},
        d_models=[50, 512], base=PAPER_BASE),
    _figure(
        "robot-sum", "matrices:robot_sum",
        alt="Three $n_tokens by $d_model grids of numbers for the tokens I, am, a, robot: the "
            "token embedding plus the positional encoding equals the input to the model.",
        caption=r"“I am a robot” with \(d = ${d_model}\) and base $base: each token's "
                r"embedding (here illustrative values, not a trained model's) plus the "
                r"encoding of its position gives the vector the model reads.",
        derived=lambda p: {"n_tokens": len(p["tokens"])},
        tokens=ROBOT_TOKENS, d_model=ROBOT_D_MODEL, base=ROBOT_BASE),
    _figure(
        "rotation-circles", "geometry:rotation_circles",
        alt="${Circles} unit circles, one per sin/cos pair of a ${d_model}-dimensional "
            "encoding, with positions 0 to $last as numbered points. In pair "
            "${pair_indices_0} the points jump one radian per position and wrap around the "
            "circle; in the higher pairs they advance by ever smaller angles.",
        caption=r"Each sin/cos pair is a point on the unit circle that turns by its own angle "
                r"\(\omega_i\) per position: moving \(k\) positions along is a rotation by "
                r"\(k\,\omega_i\) in every pair (\(d = ${d_model}\), pairs $pair_indices; the "
                r"arc marks one step).",
        derived=lambda p: {"Circles": words(len(p["pair_indices"])).capitalize(),
                           "last": p["positions"] - 1},
        d_model=512, pair_indices=[0, 32, 64, 96], positions=10),
    _figure(
        "precision", "geometry:precision",
        alt="Log-log plot of the largest error against position from 1 to $max_position for "
            "float32, float16 and bfloat16. Errors grow with position; bfloat16 reaches the "
            "largest possible error within a few hundred positions, float16 within a few "
            "thousand and stops where positions overflow at $f16_max, and float32 stays far "
            "below both.",
        caption=r"Computing the encoding in low precision: largest error over the $d_model "
                r"entries of a position when positions, frequencies, their product and the "
                r"sine and cosine are all held in the given type, against the exact value "
                r"rounded to that type. The error grows with the position because the angle "
                r"\(pos\,\omega_i\) loses its low digits; 2 (dashed) is the worst possible.",
        derived=lambda p: {"f16_max": number(float(numpy.finfo(numpy.float16).max))},
        d_model=512, max_position=100_000, samples=400),
    _figure(
        "layouts", "matrices:layouts", fmt="webp",
        alt="Two heatmaps side by side of the same $length by $d_model encoding: on the left "
            "the sine and cosine columns alternate, on the right all sine columns come first "
            "and all cosine columns after them.",
        caption=r"The paper's interleaved layout and `pe`'s split layout hold the same "
                r"numbers in a different column order; either works as long as training and "
                r"inference agree. Not every split table is such a reordering: "
                r"tensor2tensor's and fairseq's also space their frequencies differently and "
                r"pad an odd width with a zero column.",
        length=50, d_model=64),
    _figure(
        "distinctness", "geometry:distinctness",
        alt="Log-log plot of the smallest distance between the encodings of two different "
            "positions against sequence length up to $max_length, for d = ${d_models}. The "
            "curves for d = $flat_from and more stay flat; those for d = $falling fall as "
            "near-repeats appear.",
        caption=r"How close do two different positions get? The smallest Euclidean distance "
                r"between encodings of positions in \(0 \ldots L-1\). From "
                r"\(d = ${flat_from}\) on it is the distance between neighbours for every "
                r"\(L\) drawn; more pairs push near-repeats further out, they do not rule them "
                r"out. Very small widths have near-collisions within the lengths drawn.",
        # A result too costly to compute on import: the smallest listed width whose closest
        # pair is a pair of neighbours at every length drawn. tests/pipeline/test_registry_text.py
        # checks it.
        derived=lambda p: {"flat_from": DISTINCT_FROM,
                           "falling": prose_list([d for d in p["d_models"]
                                                  if d < DISTINCT_FROM])},
        max_length=100_000, d_models=[2, 4, 8, 16, 64, 512]),
    _figure(
        "odd-width", "waves:odd_width",
        alt="Line plot of column $last, the last column of a ${d_model}-dimensional "
            "encoding, against position 0 to $last_position: the correct encoding is one "
            "slow sine wave; the loop recipe leaves it at zero everywhere.",
        caption=r"With an odd width (\(d = ${d_model}\)) the last column is the sine of the "
                r"last frequency. A loop over \(\lfloor d/2 \rfloor\) pairs never writes it and "
                r"leaves it at 0; its wavelength is so long that over a short sequence the "
                r"mistake is easy to miss.",
        derived=lambda p: {"last": p["d_model"] - 1, "last_position": p["length"] - 1},
        length=10_000, d_model=5),
]

TABLES = [
    _table("positions-d4", "positions", length=5, d_model=4, base=PAPER_BASE),
    _table("positions-d4-base100", "robot_positions", tokens=ROBOT_TOKENS, d_model=ROBOT_D_MODEL,
           base=ROBOT_BASE),
    _table("rows-d6", "positions", length=6, d_model=6, base=PAPER_BASE, decimals=4),
    _table("vectors-d50", "vectors", d_model=50, positions=[0, 5], first=4, last=2),
    _table("wavelengths-d50", "wavelengths", d_model=50),
    _table("wavelengths-d512", "wavelengths", d_model=512,
           pairs=[0, 1, 2, 3, 8, 16, 32, 64, 128, 192, 254, 255]),
    _table("equal-offsets", "equal_offsets", d_model=64,
           pairs=[[7, 8], [22, 23], [0, 1], [7, 10], [22, 25], [50, 53]]),
]

SINGLES = [
    Artifact("numbers", "numbers", "numbers:compute"),
    Artifact("proofs", "proofs", "proofs:fragments"),
]


# ---------------------------------------------------------------- experiments

#: Settings every run shares; the rest are the defaults of ``experiments.config.RunConfig``,
#: and the page prints each run's complete configuration from the run's own record.
RUN_COMMON: dict[str, Any] = {"train_length": 32, "eval_length": 128, "steps": 600,
                              "seeds": [0, 1, 2, 3, 4]}
#: The sweeps (bases, the absolute-position task) use three seeds: their claims are only
#: those that hold by more than the spread of three.
SWEEP_SEEDS = [0, 1, 2]


def _run(name: str, **params: Any) -> Artifact:
    return Artifact(name, "run", "runs:train", {**RUN_COMMON, **params})


#: Each run differs from ``run-sinusoidal`` in the settings named here, and only in them.
RUNS = [
    _run("run-sinusoidal", scheme="sinusoidal"),
    _run("run-learned", scheme="learned"),
    _run("run-rotary", scheme="rotary"),
    _run("run-none", scheme="none"),
    _run("run-none-bidirectional", scheme="none", causal=False),
    # Sum against concatenation: the same token vectors (16 wide), the same sinusoid
    # (16 wide), the same model width (32); only whether they share columns differs.
    _run("run-sinusoidal-sum-half", scheme="sinusoidal", d_position=16),
    _run("run-sinusoidal-concat", scheme="sinusoidal", combine="concat", d_position=16),
    # SHAPE (Kiyono et al., 2021): every training sequence starts at a random position.
    _run("run-sinusoidal-shape", scheme="sinusoidal", train_offset=96),
    *(_run(f"run-{scheme}-base-{base}", scheme=scheme, base=float(base), seeds=SWEEP_SEEDS)
      for scheme in ("sinusoidal", "rotary") for base in (100, 1000, 100000)),
    *(_run(f"run-half-{scheme}", scheme=scheme, task="copy_half", seeds=SWEEP_SEEDS)
      for scheme in ("sinusoidal", "learned", "rotary", "none")),
]
#: Which runs each experiment compares, in the order its figure and tables list them.
SCHEMES = ("run-sinusoidal", "run-learned", "run-rotary", "run-none")
WITH_POSITIONS = ("run-sinusoidal", "run-learned", "run-rotary")
MASKS = ("run-none", "run-none-bidirectional")
COMBINES = ("run-sinusoidal-sum-half", "run-sinusoidal-concat")
SHAPE = ("run-sinusoidal", "run-sinusoidal-shape", "run-rotary")
BASES = tuple(f"run-{scheme}-base-{base}" for scheme in ("sinusoidal", "rotary")
              for base in (100, 1000, 100000)) + ("run-sinusoidal", "run-rotary")
HALF = tuple(f"run-half-{scheme}" for scheme in ("sinusoidal", "learned", "rotary", "none"))
ALL_RUNS = tuple(r.name for r in RUNS)

_LENGTHS = {"train_length": RUN_COMMON["train_length"], "eval_length": RUN_COMMON["eval_length"]}

EXPERIMENTS = RUNS + [
    _figure(
        "exp-extrapolation", "experiments:extrapolation", needs=SCHEMES, interpolate=True,
        alt="Two line plots of the accuracy of the copy task at each of $eval_length "
            "tokens, one line per position scheme (sinusoidal, learned, rotary, none) with a "
            "band over the seeds. Left: positions 0 to $last, with a vertical line at the "
            "training length $train_length. Right: the same sequences with positions scaled "
            "into the trained range. The numbers are in the table below the figure.",
        caption=r"Accuracy at each token of sequences of $eval_length, for models trained "
                r"on $train_length. Left: positions \(0 \ldots ${last}\); right of the "
                r"dashed line the models never saw these positions. Right panel: positions "
                r"scaled by $train_length/$eval_length into the trained range (position "
                r"interpolation, without fine-tuning). Lines: mean over the seeds; bands: "
                r"lowest to highest seed. Dotted: chance.",
        derived=lambda p: {"last": p["eval_length"] - 1}, **_LENGTHS),
    _figure(
        "exp-offsets", "experiments:offsets", needs=WITH_POSITIONS,
        alt="Three line plots against the shift, for the sinusoidal, learned and rotary "
            "models: how much the output distribution changes, and how much the attention "
            "of block 1 and of block 2 changes, when the same sequence of $train_length "
            "tokens is moved to later positions; trained models with a band over the seeds, "
            "the same models untrained as dotted lines. The numbers are in the table below.",
        caption=r"How much the output and the attention change when the same $train_length "
                r"tokens are moved from positions \(0 \ldots ${last}\) to \(s \ldots s + "
                r"${last}\): total-variation distance (0: unchanged, 1: disjoint) against "
                r"\(s = 0\); trained models (mean over the seeds, band from lowest to "
                r"highest) and, dotted, the same models before training. Right of the dashed "
                r"line no position of the moved sequence was seen in training.",
        derived=lambda p: {"last": p["train_length"] - 1}, **_LENGTHS),
    _figure(
        "exp-attention-offset", "experiments:attention_offset", needs=SCHEMES, shown=12,
        alt="Two line plots, one per block, of the attention weight a query gives the key k "
            "places back, for k from 0 to $shown_last, for the head that weighs the task's "
            "key most, one line per position scheme, with the weight of attention spread "
            "evenly for comparison. The numbers per head are in the table below.",
        caption=r"Attention weight on the key \(k\) places back, averaged over the queries "
                r"that have one, for the head of each block that gives the task's key "
                r"(dashed line) the most weight; mean over the seeds with a band from lowest "
                r"to highest. Dotted grey: attention spread evenly over the earlier tokens.",
        derived=lambda p: {"shown_last": p["shown"] - 1}, **_LENGTHS),
    _figure(
        "exp-probe", "experiments:probe", needs=SCHEMES,
        alt="Line plot of how often a linear discriminant probe reads the exact position "
            "from the residual stream, after the embedding and after each block, for the "
            "four position schemes, trained (solid) and untrained (dotted), with chance "
            "marked. The numbers are in the table below.",
        caption=r"A linear discriminant probe of the absolute position, fitted on the "
                r"residual stream at each depth and tested on other sequences of "
                r"$train_length tokens: share of positions it names exactly. Solid markers: "
                r"trained models (mean over the seeds; bars: lowest to highest); hollow "
                r"markers, dotted: the same models before training. Dotted grey: chance, one "
                r"in $train_length.",
        **_LENGTHS),
    _figure(
        "exp-causal-mask", "experiments:causal_mask", needs=MASKS,
        alt="Two panels for models without any position encoding, one causal and one "
            "bidirectional, trained and untrained. Left: exact-position accuracy of the "
            "probe at each depth. Right: the probe's accuracy at each position 0 to $last "
            "after the last block. Chance is marked in both. The numbers are in the table "
            "below.",
        caption=r"Models with no position encoding at all, trained on the same task (solid) "
                r"and before training (hollow markers, dotted). Left: the probe's "
                r"exact-position accuracy at each depth; right: after the last block, by "
                r"position. Mean over the seeds, band or bars from lowest to highest. "
                r"Dotted grey: chance.",
        derived=lambda p: {"last": p["train_length"] - 1}, **_LENGTHS),
    _figure(
        "exp-sum-concat", "experiments:sum_concat", needs=COMBINES,
        alt="Two panels comparing a sinusoid summed with token vectors of the same width "
            "against the same vectors concatenated, in models of the same width. Left: "
            "training loss against step. Right: accuracy by position up to $last with the "
            "training length $train_length marked. The numbers are in the table below.",
        caption=r"Sum against concatenation of the same token vectors and the same "
                r"sinusoid, at the same model width (the same parameters everywhere). Left: "
                r"training loss (mean over the seeds, band from lowest to highest); right: "
                r"accuracy by position, trained on $train_length.",
        derived=lambda p: {"last": p["eval_length"] - 1}, **_LENGTHS),
    _figure(
        "exp-bases", "experiments:bases", needs=BASES,
        alt="Two plots of accuracy against the base, on a logarithmic axis, for sinusoidal "
            "and rotary models: inside the training length, and "
            "over the $train_length positions after it. The numbers are in the table below.",
        caption=r"The base of the frequencies, swept: accuracy inside the training length "
                r"(left) and over the next $train_length positions (right); mean over the "
                r"seeds with bars from lowest to highest. Dotted: chance.",
        **_LENGTHS),
    _figure(
        "exp-half", "experiments:extrapolation", needs=HALF,
        alt="Line plot of the accuracy of the task that copies the token at half the "
            "position, at each position 0 to $last, one line per position scheme, with a "
            "vertical line at the training length $train_length. The numbers are in the "
            "table below the figure.",
        caption=r"The task that needs the absolute position: the answer at position \(i\) "
                r"is the token at \(\lfloor i/2 \rfloor\). Accuracy at each position, "
                r"trained on $train_length; mean over the seeds, band from lowest to highest. "
                r"Dotted: chance.",
        derived=lambda p: {"last": p["eval_length"] - 1}, **_LENGTHS),
    _table("exp-settings", "results.tables:shared_settings", needs=ALL_RUNS),
    _table("exp-runs", "results.tables:run_settings", needs=ALL_RUNS),
    _table("exp-extrapolation-results", "results.tables:extrapolation", needs=SCHEMES),
    _table("exp-placement-results", "results.tables:placement", needs=WITH_POSITIONS),
    _table("exp-shape-results", "results.tables:extrapolation", needs=SHAPE),
    _table("exp-shape-placement-results", "results.tables:placement", needs=SHAPE),
    _table("exp-bases-results", "results.tables:bases", needs=BASES),
    _table("exp-offsets-results", "results.tables:offsets", needs=WITH_POSITIONS),
    _table("exp-attention-offset-results", "results.tables:attention_by_offset", needs=SCHEMES),
    _table("exp-probe-results", "results.tables:probe", needs=SCHEMES),
    _table("exp-causal-mask-results", "results.tables:probe", needs=MASKS),
    _table("exp-sum-concat-results", "results.tables:sum_concat", needs=COMBINES),
    _table("exp-half-results", "results.tables:extrapolation", needs=HALF),
    Artifact("experiment-numbers", "numbers", "results.numbers:compute", needs=ALL_RUNS),
]


# ---------------------------------------------------------------- practitioners' questions

PRACTICE_QUESTIONS = ROOT / "docs" / "data" / "practice_questions.yml"


def practice() -> list[Artifact]:
    """The two tables of docs/practice-questions.md (none if the questions file is missing,
    as in a checkout without docs). The file's entries are the parameters, so an edit to it
    rebuilds the tables."""
    if not PRACTICE_QUESTIONS.is_file():
        return []
    import yaml  # cheap, unlike the table code; only needed here

    questions = yaml.safe_load(PRACTICE_QUESTIONS.read_text(encoding="utf-8"))
    if not isinstance(questions, list):
        raise TypeError(f"{PRACTICE_QUESTIONS.name} must be a list of questions")
    return [
        _table("practice-questions", "practice_questions:answered", questions=questions),
        _table("practice-questions-left-out", "practice_questions:left_out",
               questions=questions),
    ]


# ---------------------------------------------------------------- exercises

def _exercises() -> list[Artifact]:
    """The exercise fragments (``tables/exercises-<page stem>.md``, and the teachers' problem
    set and solutions). The headings they link are a parameter, so renaming one rebuilds
    them; reading them is a regex over a few pages."""
    from scripts.artifacts.exercises import STEMS, section_titles

    if not (DOCS_DIR / "index.md").is_file():  # a copy of the pipeline without the pages
        return []
    sections = section_titles()
    return [_table(f"exercises-{stem}", "exercises:fragment", stem=stem, sections=sections)
            for stem in STEMS]


def examples() -> list[Artifact]:
    """One artifact per ``docs/examples/*.py`` (none if the folder is missing)."""
    if not EXAMPLES_DIR.is_dir():
        return []
    return [Artifact(f"example-{path.stem}", "example", source=path)
            for path in sorted(EXAMPLES_DIR.glob("*.py")) if not path.name.startswith("_")]


# ---------------------------------------------------------------- social cards

DOCS_DIR = ROOT / "docs"
_FRONT_TITLE = re.compile(r"\A---\n(?:.*\n)*?title:\s*(.+)\n(?:.*\n)*?---\n")
_HEADING = re.compile(r"^#\s+(.+?)\s*(?:\{[^}]*\})?\s*$", re.MULTILINE)
_FIGURE_SNIPPET = re.compile(r'^--8<--\s+"figures/([\w-]+)\.md"', re.MULTILINE)


def page_title(text: str) -> str:
    """A page's title as a reader sees it: front matter ``title:``, else its first heading
    (Markdown's code marks dropped)."""
    found = _FRONT_TITLE.match(text) or _HEADING.search(text)
    return found.group(1).strip().strip("'\"").replace("`", "") if found else ""


def _page_text(path: Path) -> str:
    """The Markdown of a page; of a notebook, its Markdown cells."""
    import json

    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return text
    cells = json.loads(text).get("cells", [])
    return "\n\n".join("".join(c["source"]) for c in cells if c.get("cell_type") == "markdown")


def page_description(path: Path) -> str:
    """A page's own description: its front matter's ``description:``, a notebook's metadata
    ``description``; "" if it has none."""
    import json

    import yaml

    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        found = json.loads(text).get("metadata", {}).get("description")
    else:
        front = re.match(r"\A---\n(.*?)\n---\n", text, re.DOTALL)
        found = (yaml.safe_load(front.group(1)) or {}).get("description") if front else None
    return " ".join(str(found or "").split())


def social_cards(declared: list[Artifact]) -> list[Artifact]:
    """One card per page of ``docs/`` (Markdown and notebooks): the page's title over the
    first figure it includes, drawn again for the card; a page that includes none gets its
    title over its description (``cards:text_card``), never another page's figure."""
    figures = {a.name: a for a in declared if a.kind == "figure"}
    pages = sorted([*DOCS_DIR.rglob("*.md"), *DOCS_DIR.rglob("*.ipynb")]) if DOCS_DIR.is_dir() \
        else []
    cards = []
    for path in pages:
        rel = path.relative_to(DOCS_DIR)
        if ".ipynb_checkpoints" in rel.parts:
            continue
        text = _page_text(path)
        title = page_title(text)
        if not title:
            raise ValueError(f"docs/{rel.as_posix()} has no title (front matter or # heading) "
                             "for its social card")
        shown = [n for n in _FIGURE_SNIPPET.findall(text) if n in figures]
        page = rel.with_suffix("").as_posix().replace("/", "-")
        if not shown:
            description = page_description(path)
            if not description:
                raise ValueError(f"docs/{rel.as_posix()} includes no figure and has no "
                                 "description (front matter) for its social card")
            cards.append(Artifact(f"card-{page}", "card", "cards:text_card",
                                  {"page": page, "title": title, "description": description}))
            continue
        figure = figures[shown[0]]
        cards.append(Artifact(f"card-{page}", "card", "cards:social_card",
                              {"page": page, "title": title, "figure_func": figure.func,
                               "figure_params": figure.params}, needs=figure.needs))
    return cards


def all_artifacts() -> list[Artifact]:
    """The full registry, in a stable order; names are checked to be unique, and every
    artifact's ``needs`` to name runs of the registry."""
    items = FIGURES + TABLES + SINGLES + EXPERIMENTS + practice() + _exercises() + examples()
    items += social_cards(items)
    seen: set[str] = set()
    for a in items:
        if a.name in seen:
            raise ValueError(f"artifact name {a.name!r} is declared twice")
        seen.add(a.name)
    runs = {a.name for a in items if a.kind == "run"}
    for a in items:
        missing = [n for n in a.needs if n not in runs]
        if missing:
            raise ValueError(f"artifact {a.name!r} needs {', '.join(map(repr, missing))}, "
                             f"which {'is' if len(missing) == 1 else 'are'} not a run of the "
                             f"registry (runs: {', '.join(sorted(runs)) or 'none'})")
    return items
