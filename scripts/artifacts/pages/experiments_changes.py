"""docs/experiments-changes.md: Experiments: when the encoding changes.

Everything this page shows that the pipeline makes is declared here; the training runs it
compares are declared once, in ``experiments.py`` (see ``scripts/artifacts/pages/__init__.py``
for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.pages.experiments import SLIP, TRAINABLE, WIDTHS
from scripts.artifacts.registry import table

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
    "exp_sinusoidal_d64_acc_beyond",
    "exp_sinusoidal_d64_d_model",
    "exp_sinusoidal_loss_300",
    "exp_sinusoidal_loss_50",
    "exp_sinusoidal_scaled_acc_trained",
    "exp_sinusoidal_scaled_acc_trained_low",
    "exp_sinusoidal_scaled_steps_trained",
    "exp_sinusoidal_scaled_stopped_cap",
    "exp_sqrt_d_model",
)
