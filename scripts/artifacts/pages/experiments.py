"""docs/experiments.md: Experiments: positions inside a small trained model.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from typing import Any

from scripts.artifacts.registry import Artifact, figure, table

PAGE = "experiments.md"


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


def _seeds(name: str, view: str, needs: tuple[str, ...], what: str, rows: str) -> Artifact:
    """The per-seed figure beside a results table (``view``: which of its columns)."""
    return figure(
        name, "experiments:seeds", needs=needs, view=view, what=what, rows=rows, level=95,
        alt="Dot plots of every seed's $what, one row per $rows: a filled dot per seed, "
            "and below it the mean with its $level % confidence interval; where shown, hollow "
            "dots are the same models before training. The numbers are in the table beside "
            "it.",
        caption=r"Every seed's $what, one row per $rows. Dots: one per seed; bar: "
                r"the mean with its $level % confidence interval (Student's t over the seeds); "
                r"hollow grey dots, where shown: the same models before training.")


ARTIFACTS = RUNS + [
    figure(
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
    figure(
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
    figure(
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
    figure(
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
    figure(
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
    figure(
        "exp-bases", "experiments:bases", needs=BASES,
        alt="Two plots of accuracy against the base, on a logarithmic axis, for sinusoidal "
            "and rotary models: inside the training length, and "
            "over the $train_length positions after it. The numbers are in the table below.",
        caption=r"The base of the frequencies, swept: accuracy inside the training length "
                r"(left) and over the next $train_length positions (right); mean over the "
                r"seeds with bars from lowest to highest. Dotted: chance.",
        **_LENGTHS),
    figure(
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
    # Every seed of the shift test's answers, in place of the whole-sequence line plot
    # (exp-offsets, its numbers in the table): the page is at its 300 KiB budget, so the
    # other views of experiments:seeds (windows, placement, attention, probe) are not shown.
    _seeds("exp-shift-seeds", "shift", ("run-sinusoidal", "run-learned"),
           "share of answers changed by the shift", "model and shift"),
    table("exp-settings", "results.tables:shared_settings", needs=ALL_RUNS),
    table("exp-environment", "results.tables:environment", needs=ALL_RUNS),
    table("exp-shift-split-results", "results.tables:shift_split", needs=WITH_POSITIONS),
    table("exp-runs", "results.tables:run_settings", needs=ALL_RUNS),
    table("exp-extrapolation-results", "results.tables:extrapolation", needs=SCHEMES),
    table("exp-placement-results", "results.tables:placement", needs=WITH_POSITIONS),
    table("exp-shape-results", "results.tables:extrapolation", needs=SHAPE),
    table("exp-shape-placement-results", "results.tables:placement", needs=SHAPE),
    table("exp-bases-results", "results.tables:bases", needs=BASES),
    table("exp-offsets-results", "results.tables:offsets", needs=WITH_POSITIONS),
    table("exp-attention-offset-results", "results.tables:attention_by_offset", needs=SCHEMES),
    table("exp-probe-results", "results.tables:probe", needs=SCHEMES),
    table("exp-causal-mask-results", "results.tables:probe", needs=MASKS),
    table("exp-sum-concat-results", "results.tables:sum_concat", needs=COMBINES),
    table("exp-half-results", "results.tables:extrapolation", needs=HALF),
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
    "exp_attn_even",
    "exp_chance",
    "exp_d_model",
    "exp_double_length",
    "exp_early_step",
    "exp_eval_length",
    "exp_full_turn_last",
    "exp_half_learned_acc_trained",
    "exp_half_none_acc_trained",
    "exp_half_rotary_acc_trained",
    "exp_half_rotary_final_loss",
    "exp_half_sinusoidal_acc_trained",
    "exp_half_sinusoidal_interp_all",
    "exp_heads",
    "exp_interp_scale",
    "exp_last_double",
    "exp_last_eval",
    "exp_last_trained",
    "exp_layers",
    "exp_learned_acc_to_double",
    "exp_learned_attn_best",
    "exp_learned_attn_best_untrained",
    "exp_learned_probe_2",
    "exp_learned_probe_2_untrained",
    "exp_new_angle_first",
    "exp_new_angle_last",
    "exp_none_acc_trained",
    "exp_none_final_loss",
    "exp_none_probe_2_untrained",
    "exp_none_probe_at_0",
    "exp_none_probe_at_0_untrained",
    "exp_none_probe_r2_1",
    "exp_none_probe_r2_1_untrained",
    "exp_offset",
    "exp_pairs",
    "exp_probe_chance",
    "exp_rotary_acc_to_double",
    "exp_rotary_attn_best",
    "exp_rotary_attn_best_untrained",
    "exp_rotary_probe_r2_2",
    "exp_runs",
    "exp_seeds",
    "exp_shift_beyond_changed_max",
    "exp_shift_beyond_changed_min",
    "exp_shift_seen_acc_min",
    "exp_shift_seen_changed_max",
    "exp_shift_seen_changed_untrained_min",
    "exp_shift_seen_tv_max",
    "exp_shift_seen_tv_untrained_min",
    "exp_sinusoidal_acc_to_double",
    "exp_sinusoidal_attn_best",
    "exp_sinusoidal_attn_best_untrained",
    "exp_sinusoidal_base",
    "exp_sinusoidal_base_100000_base",
    "exp_sinusoidal_base_1000_base",
    "exp_sinusoidal_base_100_base",
    "exp_sinusoidal_concat_acc_to_double",
    "exp_sinusoidal_concat_acc_to_double_high",
    "exp_sinusoidal_concat_acc_to_double_low",
    "exp_sinusoidal_concat_d_position",
    "exp_sinusoidal_final_loss",
    "exp_sinusoidal_long_32",
    "exp_sinusoidal_loss_200_high",
    "exp_sinusoidal_loss_200_low",
    "exp_sinusoidal_placed_32",
    "exp_sinusoidal_probe_2",
    "exp_sinusoidal_probe_2_untrained",
    "exp_sinusoidal_probe_r2_2",
    "exp_sinusoidal_probe_ridge_2",
    "exp_sinusoidal_probe_ridge_2_untrained",
    "exp_sinusoidal_probe_r2_2_untrained",
    "exp_sinusoidal_shape_acc_beyond",
    "exp_sinusoidal_shape_train_offset",
    "exp_sinusoidal_sum_half_acc_to_double",
    "exp_sinusoidal_sum_half_acc_to_double_high",
    "exp_sinusoidal_sum_half_acc_to_double_low",
    "exp_slowest_turn",
    "exp_steps",
    "exp_sweep_seeds",
    "exp_train_length",
    "exp_vocab",
)
