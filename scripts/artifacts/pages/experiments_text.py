"""docs/experiments-text.md: Experiments: real text.

Everything this page shows that the pipeline makes is declared here; the training runs it
compares are declared once, in ``experiments.py`` (``TEXT``; see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define). Another
scheme joins the comparison by being named in ``experiments.TEXT_SCHEMES``.
"""

from __future__ import annotations

from scripts.artifacts.pages.experiments import LENGTHS, TEXT
from scripts.artifacts.registry import figure, table

PAGE = "experiments-text.md"

#: Integers the prose types, and why they are not results.
ALLOWED_NUMBERS: dict[int, str] = {
    256: "name: SHA-256, the hash function of the text's digest",
}

ARTIFACTS = [
    figure(
        "exp-text-loss", "experiments:text_loss", needs=TEXT,
        alt="Line plot of the held-out loss of next-character prediction, in nats per "
            "character, at each position 0 to $last of windows of Python source, one line "
            "per position scheme (sinusoidal, learned, rotary, none) with a band over the "
            "seeds, a vertical line at the training length $train_length, and horizontal "
            "reference lines for the untrained models and for unigram and bigram counts. "
            "The numbers are in the table below the figure.",
        caption=r"Loss on held-out Python source at each position of windows of "
                r"$eval_length characters, for models trained on windows of $train_length. "
                r"Right of the dashed line the models never saw these positions. Lines: "
                r"mean over the seeds; bands: lowest to highest seed. Dotted: the "
                r"untrained models (mean of every run and seed), and the unigram and "
                r"bigram count models fitted on the training text.",
        derived=lambda p: {"last": p["eval_length"] - 1}, **LENGTHS),
    table("exp-text-losses", "results.tables:text_losses", needs=TEXT),
    table("exp-text-corpus", "results.tables:text_corpus", needs=TEXT),
]

#: The numbers from the runs this page quotes (and no other experiments page declares);
#: see ``experiments.py`` for how they are named (``exp_text_<setting>`` for what every text
#: run shares: the text's Python version, digest, sizes and the count baselines).
NUMBERS_FROM_RUNS: tuple[str, ...] = (
    "exp_text_bigram_loss",
    "exp_text_bigram_scored_trained",
    "exp_text_bigram_scored_first",
    "exp_text_bigram_scored_beyond",
    "exp_text_unigram_scored_beyond",
    "exp_text_digest_short",
    "exp_text_eval_batch",
    "exp_text_fall_errors_min",
    "exp_text_fall_steps",
    "exp_text_learned_loss_beyond",
    "exp_text_learned_loss_to_double",
    "exp_text_rotary_loss_to_double",
    "exp_text_sinusoidal_loss_to_double",
    "exp_text_learned_loss_trained",
    "exp_text_none_loss_beyond",
    "exp_text_none_loss_trained",
    "exp_text_none_steps_trained_high",
    "exp_text_none_steps_trained_low",
    "exp_text_python",
    "exp_text_rotary_loss_beyond",
    "exp_text_rotary_loss_trained",
    "exp_text_sinusoidal_loss_beyond",
    "exp_text_sinusoidal_loss_first",
    "exp_text_sinusoidal_loss_trained",
    "exp_text_sinusoidal_loss_trained_untrained",
    "exp_text_sinusoidal_parameters",
    "exp_text_sinusoidal_steps",
    "exp_text_sinusoidal_steps_trained_high",
    "exp_text_sinusoidal_steps_trained_low",
    "exp_text_test_chars",
    "exp_text_test_files",
    "exp_text_train_chars",
    "exp_text_train_files",
    "exp_text_vocab",
    "exp_text_uniform_loss",
)
