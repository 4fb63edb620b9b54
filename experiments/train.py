"""Training: Adam (optax) on freshly sampled batches, every seed at once, each seed until
it meets the convergence rule.

The whole of training runs on the device side: ``jax.lax.scan`` over the steps of a chunk
of ``cfg.check_every`` steps, ``jax.vmap`` over the seeds, and each step draws its batch
from a random key of its own (the seed's data key folded with the step's number).
Between chunks the host applies the convergence rule (:func:`converged`) to each seed's
losses; a seed that meets it is frozen (its weights and optimiser state stop changing)
while the others go on, and training ends when every seed has met it or after
``cfg.steps`` steps, the cap.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.flatten_util import ravel_pytree

from experiments import tasks
from experiments.config import RunConfig
from experiments.model import Constants, Params, constants, forward, init_params

#: Called after each chunk with (steps done, steps in all, mean loss of the chunk's last step).
Progress = Callable[[int, int, float], None]


class Trained(NamedTuple):
    params: Params  # every leaf has a leading axis of one entry per seed
    initial: Params  # the same models before training (the untrained control)
    #: (seeds, steps run): the training loss at every step; after a seed is frozen, the
    #: frozen model's loss on the batches the others still train on.
    losses: np.ndarray
    steps_trained: np.ndarray  # (seeds,): the steps each seed trained before it met the rule
    stopped_by: tuple[str, ...]  # per seed: "target", "plateau" or "cap"


#: Why a seed stopped training, in the order :func:`converged` checks.
STOP_REASONS = ("target", "plateau", "cap")


def converged(chunk_losses: np.ndarray, cfg: RunConfig) -> str | None:
    """The convergence rule, applied to one seed's mean training loss over each chunk of
    ``cfg.check_every`` steps so far (oldest first): ``"target"`` when the last
    ``cfg.target_checks`` chunks' means are each at most ``cfg.target_loss`` (more than one:
    a single lucky chunk near the target does not stop a seed); ``"plateau"`` when the least-squares line through
    the last ``cfg.patience`` chunks falls, from its first to its last, by less than
    ``cfg.min_gain`` of their mean (:func:`fitted_fall`); ``"cap"`` when ``cfg.steps`` steps
    are done; else ``None``. A fitted line, not the best chunk or the mean of a few: with
    small batches one lucky chunk, or a dip in a window, stopped seeds whose loss was
    still falling."""
    done = len(chunk_losses) * cfg.check_every
    need = cfg.target_checks
    if len(chunk_losses) >= need and np.all(np.asarray(chunk_losses[-need:]) <= cfg.target_loss):
        return "target"
    k = cfg.patience
    if k and len(chunk_losses) >= k and fitted_fall(chunk_losses[-k:]) < cfg.min_gain:
        return "plateau"
    return "cap" if done >= cfg.steps else None


def fitted_fall(window: np.ndarray) -> float:
    """How far the least-squares line through ``window`` (at least 2 values, equally
    spaced) falls from its first point to its last, relative to the window's mean: 0.05
    for a fall of 5 %, negative for a rise."""
    values = np.asarray(window, dtype=np.float64)
    x = np.arange(len(values)) - (len(values) - 1) / 2
    slope = float((x * (values - values.mean())).sum() / (x * x).sum())
    return -slope * (len(values) - 1) / float(values.mean())


def seed_keys(cfg: RunConfig) -> jax.Array:
    """One key per seed; streams are split off with ``fold_in`` (0: weights, 1: training
    data; the measurements use their own keys, the same for every seed)."""
    return jnp.stack([jax.random.key(s) for s in cfg.seeds])


def loss_and_accuracy(params: Params, cfg: RunConfig, batch: tasks.Batch,
                      starts: jax.Array, consts: Constants | None = None
                      ) -> tuple[jax.Array, jax.Array]:
    """Mean loss and accuracy over the scored positions; sequence ``b`` is placed at
    positions ``starts[b] ..``."""
    length = batch.tokens.shape[1]
    logits = jax.vmap(lambda t, s: forward(params, cfg, t, s + jnp.arange(length),
                                           consts=consts).logits)(batch.tokens, starts)
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


#: The compiled start and chunk programs of each ``RunConfig.program()`` this process has
#: trained (copy tasks only: a text run's programs hold its text).
_PROGRAMS: dict[RunConfig, tuple[Any, Any]] = {}


def programs(prog: RunConfig, corpus: np.ndarray | None = None) -> tuple[Any, Any]:
    """The compiled programs that train the models of ``prog`` (a ``RunConfig.program()``):
    ``start(keys)``, each seed's flat weights, optimiser state and data key; and
    ``chunk(state, steps, consts)``, ``cfg.check_every`` steps of every seed. They are
    traced from ``prog`` alone, so every run with the same ``prog`` can share them.
    ``corpus``: the training text's tokens (``char_lm``), a constant of the chunk.

    The optimiser sees each model's weights as one flat vector (the same arithmetic, leaf
    by leaf, as on the tree of arrays), and step ``t`` of a seed draws its batch from the
    seed's data key folded with ``t``: a chunk is then one compiled program whatever its
    place in training."""
    if corpus is None and prog in _PROGRAMS:
        return _PROGRAMS[prog]
    opt = optimiser(prog)
    text = None if corpus is None else jnp.asarray(corpus, dtype=jnp.int32)
    _, unravel = ravel_pytree(jax.tree_util.tree_map(
        lambda s: np.zeros(s.shape, s.dtype),
        jax.eval_shape(lambda: init_params(jax.random.key(0), prog))))

    def chunk(state: tuple[jax.Array, Any, jax.Array, jax.Array], steps: jax.Array,
              consts: Constants) -> tuple[tuple[jax.Array, Any, jax.Array, jax.Array], jax.Array]:
        return jax.lax.scan(lambda carry, t: step(carry, t, consts), state, steps)

    def step(state: tuple[jax.Array, Any, jax.Array, jax.Array], t: jax.Array,
             consts: Constants) -> tuple[tuple[jax.Array, Any, jax.Array, jax.Array], jax.Array]:
        weights, opt_state, active, data = state
        data_key, start_key = jax.random.split(jax.random.fold_in(data, t))
        batch = tasks.sample(data_key, prog, prog.batch, prog.train_length, text, consts)
        # SHAPE-style random placement when train_offset > 0; else every sequence at 0.
        starts = tasks.train_starts(start_key, prog, consts)
        (loss, _), grads = jax.value_and_grad(
            lambda w: loss_and_accuracy(unravel(w), prog, batch, starts, consts),
            has_aux=True)(weights)
        updates, new_opt_state = opt.update(grads, opt_state, weights)
        # A frozen seed keeps its weights and optimiser state.
        keep = partial(jnp.where, active)
        weights = jnp.where(active, optax.apply_updates(weights, updates), weights)
        opt_state = jax.tree_util.tree_map(keep, new_opt_state, opt_state)
        return (weights, opt_state, active, data), loss

    def start(seed: jax.Array) -> tuple[jax.Array, Any, jax.Array]:
        weights = ravel_pytree(init_params(jax.random.fold_in(seed, 0), prog))[0]
        return weights, opt.init(weights), jax.random.fold_in(seed, 1)

    compiled = (jax.jit(jax.vmap(start)), jax.jit(jax.vmap(chunk, in_axes=(0, None, None))))
    if corpus is None:
        _PROGRAMS[prog] = compiled
    return compiled


def train(cfg: RunConfig, progress: Progress | None = None,
          corpus: np.ndarray | None = None) -> Trained:
    """Train one model per seed of ``cfg``, each until it meets the convergence rule
    (:func:`converged`); returns the final parameters, the losses and when each stopped.
    ``corpus``: the training text's tokens (``char_lm``), a constant of the compiled step.
    The programs are :func:`programs` of ``cfg.program()``; the run's own settings reach
    them as inputs (its :class:`~experiments.model.Constants` and seed keys) or stay on
    the host (the convergence rule)."""
    start, run_chunk = programs(cfg.program(), corpus)
    leaves, tree = jax.tree_util.tree_flatten(
        jax.eval_shape(lambda: init_params(jax.random.key(0), cfg)))
    cuts = np.cumsum([0, *(int(np.prod(leaf.shape)) for leaf in leaves)])

    def unravel_seeds(weights: jax.Array) -> Params:
        """(seeds, weights) -> the tree of arrays with a leading seed axis, on the host
        (the order is ``ravel_pytree``'s: the leaves' order, each flattened row-major)."""
        flat = np.asarray(weights)
        unravelled: Params = jax.tree_util.tree_unflatten(tree, [
            flat[:, cuts[i]:cuts[i + 1]].reshape(-1, *leaf.shape)
            for i, leaf in enumerate(leaves)])
        return unravelled

    consts = constants(cfg)
    weights, opt_state, data = start(seed_keys(cfg))
    initial = unravel_seeds(weights)
    seeds = len(cfg.seeds)
    stopped: list[str | None] = [None] * seeds
    steps_trained = np.zeros(seeds, dtype=np.int64)
    losses: list[np.ndarray] = []
    done = 0
    while any(reason is None for reason in stopped):
        active = np.asarray([reason is None for reason in stopped])
        steps = np.arange(done, done + cfg.check_every, dtype=np.int32)
        (weights, opt_state, _, _), chunk_losses = run_chunk(
            (weights, opt_state, active, data), steps, consts)
        losses.append(np.asarray(chunk_losses))
        done += cfg.check_every
        means = np.stack([c.mean(1) for c in losses], axis=1)  # (seeds, chunks)
        for s in range(seeds):
            if stopped[s] is None:
                steps_trained[s] = done
                stopped[s] = converged(means[s], cfg)
        if progress is not None:
            progress(done, cfg.steps, float(chunk_losses[:, -1].mean()))
    return Trained(unravel_seeds(weights), initial, np.concatenate(losses, axis=1), steps_trained,
                   tuple(str(reason) for reason in stopped))
