"""The real-text page's tables and numbers, from made-up run records (no training)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from scripts.artifacts.numbers import fixed
from scripts.artifacts.results import numbers, tables
from scripts.artifacts.results.data import first_scored, is_text, windows


def text_run(scheme: str, level: float, digest: str = "ab" * 32) -> dict[str, Any]:
    """A char_lm record: loss ``level`` inside 0..7, one more beyond (two seeds)."""
    loss = np.r_[np.full(8, level), np.full(24, level + 1.0)]
    return {"config": {"scheme": scheme, "task": "char_lm", "vocab": 128, "train_length": 8,
                       "eval_length": 32, "eval_batch": 4, "offset": 3, "combine": "sum",
                       "d_position": 0, "causal": True, "train_offset": 0, "base": 10000.0,
                       "seeds": [0, 1], "corpus": digest, "steps": 2, "batch": 8, "d_model": 16,
                       "d_mlp": 32, "shifts": [0, 8],
                       "layers": 1, "heads": 2, "check_every": 1, "target_loss": 0.01,
                       "target_checks": 2, "patience": 3, "min_gain": 0.01},
            "parameters": 1234, "losses": [[3.0, 2.0], [3.0, 2.2]],
            "steps_trained": [2, 2], "stopped_by": ["cap", "cap"],
            "loss_by_position": [loss.tolist(), (loss + 0.1).tolist()],
            "accuracy_by_position": [[0.5] * 32] * 2,
            "baselines": {"unigram_loss": 3.3, "bigram_loss": 2.7},
            "count_loss_by_position": {"unigram": [3.0] * 8 + [3.2] * 24,
                                       "bigram": [2.5] + [2.6] * 7 + [2.8] * 24},
            "untrained": {"loss_by_position": [[5.0] * 32] * 2,
                          "accuracy_by_position": [[0.0] * 32] * 2},
            "corpus": {"digest": digest, "train": {"a.py": 100, "b.py": 50},
                       "test": {"c.py": 30}},
            "environment": {"python": "3.11.7"}}


def test_every_position_of_a_text_run_is_scored_and_windows_read_the_loss() -> None:
    run = text_run("none", 2.0)
    assert is_text(run) and first_scored(run) == 0
    w = windows(run, "loss_by_position")
    np.testing.assert_allclose(w["trained"], [2.0, 2.1])
    np.testing.assert_allclose(w["beyond"], [3.0, 3.1])
    np.testing.assert_allclose(windows(run, "loss_by_position", untrained=True)["all"], 5.0)


def test_the_numbers_of_text_runs() -> None:
    out = numbers.compute(runs={"run-text-none": text_run("none", 2.0)})
    assert out["exp_text_python"] == "3.11.7"
    assert out["exp_text_train_chars"] == "150" and out["exp_text_test_files"] == "1"
    assert out["exp_text_bigram_loss"] == "2.70" and out["exp_text_digest_short"] == "ab" * 6
    # the counts on the scored characters: the windows 0-7 and 16-31, and position 0
    assert out["exp_text_bigram_scored_first"] == "2.50"
    assert out["exp_text_bigram_scored_trained"] == fixed((2.5 + 7 * 2.6) / 8, 2)
    assert out["exp_text_bigram_scored_beyond"] == "2.80"
    assert out["exp_text_unigram_scored_beyond"] == "3.20"
    assert out["exp_text_none_loss_trained"] == "2.05"
    assert out["exp_text_none_loss_beyond_untrained"] == "5.00"
    assert out["exp_text_none_loss_first"] == "2.05"
    assert "exp_text_none_placed_32" not in out  # the copy tasks' measures are not made up


def test_the_text_tables_and_a_run_that_read_another_text() -> None:
    runs = {"run-text-sinusoidal": text_run("sinusoidal", 2.0),
            "run-text-none": text_run("none", 2.5)}
    losses = tables.text_losses(runs=runs)
    assert "positions 0–7 (trained)" in losses and "16–31" in losses
    assert "no positions" in losses and "untrained" in losses
    corpus = tables.text_corpus(runs=runs)
    assert "`" + "ab" * 32 + "`" in corpus and "`c.py` (30)" in corpus and "3.11.7" in corpus
    # the counts on the scored characters, as rows of the loss table
    assert "| bigram counts | counted | – | 2.50 |" in losses and "| 2.80 |" in losses
    other = {**runs, "run-text-none": text_run("none", 2.5, digest="cd" * 32)}
    with pytest.raises(ValueError, match="another text"):
        tables.text_corpus(runs=other)
    settings = tables.run_settings(runs=other)
    assert "`abababababab…`" in settings and "corpus" in settings
