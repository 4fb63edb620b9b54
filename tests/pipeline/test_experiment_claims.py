"""Every result the experiments page states is checked here against the full build's runs.

The page marks each sentence that states a result with ``<!-- claim: NAME -->``; ``CLAIMS``
holds one check per name. A check returns ``None`` when the claim holds and otherwise says
why not, with the numbers. Comparisons hold by a margin beyond the spread between seeds,
as the page says: "A beats B" means A's worst seed beats B's best seed and the gap between
their means is larger than either one's spread between seeds, its highest seed minus its
lowest (``separated``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import pytest
from helpers.pipeline import ROOT
from hypothesis import assume, given
from hypothesis import strategies as st

from experiments.train import fitted_fall
from scripts.artifacts.pages import experiments as experiments_page
from scripts.artifacts.pages import experiments_changes as changes_page
from scripts.artifacts.results.data import (
    NEARLY_SOLVED,
    SOLVED,
    SPEED_LEVELS,
    Run,
    ablation_weights,
    as_trained,
    best_head_row,
    block_ablation,
    chance,
    check_means,
    copy_block_changes,
    count_windows,
    first_scored,
    last_quarter,
    late_fall_in_errors,
    late_gain,
    loss_at,
    measured,
    placed,
    placed_halves,
    placed_split,
    placed_tokens,
    plateau_seeds,
    rank_correlation,
    seen_in_training,
    steps_to_loss,
    steps_trained,
    t5_buckets,
    t5_exact_last,
    uniform_by_offset,
    uniform_loss,
    weight_and_cost_gaps,
    window,
    windows,
)

#: The experiments pages: the landing page sums up the claims its two pages state.
PAGES = [ROOT / "docs" / name for name in
         ("experiments.md", "experiments-length.md", "experiments-inside.md",
          "experiments-changes.md", "experiments-text.md")]
Runs = Mapping[str, Run]
Check = Callable[[Runs], "str | None"]
CLAIM_MARK = re.compile(r"<!-- claim: ([a-z0-9-]+) -->")


def spread(values: np.ndarray) -> float:
    """The spread between seeds: highest seed minus lowest."""
    return float(np.max(values) - np.min(values))


def separated(high: np.ndarray, low: np.ndarray) -> bool:
    """``high`` above ``low`` by a margin beyond the spread between seeds: every seed of
    ``high`` above every seed of ``low``, and the gap between their means larger than the
    spread of either."""
    gap = float(np.mean(high) - np.mean(low))
    return float(np.min(high)) > float(np.max(low)) and gap > max(spread(high), spread(low))


def above_seed_by_seed(high: np.ndarray, low: np.ndarray) -> bool:
    """"In every seed": seed by seed, ``high`` above ``low`` (two measures of the same
    models), with no claim about the spread between seeds."""
    return bool(np.all(np.asarray(high) > np.asarray(low)))


def above_all_seeds(high: np.ndarray, low: np.ndarray) -> bool:
    """Every seed of ``high`` above every seed of ``low`` (the seed ranges do not overlap),
    with no claim about the gap between the means (see :func:`separated`)."""
    return float(np.min(high)) > float(np.max(low))


def within_spread(a: np.ndarray, b: np.ndarray) -> bool:
    """"The same within the spread between seeds": the gap between the means no larger
    than the spread of either."""
    return abs(float(np.mean(a) - np.mean(b))) <= max(spread(a), spread(b))


def _fail(ok: bool, message: str, *values: object) -> str | None:
    return None if ok else f"{message}: {values}"


def _trained(runs: Runs, name: str) -> np.ndarray:
    return windows(runs[name])["trained"]


def _beyond(runs: Runs, name: str) -> np.ndarray:
    return windows(runs[name])["to_double"]


def positions_solve_task(runs: Runs) -> str | None:
    acc = {n: _trained(runs, n).min() for n in experiments_page.WITH_POSITIONS}
    return _fail(min(acc.values()) > 0.95, "a model with positions fails inside", acc)


def absolute_fail_beyond(runs: Runs) -> str | None:
    acc = {n: _beyond(runs, n).max() for n in ("run-sinusoidal", "run-learned")}
    return _fail(max(acc.values()) < 0.5, "an absolute model works past the training length",
                 acc)


def rotary_beyond_absolute(runs: Runs) -> str | None:
    rotary = _beyond(runs, "run-rotary")
    others = np.concatenate([_beyond(runs, "run-sinusoidal"), _beyond(runs, "run-learned")])
    return _fail(separated(rotary, others), "rotary is not ahead beyond the spread", rotary,
                 others)


def none_learns_little(runs: Runs) -> str | None:
    acc = _trained(runs, "run-none")
    return _fail(acc.max() < 0.5, "the no-position model learned the task", acc)


def placement_separates(runs: Runs) -> str | None:
    """Placed at the training length, a short sequence above the long one at the same
    positions in every seed, and far below the trained range ("the new positions cost
    most": its best seed at least 0.1 below the worst seed inside the training length)."""
    run = runs["run-sinusoidal"]
    length = run["config"]["train_length"]
    short = placed(run, length)
    long = window(run, length + first_scored(run), 2 * length)
    # "in every seed": the same models measured two ways, so compared seed by seed
    return _fail(above_seed_by_seed(short, long) and above_all_seeds(short, long)
                 and short.max() < _trained(runs, "run-sinusoidal").min() - 0.1,
                 "placed short sequences are not between the two", short, long)


def placement_near_start(runs: Runs) -> str | None:
    """"The gap is mostly on the first half": the mean gap (placed minus long, at the same
    positions) on the placed sequence's first half more than twice that on its second
    half; the numbers quoted for the second half are computed."""
    run = runs["run-sinusoidal"]
    length = run["config"]["train_length"]
    gaps = [float(np.mean(placed_tokens(run, length, a, b) - window(run, a, b)))
            for _, a, b in placed_halves(run, length)]
    return _fail(len(gaps) == 2 and gaps[0] > 2 * gaps[1], "the placed sequence's lead is "
                 "not mostly on its first half", gaps)


def rotary_placement_invariant(runs: Runs) -> str | None:
    acc = measured(runs["run-rotary"], "placed_accuracy")
    spread = np.abs(acc - acc[:, :1]).max()
    return _fail(spread < 0.01, "rotary's accuracy depends on the placement", spread)


def interpolation_fails(runs: Runs) -> str | None:
    """Scaled positions over the whole long sequence (the table's last column): below a
    half in every seed of every scheme, and below the same model inside the training
    length beyond the spread."""
    acc = {n: windows(runs[n], "interpolated_accuracy_by_position")["all"]
           for n in experiments_page.EXTRAPOLATED}
    below = {n: separated(_trained(runs, n), a) for n, a in acc.items()}
    return _fail(max(a.max() for a in acc.values()) < 0.5 and all(below.values()),
                 "interpolation works for a model", acc, below)


def rotary_long_context(runs: Runs) -> str | None:
    """At the last shift's positions (the sentence names them), every rotary seed scores
    less inside a long sequence than as a placed short one."""
    run = runs["run-rotary"]
    last = run["config"]["shifts"][-1]
    short = placed(run, last)
    long = window(run, last, last + run["config"]["train_length"])
    return _fail(above_seed_by_seed(short, long), "rotary loses nothing to the longer context",
                 short, long)


def shape_works(runs: Runs) -> str | None:
    shape = windows(runs["run-sinusoidal-shape"])["beyond"]
    plain = windows(runs["run-sinusoidal"])["beyond"]
    return _fail(int(np.sum(shape <= 0.8)) == 1 and separated(shape, plain),
                 "SHAPE does not work on long sequences in all but one seed", shape, plain)


def shape_placement(runs: Runs) -> str | None:
    acc = measured(runs["run-sinusoidal-shape"], "placed_accuracy")
    return _fail(acc.min() > 0.95, "SHAPE's placed accuracy drops somewhere", acc.min(0))


def _capped(run: Run, start: int, stop: int, untrained: bool = False) -> np.ndarray:
    return window(run, start, stop, "capped_accuracy_by_position", untrained)


def capped_rotary_recovers(runs: Runs) -> str | None:
    """Rotary with the far keys masked: at least 0.95 in every seed past the training length
    (both windows), every seed above its own score at the same positions with every key;
    untrained below twice chance with the cap."""
    run = runs["run-rotary"]
    length, top = run["config"]["train_length"], run["config"]["eval_length"]
    capped = [_capped(run, length, 2 * length), _capped(run, 2 * length, top)]
    full = windows(run)["beyond"]
    control = _capped(run, length, top, untrained=True)
    ok = (min(c.min() for c in capped) > 0.95 and above_seed_by_seed(capped[1], full)
          and control.max() < 2 * chance(run))
    return _fail(ok, "rotary does not recover with the cap, or the control does", capped,
                 full, control)


def capped_sinusoidal_far(runs: Runs) -> str | None:
    """Past twice the training length the cap raises the sinusoidal model in every seed,
    and every seed stays below a half ("still far from solving it")."""
    run = runs["run-sinusoidal"]
    full, capped = windows(run)["beyond"], windows(run, "capped_accuracy_by_position")["beyond"]
    return _fail(above_seed_by_seed(capped, full) and capped.max() < 0.5,
                 "the cap does not raise the sinusoidal model far out, or solves it",
                 full, capped)


def capped_absolute_stays(runs: Runs) -> str | None:
    """The absolute models below 0.5 in every seed past the training length with the cap,
    and below their trained range beyond the spread; and on positions L to 2L-1 below a
    sequence of the training length placed there, seed by seed."""
    problems = {}
    for name in ABSOLUTE:
        run = runs[name]
        length, top = run["config"]["train_length"], run["config"]["eval_length"]
        capped = _capped(run, length, top)
        # at the placed sequence's scored positions
        below_placed = above_seed_by_seed(
            placed(run, length), _capped(run, length + first_scored(run), 2 * length))
        if not (capped.max() < 0.5 and separated(_trained(runs, name), capped) and below_placed):
            problems[name] = capped
    return _fail(not problems, "the cap rescues an absolute model", problems)


def shape_small_between(runs: Runs) -> str | None:
    """Positions up to twice the training length: the small offsets above the model without
    offsets and below the full SHAPE model, beyond the spread both ways."""
    small, plain, full = (_beyond(runs, n) for n in
                          ("run-sinusoidal-shape-small", "run-sinusoidal", "run-sinusoidal-shape"))
    return _fail(separated(small, plain) and separated(full, small),
                 "the small offsets are not between", plain, small, full)


def shape_small_unseen(runs: Runs) -> str | None:
    """"Works only as far as they reach": on the positions past the training length that
    the offsets reached, above 0.95 in every seed; on the unreached ones up to twice the
    training length, and past that, below 0.5 in every seed; past twice the training length
    level with the model without offsets (within the spread)."""
    run = runs["run-sinusoidal-shape-small"]
    small, plain = (windows(runs[n])["beyond"] for n in ("run-sinusoidal-shape-small",
                                                          "run-sinusoidal"))
    seen, length = seen_in_training(run), run["config"]["train_length"]
    reached, unreached = window(run, length, seen), window(run, seen, 2 * length)
    return _fail(small.max() < 0.5 and within_spread(small, plain) and seen <= 2 * length
                 and reached.min() > 0.95 and unreached.max() < 0.5,
                 "the small offsets help where training never reached, or not where it did",
                 small, plain, seen, reached, unreached)


#: The randomised-positions runs, each with its control: the same model on the same task
#: at consecutive positions.
RANDOM_PAIRS = (("run-sinusoidal-random", "run-sinusoidal-offset-1"),
                ("run-rotary-random", "run-rotary-offset-1"))
#: The sinusoidal model on the same task with SHAPE's offsets: every test position seen in
#: training, at consecutive positions.
COVERED = "run-sinusoidal-shape-offset-1"


def _far(runs: Runs, name: str) -> np.ndarray:
    return windows(runs[name])["beyond"]


def random_positions_own(runs: Runs) -> str | None:
    """"Both learned the task as trained": on training-length sequences at random positions
    drawn as in training, every seed nearly solves it and is above the untrained control
    beyond the spread."""
    problems = {}
    for name, _ in RANDOM_PAIRS:
        run = runs[name]
        own = measured(run, "random_placed_accuracy")
        control = measured(run, "random_placed_accuracy", untrained=True)
        if not (separated(own, control) and own.min() >= NEARLY_SOLVED):
            problems[name] = (own, control)
    return _fail(not problems, "randomised positions did not learn the task as trained",
                 problems)


def random_sinusoidal_far(runs: Runs) -> str | None:
    """Far out (from twice the training length), the randomised sinusoidal model above its
    control: every seed above every seed ("every seed above every seed of its control"),
    and, as the landing page says "far better", by a margin beyond the spread."""
    random, control = _far(runs, "run-sinusoidal-random"), _far(runs, "run-sinusoidal-offset-1")
    return _fail(separated(random, control),
                 "randomised positions do not lift the sinusoidal model far out", random,
                 control)


def random_coverage(runs: Runs) -> str | None:
    """"Seeing those positions is enough, without gaps": far out, SHAPE's offsets above the
    randomised sinusoidal model beyond the spread; "its training loss reaching the lowest
    speed level sooner": every seed of it before every randomised seed (a common level, as
    the two stop by different rules); its offsets reach every test position."""
    covered, random = _far(runs, COVERED), _far(runs, "run-sinusoidal-random")
    cfg = runs[COVERED]["config"]
    reach = cfg["train_offset"] + cfg["train_length"] >= cfg["eval_length"]
    level = SPEED_LEVELS[-1]
    soon, late = (steps_to_loss(runs[n], level) for n in (COVERED, "run-sinusoidal-random"))
    sooner = bool(np.isfinite(soon).all() and np.isfinite(late).all()
                  and soon.max() < late.min())
    return _fail(reach and sooner and separated(covered, random),
                 "SHAPE's offsets do not beat randomised positions far out, or not sooner",
                 covered, random, soon, late, reach)


def random_shape_spacing(runs: Runs) -> str | None:
    """"Each scheme pays where test spacing differs from its training's": on training-length
    sequences at random positions SHAPE's model (trained at consecutive ones) below its own
    score at consecutive positions and below the randomised model there, each beyond the
    spread (the randomised model's cost at consecutive positions is ``random-spacing-cost``)."""
    shape_random = measured(runs[COVERED], "random_placed_accuracy")
    shape_consecutive = _trained(runs, COVERED)
    # "below the eval length, the range it trained on": its offsets end there
    cfg = runs[COVERED]["config"]
    if cfg["train_offset"] + cfg["train_length"] != cfg["eval_length"] or cfg["max_position"]:
        return f"SHAPE's random positions are not drawn from the range it trained on: {cfg}"
    randomised = measured(runs["run-sinusoidal-random"], "random_placed_accuracy")
    return _fail(separated(shape_consecutive, shape_random) and separated(randomised, shape_random),
                 "SHAPE's model does not pay at random positions", shape_random,
                 shape_consecutive, randomised)


def rotary_seeds_spread(runs: Runs) -> str | None:
    """"Further out its seeds vary widely": rotary's seeds past twice the training length
    spread over more than a quarter, and more than up to twice the length."""
    w = windows(runs["run-rotary"])
    return _fail(spread(w["beyond"]) > 0.25 and spread(w["beyond"]) > spread(w["to_double"]),
                 "rotary's seeds do not spread widely far out", w["to_double"], w["beyond"])


def learned_placement_fails(runs: Runs) -> str | None:
    """"The learned table fails either way" on positions L to 2L-1: placed there as a
    training-length sequence, and inside a long sequence, every seed below a quarter."""
    run = runs["run-learned"]
    length, offset = run["config"]["train_length"], run["config"]["offset"]
    short, long = placed(run, length), window(run, length + offset, 2 * length)
    return _fail(max(float(short.max()), float(long.max())) < 0.25,
                 "the learned table works at those positions one way", short, long)


def half_ranking_changes(runs: Runs) -> str | None:
    """"The copy task's ranking far out does not carry over: T5 leads rotary": past twice
    the training length rotary above T5 in the mean on the copy task, and T5 above rotary
    beyond the spread on the absolute task."""
    copy = _far(runs, "run-rotary"), _far(runs, "run-t5")
    half = _far(runs, "run-half-t5"), _far(runs, "run-half-rotary")
    return _fail(copy[0].mean() > copy[1].mean() and separated(*half),
                 "the far-out order of rotary and T5 does not reverse", copy, half)


def half_t5_buckets(runs: Runs) -> str | None:
    """T5's buckets tell apart offsets only up to some offset below the largest the
    absolute task needs inside the training length (position L-1 looks back to
    floor((L-1)/2), about L/2 back)."""
    cfg = runs["run-half-t5"]["config"]
    exact_last = t5_exact_last(cfg)
    needed = (cfg["train_length"] - 1) - (cfg["train_length"] - 1) // 2
    return _fail(exact_last < needed, "T5's buckets tell apart every offset the task needs",
                 exact_last, needed)


def random_rotary_within(runs: Runs) -> str | None:
    """Rotary far out: the randomised model "higher on average, not beyond the spread"
    than its control: a higher mean, the seed ranges overlapping."""
    random, control = _far(runs, "run-rotary-random"), _far(runs, "run-rotary-offset-1")
    return _fail(random.mean() > control.mean()
                 and not above_all_seeds(random, control),
                 "rotary's randomised positions are not within the spread above its control",
                 random, control)


def random_spacing_cost(runs: Runs) -> str | None:
    """Inside the training length at consecutive positions, every seed of each randomised
    model below every seed of its control, which solves the task there; the sinusoidal one
    ("pays for it", on the landing page) beyond the spread; and the same against SHAPE's
    offsets ("every other seed")."""
    problems = {}
    for name, plain in (*RANDOM_PAIRS, ("run-sinusoidal-random", COVERED)):
        random, control = _trained(runs, name), _trained(runs, plain)
        if not (above_all_seeds(control, random) and control.min() >= SOLVED
                and (separated(control, random) or "sinusoidal" not in name)):
            problems[name] = (random, control)
    return _fail(not problems, "randomised positions cost nothing at consecutive positions",
                 problems)


def random_positions_converged(runs: Runs) -> str | None:
    """Every randomised seed stopped at a plateau, after more steps than the common cap
    ("the common cap would have stopped them still gaining"); every seed of the others (the
    controls, SHAPE's offsets) at the target; all five under the same cap."""
    caps = {runs[n]["config"]["steps"] for pair in RANDOM_PAIRS for n in (*pair, COVERED)}
    common = experiments_page.RUN_COMMON["steps"]
    problems = {}
    for name, plain in (*RANDOM_PAIRS, ("run-sinusoidal-random", COVERED)):
        random, control = runs[name], runs[plain]
        if not (set(random["stopped_by"]) == {"plateau"} and set(control["stopped_by"]) == {"target"}
                and steps_trained(random).min() > common):
            problems[name] = (random["stopped_by"], steps_trained(random), control["stopped_by"])
    return _fail(not problems and len(caps) == 1,
                 "randomised positions or their controls stopped otherwise", problems, caps)


def bases_trained(runs: Runs) -> str | None:
    acc = {n: _trained(runs, n).min() for n in experiments_page.BASES}
    return _fail(min(acc.values()) > 0.95, "a base fails inside the training length", acc)


def bases_sinusoidal_fail(runs: Runs) -> str | None:
    acc = {n: _beyond(runs, n).max() for n in experiments_page.BASES if "sinusoidal" in n}
    return _fail(max(acc.values()) < 0.5, "a sinusoidal base works past the training length",
                 acc)


def bases_rotary_ahead(runs: Runs) -> str | None:
    """Past the training length (up to twice it, and past that), every rotary base ahead of
    every sinusoidal one, beyond the spread."""
    found = []
    for win in ("to_double", "beyond"):
        rotary = np.concatenate([windows(runs[n])[win] for n in experiments_page.BASES
                                 if "rotary" in n])
        sinusoidal = np.concatenate([windows(runs[n])[win] for n in experiments_page.BASES
                                     if "sinusoidal" in n])
        found.append((separated(rotary, sinusoidal), rotary, sinusoidal))
    return _fail(all(ok for ok, _, _ in found), "a sinusoidal base reaches rotary", found)


def bases_rotary_unranked(runs: Runs) -> str | None:
    """No two rotary bases are separated (by the page's rule) beyond the training length."""
    rotary = [n for n in experiments_page.BASES if "rotary" in n]
    ranked = [(a, b) for a in rotary for b in rotary if a != b
              for w in ("to_double", "beyond")
              if separated(windows(runs[a])[w], windows(runs[b])[w])]
    return _fail(not ranked, "two rotary bases can be ranked", ranked)


def bases_rotary_5_far(runs: Runs) -> str | None:
    """Past twice the training length, every rotary seed at base 5 above every seed at
    every other base (100, 1,000, the paper's 10,000 and 100,000), "though not beyond the
    spread": not separated from at least one of them by the page's rule."""
    five = windows(runs["run-rotary-base-5"])["beyond"]
    others = {n: windows(runs[n])["beyond"] for n in
              ("run-rotary-base-100", "run-rotary-base-1000", "run-rotary",
               "run-rotary-base-100000")}
    return _fail(all(above_all_seeds(five, v) for v in others.values())
                 and not all(separated(five, v) for v in others.values()),
                 "rotary at base 5 not above every seed of the larger bases far out, or "
                 "separated from all of them", five,
                 others)


def t5_no_new_bucket(runs: Runs) -> str | None:
    """Every offset past the training length (up to the longest test sequence) falls in a
    T5 bucket that some offset inside the training length also falls in."""
    cfg = runs["run-t5"]["config"]
    bucket = t5_buckets(cfg, np.arange(cfg["eval_length"]))
    inside = set(bucket[:cfg["train_length"]].tolist())
    new = sorted(set(bucket[cfg["train_length"]:].tolist()) - inside)
    return _fail(not new, "an offset past the training length has a bucket of its own", new)


def rotary_invariant(runs: Runs) -> str | None:
    run = runs["run-rotary"]
    worst = max(float(np.max(measured(run, key, untrained)))
                for key in ("shift_change", "placed_output_change", "placed_changed_by_position",
                            "placed_output_change_by_position")
                for untrained in (False, True))
    return _fail(worst < 1e-4, "rotary changes under a shift", worst)


ABSOLUTE = ("run-sinusoidal", "run-learned")


def _split(run: Run, shift: int, key: str, untrained: bool = False) -> tuple[np.ndarray, ...]:
    return placed_split(run, shift, f"placed_{key}_by_position", untrained)


def _shifts(run: Run) -> list[int]:
    return [s for s in run["config"]["shifts"] if s]


def shift_seen_unchanged(runs: Runs) -> str | None:
    """At positions seen in training, a shift leaves most of the trained absolute models'
    answers as they were (under a tenth change, accuracy above 0.9, in every seed), while
    the same models before training change their outputs (total variation) and answers
    more, beyond the spread between seeds, at every shift that has such positions."""
    problems = []
    for name in ABSOLUTE:
        run = runs[name]
        for s in _shifts(run):
            acc, changed = _split(run, s, "correct")[0], _split(run, s, "changed")[0]
            if not np.isfinite(changed).all():
                continue
            control = _split(run, s, "changed", untrained=True)[0]
            tv = _split(run, s, "output_change")[0]
            tv_control = _split(run, s, "output_change", untrained=True)[0]
            if not (acc.min() > 0.9 and changed.max() < 0.1 and separated(control, changed)
                    and separated(tv_control, tv)):
                problems.append((name, s, acc, changed, control))
    checked = [s for s in _shifts(runs[ABSOLUTE[0]]) if s < seen_in_training(runs[ABSOLUTE[0]])]
    return _fail(bool(checked) and not problems, "a shift changes answers at seen positions",
                 checked, problems)


def shift_change_beyond(runs: Runs) -> str | None:
    """The answers that change are at the positions beyond training: there, at every shift,
    more change than at the seen positions, beyond the spread between seeds."""
    problems = []
    for name in ABSOLUTE:
        run = runs[name]
        for s in _shifts(run):
            seen, beyond = _split(run, s, "changed")
            if np.isfinite(seen).all() and not separated(beyond, seen):
                problems.append((name, s, seen, beyond))
            if beyond.min() < 0.25:
                problems.append((name, s, beyond))
    return _fail(not problems, "answers beyond training change little", problems)


#: The positive control of the shift test: the absolute task, whose answer a shift moves.
ABSOLUTE_TASK = ("run-half-sinusoidal", "run-half-learned")


def shift_half_changes(runs: Runs) -> str | None:
    """On the task whose answer depends on the absolute position, the trained sinusoidal and
    learned models change most of their answers at seen positions under every shift that
    has them, each seed above the same models on the copy task beyond the spread."""
    problems = []
    for task, copy in zip(ABSOLUTE_TASK, ABSOLUTE, strict=True):
        for s in _shifts(runs[task]):
            changed = _split(runs[task], s, "changed")[0]
            if not np.isfinite(changed).all():
                continue
            if not (changed.min() > 0.5 and separated(changed, _split(runs[copy], s, "changed")[0])):
                problems.append((task, s, changed))
    return _fail(not problems, "a shift leaves the absolute task's answers at seen positions",
                 problems)


def shift_seen_attention(runs: Runs) -> str | None:
    """At seen positions a shift changes the attention of both blocks by far more than
    rounding (attention reading offsets only would not change), and that of the block
    holding the copy head less than the same block before training, in every seed and
    shift, in the sinusoidal and learned models."""
    problems = []
    for name in ABSOLUTE:
        copy, other = copy_block_changes(runs[name])
        copy_before = copy_block_changes(runs[name], untrained=True)[0]
        changed = min(float(other.min()), float(copy.min())) > 0.02
        if not (np.all(copy < copy_before) and changed):
            problems.append((name, copy, copy_before, other))
    return _fail(not problems, "the copy head's block changes as much as before training",
                 problems)


def _best_head(run: Run, untrained: bool = False) -> np.ndarray:
    """Per seed: the largest weight a head of any block gives the task's key."""
    weights = measured(run, "attention_by_offset", untrained)  # (seeds, layers, heads, L)
    return weights[..., run["config"]["offset"]].max(axis=(1, 2))


def _even(run: Run) -> float:
    return float(uniform_by_offset(run["config"]["train_length"])[run["config"]["offset"]])


def attention_not_near(runs: Runs) -> str | None:
    """The head that weighs the task's key most gives it more than either key beside it
    (one place nearer or further, the larger of the two), beyond the spread, in every
    model with positions."""
    found = {}
    for name in experiments_page.WITH_POSITIONS:
        k = runs[name]["config"]["offset"]
        head = best_head_row(runs[name])
        found[name] = (head[:, k], np.maximum(head[:, k - 1], head[:, k + 1]))
    return _fail(all(separated(*pair) for pair in found.values()),
                 "a head favours the keys beside the task's as much", found)


def attention_finds_offset(runs: Runs) -> str | None:
    """Every model's best head favours the task's key over attention spread evenly; and
    with the key further back, the sinusoidal model's picks it rather than its neighbours:
    in every seed, more weight on it than on the three offsets either side together."""
    best = {n: _best_head(runs[n]).min() for n in experiments_page.WITH_POSITIONS}
    even = _even(runs["run-sinusoidal"])
    far = runs["run-far-sinusoidal"]
    k = far["config"]["offset"]
    head = best_head_row(far)  # (seeds, L)
    neighbours = head[:, k - 3:k].sum(1) + head[:, k + 1:k + 4].sum(1)
    return _fail(min(best.values()) > 2 * even and bool(np.all(head[:, k] > neighbours)),
                 "no head favours the task's key, or the far key's head not over its "
                 "neighbours", best, even, head[:, k], neighbours)


def attention_learned(runs: Runs) -> str | None:
    problems = {n: (_best_head(runs[n]), _best_head(runs[n], untrained=True))
                for n in experiments_page.WITH_POSITIONS}
    ok = all(separated(t, u) for t, u in problems.values())
    return _fail(ok, "untrained heads favour the task's key as much", problems)


def _ablation(runs: Runs, name: str, untrained: bool = False) -> np.ndarray:
    """(seeds, 7): accuracy intact; with the copy head, the control in its block and the
    control in the other block zeroed; the same three replaced by their means."""
    run = runs[name]
    return np.concatenate([measured(run, "ablation_accuracy", untrained),
                           measured(run, "mean_ablation_accuracy", untrained)], axis=1)


#: Columns of :func:`_ablation`: (copy head, control in its block, control elsewhere).
ZEROED, MEANED = (1, 2, 3), (4, 5, 6)


def ablation_copy_costs(runs: Runs) -> str | None:
    """Per model, zeroed and mean-replaced alike: every seed below its intact accuracy
    without the copy head. Learned and rotary: in every seed, lower without the copy head
    than without the control in its block. Sinusoidal: the two costs the same within the
    spread. (Which head is the copy head where the two weigh the key alike is read from the
    table's weights; no check.)"""
    problems = {}
    for name in experiments_page.WITH_POSITIONS:
        values = _ablation(runs, name)
        intact = values[:, 0]
        ok = True
        for copy_at, control_at, _ in (ZEROED, MEANED):
            copy, control = values[:, copy_at], values[:, control_at]
            if name == "run-sinusoidal":
                more = within_spread(copy, control)  # about the same cost
            else:
                more = above_seed_by_seed(control, copy)
            ok = ok and bool(np.all(copy < intact)) and more
        if not ok:
            problems[name] = values.tolist()
    return _fail(not problems, "the copy head costs nothing, or the learned or rotary one no "
                 "more than the control in its block in some seed, or the sinusoidal one more "
                 "beyond the spread", problems)


def ablation_elsewhere_free(runs: Runs) -> str | None:
    """Replaced by its mean, the other block's control costs at most
    ``exp_ablation_elsewhere_mean_cost_max`` in any seed of the three models, below 0.01
    (under 19 of the 1,856 scored answers: "at most" a cost beside the copy head's), every
    seed of each model without its copy head is below every seed without that control, and
    in some seed that control gives the key more than twice an even share ("even where it
    gives the key up to ...")."""
    problems, costs = {}, []
    for name in experiments_page.WITH_POSITIONS:
        values = _ablation(runs, name)
        copy, elsewhere = values[:, MEANED[0]], values[:, MEANED[2]]
        costs.append(values[:, 0] - elsewhere)
        if not above_all_seeds(elsewhere, copy):
            problems[name] = values.tolist()
    worst = float(np.concatenate(costs).max())
    weight = max(float(ablation_weights(runs[n])[:, 2].max())
                 for n in experiments_page.WITH_POSITIONS)
    cfg = runs["run-sinusoidal"]["config"]
    even = float(uniform_by_offset(cfg["train_length"])[cfg["offset"]])
    return _fail(not problems and worst < 0.01 and weight > 2 * even, "a control from the "
                 "other block costs something when replaced by its mean, or as much as the "
                 "copy head, or never looks at the key", worst, weight, even, problems)


def ablation_zero_shift(runs: Runs) -> str | None:
    """"Zeroing that same head costs up to ...": in some seed of some model the zeroed
    control elsewhere is below its mean-replaced self by more than 0.03 (about 56 of the
    1,856 answers), where the mean-replaced one costs under 0.01."""
    gaps = np.concatenate([_ablation(runs, n)[:, MEANED[2]] - _ablation(runs, n)[:, ZEROED[2]]
                           for n in experiments_page.WITH_POSITIONS])
    return _fail(float(gaps.max()) > 0.03, "zeroing the other block's control costs no more "
                 "than replacing it by its mean", gaps)


def ablation_weight_gap_cost(runs: Runs) -> str | None:
    """"The gap in weight tracks the gap in cost": in the learned and rotary models, the
    rank correlation over the seeds of the copy head's extra weight on the key and its extra
    cost (zeroed) against the control in its block is at least 0.7 (one swap of
    neighbouring ranks among five seeds gives 0.9, two give 0.8 or 0.7)."""
    rho = {n: rank_correlation(*weight_and_cost_gaps(runs[n]))
           for n in ("run-learned", "run-rotary")}
    return _fail(min(rho.values()) >= 0.7, "the weight gap does not track the cost gap", rho)


def ablation_not_all(runs: Runs) -> str | None:
    """No removal, either way, brings a trained model below four times chance; the
    untrained models stay below twice chance whatever is removed."""
    lowest = min(float(_ablation(runs, n)[:, 1:].min()) for n in experiments_page.WITH_POSITIONS)
    control = max(float(_ablation(runs, n, untrained=True).max())
                  for n in experiments_page.WITH_POSITIONS)
    level = chance(runs["run-sinusoidal"])
    return _fail(lowest > 4 * level and control < 2 * level,
                 "a removal brings a model near chance, or the control is above it",
                 lowest, control)


def block_copy_needed(runs: Runs) -> str | None:
    """Every head of the copy head's block removed (mean): in every seed below the same
    seed with the copy head alone removed (mean), and below every seed with the other
    block's heads removed, which costs nothing near solving: every such seed at least
    NEARLY_SOLVED ("the copy is made in one block")."""
    problems = {}
    for name in experiments_page.WITH_POSITIONS:
        blocks = block_ablation(runs[name])
        copy_block, other_block = blocks[:, 0, 1], blocks[:, 1, 1]
        alone = measured(runs[name], "mean_ablation_accuracy")[:, 0]
        if not (above_seed_by_seed(alone, copy_block) and above_all_seeds(other_block, copy_block)
                and other_block.min() >= NEARLY_SOLVED):
            problems[name] = (copy_block, alone, other_block)
    return _fail(not problems, "the copy head's block is not needed, or the other is", problems)


def block_rotary_chance(runs: Runs) -> str | None:
    """"Rotary falls to chance": with the copy head's block removed (mean), every rotary seed
    within a third of chance of it (where the untrained models sit)."""
    level = chance(runs["run-rotary"])
    rotary = block_ablation(runs["run-rotary"])[:, 0, 1]
    return _fail(bool(np.all(np.abs(rotary - level) < level / 3)),
                 "rotary without the copy block is not at chance", rotary, level)


def probe_full_at_embedding(runs: Runs) -> str | None:
    values = {(n, u): measured(runs[n], "probe_accuracy", u)[:, 0].min()
              for n in ("run-sinusoidal", "run-learned") for u in (False, True)}
    return _fail(min(values.values()) >= 0.99, "the probe misses positions at the embedding",
                 values)


def _lower_seeds(run: Run, key: str, depth: int) -> int:
    """In how many seeds training lowered a probe read-out at ``depth`` (paired by seed)."""
    return int(np.sum(measured(run, key)[:, depth] < measured(run, key, untrained=True)[:, depth]))


def probe_discriminant_untrained(runs: Runs) -> str | None:
    """"Go either way": after the last block the sinusoidal model's discriminant and ridge
    read-outs are lower after training in some seeds and higher in others, the
    discriminant within the spread and readable."""
    run = runs["run-sinusoidal"]
    trained = measured(run, "probe_accuracy")[:, -1]
    untrained = measured(run, "probe_accuracy", untrained=True)[:, -1]
    readable = trained.min() > 10 / run["config"]["train_length"]
    seeds = len(trained)
    mixed = [0 < _lower_seeds(run, key, -1) < seeds
             for key in ("probe_accuracy", "probe_ridge_accuracy")]
    return _fail(readable and within_spread(trained, untrained) and all(mixed),
                 "the exact-position read-outs move one way in every seed, or differ beyond "
                 "the spread", trained, untrained, mixed)


#: The probes' read-outs that the page says training lowers in the learned model.
PROBE_READOUTS = ("probe_accuracy", "probe_ridge_accuracy", "probe_r2", "probe_sq_accuracy",
                  "probe_sq_r2")


def probe_learned_lower(runs: Runs) -> str | None:
    """After the last block every read-out of the learned model is lower after training in
    every seed, and the ridge read-out by more than the spread between seeds."""
    run = runs["run-learned"]
    pairs = {key: [measured(run, key, u)[:, -1] for u in (True, False)] for key in PROBE_READOUTS}
    every = all(above_seed_by_seed(*pair) for pair in pairs.values())
    return _fail(every and separated(*pairs["probe_ridge_accuracy"]),
                 "a read-out of the learned model not lower in every seed, or the ridge "
                 "read-out not beyond the spread", pairs)


def probe_r2_lower(runs: Runs) -> str | None:
    """Every trained seed below the same seed untrained, but not beyond the spread."""
    untrained, trained = (measured(runs["run-sinusoidal"], "probe_r2", u)[:, -1]
                          for u in (True, False))
    return _fail(above_seed_by_seed(untrained, trained) and not separated(untrained, trained),
                 "R² not lower for every seed, or lower beyond the spread", untrained, trained)


def rotary_probe_chance(runs: Runs) -> str | None:
    value = measured(runs["run-rotary"], "probe_accuracy")[:, 0].max()
    return _fail(value < 2 / runs["run-rotary"]["config"]["train_length"],
                 "the probe reads position from rotary's embedding", value)


def rotary_probe_squares(runs: Runs) -> str | None:
    """Rotary: the linear R² after the last block below 0.1 in every seed ("little of it"),
    and the R² from the features with their squares after block 1 above the same seed's
    before training in every seed, within the spread; after the last block below it,
    beyond the spread."""
    run = runs["run-rotary"]
    linear = measured(run, "probe_r2")[:, -1]
    trained, untrained = (measured(run, "probe_sq_r2", u)[:, 1] for u in (False, True))
    last = [measured(run, "probe_sq_r2", u)[:, -1] for u in (True, False)]
    return _fail(float(linear.max()) < 0.1 and within_spread(trained, untrained)
                 and above_seed_by_seed(trained, untrained) and separated(*last),
                 "rotary's last block holds the position, or its squares read-out moved in "
                 "training", linear, trained, untrained)


def bidirectional_chance(runs: Runs) -> str | None:
    run = runs["run-none-bidirectional"]
    acc = max(measured(run, "probe_accuracy", u).max() for u in (False, True))
    r2 = max(np.abs(measured(run, "probe_r2", u)).max() for u in (False, True))
    return _fail(acc < 2 / run["config"]["train_length"] and r2 < 0.05,
                 "the bidirectional model's probe is above chance", acc, r2)


def causal_untrained(runs: Runs) -> str | None:
    """Before training, position 0 is named after the last block more often in every seed
    than the same probe names it where nothing is there to read: on the same model's
    embeddings (no encoding) and after the bidirectional model's last block; over all
    positions near chance before training; training raises the R² beyond the spread."""
    run = runs["run-none"]
    n = run["config"]["train_length"]
    by_depth = measured(run, "probe_accuracy_by_position", untrained=True)
    first = by_depth[:, -1, 0]
    controls = np.concatenate([
        by_depth[:, 0, 0],
        measured(runs["run-none-bidirectional"], "probe_accuracy_by_position", True)[:, -1, 0]])
    overall = measured(run, "probe_accuracy", untrained=True)[:, -1]
    r2 = (measured(run, "probe_r2", True)[:, 1], measured(run, "probe_r2")[:, 1])
    ok = above_all_seeds(first, controls) and overall.max() < 2 / n and separated(r2[1], r2[0])
    return _fail(ok, "position 0 no better read before training than where nothing is there, "
                 "or training adds nothing", first, controls, overall, r2)


def _precision_0(run: Run, depth: int, untrained: bool = False) -> np.ndarray:
    """Per seed: of the test tokens the probe at ``depth`` names position 0, the share at 0."""
    named, right = measured(run, "probe_named_0", untrained)[:, depth].T
    return np.asarray(right / named)


def causal_precision(runs: Runs) -> str | None:
    """After the causal model's last block, trained and untrained, the tokens named 0 are
    at 0 more often, in every seed, than every seed of the controls (its embeddings, the
    bidirectional model's last block, untrained), and the controls' most is under twice the
    chance of naming 0 at random ("about")."""
    run = runs["run-none"]
    causal = np.concatenate([_precision_0(run, -1, u) for u in (False, True)])
    controls = np.concatenate([_precision_0(run, 0, True),
                               _precision_0(runs["run-none-bidirectional"], -1, True)])
    level = 1 / run["config"]["train_length"]
    return _fail(above_all_seeds(causal, controls) and controls.max() < 2 * level,
                 "the causal model names 0 no more precisely than where nothing is there, or "
                 "the controls are above chance", causal, controls)


def probe_block_one(runs: Runs) -> str | None:
    """After block 1 the sinusoidal model's position reads the same as before training
    within the spread, lower after training in fewer than half the seeds ("only"); its copy head (the head of any block giving the task's key the most
    weight) is in block 2 in some seeds and in block 1 in others, in each seed a head
    giving that key at least half its weight."""
    run = runs["run-sinusoidal"]
    kept = [measured(run, "probe_accuracy", u)[:, 1] for u in (False, True)]
    weights = measured(run, "attention_by_offset")[..., run["config"]["offset"]]
    first, second = weights[:, 0].max(axis=1), weights[:, 1].max(axis=1)
    blocks = set(np.where(second > first, 2, 1).tolist())
    few = 2 * _lower_seeds(run, "probe_accuracy", 1) < len(kept[0])
    ok = (within_spread(*kept) and few and blocks == {1, 2}
          and np.maximum(first, second).min() >= 0.5)
    return _fail(ok, "position not kept through block 1, or the copy head not in block 2",
                 kept, first, second)


def probe_squares_sinusoidal(runs: Runs) -> str | None:
    """After the last block, trained and untrained alike within the spread, with the
    squares and without."""
    run = runs["run-sinusoidal"]
    pairs = {key: [measured(run, key, u)[:, -1] for u in (False, True)]
             for key in ("probe_accuracy", "probe_sq_accuracy")}
    return _fail(all(within_spread(*p) for p in pairs.values()),
                 "the trained model's position after block 2 differs from the untrained's",
                 pairs)


def causal_squares_variance(runs: Runs) -> str | None:
    """Untrained causal model: the R² with squares above the plain R² beyond the spread
    after both blocks; the bidirectional model's at most 0 with squares, trained or not,
    and its exact-position accuracy with squares below twice chance."""
    causal, both = runs["run-none"], runs["run-none-bidirectional"]
    pairs = [(measured(causal, "probe_sq_r2", True)[:, d], measured(causal, "probe_r2", True)[:, d])
             for d in (1, 2)]
    n = both["config"]["train_length"]
    blind_r2 = max(measured(both, "probe_sq_r2", u).max() for u in (False, True))
    blind_acc = max(measured(both, "probe_sq_accuracy", u).max() for u in (False, True))
    ok = all(separated(*p) for p in pairs) and blind_r2 <= 0.0 and blind_acc < 2 / n
    return _fail(ok, "squares do not find the causal model's position, or find the "
                 "bidirectional model's", pairs, blind_r2, blind_acc)


def causal_squares_trained(runs: Runs) -> str | None:
    run = runs["run-none"]
    pairs = [(measured(run, "probe_sq_r2")[:, d], measured(run, "probe_sq_r2", True)[:, d])
             for d in (1, 2)]
    return _fail(all(separated(*p) for p in pairs),
                 "training does not raise the R² with squares beyond the spread", pairs)


def sum_concat_trained(runs: Runs) -> str | None:
    acc = {n: _trained(runs, n) for n in experiments_page.COMBINES}
    a, b = acc.values()
    ok = min(a.min(), b.min()) > 0.95 and within_spread(a, b)
    return _fail(ok, "sum and concatenation differ in the trained range", acc)


def sum_concat_beyond(runs: Runs) -> str | None:
    """Up to twice the training length "no difference shows": the means within the
    spread, the seeds overlapping (neither's every seed above every seed of the other);
    the page quotes the concatenated model's higher mean. Neither solving it past the
    training length (every seed < 0.9)."""
    summed, joined = (_beyond(runs, n) for n in experiments_page.COMBINES)
    solved = max(float(windows(runs[n])[w].max()) for n in experiments_page.COMBINES
                 for w in ("to_double", "beyond"))
    overlap = not above_all_seeds(joined, summed) and not above_all_seeds(summed, joined)
    return _fail(within_spread(joined, summed) and overlap
                 and float(np.mean(joined)) > float(np.mean(summed)) and solved < 0.9,
                 "a difference shows up to twice the length, or it solves it", joined, summed)


def half_beyond_fails(runs: Runs) -> str | None:
    """Past the training length, up to twice it and past that, every scheme below a quarter."""
    acc = {n: max(_beyond(runs, n).max(), windows(runs[n])["beyond"].max())
           for n in experiments_page.HALF}
    return _fail(max(acc.values()) < 0.25, "a scheme works past the training length", acc)


def half_interp_partial(runs: Runs) -> str | None:
    """"Trades inside for outside for the added and rotary positions": for each of them,
    scaled positions above unscaled ones in both windows past the training length, and
    below them inside it, each beyond the spread (the same positions compared)."""
    problems = {}
    for name in ("run-half-sinusoidal", "run-half-learned", "run-half-rotary"):
        plain, scaled = windows(runs[name]), windows(runs[name], "interpolated_accuracy_by_position")
        if not (separated(plain["trained"], scaled["trained"])
                and all(separated(scaled[w], plain[w]) for w in ("to_double", "beyond"))):
            problems[name] = {w: (plain[w], scaled[w]) for w in plain}
    return _fail(not problems, "scaling does not trade inside for outside", problems)


def half_absolute_wins(runs: Runs) -> str | None:
    """Each added-position model above each of the others, beyond the spread."""
    pairs = {(a, b): (_trained(runs, a), _trained(runs, b))
             for a in ("run-half-sinusoidal", "run-half-learned")
             for b in ("run-half-rotary", "run-half-none", "run-half-alibi", "run-half-t5")}
    losing = {k: v for k, v in pairs.items() if not separated(*v)}
    return _fail(not losing, "added positions do not win the absolute task", losing)


def _loss(runs: Runs, name: str, step: int) -> np.ndarray:
    """Every seed's training loss at ``step`` (counted from 1); NaN, which fails every
    comparison, for a seed that had already met the convergence rule."""
    return loss_at(runs[name], step)


TRAINABLE_START = "run-learned-from-sinusoidal"
SLIP = "run-sinusoidal-column-exponent"


def trainable_solves(runs: Runs) -> str | None:
    acc = {n: _trained(runs, n).min() for n in experiments_page.TRAINABLE}
    return _fail(min(acc.values()) > 0.95, "a model fails inside the training length", acc)


def trainable_moved(runs: Runs) -> str | None:
    """The table that starts sinusoidal moves, in every seed, by more than a tenth of its
    initial size over the rows seen in training."""
    moved = measured(runs[TRAINABLE_START], "table_moved")
    return _fail(float(moved.min()) > 0.1,
                 "the trainable table moved by a tenth of its size or less in some seed", moved)


def trainable_unseen_rows(runs: Runs) -> str | None:
    unseen = {n: measured(runs[n], "table_moved_unseen").max()
              for n in (TRAINABLE_START, "run-learned")}
    return _fail(max(unseen.values()) == 0, "rows beyond the training positions changed", unseen)


def trainable_loses_edge(runs: Runs) -> str | None:
    fixed, start, random = (_beyond(runs, n) for n in experiments_page.TRAINABLE)
    small = max(float(v.max()) for v in (fixed, start, random)) < 0.25  # "below a quarter"
    return _fail(within_spread(start, random) and above_all_seeds(fixed, start)
                 and not separated(fixed, start) and small,
                 "the table that started sinusoidal is not below the fixed one and level "
                 "with the random start beyond the training length", fixed, start, random)


def slip_solves(runs: Runs) -> str | None:
    acc = _trained(runs, SLIP)
    return _fail(acc.min() > 0.95, "the slip fails inside the training length", acc)


def slip_same_start(runs: Runs) -> str | None:
    slip, paper = (_loss(runs, n, changes_page.EARLY) for n in (SLIP, "run-sinusoidal"))
    return _fail(within_spread(slip, paper), "the early losses differ", slip, paper)


def slip_slower(runs: Runs) -> str | None:
    slip, paper = (_loss(runs, n, changes_page.LATE) for n in (SLIP, "run-sinusoidal"))
    took = {n: steps_trained(runs[n]) for n in (SLIP, "run-sinusoidal")}
    # "its seeds stopped in different ways": more than one kind of stop
    kinds = set(runs[SLIP]["stopped_by"])
    return _fail(separated(slip, paper)
                 and above_all_seeds(took[SLIP], took["run-sinusoidal"]) and len(kinds) > 1,
                 "the slip's loss is not above the paper's, or it met the target as soon, "
                 "or its seeds all stopped alike", slip, paper, took, kinds)


def slip_beyond_lower(runs: Runs) -> str | None:
    slip, paper = _beyond(runs, SLIP), _beyond(runs, "run-sinusoidal")
    return _fail(paper.mean() > slip.mean() and not above_all_seeds(paper, slip),
                 "the slip is not below the paper's in the mean, or is below beyond the spread",
                 slip, paper)


#: The text runs the real-text page compares by name (a scheme added later joins a claim
#: only when the page's sentence names it too).
TEXT_NONE = "run-text-none"
TEXT_POSITIONS = ("run-text-sinusoidal", "run-text-learned", "run-text-rotary")
TEXT_ALL = (*TEXT_POSITIONS, TEXT_NONE)


def _text(runs: Runs, name: str, where: str, untrained: bool = False) -> np.ndarray:
    """Per-seed held-out loss of a text run over a window of positions (``windows``)."""
    return windows(runs[name], "loss_by_position", untrained)[where]


def _counts(runs: Runs, which: str, where: str) -> float:
    """A count model's loss (``which``: unigram or bigram) on the characters the models are
    scored on, in the window ``where`` of :func:`windows` or at position 0 (``first``)."""
    return count_windows(runs[TEXT_NONE], which)[where]


def text_learned(runs: Runs) -> str | None:
    """Inside the training length each text model below its untrained self beyond the
    spread, and every seed below the bigram counts on the same characters."""
    bigram = _counts(runs, "bigram", "trained")
    problems = [(n, _text(runs, n, "trained")) for n in TEXT_ALL
                if not (separated(_text(runs, n, "trained", True), _text(runs, n, "trained"))
                        and _text(runs, n, "trained").max() < bigram)]
    return _fail(not problems, "not below its control and the bigram counts", problems, bigram)


def text_untrained_above_uniform(runs: Runs) -> str | None:
    """Before training, every text model's mean over its seeds above a uniform guess in
    every window of positions and at position 0."""
    guess = uniform_loss(runs[TEXT_NONE])
    means = {(n, where): float(np.mean(values)) for n in TEXT_ALL for where, values in
             {**windows(runs[n], "loss_by_position", True),
              "first": measured(runs[n], "loss_by_position", True)[:, 0]}.items()}
    return _fail(min(means.values()) > guess, "an untrained mean at or below a uniform guess",
                 guess, {k: v for k, v in means.items() if v <= guess})


def text_rotary_past(runs: Runs) -> str | None:
    """Up to twice the training length rotary's loss below the sinusoidal and learned
    models' in every seed (every rotary seed below every seed of each), beyond the spread
    against the learned model only; further out the three within the spread of each
    other."""
    absolute = ("run-text-sinusoidal", "run-text-learned")
    rotary = _text(runs, "run-text-rotary", "to_double")
    near = {n: _text(runs, n, "to_double") for n in absolute}
    ahead = (all(above_all_seeds(v, rotary) for v in near.values())
             and separated(near["run-text-learned"], rotary)
             and not separated(near["run-text-sinusoidal"], rotary))
    far = [_text(runs, n, "beyond") for n in (*absolute, "run-text-rotary")]
    alike = all(within_spread(a, b) for i, a in enumerate(far) for b in far[i + 1:])
    return _fail(ahead and alike, "rotary not ahead just past the length, or not alike further "
                 "out", rotary, near, far)


def text_first_bigram(runs: Runs) -> str | None:
    """At position 0 every seed of every text model above the bigram counts on the same
    characters."""
    bigram = _counts(runs, "bigram", "first")
    first = {n: measured(runs[n], "loss_by_position")[:, 0] for n in TEXT_ALL}
    return _fail(all(v.min() > bigram for v in first.values()),
                 "a model beats the bigram counts at position 0", first, bigram)


def text_rotary_inside(runs: Runs) -> str | None:
    """Rotary lowest inside, beyond the spread against every other text model."""
    rotary = _text(runs, "run-text-rotary", "trained")
    others = {n: _text(runs, n, "trained") for n in TEXT_ALL if n != "run-text-rotary"}
    return _fail(all(separated(v, rotary) for v in others.values()),
                 "rotary is not the lowest inside as the page says", rotary, others)


def text_still_falling(runs: Runs) -> str | None:
    """Every seed of every text model trained to the cap, the line through its late losses
    falling by more than twice its standard error ("noise alone would rarely give 2"); the
    model without positions has the least such fall of any seed ("the nearest to done")."""
    found = {n: (list(runs[n]["stopped_by"]), late_fall_in_errors(runs[n])) for n in TEXT_ALL}
    least = min(found, key=lambda n: float(found[n][1].min()))
    return _fail(all(set(why) == {"cap"} and bool(np.all(fall > 2))
                     for why, fall in found.values()) and least == TEXT_NONE,
                 "a text seed stopped before the cap, or its loss had stopped falling beyond "
                 "noise", found)


def text_positions_rise(runs: Runs) -> str | None:
    """Every model's loss beyond the training length above its loss inside, beyond the
    spread, and in every seed by more than the bigram counts' rise on the same characters
    (how much harder those characters are, with no model of position)."""
    pairs = {n: (_text(runs, n, "beyond"), _text(runs, n, "trained")) for n in TEXT_ALL}
    harder = _counts(runs, "bigram", "beyond") - _counts(runs, "bigram", "trained")
    return _fail(all(separated(*p) and float((p[0] - p[1]).min()) > harder
                     for p in pairs.values()),
                 "a model's loss does not rise beyond the training length, or by no more than "
                 "the counts'", pairs, harder)


def _rise(runs: Runs, name: str) -> np.ndarray:
    rise: np.ndarray = _text(runs, name, "beyond") - _text(runs, name, "trained")
    return rise


def text_none_rises_least(runs: Runs) -> str | None:
    """The model without positions rises least, beyond the spread; and inside the training
    length its loss is above every seed of every other model ("the worst there")."""
    none = _rise(runs, TEXT_NONE)
    others = {n: _rise(runs, n) for n in TEXT_POSITIONS}
    inside = {n: _text(runs, n, "trained") for n in TEXT_ALL}
    worst = all(above_all_seeds(inside[TEXT_NONE], inside[n]) for n in TEXT_POSITIONS)
    return _fail(all(separated(v, none) for v in others.values()) and worst,
                 "no positions does not rise least, or is not the worst inside", none, others,
                 inside)


def text_beyond_unigram(runs: Runs) -> str | None:
    """Beyond the training length the mean over seeds of each model with positions above the
    unigram counts' loss on the same characters, every seed of the model without positions
    below it."""
    unigram = _counts(runs, "unigram", "beyond")
    beyond = {n: _text(runs, n, "beyond") for n in TEXT_ALL}
    return _fail(all(beyond[n].mean() > unigram for n in TEXT_POSITIONS)
                 and beyond[TEXT_NONE].max() < unigram,
                 "the unigram counts do not fall between the models beyond", beyond, unigram)
BIAS = ("run-alibi", "run-t5")


def _untrained_windows(run: Run) -> dict[str, np.ndarray]:
    """The windows of the same models before training (the control)."""
    return windows({**run, **run["untrained"]})


def t5_solves(runs: Runs) -> str | None:
    acc = _trained(runs, "run-t5")
    return _fail(acc.min() > 0.95, "T5's bias does not solve the copy task inside", acc)


def alibi_partial(runs: Runs) -> str | None:
    """ALiBi learns part of the task: above its untrained control beyond the spread, every
    seed below 0.9."""
    trained = _trained(runs, "run-alibi")
    control = _untrained_windows(runs["run-alibi"])["trained"]
    return _fail(separated(trained, control) and trained.max() < 0.9,
                 "ALiBi learns nothing, or solves the task", trained, control)


def alibi_flat(runs: Runs) -> str | None:
    """ALiBi's accuracy falls with the number of keys inside the training length (seed by
    seed, its last quarter below the whole), and past it "further still": seed by seed, up
    to twice the length below its last quarter, and further out below that."""
    run = runs["run-alibi"]
    w, (_, last) = windows(run), last_quarter(run)
    return _fail(above_seed_by_seed(w["trained"], last) and above_seed_by_seed(last, w["to_double"])
                 and above_seed_by_seed(w["to_double"], w["beyond"]),
                 "ALiBi does not fall inside, or does not fall further past the training length",
                 w, last)


def t5_like_rotary(runs: Runs) -> str | None:
    """Up to twice the training length T5 and rotary are level within the spread, both
    ahead of the sinusoidal and learned models beyond it."""
    t5, rotary = _beyond(runs, "run-t5"), _beyond(runs, "run-rotary")
    absolute = np.concatenate([_beyond(runs, n) for n in ("run-sinusoidal", "run-learned")])
    return _fail(within_spread(t5, rotary) and separated(t5, absolute),
                 "T5 is not level with rotary, or not ahead of the absolute models", t5,
                 rotary, absolute)


def t5_falls_later(runs: Runs) -> str | None:
    w = windows(runs["run-t5"])
    return _fail(separated(w["to_double"], w["beyond"]) and w["beyond"].max() < 0.8,
                 "T5 does not fall further out", w)


#: Each run that met the target and the same seeds trained on past it.
TRAINED_ON = tuple((name, f"{name}-trained-on") for name in experiments_page.TRAINED_ON)


def sum_concat_steps(runs: Runs) -> str | None:
    """"The summed ones trained longer": at widths 32 and 64, the summed arm's mean steps
    above the concatenated arm's."""
    pairs = (("run-sinusoidal-sum-half", "run-sinusoidal-concat"),
             ("run-sinusoidal-sum-half-d64", "run-sinusoidal-concat-d64"))
    steps = {n: float(steps_trained(runs[n]).mean()) for pair in pairs for n in pair}
    return _fail(all(steps[summed] > steps[joined] for summed, joined in pairs),
                 "a summed arm did not train longer than its concatenated one", steps)


def sum_concat_trained_on(runs: Runs) -> str | None:
    """Trained on to a common step, far out every seed of the concatenated model above
    every seed of the summed one ("still"), as where the rule stopped them."""
    joined = _far(runs, "run-sinusoidal-concat-trained-on")
    summed = _far(runs, "run-sinusoidal-sum-half-trained-on")
    at_stop = (_far(runs, "run-sinusoidal-concat"), _far(runs, "run-sinusoidal-sum-half"))
    return _fail(above_all_seeds(joined, summed) and above_all_seeds(*at_stop),
                 "concatenation is not ahead far out at a common step", joined, summed)


def trained_on_same_seeds(runs: Runs) -> str | None:
    """"The same seeds ... trained on past their stop with no rule": every seed of the
    trained-on run trained all its steps, more than the stopped seed, and over the first
    check both have the same training losses (the same weights and batches: another seed
    or other data differs by the batch-to-batch noise, far more than 1e-3 of the loss;
    the same program on another machine, by a few float32 roundings)."""
    problems = {}
    for stopped, on in TRAINED_ON:
        a, b = runs[stopped], runs[on]
        every = a["config"]["check_every"]
        first_a = np.asarray(a["losses"])[:, :every]
        first_b = np.asarray(b["losses"])[:, :every]
        full = steps_trained(b) == b["config"]["steps"]
        if not (np.all(full) and np.all(steps_trained(b) > steps_trained(a))
                and np.allclose(first_a, first_b, rtol=1e-3, atol=0)):
            problems[on] = (steps_trained(a), steps_trained(b))
    return _fail(not problems, "a trained-on run is not its run's seeds trained on", problems)


def t5_drifts(runs: Runs) -> str | None:
    """Far out, T5 trained on above T5 at its stop, every seed above every seed; rotary
    trained on the same as at its stop within the spread."""
    t5, t5_on = _far(runs, "run-t5"), _far(runs, "run-t5-trained-on")
    rotary, rotary_on = _far(runs, "run-rotary"), _far(runs, "run-rotary-trained-on")
    return _fail(above_all_seeds(t5_on, t5) and within_spread(rotary, rotary_on),
                 "T5 does not rise when trained on, or rotary moves", t5, t5_on, rotary,
                 rotary_on)


def biases_placement_invariant(runs: Runs) -> str | None:
    spreads = {}
    for name in BIAS:
        acc = measured(runs[name], "placed_accuracy")
        spreads[name] = float(np.abs(acc - acc[:, :1]).max())
    return _fail(max(spreads.values()) < 0.01, "a bias scheme depends on the placement",
                 spreads)


def t5_long_context(runs: Runs) -> str | None:
    run = runs["run-t5"]
    last = run["config"]["shifts"][-1]
    short, long = placed(run, last), window(run, last, last + run["config"]["train_length"])
    return _fail(separated(short, long), "T5 loses nothing to the longer context", short, long)


def _still_improving(runs: Runs, *names: str) -> bool:
    """"Still improving slowly where they stopped": every seed's last 300 steps below the
    300 before."""
    return all(bool(np.all(late_gain(runs[n]) > 0)) for n in names)


def half_alibi_like_none(runs: Runs) -> str | None:
    alibi, none = _trained(runs, "run-half-alibi"), _trained(runs, "run-half-none")
    return _fail(within_spread(alibi, none) and alibi.max() < 0.5
                 and _still_improving(runs, "run-half-alibi", "run-half-none"),
                 "ALiBi differs from no encoding on the absolute task, or one had stopped "
                 "improving", alibi, none)


def half_t5_between(runs: Runs) -> str | None:
    """T5's bias above no encoding and below rotary, beyond the spread, inside."""
    t5, none, rotary = (_trained(runs, f"run-half-{s}") for s in ("t5", "none", "rotary"))
    return _fail(separated(t5, none) and separated(rotary, t5),
                 "T5 is not between no encoding and rotary on the absolute task", t5, none,
                 rotary)


def alibi_like_none(runs: Runs) -> str | None:
    """ALiBi above the model without positions inside, beyond the spread."""
    alibi, none = _trained(runs, "run-alibi"), _trained(runs, "run-none")
    return _fail(separated(alibi, none), "ALiBi is not ahead of no encoding inside", alibi,
                 none)


FAR_SOLVED = ("run-far-sinusoidal", "run-far-learned", "run-far-rotary")


def _bucket_mates(run: Run, untrained: bool = False
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per seed, for the head of any block that weighs the answer's key most: its weight on
    that key, on the two keys after it (which share its T5 bucket in the far runs), and on
    the keys either side of those three."""
    k = run["config"]["offset"]
    best = best_head_row(run, untrained)
    return best[:, k], best[:, k + 1] + best[:, k + 2], best[:, k - 1] + best[:, k + 3]


def far_solved(runs: Runs) -> str | None:
    acc = {n: _trained(runs, n).min() for n in FAR_SOLVED}
    return _fail(min(acc.values()) > 0.95, "an added or rotary model fails the far key", acc)


def far_t5_close(runs: Runs) -> str | None:
    """T5 "solves it too": every seed at least SOLVED inside the training length."""
    t5 = _trained(runs, "run-far-t5")
    return _fail(t5.min() >= SOLVED, "T5 does not solve the far key", t5)


def far_t5_bucket(runs: Runs) -> str | None:
    """T5's head puts weight on the answer's bucket-mates: more there than on the nearest
    keys outside the bucket, than the head so chosen in the untrained models (the control)
    and than any added or rotary model's head, beyond the spread."""
    run = runs["run-far-t5"]
    on_key, mates, outside = _bucket_mates(run)
    _, control, _ = _bucket_mates(run, untrained=True)
    others = np.concatenate([_bucket_mates(runs[n])[1] for n in FAR_SOLVED])
    # the two keys after the answer's share its bucket; the keys either side of the three
    # ("the nearest keys outside it") do not
    cfg, k = run["config"], run["config"]["offset"]
    bucket = t5_buckets(cfg, np.arange(k - 1, k + 4)).tolist()
    shared = bucket[1] == bucket[2] == bucket[3] != bucket[0] and bucket[4] != bucket[1]
    return _fail(shared and separated(mates, control) and separated(mates, others)
                 and separated(mates, outside), "T5's head does not spread over the bucket",
                 on_key, mates, outside, control, others, bucket)


def far_rotary_ahead(runs: Runs) -> str | None:
    rotary = _beyond(runs, "run-far-rotary")
    absolute = np.concatenate([_beyond(runs, n) for n in ("run-far-sinusoidal",
                                                          "run-far-learned")])
    near = _beyond(runs, "run-rotary")
    # lower than with the nearer key in every seed, not by the page's margin
    lower = float(rotary.max()) < float(near.min()) and not separated(near, rotary)
    return _fail(separated(rotary, absolute) and lower,
                 "rotary is not ahead on the far key, or not below the near key in every "
                 "seed by less than the margin", rotary, absolute, near)


def far_t5_falls(runs: Runs) -> str | None:
    far, near = _beyond(runs, "run-far-t5"), _beyond(runs, "run-t5")
    return _fail(separated(near, far), "T5 past the training length does not fall with the "
                 "far key", near, far)


#: The page's claim names and their checks.
CLAIMS: dict[str, Check] = {
    "positions-solve-task": positions_solve_task,
    "absolute-fail-beyond": absolute_fail_beyond,
    "rotary-beyond-absolute": rotary_beyond_absolute,
    "none-learns-little": none_learns_little,
    "placement-separates": placement_separates,
    "placement-near-start": placement_near_start,
    "rotary-placement-invariant": rotary_placement_invariant,
    "interpolation-fails": interpolation_fails,
    "rotary-long-context": rotary_long_context,
    "shape-works": shape_works,
    "shape-placement": shape_placement,
    "capped-rotary-recovers": capped_rotary_recovers,
    "capped-absolute-stays": capped_absolute_stays,
    "capped-sinusoidal-far": capped_sinusoidal_far,
    "shape-small-between": shape_small_between,
    "shape-small-unseen": shape_small_unseen,
    "random-sinusoidal-far": random_sinusoidal_far,
    "random-rotary-within": random_rotary_within,
    "random-coverage": random_coverage,
    "rotary-seeds-spread": rotary_seeds_spread,
    "learned-placement-fails": learned_placement_fails,
    "half-ranking-changes": half_ranking_changes,
    "half-t5-buckets": half_t5_buckets,
    "random-shape-spacing": random_shape_spacing,
    "random-spacing-cost": random_spacing_cost,
    "ablation-copy-costs": ablation_copy_costs,
    "ablation-not-all": ablation_not_all,
    "ablation-elsewhere-free": ablation_elsewhere_free,
    "causal-precision": causal_precision,
    "ablation-zero-shift": ablation_zero_shift,
    "bases-trained": bases_trained,
    "bases-sinusoidal-fail": bases_sinusoidal_fail,
    "bases-rotary-ahead": bases_rotary_ahead,
    "bases-rotary-unranked": bases_rotary_unranked,
    "rotary-invariant": rotary_invariant,
    "shift-seen-unchanged": shift_seen_unchanged,
    "shift-change-beyond": shift_change_beyond,
    "shift-half-changes": shift_half_changes,
    "shift-seen-attention": shift_seen_attention,
    "attention-finds-offset": attention_finds_offset,
    "attention-not-near": attention_not_near,
    "rotary-probe-squares": rotary_probe_squares,
    "bases-rotary-5-far": bases_rotary_5_far,
    "t5-no-new-bucket": t5_no_new_bucket,
    "attention-learned": attention_learned,
    "probe-full-at-embedding": probe_full_at_embedding,
    "probe-discriminant-untrained": probe_discriminant_untrained,
    "probe-learned-lower": probe_learned_lower,
    "probe-r2-lower": probe_r2_lower,
    "rotary-probe-chance": rotary_probe_chance,
    "bidirectional-chance": bidirectional_chance,
    "causal-untrained": causal_untrained,
    "probe-block-one": probe_block_one,
    "probe-squares-sinusoidal": probe_squares_sinusoidal,
    "causal-squares-variance": causal_squares_variance,
    "causal-squares-trained": causal_squares_trained,
    "sum-concat-trained": sum_concat_trained,
    "sum-concat-beyond": sum_concat_beyond,
    "half-absolute-wins": half_absolute_wins,
    "half-beyond-fails": half_beyond_fails,
    "half-interp-partial": half_interp_partial,
    "trainable-solves": trainable_solves,
    "trainable-moved": trainable_moved,
    "trainable-unseen-rows": trainable_unseen_rows,
    "trainable-loses-edge": trainable_loses_edge,
    "slip-solves": slip_solves,
    "slip-same-start": slip_same_start,
    "slip-slower": slip_slower,
    "slip-beyond-lower": slip_beyond_lower,
    "text-learned": text_learned,
    "text-first-bigram": text_first_bigram,
    "text-untrained-above-uniform": text_untrained_above_uniform,
    "text-rotary-past": text_rotary_past,
    "text-rotary-inside": text_rotary_inside,
    "text-positions-rise": text_positions_rise,
    "text-none-rises-least": text_none_rises_least,
    "text-beyond-unigram": text_beyond_unigram,
    "t5-solves": t5_solves,
    "alibi-partial": alibi_partial,
    "alibi-flat": alibi_flat,
    "t5-like-rotary": t5_like_rotary,
    "t5-falls-later": t5_falls_later,
    "biases-placement-invariant": biases_placement_invariant,
    "t5-long-context": t5_long_context,
    "half-alibi-like-none": half_alibi_like_none,
    "half-t5-between": half_t5_between,
    "alibi-like-none": alibi_like_none,
    "far-solved": far_solved,
    "far-t5-close": far_t5_close,
    "far-t5-bucket": far_t5_bucket,
    "far-rotary-ahead": far_rotary_ahead,
    "far-t5-falls": far_t5_falls,
}


def sinusoidal_meets_target(runs: Runs) -> str | None:
    why = list(runs["run-sinusoidal"]["stopped_by"])
    return _fail(set(why) == {"target"}, "a sinusoidal seed stopped without the target", why)


def plateau_still_falling(runs: Runs) -> str | None:
    """"Less than min_gain": every seed the plateau rule stopped, its last ``patience``
    checks recomputed from the recorded losses, has a fitted line through them that falls
    by less than ``min_gain`` (what the rule is, read back from the runs); and each such
    seed either solved the task as trained, or nearly solved it, or is far from it (below
    half), with some of the last kind (the sentence's counts are computed)."""
    falls = []
    for run in runs.values():
        cfg = run["config"]
        for checks, why in zip(check_means(run), run["stopped_by"], strict=True):
            if why == "plateau":
                falls.append((fitted_fall(checks[-cfg["patience"]:]), cfg["min_gain"]))
    # The sentence's kinds: "solved" (at least SOLVED as trained), "nearly" (at least
    # NEARLY_SOLVED) or "far from solving it" (below a half), nothing between.
    names, accuracy, gains = plateau_seeds(runs)
    between = accuracy[(accuracy < NEARLY_SOLVED) & (accuracy >= 0.5)]
    # "flat": the far-from-solved seeds' late loss moved, either way, by less than the
    # rule's least gain (the sentence quotes the largest such move)
    least_gain = min(run["config"]["min_gain"] for run in runs.values())
    flat = bool(np.all(np.abs(gains[accuracy < 0.5]) < least_gain))
    # "all of the bidirectional model without positions": the runs the far ones come from
    far_runs = set(names[accuracy < 0.5])
    flat = flat and far_runs == {"run-none-bidirectional"}
    return _fail(bool(falls) and all(fall < least for fall, least in falls)
                 and not between.size and bool(np.any(accuracy < 0.5)) and flat,
                 "a seed stopped at a plateau was falling by min_gain or more, or between "
                 "solved and far from it, or a far one not flat or not bidirectional", falls,
                 between, gains[accuracy < 0.5], far_runs)


def none_at_cap(runs: Runs) -> str | None:
    """Some seeds stopped by the cap, none by the target; each seed at the cap still
    gaining: its loss over its last check lower than over the check before it."""
    run = runs["run-none"]
    losses, every = np.asarray(run["losses"]), run["config"]["check_every"]
    last, before = losses[:, -every:].mean(1), losses[:, -2 * every:-every].mean(1)
    why = list(run["stopped_by"])
    at_cap = np.array([w == "cap" for w in why])
    return _fail(bool(at_cap.any()) and "target" not in why
                 and bool(np.all(last[at_cap] < before[at_cap]))
                 and _cap_seeds_gaining(run),
                 "a seed without positions stopped before the cap or was not gaining", why,
                 last, before)


def bases_rise_with_base(runs: Runs) -> str | None:
    """Just past the training length (up to twice it) the sinusoidal models' accuracy rises
    with the base: the means in the order of the bases, and in every seed a positive rank
    correlation between base and accuracy (the arms share each seed's weights and data)."""
    names = sorted((n for n in experiments_page.BASES if "sinusoidal" in n),
                   key=lambda n: runs[n]["config"]["base"])
    bases = np.array([runs[n]["config"]["base"] for n in names])
    acc = np.array([_beyond(runs, n) for n in names])  # (bases, seeds)
    rising_means = bool(np.all(np.diff(acc.mean(axis=1)) > 0))
    rho = [rank_correlation(bases, acc[:, seed]) for seed in range(acc.shape[1])]
    return _fail(rising_means and min(rho) > 0,
                 "accuracy past the length does not rise with the base in the mean, or a "
                 "seed's rank correlation is not positive", bases, acc.mean(axis=1), rho)


def base_turns_not_enough(runs: Runs) -> str | None:
    """At base 5 every sin/cos pair turns a full circle within the training positions, and
    the model is no better on the next training length of positions than at the paper's
    base: lower seed by seed (the arms share each seed's weights and data), not beyond the
    spread. (Further out the comparison may go the other way; the page claims this
    window only.)"""
    import pe

    low, paper = runs["run-sinusoidal-base-5"], runs["run-sinusoidal"]
    cfg = low["config"]
    wavelengths = pe.wavelengths(cfg["d_model"], base=cfg["base"])
    every_pair = bool(np.all(wavelengths <= cfg["train_length"] - 1))
    a, b = _beyond(runs, "run-sinusoidal-base-5"), _beyond(runs, "run-sinusoidal")
    return _fail(every_pair and above_seed_by_seed(b, a) and not separated(b, a),
                 "a pair of base 5 does not turn within training, or base 5 does better "
                 "beyond the training length", wavelengths, a, b, paper["config"]["base"])


WIDTHS = ("run-sinusoidal-d16", "run-sinusoidal-d64")
SCALED = "run-sinusoidal-scaled"


def width_solves(runs: Runs) -> str | None:
    acc = {n: _trained(runs, n).min() for n in WIDTHS}
    return _fail(min(acc.values()) > 0.95, "a width fails inside the training length", acc)


def width_fails_beyond(runs: Runs) -> str | None:
    acc = {n: _beyond(runs, n).max() for n in WIDTHS}
    return _fail(max(acc.values()) < 0.5, "a width works past the training length", acc)


def width_64_far(runs: Runs) -> str | None:
    """Width 64 less bad than width 32 on the last window (2L to the end), beyond the
    spread, and every seed of both below a fifth there."""
    wide, plain = (windows(runs[n])["beyond"] for n in ("run-sinusoidal-d64", "run-sinusoidal"))
    return _fail(separated(wide, plain) and max(float(wide.max()), float(plain.max())) < 0.2,
                 "width 64 is not ahead far out, or works there", wide, plain)


def scaled_slower(runs: Runs) -> str | None:
    """The scaled model needs more steps, by a margin beyond the spread; some of its seeds
    reached the cap short of the task ("had not learned the task": below NEARLY_SOLVED
    inside the training length), each still gaining there (its late loss falling)."""
    run = runs[SCALED]
    scaled, plain = steps_trained(run), steps_trained(runs["run-sinusoidal"])
    capped = np.asarray(run["stopped_by"]) == "cap"
    short = _trained(runs, SCALED)[capped] < NEARLY_SOLVED
    gaining = late_gain(run)[capped] > 0
    return _fail(separated(scaled, plain) and capped.any() and bool(np.all(short & gaining)),
                 "the scaled model was not slower, or a capped seed had learned the task or "
                 "stopped gaining", scaled, plain, capped, short, gaining)


def scaled_fails_beyond(runs: Runs) -> str | None:
    """"As low as the others": past the training length, in both windows, the scaled model
    not above any width's model beyond the spread, and every seed below a half."""
    higher = [(n, w) for n in ("run-sinusoidal-d16", "run-sinusoidal", "run-sinusoidal-d64")
              for w in ("to_double", "beyond")
              if separated(windows(runs[SCALED])[w], windows(runs[n])[w])]
    acc = _beyond(runs, SCALED)
    return _fail(acc.max() < 0.5 and not higher,
                 "the scaled model works past the training length, or does better than a width",
                 acc, higher)


def sum_concat_varied(runs: Runs) -> str | None:
    """Up to twice the training length: at width 64 concatenation ahead beyond the spread;
    at width 32 ahead only in the mean (not beyond the spread); scaled, the sum ahead in the
    mean, the seeds not separated."""
    wide = _beyond(runs, "run-sinusoidal-concat-d64"), _beyond(runs, "run-sinusoidal-sum-half-d64")
    narrow = _beyond(runs, "run-sinusoidal-concat"), _beyond(runs, "run-sinusoidal-sum-half")
    scaled = (_beyond(runs, "run-sinusoidal-concat-scaled"),
              _beyond(runs, "run-sinusoidal-sum-half-scaled"))
    # "the seeds of the two overlap": neither's every seed above the other's
    ok = (separated(*wide) and narrow[0].mean() > narrow[1].mean()
          and not above_all_seeds(*narrow)
          and scaled[1].mean() > scaled[0].mean() and not above_all_seeds(scaled[1], scaled[0]))
    return _fail(ok, "width 64 or the scaled pair not as the page says", wide, scaled)


def _seeds_at_cap(runs: Runs, name: str) -> int:
    """How many seeds of a run the convergence rule stopped at the cap."""
    return list(runs[name]["stopped_by"]).count("cap")


def _cap_seeds_gaining(run: Run) -> bool:
    """"Still gaining at the cap", read from the losses, not the stop reason: every seed
    stopped at the cap had a lower mean loss over its last checks than over as many before."""
    at_cap = np.asarray(run["stopped_by"]) == "cap"
    return bool(np.all(late_gain(run)[at_cap] > 0))


def alibi_capped(runs: Runs) -> str | None:
    capped = _seeds_at_cap(runs, "run-alibi")
    return _fail(2 * capped > len(runs["run-alibi"]["stopped_by"])
                 and _cap_seeds_gaining(runs["run-alibi"]),
                 "most ALiBi seeds did not reach the cap, or one there was not gaining", capped,
                 late_gain(runs["run-alibi"]))


def half_speed(runs: Runs) -> str | None:
    """The absolute task's speeds, by the steps to each loss level (``SPEED_LEVELS``, from
    the highest): the sinusoidal and learned models reach the lowest level in every seed,
    within the sinusoidal model's slowest seed ("within N steps in every seed"); rotary
    reaches the middle level in every seed, each later than every added-position seed
    ("a little later"), and never the lowest; T5, ALiBi and no encoding never reach the
    middle level."""
    _, middle, low = SPEED_LEVELS
    added = ("run-half-sinusoidal", "run-half-learned")
    to_low = np.concatenate([steps_to_loss(runs[n], low) for n in added])
    sinusoidal_slowest = np.nanmax(steps_to_loss(runs["run-half-sinusoidal"], low))
    added_middle = np.concatenate([steps_to_loss(runs[n], middle) for n in added])
    rotary_middle = steps_to_loss(runs["run-half-rotary"], middle)
    behind = {n: steps_to_loss(runs[n], middle)
              for n in ("run-half-t5", "run-half-alibi", "run-half-none")}
    return _fail(bool(np.all(np.isfinite(to_low))) and to_low.max() <= sinusoidal_slowest
                 and bool(np.all(np.isfinite(rotary_middle)))
                 and float(rotary_middle.min()) > float(added_middle.max())
                 and bool(np.all(np.isnan(steps_to_loss(runs["run-half-rotary"], low))))
                 and all(np.all(np.isnan(v)) for v in behind.values()),
                 "the absolute task's speeds are not as the page says", to_low, rotary_middle,
                 added_middle, behind)


def half_capped(runs: Runs) -> str | None:
    """Rotary, T5, ALiBi and no encoding on the absolute task: no seed met the target,
    every seed at the cap still gaining, and every rotary and T5 seed at the cap (the
    landing page: "every T5 and rotary seed was still gaining at the cap")."""
    names = ("run-half-rotary", "run-half-t5", "run-half-alibi", "run-half-none")
    capped = {n: _seeds_at_cap(runs, n) for n in names}
    seeds = len(runs["run-half-t5"]["stopped_by"])
    met = [n for n in names if "target" in runs[n]["stopped_by"]]
    gaining = all(_cap_seeds_gaining(runs[n]) for n in names)
    return _fail(capped["run-half-rotary"] == seeds and capped["run-half-t5"] == seeds
                 and not met and gaining,
                 "rotary or T5 on the absolute task met the rule, or a scheme behind met the "
                 "target, or one at the cap had stopped gaining", capped, met)


def sum_concat_far(runs: Runs) -> str | None:
    """On positions past twice the training length, every concatenated seed above every
    summed seed at widths 32 and 64, not with scaled token vectors."""
    pairs = [("run-sinusoidal-concat", "run-sinusoidal-sum-half"),
             ("run-sinusoidal-concat-d64", "run-sinusoidal-sum-half-d64"),
             ("run-sinusoidal-concat-scaled", "run-sinusoidal-sum-half-scaled")]
    found = [above_all_seeds(windows(runs[c])["beyond"], windows(runs[m])["beyond"])
             for c, m in pairs]
    return _fail(found == [True, True, False],
                 "concatenated seeds above every summed one far out: not as the page says", found)


def sum_scaled_capped(runs: Runs) -> str | None:
    """The scaled summed model: some seeds stopped at a plateau, none at the cap, and those
    at the plateau had solved the task as trained (at least SOLVED); the concatenated one
    met the target in every seed."""
    summed_run = runs["run-sinusoidal-sum-half-scaled"]
    summed, joined = (list(runs[n]["stopped_by"]) for n in ("run-sinusoidal-sum-half-scaled",
                                                             "run-sinusoidal-concat-scaled"))
    plateau = np.asarray(summed) == "plateau"
    solved = bool(np.all(as_trained(summed_run)[plateau] >= SOLVED))
    return _fail("plateau" in summed and "cap" not in summed and set(joined) == {"target"}
                 and solved, "the scaled pair's stops differ from the page, or a plateau "
                 "seed had not solved the task", summed, joined, as_trained(summed_run))


#: The claims of the convergence rule, the width and scale arms, and the cold review.
CLAIMS.update({
    "random-positions-converged": random_positions_converged,
    "half-speed": half_speed,
    "sum-concat-steps": sum_concat_steps,
    "sum-concat-trained-on": sum_concat_trained_on,
    "block-copy-needed": block_copy_needed,
    "block-rotary-chance": block_rotary_chance,
    "trained-on-same-seeds": trained_on_same_seeds,
    "t5-drifts": t5_drifts,
    "alibi-capped": alibi_capped,
    "half-capped": half_capped,
    "sum-concat-far": sum_concat_far,
    "sum-scaled-capped": sum_scaled_capped,
    "width-solves": width_solves,
    "width-fails-beyond": width_fails_beyond,
    "width-64-far": width_64_far,
    "random-positions-own": random_positions_own,
    "ablation-weight-gap-cost": ablation_weight_gap_cost,
    "scaled-slower": scaled_slower,
    "scaled-fails-beyond": scaled_fails_beyond,
    "sum-concat-varied": sum_concat_varied,
    "base-turns-not-enough": base_turns_not_enough,
    "bases-rise-with-base": bases_rise_with_base,
    "sinusoidal-meets-target": sinusoidal_meets_target,
    "none-at-cap": none_at_cap,
    "plateau-still-falling": plateau_still_falling,
    "text-still-falling": text_still_falling,
})


def page_claims() -> set[str]:
    return {name for page in PAGES
            for name in CLAIM_MARK.findall(page.read_text(encoding="utf-8"))}


def test_every_claim_on_the_page_has_a_check_and_every_check_a_claim() -> None:
    on_page = page_claims()
    assert on_page, "the page marks no claims"
    assert sorted(on_page - set(CLAIMS)) == [], "claims on the page without a check"
    assert sorted(set(CLAIMS) - on_page) == [], "checks of claims the page no longer makes"


#: A mark between a word and the punctuation after it, with a space before it: the reader
#: sees "seeds ." (the comment is invisible, the space is not).
SPACE_BEFORE_PUNCTUATION = re.compile(r"\s" + CLAIM_MARK.pattern + r"[.,;:)]")


def test_a_claim_mark_leaves_no_space_before_punctuation() -> None:
    assert SPACE_BEFORE_PUNCTUATION.search("seeds <!-- claim: x -->. The")  # can fail
    assert not SPACE_BEFORE_PUNCTUATION.search("seeds<!-- claim: x -->. The")
    found = [f"{page.name}: {m.group(0)!r}" for page in PAGES
             for m in SPACE_BEFORE_PUNCTUATION.finditer(page.read_text(encoding="utf-8"))]
    assert not found, "write the mark right after the word (word<!-- claim: x -->.): " \
        + "; ".join(found)


@pytest.fixture(scope="module")
def results(full_build: Path) -> dict[str, Run]:
    import json
    found = {p.stem: json.loads(p.read_text()) for p in (full_build / "runs").glob("*.json")}
    assert set(found) == set(experiments_page.ALL_RUNS)
    return found


@pytest.mark.parametrize("claim", sorted(CLAIMS))
def test_claim_holds_on_the_runs(claim: str, results: dict[str, Run]) -> None:
    problem = CLAIMS[claim](results)
    assert problem is None, f"{claim}: {problem}"


def test_a_claim_check_can_fail(results: dict[str, Run]) -> None:
    """The checks read the data: swapping two runs breaks the claims that compare them."""
    swapped = {**results, "run-rotary": results["run-sinusoidal"],
               "run-sinusoidal": results["run-rotary"]}
    assert rotary_beyond_absolute(swapped) is not None
    assert rotary_invariant(swapped) is not None
    # a sinusoidal run among the rotary bases is ranked below them
    mixed = {**results, "run-rotary-base-100": results["run-sinusoidal-base-100"]}
    assert bases_rotary_unranked(mixed) is not None
    assert chance(results["run-sinusoidal"]) < 0.5
    # the untrained control in the trained models' place changes its answers when shifted
    control = {n: {**results[n], **results[n]["untrained"]} for n in ABSOLUTE}
    assert shift_seen_unchanged({**results, **control}) is not None
    # the copy task's runs in the absolute task's place; rotary in the sinusoidal model's
    assert shift_half_changes({**results, "run-half-sinusoidal": results["run-sinusoidal"]}
                              ) is not None
    # trained and untrained swapped: the copy head's block then changes more than "before"
    sinusoidal = results["run-sinusoidal"]
    swapped_training = {**sinusoidal, **sinusoidal["untrained"], "untrained": sinusoidal}
    assert shift_seen_attention({**results, "run-sinusoidal": swapped_training}) is not None
    # the new runs' checks: the slip and the paper swapped, the table's control in its place
    slip_swapped = {**results, SLIP: results["run-sinusoidal"], "run-sinusoidal": results[SLIP]}
    assert slip_slower(slip_swapped) is not None
    assert slip_beyond_lower(slip_swapped) is not None
    still = {**results, TRAINABLE_START: {**results[TRAINABLE_START],
                                          **results[TRAINABLE_START]["untrained"]}}
    assert trainable_moved(still) is not None
    assert trainable_loses_edge({**results, TRAINABLE_START: results["run-sinusoidal"]}) is not None
    moved_row = {**results[TRAINABLE_START],
                 "table_moved_unseen": [0.0, *results[TRAINABLE_START]["table_moved_unseen"][1:-1],
                                        1e-7]}
    assert trainable_unseen_rows({**results, TRAINABLE_START: moved_row}) is not None
    # the untrained control in a trained model's place fails the task; losses far apart
    # at the first step compared are not "alike"
    untrained_slip = {**results, SLIP: {**results[SLIP], **results[SLIP]["untrained"]}}
    assert slip_solves(untrained_slip) is not None
    assert trainable_solves({**results, TRAINABLE_START: untrained_slip[SLIP]}) is not None
    raised = (np.asarray(results[SLIP]["losses"]) + 1.0).tolist()
    assert slip_same_start({**results, SLIP: {**results[SLIP], "losses": raised}}) is not None
    # the probes' checks: trained and untrained swapped; the causal model in the
    # bidirectional one's place; a control task that is never read
    def untrained_first(name: str) -> dict[str, Run]:
        run = results[name]
        return {**results, name: {**run, **run["untrained"], "untrained": run}}

    assert probe_block_one(untrained_first("run-sinusoidal")) is not None
    assert causal_squares_trained(untrained_first("run-none")) is not None
    assert probe_squares_sinusoidal({**results, "run-sinusoidal": results["run-none"]}) is not None
    assert causal_squares_variance({**results, "run-none-bidirectional": results["run-none"]}
                                   ) is not None
    # the causal model as its own control: position 0 read no better than there
    assert causal_untrained({**results, "run-none-bidirectional": results["run-none"]}
                            ) is not None
    assert probe_learned_lower(untrained_first("run-learned")) is not None
    assert probe_discriminant_untrained({**results, "run-sinusoidal": results["run-learned"]}
                                        ) is not None
    # the new checks: the cap read as the full test; the SHAPE arms swapped; the random
    # arms replaced by their consecutive counterparts; the ablation's columns swapped
    rotary = results["run-rotary"]
    assert capped_rotary_recovers({**results, "run-rotary": {
        **rotary, "capped_accuracy_by_position": rotary["accuracy_by_position"]}}) is not None
    assert capped_absolute_stays({**results, "run-sinusoidal": rotary}) is not None
    # the placed sequence's halves swapped: the lead on the second half
    sinusoidal_run = results["run-sinusoidal"]
    length = sinusoidal_run["config"]["train_length"]
    by_token = np.asarray(sinusoidal_run["placed_correct_by_position"])
    swapped = by_token.copy()
    home = sinusoidal_run["config"]["shifts"].index(length)
    swapped[:, home] = by_token[:, home, ::-1]
    assert placement_near_start({**results, "run-sinusoidal": {
        **sinusoidal_run, "placed_correct_by_position": swapped.tolist()}}) is not None
    sinusoidal = results["run-sinusoidal"]
    assert capped_sinusoidal_far({**results, "run-sinusoidal": {
        **sinusoidal, "capped_accuracy_by_position": sinusoidal["accuracy_by_position"]}}
        ) is not None
    assert shape_small_between({**results, "run-sinusoidal-shape-small":
                                results["run-sinusoidal-shape"]}) is not None
    assert shape_small_unseen({**results, "run-sinusoidal-shape-small":
                               results["run-sinusoidal-shape"]}) is not None
    # randomised positions in their controls' places, and the controls in theirs
    swapped = {**results, "run-sinusoidal-random": results["run-sinusoidal-offset-1"],
               "run-sinusoidal-offset-1": results["run-sinusoidal-random"],
               "run-rotary-random": results["run-rotary-offset-1"],
               "run-rotary-offset-1": results["run-rotary-random"]}
    for check in (random_sinusoidal_far, random_rotary_within, random_spacing_cost,
                  random_positions_converged):
        assert check(swapped) is not None
    # rotary's randomised model far ahead of its control: no longer within the spread
    assert random_rotary_within({**results, "run-rotary-offset-1":
                                 results["run-sinusoidal-offset-1"]}) is not None
    # SHAPE's offsets and the randomised model swapped; SHAPE's offsets in the control's
    # place (they then solve the task inside as well, but score above it far out)
    uncovered = {**results, COVERED: results["run-sinusoidal-random"],
                 "run-sinusoidal-random": results[COVERED]}
    for check in (random_coverage, random_spacing_cost, random_positions_converged):
        assert check(uncovered) is not None
    assert random_coverage({**results, COVERED: results["run-sinusoidal-offset-1"]}) is not None
    assert random_shape_spacing(uncovered) is not None
    # a model whose seeds agree far out; rotary, which works when placed, as the learned
    # table; rotary and T5 swapped on the absolute task; T5 on a task its buckets cover
    assert rotary_seeds_spread({**results, "run-rotary": results["run-learned"]}) is not None
    assert learned_placement_fails({**results, "run-learned": results["run-rotary"]}) is not None
    assert half_ranking_changes({**results, "run-half-t5": results["run-half-rotary"],
                                 "run-half-rotary": results["run-half-t5"]}) is not None
    # (a training length whose farthest answer its exact buckets reach)
    fine_t5 = {**results["run-half-t5"], "config": {**results["run-half-t5"]["config"],
                                                    "train_length": 8}}
    assert half_t5_buckets({**results, "run-half-t5": fine_t5}) is not None
    # every other rotary base far below base 5 (its untrained control): then separated
    low = {n: {**results[n], **results[n]["untrained"]} for n in
           ("run-rotary-base-100", "run-rotary-base-1000", "run-rotary", "run-rotary-base-100000")}
    assert bases_rotary_5_far({**results, **low}) is not None
    # the absolute task's scaled positions read as its unscaled ones: no trade
    half = results["run-half-sinusoidal"]
    unscaled = {**half, "interpolated_accuracy_by_position": half["accuracy_by_position"]}
    assert half_interp_partial({**results, "run-half-sinusoidal": unscaled}) is not None
    # a sinusoidal head, which keeps to the answer's key, in T5's place
    assert far_t5_bucket({**results, "run-far-t5": results["run-far-sinusoidal"]}) is not None
    flipped = {**rotary, "ablation_accuracy":
               np.asarray(rotary["ablation_accuracy"])[:, [0, 2, 1, 3]].tolist()}
    assert ablation_copy_costs({**results, "run-rotary": flipped}) is not None
    flipped_mean = {**rotary, "mean_ablation_accuracy":
                    np.asarray(rotary["mean_ablation_accuracy"])[:, [1, 0, 2]].tolist()}
    assert ablation_copy_costs({**results, "run-rotary": flipped_mean}) is not None
    assert ablation_not_all(untrained_first("run-rotary")) is not None
    # the control elsewhere costing what the copy head costs; zeroing costing what the
    # mean costs
    copied = {**rotary, "mean_ablation_accuracy":
              np.asarray(rotary["mean_ablation_accuracy"])[:, [0, 1, 0]].tolist()}
    assert ablation_elsewhere_free({**results, "run-rotary": copied}) is not None
    # attention spread evenly: no control looks at the key
    even = {n: {**results[n], "attention_by_offset": np.broadcast_to(
        uniform_by_offset(results[n]["config"]["train_length"]),
        np.shape(results[n]["attention_by_offset"])).tolist()}
        for n in experiments_page.WITH_POSITIONS}
    assert ablation_elsewhere_free({**results, **even}) is not None
    # the bidirectional control in the causal model's place
    assert causal_precision({**results, "run-none": results["run-none-bidirectional"]}
                            ) is not None
    assert ablation_zero_shift({**results, **{n: {
        **results[n], "ablation_accuracy": np.concatenate([
            np.asarray(results[n]["ablation_accuracy"])[:, :3],
            np.asarray(results[n]["mean_ablation_accuracy"])[:, 2:]], axis=1).tolist()}
        for n in experiments_page.WITH_POSITIONS}}) is not None
    # the costs of the copy head and its block's control swapped: the gaps' ranks reversed
    swapped = {n: {**results[n], "ablation_accuracy": np.asarray(
        results[n]["ablation_accuracy"])[:, [0, 2, 1, 3]].tolist()}
        for n in ("run-learned", "run-rotary")}
    assert ablation_weight_gap_cost({**results, **swapped}) is not None
    # a base-5 run far ahead of the paper's base is a different story
    ahead = {**results, "run-sinusoidal-base-5": results["run-rotary"]}
    assert base_turns_not_enough(ahead) is not None
    untrained_random = {**results["run-rotary-random"], "random_placed_accuracy":
                        results["run-rotary-random"]["untrained"]["random_placed_accuracy"]}
    assert random_positions_own({**results, "run-rotary-random": untrained_random}) is not None
    # the far key's rotary run no lower than the near one; width 64 and 32 swapped; the
    # far sinusoidal head's weight spread evenly over every offset
    assert far_rotary_ahead({**results, "run-far-rotary": rotary}) is not None
    assert width_64_far({**results, "run-sinusoidal-d64": results["run-sinusoidal"],
                         "run-sinusoidal": results["run-sinusoidal-d64"]}) is not None
    far = results["run-far-sinusoidal"]
    even = np.ones_like(measured(far, "attention_by_offset")) / 32
    assert attention_finds_offset({**results, "run-far-sinusoidal": {
        **far, "attention_by_offset": even.tolist()}}) is not None
    # every run's training loss falling 10 % per check: the seeds stopped at a plateau
    # were falling by more than the rule allows
    steep = {n: {**r, "losses": (0.9 ** (np.arange(np.shape(r["losses"])[1]) / 100)
                                 * np.ones(np.shape(r["losses"]))).tolist()}
             for n, r in results.items() if "losses" in r}
    assert plateau_still_falling({**results, **steep}) is not None
    def flat_loss(name: str) -> dict[str, Run]:  # the run's loss flat from its first step
        run = results[name]
        return {**results, name: {**run, "losses": np.ones(np.shape(run["losses"])).tolist()}}

    # a text run whose loss has stopped falling: flat over its last steps
    assert text_still_falling(flat_loss("run-text-none")) is not None
    # ... and one whose loss is batch noise around a constant, with no trend
    text = results["run-text-none"]
    noise = 1 + 0.1 * np.random.default_rng(0).standard_normal(np.shape(text["losses"]))
    assert text_still_falling({**results, "run-text-none": {**text, "losses": noise.tolist()}}
                              ) is not None
    # the bias arms' "still improving" and "the same": a flat loss; a run that learned the task
    assert half_alibi_like_none({**results, "run-half-alibi": results["run-sinusoidal"]}
                                ) is not None
    assert half_alibi_like_none(flat_loss("run-half-alibi")) is not None
    # width and scale: the untrained control in a trained model's place; the scaled
    # and plain runs swapped; concatenation and sum swapped
    untrained_d16 = {**results, "run-sinusoidal-d16": {**results["run-sinusoidal-d16"],
                                                       **results["run-sinusoidal-d16"]["untrained"]}}
    assert width_solves(untrained_d16) is not None
    assert width_fails_beyond({**results, "run-sinusoidal-d64": results["run-rotary"]}) is not None
    assert scaled_slower({**results, SCALED: results["run-sinusoidal"],
                          "run-sinusoidal": results[SCALED]}) is not None
    assert scaled_fails_beyond({**results, SCALED: results["run-rotary"]}) is not None
    assert sum_concat_varied({**results,
                              "run-sinusoidal-concat-d64": results["run-sinusoidal-sum-half-d64"],
                              "run-sinusoidal-sum-half-d64": results["run-sinusoidal-concat-d64"]}
                             ) is not None
    # the claims about caps: runs that met the target in the capped runs' places
    met = results["run-sinusoidal"]
    assert alibi_capped({**results, "run-alibi": met}) is not None
    assert half_capped({**results, "run-half-t5": met}) is not None
    assert sum_scaled_capped({**results, "run-sinusoidal-sum-half-scaled": met}) is not None
    # the absolute task with rotary in the learned model's place, and the learned model in
    # T5's: rotary as fast as the added positions, T5 reaching the middle level
    assert half_speed({**results, "run-half-rotary": results["run-half-learned"]}) is not None
    assert half_speed({**results, "run-half-t5": results["run-half-learned"]}) is not None
    # the block ablation's two blocks swapped; rotary's block removal as the learned one's
    def blocks_swapped(name: str) -> Run:
        run = results[name]
        heads = np.asarray(run["ablation_heads"]).copy()
        heads[:, [0, 2], 0] = heads[:, [2, 0], 0]
        return {**run, "ablation_heads": heads.tolist()}
    assert block_copy_needed({**results, "run-rotary": blocks_swapped("run-rotary")}) is not None
    assert block_rotary_chance({**results, "run-rotary": results["run-learned"]}) is not None
    # the trained-on pair swapped
    assert sum_concat_trained_on({
        **results, "run-sinusoidal-concat-trained-on": results["run-sinusoidal-sum-half-trained-on"],
        "run-sinusoidal-sum-half-trained-on": results["run-sinusoidal-concat-trained-on"]}
        ) is not None
    # the concatenated arms in the summed ones' places
    assert sum_concat_steps({**results, "run-sinusoidal-sum-half":
                             results["run-sinusoidal-concat"]}) is not None
    # ALiBi's accuracy flat from its last quarter on: no fall past the training length
    alibi = results["run-alibi"]
    level = np.asarray(alibi["accuracy_by_position"])
    flat = level.copy()
    start, _ = last_quarter(alibi)
    flat[:, start:] = level[:, start:alibi["config"]["train_length"]].mean(1, keepdims=True)
    assert alibi_flat({**results, "run-alibi": {**alibi, "accuracy_by_position": flat.tolist()}}
                      ) is not None
    # the trained-on runs with their seeds in another order; T5 trained on as it stopped
    def reversed_seeds(run: Run) -> Run:
        return {**run, **{k: run[k][::-1] for k in ("losses", "steps_trained")}}
    assert trained_on_same_seeds({**results, "run-t5-trained-on":
                                  reversed_seeds(results["run-t5-trained-on"])}) is not None
    assert t5_drifts({**results, "run-t5-trained-on": results["run-t5"]}) is not None
    # a randomised run stopped at the common cap
    capped_random = {**results["run-rotary-random"],
                     "stopped_by": ["cap"] * len(results["run-rotary-random"]["stopped_by"])}
    assert random_positions_converged({**results, "run-rotary-random": capped_random}
                                      ) is not None
    # this session's checks: the untrained control in the trained models' places; a run
    # of another kind in a run's place; T5 with buckets reaching past the test length
    assert attention_not_near(untrained_first("run-learned")) is not None
    assert far_t5_bucket(untrained_first("run-far-t5")) is not None
    assert rotary_probe_squares({**results, "run-rotary": results["run-sinusoidal"]}) is not None
    assert bases_rotary_5_far({**results, "run-rotary-base-5": results["run-sinusoidal-base-5"]}
                              ) is not None
    t5 = results["run-t5"]
    assert t5_no_new_bucket({**results, "run-t5": {
        **t5, "config": {**t5["config"], "max_distance": 4 * t5["config"]["eval_length"]}}}
                            ) is not None
    # scaling that works as well as the unscaled test; scaling no better than untrained
    interp_full = {**results["run-rotary"], "interpolated_accuracy_by_position":
                   results["run-rotary"]["accuracy_by_position"]}
    assert interpolation_fails({**results, "run-rotary": interp_full}) is not None
    half = results["run-half-sinusoidal"]
    interp_none = {**half, "interpolated_accuracy_by_position":
                   half["untrained"]["interpolated_accuracy_by_position"]}
    assert half_interp_partial({**results, "run-half-sinusoidal": interp_none}) is not None
    rising = {**results["run-alibi"], "losses": np.asarray(results["run-alibi"]["losses"])[
        :, ::-1].tolist()}  # every capped seed's loss rising at the end
    assert alibi_capped({**results, "run-alibi": rising}) is not None
    assert sum_concat_beyond({**results, "run-sinusoidal-concat": results["run-rotary"]}
                             ) is not None
    assert sum_concat_far({**results, "run-sinusoidal-concat": results["run-sinusoidal-sum-half"],
                           "run-sinusoidal-sum-half": results["run-sinusoidal-concat"]}) is not None
    # the bases' order reversed; the concatenated model replaced by one far ahead; the
    # bidirectional model's flat seeds under another run's name too
    low, high = "run-sinusoidal-base-5", "run-sinusoidal-base-100000"
    reversed_bases = {**results, **{
        a: {**results[a], "accuracy_by_position": results[b]["accuracy_by_position"]}
        for a, b in ((low, high), (high, low))}}
    assert bases_rise_with_base(reversed_bases) is not None
    assert sum_concat_beyond({**results, "run-sinusoidal-concat": results["run-rotary"]}
                             ) is not None
    assert plateau_still_falling({**results, "run-extra": results["run-none-bidirectional"]}
                                 ) is not None
    # the scaled summed model's plateau seeds replaced by the untrained control's accuracy
    unsolved = {**results["run-sinusoidal-sum-half-scaled"],
                **{k: results["run-sinusoidal-sum-half-scaled"]["untrained"][k]
                   for k in ("placed_accuracy", "accuracy_by_position")}}
    assert sum_scaled_capped({**results, "run-sinusoidal-sum-half-scaled": unsolved}) is not None
    # the convergence claims read why each seed stopped
    assert sinusoidal_meets_target({**results, "run-sinusoidal": results["run-none"]}) is not None
    assert none_at_cap({**results, "run-none": results["run-sinusoidal"]}) is not None
    # the text claims: the untrained control in a trained model's place; rotary and no
    # positions swapped; a model's losses beyond the training length set to its inside ones
    text_untrained = {**results, TEXT_NONE: {**results[TEXT_NONE], **results[TEXT_NONE]["untrained"]}}
    assert text_learned(text_untrained) is not None
    # the trained model in its own untrained place: below a uniform guess
    trained_as_control = {**results[TEXT_NONE], "untrained": results[TEXT_NONE]}
    assert text_untrained_above_uniform({**results, TEXT_NONE: trained_as_control}) is not None
    assert text_beyond_unigram(text_untrained) is not None
    text_swapped = {**results, TEXT_NONE: results["run-text-rotary"],
                    "run-text-rotary": results[TEXT_NONE]}
    assert text_rotary_inside(text_swapped) is not None
    assert text_rotary_past(text_swapped) is not None
    assert text_none_rises_least(text_swapped) is not None
    flat = np.asarray(results[TEXT_NONE]["loss_by_position"])
    flat = np.broadcast_to(flat[:, :1], flat.shape).tolist()
    assert text_positions_rise({**results, TEXT_NONE: {**results[TEXT_NONE],
                                                       "loss_by_position": flat}}) is not None
    # a count model worse than every model at position 0 (it reads the recorded baseline)
    length = results[TEXT_NONE]["config"]["train_length"]
    bigram = np.asarray(results[TEXT_NONE]["count_loss_by_position"]["bigram"])
    worse = {**results[TEXT_NONE], "count_loss_by_position": {
        **results[TEXT_NONE]["count_loss_by_position"],
        "bigram": np.concatenate([[9.0], np.full(length - 1, 1.0), bigram[length:] + 5.0])}}
    assert text_first_bigram({**results, TEXT_NONE: worse}) is not None
    # ... and, on the scored characters inside the training length, better than every model
    assert text_learned({**results, TEXT_NONE: worse}) is not None
    assert text_positions_rise({**results, TEXT_NONE: worse}) is not None  # counts rise more


@given(st.lists(st.floats(-1, 1), min_size=1, max_size=6), st.floats(0, 3))
def test_separated_means_a_gap_beyond_the_spread(values: list[float], factor: float) -> None:
    """Moving seeds up by c separates them from themselves exactly when c exceeds their
    spread; and "within the spread" is its negation for such pairs."""
    low = np.array(values)
    width = spread(low)
    gap = factor * width if width else factor
    assume(abs(gap - width) > 1e-9)  # clear of the boundary, where rounding decides
    high = low + gap
    assert separated(high, low) == (gap > width)
    assert within_spread(high, low) == (not separated(high, low))
    assert not separated(low, high)
