"""docs/experiments-length.md: Experiments: beyond the training length.

Everything this page shows that the pipeline makes is declared here; the training runs
it compares are declared once, in ``experiments.py`` (see ``scripts/artifacts/pages/__init__.py``
for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.pages.experiments import (
    BASES,
    DRIFT,
    EXTRAPOLATED,
    FAR,
    FAR_OFFSET,
    HALF,
    LENGTHS,
    PLACED,
    RANDOM,
    RANDOM_CONTROLLED,
    SHAPE,
)
from scripts.artifacts.registry import figure, table

PAGE = "experiments-length.md"

ARTIFACTS = [
    figure(
        "exp-extrapolation", "experiments:extrapolation", needs=EXTRAPOLATED, interpolate=True,
        alt="Two line plots of the accuracy of the copy task at each of $eval_length "
            "tokens, one line per position scheme (sinusoidal, learned, rotary, none, ALiBi, "
            "T5 bias) with a "
            "band over the seeds. Left: positions 0 to $last, with a vertical line at the "
            "training length $train_length. Right: the same sequences with positions scaled "
            "into the trained range. The numbers are in the table above the figure.",
        caption=r"Accuracy at each token of sequences of $eval_length, for models trained "
                r"on $train_length. Left: positions \(0 \ldots ${last}\); right of the "
                r"dashed line the models never saw these positions. Right panel: positions "
                r"scaled by $train_length/$eval_length into the trained range (position "
                r"interpolation, without fine-tuning). Lines: mean over the seeds; bands: "
                r"lowest to highest seed. Dotted: chance.",
        derived=lambda p: {"last": p["eval_length"] - 1}, **LENGTHS),
    figure(
        "exp-bases", "experiments:bases", needs=BASES,
        alt="Two plots of accuracy against the base, on a logarithmic axis, for sinusoidal "
            "and rotary models: inside the training length, and "
            "over the $train_length positions after it. The numbers are in the table below.",
        caption=r"The base of the frequencies, swept: accuracy inside the training length "
                r"(left) and over the next $train_length positions (right); mean over the "
                r"seeds with bars from lowest to highest. Dotted: chance.",
        **LENGTHS),
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
        derived=lambda p: {"last": p["eval_length"] - 1}, **LENGTHS),
    table("exp-extrapolation-results", "results.tables:extrapolation", needs=EXTRAPOLATED),
    table("exp-placement-results", "results.tables:placement", needs=PLACED),
    table("exp-capped-results", "results.tables:capped", needs=EXTRAPOLATED),
    table("exp-drift-results", "results.tables:extrapolation", needs=DRIFT),
    table("exp-shape-results", "results.tables:extrapolation", needs=SHAPE),
    table("exp-shape-placement-results", "results.tables:placement", needs=SHAPE),
    table("exp-random-controlled-results", "results.tables:extrapolation",
          needs=RANDOM_CONTROLLED, by_name=True),
    table("exp-random-results", "results.tables:random_positions", needs=RANDOM),
    table("exp-bases-results", "results.tables:bases", needs=BASES),
    table("exp-half-results", "results.tables:extrapolation", needs=HALF),
    table("exp-half-speed", "results.tables:speed", needs=HALF),
    figure(
        "exp-far", "experiments:extrapolation", needs=FAR,
        alt="Line plot of the accuracy of the copy task with the answer $offset places back, "
            "at each position $offset to $last, one line per position scheme, with a "
            "vertical line at the training length $train_length. The numbers are in the "
            "table below the figure.",
        caption=r"The key further back: the answer at position \(i\) is the token at "
                r"\(i - ${offset}\). Accuracy at each position, trained on $train_length; "
                r"mean over the seeds, band from lowest to highest. Dotted: chance.",
        derived=lambda p: {"last": p["eval_length"] - 1, "offset": FAR_OFFSET}, **LENGTHS),
    table("exp-far-results", "results.tables:extrapolation", needs=FAR),
]


#: Integers the prose types that are not results: cited settings of the published models.
ALLOWED_NUMBERS: dict[int, str] = {
    8: "ALiBi's slope formula 2^(-8h/H), and the paper's example of 8 heads (Press et al.)",
}


#: The numbers from the runs this page quotes (and no other experiments page declares);
#: see ``experiments.py`` for how they are named.
NUMBERS_FROM_RUNS: tuple[str, ...] = (
    "exp_sinusoidal_random_range_ratio",
    "exp_alibi_acc_beyond",
    "exp_alibi_acc_to_double",
    "exp_alibi_acc_trained",
    "exp_alibi_slopes",
    "exp_half_none_stopped_cap",
    "exp_sinusoidal_capped_beyond",
    "exp_sinusoidal_capped_32_second",
    "exp_sinusoidal_long_32_second",
    "exp_sinusoidal_placed_32_second",
    "exp_sinusoidal_long_32_first",
    "exp_sinusoidal_placed_32_first",
    "exp_alibi_stopped_cap",
    "exp_eval_length",
    "exp_far_bucket_first",
    "exp_far_bucket_last",
    "exp_far_learned_acc_trained",
    "exp_far_offset",
    "exp_far_rotary_acc_to_double",
    "exp_far_rotary_acc_trained",
    "exp_far_sinusoidal_acc_trained",
    "exp_far_sinusoidal_attn_best_next2",
    "exp_far_sinusoidal_steps_trained",
    "exp_far_t5_acc_to_double",
    "exp_far_t5_acc_trained",
    "exp_far_t5_attn_best",
    "exp_far_t5_attn_best_next2",
    "exp_far_t5_attn_best_next2_untrained",
    "exp_rotary_base_5_acc_beyond_low",
    "exp_t5_last_bucket_first",
    "exp_far_learned_attn_best_next2",
    "exp_far_rotary_attn_best_next2",
    "exp_far_t5_steps_trained",
    "exp_full_turn_last",
    "exp_half_alibi_acc_trained",
    "exp_half_alibi_stopped_cap",
    "exp_half_learned_acc_trained",
    "exp_half_none_acc_trained",
    "exp_half_rotary_acc_trained",
    "exp_half_rotary_stopped_cap",
    "exp_half_sinusoidal_acc_trained",
    "exp_half_sinusoidal_interp_all",
    "exp_half_t5_acc_trained",
    "exp_half_t5_stopped_cap",
    "exp_interp_scale",
    "exp_last_shift",
    "exp_t5_steps_trained",
    "exp_learned_capped_to_double",
    "exp_new_angle_first",
    "exp_new_angle_last",
    "exp_none_acc_trained",
    "exp_pairs",
    "exp_rotary_acc_beyond",
    "exp_rotary_acc_beyond_high",
    "exp_rotary_acc_beyond_low",
    "exp_rotary_capped_beyond",
    "exp_rotary_random_acc_trained",
    "exp_rotary_random_rand_placed",
    "exp_sinusoidal_base",
    "exp_sinusoidal_base_1000_base",
    "exp_sinusoidal_base_5_acc_to_double",
    "exp_sinusoidal_base_100000_acc_to_double",
    "exp_sinusoidal_base_5_full_turns",
    "exp_sinusoidal_capped_to_double",
    "exp_sinusoidal_full_turns",
    "exp_sinusoidal_random_acc_trained",
    "exp_sinusoidal_random_max_position",
    "exp_sinusoidal_random_rand_placed",
    "exp_sinusoidal_random_rand_placed_untrained",
    "exp_sinusoidal_shape_acc_beyond_high",
    "exp_sinusoidal_shape_acc_beyond_low",
    "exp_sinusoidal_shape_small_acc_beyond",
    "exp_sinusoidal_shape_small_acc_to_double",
    "exp_sinusoidal_shape_small_seen_last",
    "exp_sinusoidal_shape_small_train_offset",
    "exp_sinusoidal_shape_train_offset",
    "exp_slowest_turn",
    "exp_t5_acc_beyond",
    "exp_t5_acc_to_double",
    "exp_t5_acc_trained",
    "exp_t5_buckets",
    "exp_t5_exact_last",
    "exp_t5_long_96",
    "exp_t5_max_distance",
    "exp_t5_placed_96",
    "exp_rotary_offset_1_acc_beyond",
    "exp_rotary_offset_1_acc_beyond_high",
    "exp_rotary_offset_1_acc_beyond_low",
    "exp_rotary_offset_1_acc_trained",
    "exp_rotary_random_acc_beyond",
    "exp_rotary_random_acc_beyond_high",
    "exp_rotary_random_acc_beyond_low",
    "exp_rotary_random_steps_trained_high",
    "exp_rotary_random_steps_trained_low",
    "exp_sinusoidal_random_acc_beyond_high",
    "exp_sinusoidal_random_acc_beyond_low",
    "exp_sinusoidal_random_offset",
    "exp_sinusoidal_random_steps_trained_high",
    "exp_sinusoidal_random_steps_trained_low",
    "exp_half_rotary_reached_1_high",
    "exp_half_rotary_reached_1_low",
    "exp_half_sinusoidal_reached_2_high",
    "exp_speed_level_1",
    "exp_speed_level_2",
    "exp_rotary_trained_on_acc_beyond",
    "exp_t5_trained_on_acc_beyond",
    "exp_t5_trained_on_steps",
    "exp_alibi_acc_last_quarter",
    "exp_last_quarter_first",
    "exp_sinusoidal_shape_offset_1_train_offset",
    "exp_sinusoidal_shape_offset_1_acc_beyond",
    "exp_sinusoidal_shape_offset_1_acc_beyond_low",
    "exp_sinusoidal_shape_offset_1_acc_beyond_high",
    "exp_sinusoidal_shape_offset_1_reached_2_low",
    "exp_sinusoidal_shape_offset_1_reached_2_high",
    "exp_sinusoidal_random_reached_2_low",
    "exp_sinusoidal_random_reached_2_high",
    "exp_sinusoidal_shape_offset_1_acc_trained",
    "exp_half_beyond_best",
    "exp_half_sinusoidal_interp_trained",
    "exp_far_t5_attn_best_outside2",
    "exp_sinusoidal_base_5_acc_beyond",
    "exp_sinusoidal_shape_offset_1_rand_placed",
)
