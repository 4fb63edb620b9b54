"""docs/experiments-changes.md: Experiments: when the encoding changes.

Everything this page shows that the pipeline makes is declared here; the training runs it
compares are declared once, in ``experiments.py`` (see ``scripts/artifacts/pages/__init__.py``
for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.pages.experiments import (
    COMBINES,
    COMBINES_TRAINED_ON,
    COMBINES_VARIED,
    LENGTHS,
    SLIP,
    TRAINABLE,
    WIDTHS,
)
from scripts.artifacts.registry import figure, table

PAGE = "experiments-changes.md"

#: Training steps at which the tables give the loss (a seed that met the convergence
#: rule earlier has none there, and the table says so).
LOSS_STEPS = [50, 100, 200, 300, 600]
#: The steps at which the prose compares the slip's loss with the paper's (its claim
#: checks read the same steps).
EARLY, LATE = 50, 300

#: Integers the prose types, and why they are not results.
ALLOWED_NUMBERS: dict[int, str] = {
    EARLY: "input: the training step at which the prose reads the loss first",
    LATE: "input: the training step at which the prose reads the loss again",
}

ARTIFACTS = [
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
        derived=lambda p: {"last": p["eval_length"] - 1}, **LENGTHS),
    table("exp-sum-concat-results", "results.tables:sum_concat", needs=COMBINES_VARIED),
    table("exp-sum-concat-trained-on", "results.tables:extrapolation",
          needs=COMBINES_TRAINED_ON),
    table("exp-width-results", "results.tables:extrapolation", needs=WIDTHS),
    table("exp-trainable-results", "results.tables:extrapolation", needs=TRAINABLE),
    table("exp-trainable-losses", "results.tables:losses", needs=TRAINABLE, steps=LOSS_STEPS),
    table("exp-trainable-movement", "results.tables:table_movement",
          needs=("run-learned-from-sinusoidal", "run-learned")),
    table("exp-slip-losses", "results.tables:losses", needs=SLIP, steps=LOSS_STEPS),
    table("exp-slip-results", "results.tables:extrapolation", needs=SLIP),
]

#: The numbers from the runs this page quotes (and no other experiments page declares);
#: see ``experiments.py`` for how they are named.
NUMBERS_FROM_RUNS: tuple[str, ...] = (
    "exp_sinusoidal_concat_acc_beyond",
    "exp_sinusoidal_concat_acc_to_double_high",
    "exp_sinusoidal_concat_acc_to_double_low",
    "exp_sinusoidal_concat_d64_acc_to_double",
    "exp_sinusoidal_concat_d64_d_model",
    "exp_sinusoidal_concat_d64_d_position",
    "exp_sinusoidal_concat_d_position",
    "exp_sinusoidal_concat_scaled_acc_to_double",
    "exp_sinusoidal_sum_half_acc_beyond",
    "exp_sinusoidal_sum_half_acc_to_double_high",
    "exp_sinusoidal_sum_half_acc_to_double_low",
    "exp_sinusoidal_sum_half_d64_acc_to_double",
    "exp_sinusoidal_sum_half_scaled_acc_to_double",
    "exp_sinusoidal_sum_half_scaled_stopped_plateau",
    "exp_learned_from_sinusoidal_acc_to_double",
    "exp_learned_from_sinusoidal_table_moved",
    "exp_learned_from_sinusoidal_table_moved_high",
    "exp_learned_from_sinusoidal_table_moved_low",
    "exp_sinusoidal_acc_beyond",
    "exp_sinusoidal_column_exponent_acc_to_double",
    "exp_sinusoidal_column_exponent_acc_trained",
    "exp_sinusoidal_column_exponent_acc_trained_low",
    "exp_sinusoidal_column_exponent_loss_300",
    "exp_sinusoidal_column_exponent_loss_50",
    "exp_sinusoidal_column_exponent_steps_trained",
    "exp_sinusoidal_d16_d_model",
    "exp_d_mlp",
    "exp_sinusoidal_d16_pairs",
    "exp_sinusoidal_pairs",
    "exp_sinusoidal_d64_pairs",
    "exp_sinusoidal_d16_head_width",
    "exp_sinusoidal_head_width",
    "exp_sinusoidal_d64_head_width",
    "exp_sinusoidal_d16_mlp_ratio",
    "exp_sinusoidal_mlp_ratio",
    "exp_sinusoidal_d64_mlp_ratio",
    "exp_sinusoidal_d64_acc_beyond",
    "exp_sinusoidal_d64_d_model",
    "exp_sinusoidal_loss_300",
    "exp_sinusoidal_loss_50",
    "exp_sinusoidal_scaled_acc_trained",
    "exp_sinusoidal_scaled_acc_trained_high",
    "exp_sinusoidal_column_exponent_stopped_target",
    "exp_sinusoidal_scaled_steps_trained",
    "exp_sinusoidal_scaled_stopped_cap",
    "exp_sqrt_d_model",
    "exp_sinusoidal_concat_d64_steps_trained",
    "exp_sinusoidal_concat_steps_trained",
    "exp_sinusoidal_sum_half_d64_steps_trained",
    "exp_sinusoidal_sum_half_steps_trained",
    "exp_sinusoidal_concat_trained_on_acc_beyond",
    "exp_sinusoidal_concat_trained_on_steps",
    "exp_sinusoidal_sum_half_trained_on_acc_beyond",
)
