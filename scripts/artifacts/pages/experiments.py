"""docs/experiments.md: Experiments: positions inside a small trained model (the landing page).

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from typing import Any

from experiments.config import CHAR_VOCAB
from scripts.artifacts import corpus
from scripts.artifacts.registry import Artifact, table

PAGE = "experiments.md"


#: Settings every run shares; the rest are the defaults of ``experiments.config.RunConfig``,
#: and the landing page prints each run's complete configuration from the run's own record.
#: Training stops by the convergence rule of ``experiments.train.converged``: a mean loss of
#: at most 0.01 over each of two checks of 100 steps in a row, or a line fitted through the
#: last 8 checks that falls by less than 1 % of their mean, or the cap.
#: Batches of 8 sequences, not 32: on a small CPU a step of 8 costs about a third of one of
#: 32, the arms that meet the target take up to about 2.5 times the steps, and with 32 the
#: runs took 3.5 times the build's time budget (``./dev bench pipeline --experiments``).
RUN_COMMON: dict[str, Any] = {"train_length": 32, "eval_length": 128, "steps": 3000, "batch": 8,
                              "target_loss": 0.01, "target_checks": 2, "patience": 8,
                              "min_gain": 0.01,
                              "check_every": 100, "seeds": [0, 1, 2, 3, 4]}


#: How far back the answer lies in the far-key runs (the others copy from 3 back).
FAR_OFFSET = 20
#: The schemes tested on the far key: those that learn the copy task at 3 back. ALiBi and
#: no encoding learn only part of it by the cap, so a key further back cannot show more of
#: them (their far-key runs, plateaued near chance, cost the build about 23 s).
FAR_SCHEMES = ("sinusoidal", "learned", "rotary", "t5")
#: SHAPE's largest offset: a training sequence then reaches the last test position.
SHAPE_OFFSET = RUN_COMMON["eval_length"] - RUN_COMMON["train_length"]
#: Randomised training positions are drawn below this: beyond the longest test sequence.
RANDOM_RANGE = 160
#: The randomised-positions runs and their controls copy the previous token: with random
#: gaps, "n tokens back" is a different distance in every sequence, and only the nearest
#: earlier token is found by distance alone whatever the gaps.
RANDOM_OFFSET = 1
#: Their cap, and their controls': the common cap stopped randomised seeds still gaining;
#: under this one every seed meets the plateau rule (``exp-convergence`` lists when, and
#: the claim check ``random-positions-converged`` reads it from the runs). The controls
#: meet the target long before.
RANDOM_STEPS = 6000


def _run(name: str, **params: Any) -> Artifact:
    return Artifact(name, "run", "runs:train", {**RUN_COMMON, **params})


#: The steps the "trained on" runs take: the same seeds as their runs, with no stopping
#: rule before this, at least 500 steps past the latest stop of any of their seeds.
TRAINED_ON_STEPS = 1500
#: The runs trained on past their stop to ``TRAINED_ON_STEPS``: the two schemes whose
#: scores far past the training length the length page compares (the others there fail
#: far out, or were read at the cap already), and the sum and concatenation pair, whose
#: summed arm stopped later.
TRAINED_ON = ("run-rotary", "run-t5", "run-sinusoidal-sum-half", "run-sinusoidal-concat")


#: The schemes trained on text, one run each (another scheme joins by being named here).
TEXT_SCHEMES = ("sinusoidal", "learned", "rotary", "none")
#: Held-out windows of ``eval_length`` characters the text runs are measured on.
TEXT_EVAL_BATCH = 256
#: The text runs' steps, every seed (no plateau rule): fewer than the copy tasks' cap, so
#: that all runs fit the build's time budget (``./dev bench pipeline --experiments``); every
#: text model is still improving there, as at 3,000, and the page says so.
TEXT_STEPS = 2000

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
    _run("run-sinusoidal-shape", scheme="sinusoidal", train_offset=SHAPE_OFFSET),
    # SHAPE with offsets that leave most test positions unseen.
    _run("run-sinusoidal-shape-small", scheme="sinusoidal", train_offset=16),
    # Randomised positions (Ruoss et al., 2023): sorted random subsets of a range longer
    # than the test sequences, on the previous-token task; each beside its control, the same
    # model on the same task at consecutive positions.
    *(_run(f"run-{scheme}{arm}", scheme=scheme, offset=RANDOM_OFFSET, steps=RANDOM_STEPS,
           **settings)
      for scheme in ("sinusoidal", "rotary")
      for arm, settings in (("-offset-1", {}),
                            ("-random", {"train_positions": "random",
                                         "max_position": RANDOM_RANGE}))),
    # Coverage without random gaps: SHAPE's offsets on the previous-token task, so that
    # training sees every test position at consecutive positions.
    _run("run-sinusoidal-shape-offset-1", scheme="sinusoidal", offset=RANDOM_OFFSET,
         steps=RANDOM_STEPS, train_offset=SHAPE_OFFSET),
    # Base 5: every sin/cos pair turns a full circle within the training length.
    *(_run(f"run-{scheme}-base-{base}", scheme=scheme, base=float(base))
      for scheme in ("sinusoidal", "rotary") for base in (5, 100, 1000, 100000)),
    *(_run(f"run-half-{scheme}", scheme=scheme, task="copy_half")
      for scheme in ("sinusoidal", "learned", "rotary", "none")),
    # When the encoding changes (experiments-changes.md): a trainable table that starts as
    # the sinusoidal one, and a sinusoid computed with a common formula slip.
    _run("run-learned-from-sinusoidal", scheme="learned", learned_init="sinusoidal"),
    _run("run-sinusoidal-column-exponent", scheme="sinusoidal", formula="column-exponent"),
    # Width and embedding scale (experiments-changes.md#width-scale and
    # experiments-changes.md#sum-concat): the model width alone, or the paper's sqrt(d)
    # on the token vectors alone.
    *(_run(f"run-sinusoidal-d{d}", scheme="sinusoidal", d_model=d) for d in (16, 64)),
    _run("run-sinusoidal-scaled", scheme="sinusoidal", embed_scale="sqrt_d"),
    _run("run-sinusoidal-sum-half-d64", scheme="sinusoidal", d_model=64, d_position=32),
    _run("run-sinusoidal-concat-d64", scheme="sinusoidal", d_model=64, combine="concat",
         d_position=32),
    _run("run-sinusoidal-sum-half-scaled", scheme="sinusoidal", d_position=16,
         embed_scale="sqrt_d"),
    _run("run-sinusoidal-concat-scaled", scheme="sinusoidal", combine="concat", d_position=16,
         embed_scale="sqrt_d"),
    # Real text (experiments-text.md): next-character prediction on the standard library's
    # source; the declared digest of this Python's text puts the text in the run's key.
    # No plateau rule (patience 0): a text model never meets the target, and seeds stopped
    # at different steps would compare the schemes at different amounts of training, so
    # every seed trains to the cap, TEXT_STEPS.
    *(_run(f"run-text-{scheme}", scheme=scheme, task="char_lm", vocab=CHAR_VOCAB,
           corpus=corpus.digest(), eval_batch=TEXT_EVAL_BATCH, patience=0, steps=TEXT_STEPS)
      for scheme in TEXT_SCHEMES),
    # Position as a bias on the attention scores: ALiBi's fixed slopes, T5's learned buckets.
    *(_run(f"run-{scheme}", scheme=scheme) for scheme in ("alibi", "t5")),
    *(_run(f"run-half-{scheme}", scheme=scheme, task="copy_half") for scheme in ("alibi", "t5")),
    # A key further back: the copy task with the answer 20 places back instead of 3.
    *(_run(f"run-far-{scheme}", scheme=scheme, offset=FAR_OFFSET) for scheme in FAR_SCHEMES),
]
# The same seeds trained on, past the rule's stop, to a common number of steps: does what
# they do past the training length drift after they met the target?
_BY_NAME = {r.name: r for r in RUNS}
RUNS += [Artifact(f"{name}-trained-on", "run", "runs:train",
                  {**_BY_NAME[name].params, "target_loss": 0.0, "patience": 0,
                   "steps": TRAINED_ON_STEPS}) for name in TRAINED_ON]

#: Which runs each experiment compares, in the order its figure and tables list them.
SCHEMES = ("run-sinusoidal", "run-learned", "run-rotary", "run-none")
WITH_POSITIONS = ("run-sinusoidal", "run-learned", "run-rotary")
MASKS = ("run-none", "run-none-bidirectional")
COMBINES = ("run-sinusoidal-sum-half", "run-sinusoidal-concat")
SHAPE = ("run-sinusoidal", "run-sinusoidal-shape", "run-sinusoidal-shape-small", "run-rotary")
#: Trained at sorted random positions (Ruoss et al.), tested three ways.
RANDOM = ("run-sinusoidal-random", "run-rotary-random")
#: The same, each after its control (consecutive positions, the same task); the sinusoidal
#: pair with SHAPE's offsets between them (every test position seen, no random gaps).
RANDOM_CONTROLLED = ("run-sinusoidal-offset-1", "run-sinusoidal-shape-offset-1",
                     "run-sinusoidal-random", "run-rotary-offset-1", "run-rotary-random")
BASES = tuple(f"run-{scheme}-base-{base}" for scheme in ("sinusoidal", "rotary")
              for base in (5, 100, 1000, 100000)) + ("run-sinusoidal", "run-rotary")
#: The schemes that bias the attention scores instead of adding a vector (ALiBi, T5).
BIAS = ("run-alibi", "run-t5")
#: Every scheme on the copy task, for the comparisons beyond the training length.
EXTRAPOLATED = SCHEMES + BIAS
PLACED = WITH_POSITIONS + BIAS
HALF = tuple(f"run-half-{scheme}"
             for scheme in ("sinusoidal", "learned", "rotary", "none", "alibi", "t5"))
#: Each run that met the target beside the same seeds trained on.
DRIFT = tuple(name for base in TRAINED_ON[:2] for name in (base, f"{base}-trained-on"))
#: Sum and concatenation where the rule stopped them, then both trained on.
COMBINES_TRAINED_ON = COMBINES + tuple(f"{name}-trained-on" for name in COMBINES)
#: The copy task with the answer further back (``offset`` 20 instead of 3).
FAR = tuple(f"run-far-{scheme}" for scheme in FAR_SCHEMES)
TRAINABLE = ("run-sinusoidal", "run-learned-from-sinusoidal", "run-learned")
SLIP = ("run-sinusoidal", "run-sinusoidal-column-exponent")
WIDTHS = ("run-sinusoidal-d16", "run-sinusoidal", "run-sinusoidal-d64", "run-sinusoidal-scaled")
COMBINES_VARIED = COMBINES + ("run-sinusoidal-sum-half-d64", "run-sinusoidal-concat-d64",
                              "run-sinusoidal-sum-half-scaled", "run-sinusoidal-concat-scaled")
TEXT = tuple(f"run-text-{scheme}" for scheme in TEXT_SCHEMES)
ALL_RUNS = tuple(r.name for r in RUNS)

LENGTHS = {"train_length": RUN_COMMON["train_length"], "eval_length": RUN_COMMON["eval_length"]}


#: The runs are declared here, once, for every experiments page (``experiments_length.py``
#: and ``experiments_inside.py`` declare their figures and tables); this page shows the
#: settings every run recorded and computes the numbers all the pages quote.
ARTIFACTS = RUNS + [
    table("exp-settings", "results.tables:shared_settings", needs=ALL_RUNS),
    table("exp-environment", "results.tables:environment", needs=ALL_RUNS),
    table("exp-runs", "results.tables:run_settings", needs=ALL_RUNS),
    table("exp-convergence", "results.tables:convergence", needs=ALL_RUNS),
    Artifact("experiment-numbers", "numbers", "results.numbers:compute", needs=ALL_RUNS),
]


#: The numbers from the runs this page quotes as {{ pe:NAME }}, each name written out so that
#: grep finds it here. ``results/numbers.py`` computes them, with many more, into
#: ``numbers/experiment-numbers.json``: ``exp_<setting>`` for what every run shares, and
#: ``exp_<run>_<measurement>[_<depth or shift>][_untrained][_low|_high]`` per run (``<run>`` is
#: the run's name without ``run-``, hyphens as underscores), a mean over the seeds with its
#: lowest and highest seed. tests/docs/test_docs_numbers.py requires every ``exp_`` name a
#: page quotes to be listed here.
NUMBERS_FROM_RUNS: tuple[str, ...] = (
    "exp_batch",
    "exp_sign_test_p",
    "exp_sign_test_one_in",
    "exp_sinusoidal_random_rand_acc_beyond",
    "exp_chance",
    "exp_check_every",
    "exp_d_model",
    "exp_double_length",
    "exp_fewest_steps",
    "exp_heads",
    "exp_last_double",
    "exp_last_eval",
    "exp_layers",
    "exp_learned_acc_to_double",
    "exp_min_gain_percent",
    "exp_most_steps",
    "exp_none_final_loss",
    "exp_none_stopped_cap",
    "exp_offset",
    "exp_patience",
    "exp_patience_steps",
    "exp_gain_steps",
    "exp_plateau_solved",
    "exp_plateau_nearly",
    "exp_nearly_solved_accuracy",
    "exp_plateau_unsolved",
    "exp_plateau_unsolved_gain_max_percent",
    "exp_placed_scored_from",
    "exp_seeds_stopped_cap_text",
    "exp_seeds_stopped_cap_trained_on",
    "exp_solved_accuracy",
    "exp_rotary_acc_to_double",
    "exp_runs",
    "exp_seeds",
    "exp_seeds_all",
    "exp_seeds_stopped_cap",
    "exp_seeds_stopped_plateau",
    "exp_seeds_stopped_target",
    "exp_shift_seen_changed_max",
    "exp_shift_seen_changed_untrained_min",
    "exp_sinusoidal_acc_to_double",
    "exp_sinusoidal_base_100000_base",
    "exp_sinusoidal_base_100_base",
    "exp_sinusoidal_base_5_base",
    "exp_sinusoidal_concat_acc_to_double",
    "exp_sinusoidal_long_32",
    "exp_sinusoidal_parameters",
    "exp_sinusoidal_placed_32",
    "exp_sinusoidal_shape_acc_beyond",
    "exp_sinusoidal_steps_trained",
    "exp_sinusoidal_steps_trained_high",
    "exp_sinusoidal_steps_trained_low",
    "exp_sinusoidal_sum_half_acc_to_double",
    "exp_steps",
    "exp_target_loss",
    "exp_target_checks",
    "exp_train_length",
    "exp_vocab",
    "exp_sinusoidal_offset_1_acc_beyond",
    "exp_sinusoidal_offset_1_acc_trained",
    "exp_sinusoidal_random_acc_beyond",
    "exp_sinusoidal_random_steps",
)
