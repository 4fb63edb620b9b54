"""docs/experiments-inside.md: Experiments: inside the model.

Everything this page shows that the pipeline makes is declared here; the training runs
it compares are declared once, in ``experiments.py`` (see ``scripts/artifacts/pages/__init__.py``
for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.pages.experiments import (
    LENGTHS,
    MASKS,
    SCHEMES,
    WITH_POSITIONS,
)
from scripts.artifacts.registry import Artifact, figure, table

PAGE = "experiments-inside.md"


def _seeds(name: str, view: str, needs: tuple[str, ...], what: str, rows: str) -> Artifact:
    """The per-seed figure beside a results table (``view``: which of its columns)."""
    return figure(
        name, "experiments:seeds", needs=needs, view=view, what=what, rows=rows, level=95,
        alt="Dot plots of every seed's $what, one row per $rows: a filled dot per seed, "
            "and below it the mean with its $level % confidence interval, cut at 0 and 1; "
            "where shown, hollow "
            "dots are the same models before training. The numbers are in the table beside "
            "it.",
        caption=r"Every seed's $what, one row per $rows. Dots: one per seed; bar: "
                r"the mean with its $level % confidence interval (Student's t over the seeds, "
                r"cut at 0 and 1, the range of a share, which the t interval ignores); "
                r"hollow grey dots, where shown: the same models before training.")


ARTIFACTS = [
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
        derived=lambda p: {"shown_last": p["shown"] - 1}, **LENGTHS),
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
        **LENGTHS),
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
        derived=lambda p: {"last": p["train_length"] - 1}, **LENGTHS),
    # Every seed of the shift test's answers, in place of the whole-sequence line plot
    # (exp-offsets, its numbers in the table): the page was at its 300 KiB budget before the
    # split, so the other views of experiments:seeds (windows, placement, attention, probe)
    # are not shown.
    _seeds("exp-shift-seeds", "shift", ("run-sinusoidal", "run-learned"),
           "share of answers changed by the shift", "model and shift"),
    table("exp-shift-split-results", "results.tables:shift_split", needs=WITH_POSITIONS),
    table("exp-offsets-results", "results.tables:offsets", needs=WITH_POSITIONS),
    table("exp-attention-offset-results", "results.tables:attention_by_offset", needs=SCHEMES),
    table("exp-ablation-results", "results.tables:ablation", needs=WITH_POSITIONS),
    table("exp-ablation-untrained", "results.tables:ablation", needs=WITH_POSITIONS,
          untrained=True),
    table("exp-probe-results", "results.tables:probe", needs=SCHEMES),
    table("exp-causal-mask-results", "results.tables:probe", needs=MASKS),
]


#: The numbers from the runs this page quotes (and no other experiments page declares);
#: see ``experiments.py`` for how they are named.
NUMBERS_FROM_RUNS: tuple[str, ...] = (
    "exp_ablation_elsewhere_mean_cost_max",
    "exp_ablation_elsewhere_weight_max",
    "exp_ablation_elsewhere_zeroed_cost_max",
    "exp_attn_even",
    "exp_last_trained",
    "exp_learned_mean_ablation_copy",
    "exp_learned_weight_cost_rank",
    "exp_learned_attn_best",
    "exp_learned_attn_best_untrained",
    "exp_learned_probe_2",
    "exp_learned_probe_2_untrained",
    "exp_learned_probe_ridge_2",
    "exp_learned_probe_ridge_2_untrained",
    "exp_none_probe_2_untrained",
    "exp_none_probe_at_0",
    "exp_none_probe_at_0_untrained",
    "exp_none_probe_precision_0",
    "exp_none_probe_precision_0_untrained",
    "exp_none_probe_embed_precision_0_untrained",
    "exp_none_bidirectional_probe_precision_0_untrained_high",
    "exp_none_probe_embed_at_0_untrained",
    "exp_none_bidirectional_probe_at_0_untrained_high",
    "exp_none_probe_r2_1",
    "exp_none_probe_r2_1_untrained",
    "exp_none_probe_r2_2_untrained",
    "exp_none_probe_sq_r2_1",
    "exp_none_probe_sq_r2_1_untrained",
    "exp_none_probe_sq_r2_2",
    "exp_none_probe_sq_r2_2_untrained",
    "exp_probe_chance",
    "exp_rotary_mean_ablation_copy",
    "exp_rotary_weight_cost_rank",
    "exp_rotary_attn_best",
    "exp_sinusoidal_attn_best_beside_high",
    "exp_learned_attn_best_beside_high",
    "exp_rotary_attn_best_beside_high",
    "exp_rotary_attn_best_untrained",
    "exp_rotary_probe_r2_2",
    "exp_rotary_probe_sq_r2_1",
    "exp_rotary_probe_sq_r2_1_untrained",
    "exp_rotary_probe_sq_r2_2",
    "exp_rotary_probe_sq_r2_2_untrained",
    "exp_shift_beyond_changed_max",
    "exp_shift_half_seen_changed_min",
    "exp_shift_half_seen_changed_max",
    "exp_shift_seen_attn_copy_min",
    "exp_shift_seen_attn_copy_max",
    "exp_shift_seen_attn_copy_min_untrained",
    "exp_shift_seen_attn_copy_max_untrained",
    "exp_shift_seen_attn_other_min",
    "exp_shift_seen_attn_other_max",
    "exp_shift_seen_attn_other_min_untrained",
    "exp_shift_seen_attn_other_max_untrained",
    "exp_shift_beyond_changed_min",
    "exp_shift_seen_acc_min",
    "exp_shift_seen_tv_max",
    "exp_shift_seen_tv_untrained_min",
    "exp_sinusoidal_mean_ablation_copy",
    "exp_sinusoidal_ablation_intact",
    "exp_sinusoidal_attn_1_high",
    "exp_sinusoidal_attn_1_low",
    "exp_sinusoidal_attn_2_high",
    "exp_sinusoidal_attn_2_low",
    "exp_sinusoidal_copy_block_2",
    "exp_sinusoidal_attn_best",
    "exp_sinusoidal_attn_best_untrained",
    "exp_sinusoidal_probe_1",
    "exp_sinusoidal_probe_1_untrained",
    "exp_sinusoidal_probe_2",
    "exp_sinusoidal_probe_2_untrained",
    "exp_sinusoidal_probe_2_lower_seeds",
    "exp_sinusoidal_probe_1_lower_seeds",
    "exp_sinusoidal_probe_ridge_2_lower_seeds",
    "exp_sinusoidal_probe_r2_2",
    "exp_sinusoidal_probe_r2_2_untrained",
    "exp_sinusoidal_probe_ridge_2",
    "exp_sinusoidal_probe_ridge_2_untrained",
    "exp_sinusoidal_probe_sq_2",
    "exp_sinusoidal_probe_sq_2_untrained",
    "exp_block_other_mean_min",
    "exp_learned_block_copy_mean",
    "exp_learned_block_copy_mean_high",
    "exp_learned_block_copy_mean_low",
    "exp_rotary_block_copy_mean",
    "exp_sinusoidal_block_copy_mean",
)
