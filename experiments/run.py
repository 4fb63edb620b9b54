"""One run, end to end: train every seed, measure, return plain numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np

from experiments import text
from experiments.config import RunConfig
from experiments.measures import Measures, TextMeasures, measure, measure_text
from experiments.model import parameter_count
from experiments.train import Progress, train


class RunError(RuntimeError):
    """A run produced a result that must not be shown (not finite)."""


@dataclass(frozen=True)
class RunResult:
    """What a run produced; every array has a leading axis of one entry per seed."""

    config: RunConfig
    parameters: int  # trainable parameters of one model
    losses: np.ndarray  # (seeds, steps run)
    steps_trained: np.ndarray  # (seeds,): steps until the convergence rule was met
    stopped_by: tuple[str, ...]  # per seed: "target", "plateau" or "cap"
    measures: Measures | TextMeasures  # of the trained models (TextMeasures: char_lm)
    untrained: Measures | TextMeasures  # the same of the same models before training
    #: A learned table's movement in training, per seed (empty for other schemes):
    #: ``table_moved``, the distance from its initial value over the rows seen in training
    #: relative to the initial rows' size (Frobenius norms); ``table_moved_unseen``, the
    #: largest change of any entry in the rows never seen in training. The untrained
    #: control's values are the same measures of the initial table against itself.
    table: dict[str, np.ndarray] = field(default_factory=dict)
    untrained_table: dict[str, np.ndarray] = field(default_factory=dict)
    #: ``char_lm`` only: count models' losses on the test text (``text.baselines``).
    baselines: dict[str, float] = field(default_factory=dict)
    #: ``char_lm`` only: the count models' loss at each position of the evaluation windows,
    #: on the characters the models are scored on (``text.count_losses_by_position``).
    count_losses: dict[str, np.ndarray] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """Plain lists and numbers (for JSON), the config included; the untrained
        control's measurements under ``untrained``."""
        def plain(measures: Measures | TextMeasures) -> dict[str, Any]:
            return {name: np.asarray(value).tolist()
                    for name, value in measures._asdict().items()}

        tables = {name: np.asarray(v).tolist() for name, v in self.table.items()}
        untrained = {name: np.asarray(v).tolist() for name, v in self.untrained_table.items()}
        extra = ({"baselines": dict(self.baselines),
                  "count_loss_by_position": {name: np.asarray(v).tolist()
                                             for name, v in self.count_losses.items()}}
                 if self.baselines else {})
        return {"config": self.config.as_dict(), "parameters": self.parameters,
                "losses": self.losses.tolist(),
                "steps_trained": self.steps_trained.tolist(), "stopped_by": list(self.stopped_by),
                **plain(self.measures), **tables, **extra,
                "untrained": {**plain(self.untrained), **untrained}}


def table_movement(trained: np.ndarray, initial: np.ndarray, seen: int
                   ) -> dict[str, np.ndarray]:
    """How far each seed's position table (seeds, rows, width) moved from ``initial``:
    over rows ``0 .. seen-1``, the Frobenius distance relative to the initial rows' norm;
    over the rows after them, the largest absolute change of an entry (0 if there are none)."""
    trained, initial = np.asarray(trained, np.float64), np.asarray(initial, np.float64)
    change = trained - initial
    moved = (np.linalg.norm(change[:, :seen], axis=(1, 2))
             / np.linalg.norm(initial[:, :seen], axis=(1, 2)))
    unseen = (np.abs(change[:, seen:]).max(axis=(1, 2)) if change.shape[1] > seen
              else np.zeros(change.shape[0]))
    return {"table_moved": moved, "table_moved_unseen": unseen}


def run(config: RunConfig | dict[str, Any], progress: Progress | None = None,
        texts: text.Texts | None = None) -> RunResult:
    """Train and measure the run described by ``config`` (a :class:`RunConfig` or its
    keyword values, validated: a bad value raises :class:`~experiments.config.ConfigError`).
    ``texts``: the corpus of a ``char_lm`` run, as read by the caller (checked against
    ``corpus``)."""
    cfg = config if isinstance(config, RunConfig) else RunConfig.from_params(config)
    cfg = cfg.validated()
    corpus = text.prepare(cfg, texts) if cfg.task == "char_lm" else None
    trained = train(cfg, progress, None if corpus is None else corpus.train)
    one_model = jax.tree_util.tree_map(lambda leaf: leaf[0], trained.params)
    # Trained and untrained models measured together: seeds, then the controls.
    initial = trained.initial
    both = jax.tree_util.tree_map(lambda a, b: np.concatenate([a, b]), trained.params,
                                  initial)
    measured: Measures | TextMeasures = (measure(both, cfg) if corpus is None
                                         else measure_text(both, cfg, corpus.test))
    seeds = len(cfg.seeds)
    table: dict[str, np.ndarray] = {}
    untrained_table: dict[str, np.ndarray] = {}
    if cfg.scheme == "learned":
        start = np.asarray(initial["positions"])
        seen = (cfg.max_position if cfg.train_positions == "random"
                else cfg.train_offset + cfg.train_length)
        table = table_movement(np.asarray(trained.params["positions"]), start, seen)
        untrained_table = table_movement(start, start, seen)
    kind = type(measured)
    result = RunResult(cfg, parameter_count(one_model), trained.losses, trained.steps_trained,
                       trained.stopped_by,
                       kind(*(v[:seeds] for v in measured)),
                       kind(*(v[seeds:] for v in measured)), table, untrained_table,
                       {} if corpus is None else text.baselines(corpus),
                       {} if corpus is None else text.count_losses_by_position(
                           corpus.train, corpus.test,
                           text.eval_starts(int(corpus.test.size), cfg.eval_length,
                                            cfg.eval_batch), cfg.eval_length))
    for name, values in (*result.measures._asdict().items(),
                         *result.untrained._asdict().items(), *table.items()):
        if not np.all(np.isfinite(values)):  # e.g. a position beyond a learned table
            raise RunError(f"measurement {name!r} of the run is not finite: a position "
                           f"beyond the position table, or training diverged")
    return result
