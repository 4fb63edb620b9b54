"""Training: Adam (optax) on freshly sampled batches, every seed at once, each seed until
it meets the convergence rule.

The whole of training runs on the device side: ``jax.lax.scan`` over the steps of a chunk
of ``cfg.check_every`` steps, ``jax.vmap`` over the seeds, and each step draws its batch
from its own random key. Between chunks the host applies the convergence rule
(:func:`converged`) to each seed's losses; a seed that meets it is frozen (its weights and
optimiser state stop changing) while the others go on, and training ends when every seed
has met it or after ``cfg.steps`` steps, the cap.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax

from experiments import tasks
from experiments.config import RunConfig
from experiments.model import Params, forward, init_params

#: Called after each chunk with (steps done, steps in all, mean loss of the chunk's last step).
Progress = Callable[[int, int, float], None]


class Trained(NamedTuple):
    params: Params  # every leaf has a leading axis of one entry per seed
    #: (seeds, steps run): the training loss at every step; after a seed is frozen, the
    #: frozen model's loss on the batches the others still train on.
    losses: np.ndarray
    steps_trained: np.ndarray  # (seeds,): the steps each seed trained before it met the rule
    stopped_by: tuple[str, ...]  # per seed: "target", "plateau" or "cap"


#: Why a seed stopped training, in the order :func:`converged` checks.
STOP_REASONS = ("target", "plateau", "cap")


def converged(chunk_losses: np.ndarray, cfg: RunConfig) -> str | None:
    """The convergence rule, applied to one seed's mean training loss over each chunk of
    ``cfg.check_every`` steps so far (oldest first): ``"target"`` when the last chunk's
    mean is at most ``cfg.target_loss``; ``"plateau"`` when the best of the last
    ``cfg.patience`` chunks is not below the best before them by more than ``cfg.min_gain``
    of it (a relative gain); ``"cap"`` when ``cfg.steps`` steps are done; else ``None``."""
    done = len(chunk_losses) * cfg.check_every
    if len(chunk_losses) and chunk_losses[-1] <= cfg.target_loss:
        return "target"
    if cfg.patience and len(chunk_losses) > cfg.patience:
        before = float(np.min(chunk_losses[:-cfg.patience]))
        recent = float(np.min(chunk_losses[-cfg.patience:]))
        if recent > before * (1 - cfg.min_gain):
            return "plateau"
    return "cap" if done >= cfg.steps else None


def seed_keys(cfg: RunConfig) -> jax.Array:
    """One key per seed; streams are split off with ``fold_in`` (0: weights, 1: training
    data; the measurements use their own keys, the same for every seed)."""
    return jnp.stack([jax.random.key(s) for s in cfg.seeds])


def initial_params(cfg: RunConfig) -> Params:
    """Every seed's weights before training (the untrained control), leading seed axis."""
    params: Params = jax.jit(jax.vmap(lambda seed: init_params(jax.random.fold_in(seed, 0),
                                                               cfg)))(seed_keys(cfg))
    return params


def loss_and_accuracy(params: Params, cfg: RunConfig, batch: tasks.Batch,
                      starts: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Mean loss and accuracy over the scored positions; sequence ``b`` is placed at
    positions ``starts[b] ..``."""
    length = batch.tokens.shape[1]
    logits = jax.vmap(lambda t, s: forward(params, cfg, t, s + jnp.arange(length)).logits)(
        batch.tokens, starts)
    per_token = optax.softmax_cross_entropy_with_integer_labels(logits, batch.targets)
    weight = batch.scored.astype(jnp.float32)
    loss = (per_token * weight).sum() / weight.sum()
    correct = (logits.argmax(-1) == batch.targets).astype(jnp.float32)
    return loss, (correct * weight).sum() / weight.sum()


def optimiser(cfg: RunConfig) -> optax.GradientTransformation:
    """Adam with clipped gradients; the learning rate rises linearly over ``cfg.warmup``
    steps, then stays constant: with a stopping rule, no schedule may depend on how long
    a run will train."""
    schedule = optax.join_schedules(
        [optax.linear_schedule(0.0, cfg.learning_rate, cfg.warmup),
         optax.constant_schedule(cfg.learning_rate)], [cfg.warmup])
    return optax.chain(optax.clip_by_global_norm(1.0), optax.adam(schedule))


def train(cfg: RunConfig, progress: Progress | None = None,
          corpus: np.ndarray | None = None) -> Trained:
    """Train one model per seed of ``cfg``, each until it meets the convergence rule
    (:func:`converged`); returns the final parameters, the losses and when each stopped.
    ``corpus``: the training text's tokens (``char_lm``), a constant of the compiled step."""
    opt = optimiser(cfg)
    text = None if corpus is None else jnp.asarray(corpus, dtype=jnp.int32)

    def step(state: tuple[Params, Any, jax.Array], key: jax.Array
             ) -> tuple[tuple[Params, Any, jax.Array], jax.Array]:
        params, opt_state, active = state
        data_key, start_key = jax.random.split(key)
        batch = tasks.sample(data_key, cfg, cfg.batch, cfg.train_length, text)
        # SHAPE-style random placement when train_offset > 0; else every sequence at 0.
        starts = tasks.train_starts(start_key, cfg)
        (loss, _), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(
            params, cfg, batch, starts)
        updates, new_opt_state = opt.update(grads, opt_state, params)
        # A frozen seed keeps its weights and optimiser state.
        keep = partial(jnp.where, active)
        params = jax.tree_util.tree_map(keep, optax.apply_updates(params, updates), params)
        opt_state = jax.tree_util.tree_map(keep, new_opt_state, opt_state)
        return (params, opt_state, active), loss

    def chunk(state: tuple[Params, Any, jax.Array], keys: jax.Array
              ) -> tuple[tuple[Params, Any, jax.Array], jax.Array]:
        return jax.lax.scan(step, state, keys)

    def start(seed: jax.Array) -> tuple[tuple[Params, Any], jax.Array]:
        params = init_params(jax.random.fold_in(seed, 0), cfg)
        return (params, opt.init(params)), jax.random.split(jax.random.fold_in(seed, 1),
                                                             cfg.steps)

    run_chunk = jax.jit(jax.vmap(chunk))
    (params, opt_state), step_keys = jax.jit(jax.vmap(start))(seed_keys(cfg))
    seeds = len(cfg.seeds)
    stopped: list[str | None] = [None] * seeds
    steps_trained = np.zeros(seeds, dtype=np.int64)
    losses: list[np.ndarray] = []
    done = 0
    while any(reason is None for reason in stopped):
        active = jnp.asarray([reason is None for reason in stopped])
        keys = step_keys[:, done:done + cfg.check_every]
        (params, opt_state, _), chunk_losses = run_chunk((params, opt_state, active), keys)
        losses.append(np.asarray(chunk_losses))
        done += cfg.check_every
        means = np.stack([c.mean(1) for c in losses], axis=1)  # (seeds, chunks)
        for s in range(seeds):
            if stopped[s] is None:
                steps_trained[s] = done
                stopped[s] = converged(means[s], cfg)
        if progress is not None:
            progress(done, cfg.steps, float(chunk_losses[:, -1].mean()))
    return Trained(params, np.concatenate(losses, axis=1), steps_trained,
                   tuple(str(reason) for reason in stopped))
