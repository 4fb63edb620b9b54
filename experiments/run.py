"""One run, end to end: train every seed, measure, return plain numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jax
import numpy as np

from experiments.config import RunConfig
from experiments.measures import Measures, measure
from experiments.model import parameter_count
from experiments.train import Progress, train


@dataclass(frozen=True)
class RunResult:
    """What a run produced; every array has a leading axis of one entry per seed."""

    config: RunConfig
    parameters: int  # trainable parameters of one model
    losses: np.ndarray  # (seeds, steps)
    measures: Measures

    def as_dict(self) -> dict[str, Any]:
        """Plain lists and numbers (for JSON), the config included."""
        out: dict[str, Any] = {"config": self.config.as_dict(), "parameters": self.parameters,
                               "losses": self.losses.tolist()}
        out.update({name: np.asarray(value).tolist()
                    for name, value in self.measures._asdict().items()})
        return out


def run(config: RunConfig | dict[str, Any], progress: Progress | None = None) -> RunResult:
    """Train and measure the run described by ``config`` (a :class:`RunConfig` or its
    keyword values, validated: a bad value raises :class:`~experiments.config.ConfigError`)."""
    cfg = config if isinstance(config, RunConfig) else RunConfig.from_params(config)
    cfg = cfg.validated()
    trained = train(cfg, progress)
    one_model = jax.tree_util.tree_map(lambda leaf: leaf[0], trained.params)
    return RunResult(cfg, parameter_count(one_model), trained.losses,
                     measure(trained.params, cfg))
