"""Training: Adam (optax) on freshly sampled batches, every seed at once.

The whole of training runs on the device side: ``jax.lax.scan`` over the steps of a chunk,
``jax.vmap`` over the seeds, and each step draws its batch from its own random key. The
steps are cut into ``cfg.chunks`` compiled calls of one function (compiled once) only so
that a caller can report progress between them; the result is the same as one call.
"""

from __future__ import annotations

from collections.abc import Callable
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
    losses: np.ndarray  # (seeds, steps): the training loss at every step


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
    schedule = optax.warmup_cosine_decay_schedule(
        init_value=0.0, peak_value=cfg.learning_rate, warmup_steps=cfg.warmup,
        decay_steps=cfg.steps, end_value=cfg.learning_rate / 10)
    return optax.chain(optax.clip_by_global_norm(1.0), optax.adam(schedule))


def train(cfg: RunConfig, progress: Progress | None = None) -> Trained:
    """Train one model per seed of ``cfg``; returns the final parameters and the losses."""
    opt = optimiser(cfg)

    def step(state: tuple[Params, Any], key: jax.Array) -> tuple[tuple[Params, Any], jax.Array]:
        params, opt_state = state
        data_key, start_key = jax.random.split(key)
        batch = tasks.sample(data_key, cfg, cfg.batch, cfg.train_length)
        # SHAPE-style random placement when train_offset > 0; else every sequence at 0.
        starts = tasks.train_starts(start_key, cfg)
        (loss, _), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(
            params, cfg, batch, starts)
        updates, opt_state = opt.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    def chunk(state: tuple[Params, Any], keys: jax.Array) -> tuple[tuple[Params, Any], jax.Array]:
        return jax.lax.scan(step, state, keys)

    def start(seed: jax.Array) -> tuple[tuple[Params, Any], jax.Array]:
        params = init_params(jax.random.fold_in(seed, 0), cfg)
        return (params, opt.init(params)), jax.random.split(jax.random.fold_in(seed, 1),
                                                             cfg.steps)

    run_chunk = jax.jit(jax.vmap(chunk))
    state, step_keys = jax.jit(jax.vmap(start))(seed_keys(cfg))
    per_chunk = cfg.steps // cfg.chunks
    losses = []
    for c in range(cfg.chunks):
        state, chunk_losses = run_chunk(state, step_keys[:, c * per_chunk:(c + 1) * per_chunk])
        losses.append(np.asarray(chunk_losses))
        if progress is not None:
            progress((c + 1) * per_chunk, cfg.steps, float(chunk_losses[:, -1].mean()))
    return Trained(state[0], np.concatenate(losses, axis=1))
