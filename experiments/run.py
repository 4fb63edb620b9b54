"""One run, end to end: train every seed, measure, return plain numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from experiments.config import RunConfig
from experiments.measures import Measures, measure
from experiments.model import parameter_count
from experiments.train import Progress, initial_params, train


class RunError(RuntimeError):
    """A run produced a result that must not be shown (not finite)."""


@dataclass(frozen=True)
class RunResult:
    """What a run produced; every array has a leading axis of one entry per seed."""

    config: RunConfig
    parameters: int  # trainable parameters of one model
    losses: np.ndarray  # (seeds, steps)
    measures: Measures  # of the trained models
    untrained: Measures  # the same measurements of the same models before training

    def as_dict(self) -> dict[str, Any]:
        """Plain lists and numbers (for JSON), the config included; the untrained
        control's measurements under ``untrained``."""
        def plain(measures: Measures) -> dict[str, Any]:
            return {name: np.asarray(value).tolist()
                    for name, value in measures._asdict().items()}

        return {"config": self.config.as_dict(), "parameters": self.parameters,
                "losses": self.losses.tolist(), **plain(self.measures),
                "untrained": plain(self.untrained)}


def run(config: RunConfig | dict[str, Any], progress: Progress | None = None) -> RunResult:
    """Train and measure the run described by ``config`` (a :class:`RunConfig` or its
    keyword values, validated: a bad value raises :class:`~experiments.config.ConfigError`)."""
    cfg = config if isinstance(config, RunConfig) else RunConfig.from_params(config)
    cfg = cfg.validated()
    trained = train(cfg, progress)
    one_model = jax.tree_util.tree_map(lambda leaf: leaf[0], trained.params)
    # Trained and untrained models measured in one compiled call: seeds, then the controls.
    both = jax.tree_util.tree_map(lambda a, b: jnp.concatenate([a, b]), trained.params,
                                  initial_params(cfg))
    measured = measure(both, cfg)
    seeds = len(cfg.seeds)
    result = RunResult(cfg, parameter_count(one_model), trained.losses,
                       Measures(*(v[:seeds] for v in measured)),
                       Measures(*(v[seeds:] for v in measured)))
    for name, values in (*result.measures._asdict().items(),
                         *result.untrained._asdict().items()):
        if not np.all(np.isfinite(values)):  # e.g. a position beyond a learned table
            raise RunError(f"measurement {name!r} of the run is not finite: a position "
                           f"beyond the position table, or training diverged")
    return result
