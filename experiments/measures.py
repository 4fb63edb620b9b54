"""What is measured on trained models: all of it in one compiled function per run.

- **Accuracy by position** on sequences of ``eval_length`` (longer than in training).
- **Shift test**: the same sequences placed at positions ``s .. s+n-1`` instead of
  ``0 .. n-1``. If a layer's attention depends only on the offsets between positions, its
  weights do not change. The change is the total-variation distance between the two
  attention rows (half their L1 distance: 0 = identical, 1 = disjoint), averaged over
  queries, heads and sequences. As a yardstick, the same for randomly shuffled positions.
- **Position probe**: a ridge-regularised linear read-out of the position from the residual
  stream after the embedding and after each block, fitted on one set of sequences of the
  training length and tested on another: exact-position accuracy (largest of one score
  per position) and R² of a linear regression on the position number.

The evaluation data comes from fixed keys, the same for every seed and every run.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from experiments import tasks
from experiments.config import RunConfig
from experiments.model import Output, Params, forward

EVAL_KEY = 20_171_206  # the paper's first arXiv version: any fixed number would do


class Measures(NamedTuple):
    """Per model; :func:`measure` adds a leading seed axis and returns NumPy arrays."""

    accuracy_by_position: Any  # (eval_length,)
    shift_change: Any  # (layers, shifts): mean total-variation distance
    shuffle_change: Any  # (layers,)
    probe_accuracy: Any  # (layers + 1,)
    probe_accuracy_by_position: Any  # (layers + 1, train_length)
    probe_r2: Any  # (layers + 1,)


def _eval_keys() -> tuple[jax.Array, ...]:
    return tuple(jax.random.split(jax.random.key(EVAL_KEY), 5))


def _ridge(x: jax.Array, y: jax.Array, strength: float) -> tuple[jax.Array, jax.Array]:
    """Weights and intercept of ridge regression from ``x`` (N, d) to ``y`` (N, k)."""
    mx, my = x.mean(0), y.mean(0)
    xc = x - mx
    gram = xc.T @ xc
    reg = strength * jnp.trace(gram) / x.shape[1]
    w = jnp.linalg.solve(gram + reg * jnp.eye(x.shape[1]), xc.T @ (y - my))
    return w, my - mx @ w


def _probe(fit: jax.Array, test: jax.Array, strength: float
           ) -> tuple[jax.Array, jax.Array, jax.Array]:
    """Probe one layer: ``fit`` and ``test`` are residual streams (batch, n, d)."""
    n = fit.shape[1]
    pos = jnp.arange(n)
    x_fit, x_test = fit.reshape(-1, fit.shape[2]), test.reshape(-1, test.shape[2])
    pos_fit = jnp.tile(pos, fit.shape[0])
    pos_test = jnp.tile(pos, test.shape[0])
    w, b = _ridge(x_fit, jax.nn.one_hot(pos_fit, n), strength)
    hit = ((x_test @ w + b).argmax(-1) == pos_test).astype(jnp.float32)
    by_position = hit.reshape(test.shape[0], n).mean(0)
    w1, b1 = _ridge(x_fit, pos_fit[:, None].astype(jnp.float32), strength)
    guess = (x_test @ w1 + b1)[:, 0]
    truth = pos_test.astype(jnp.float32)
    r2 = 1 - ((guess - truth) ** 2).sum() / ((truth - truth.mean()) ** 2).sum()
    return hit.mean(), by_position, r2


def _total_variation(a: jax.Array, b: jax.Array) -> jax.Array:
    """Mean over everything but the last axis of half the L1 distance between rows."""
    distance: jax.Array = 0.5 * jnp.abs(a - b).sum(-1).mean()
    return distance


def measure_one(params: Params, cfg: RunConfig) -> Measures:
    """Every measurement of one trained model (``params`` of one seed)."""
    k_eval, k_shift, k_perm, k_fit, k_test = _eval_keys()

    def run(tokens: jax.Array, positions: jax.Array | None = None) -> Output:
        return forward(params, cfg, tokens, positions)

    # Accuracy by position, on sequences longer than the training ones.
    batch = tasks.sample(k_eval, cfg, cfg.eval_batch, cfg.eval_length)
    logits = jax.vmap(lambda t: run(t).logits)(batch.tokens)
    correct = (logits.argmax(-1) == batch.targets).astype(jnp.float32)
    accuracy = correct.mean(0)

    # Shift test: attention at positions s .. s+n-1 (and shuffled) against 0 .. n-1,
    # all placements through one vmapped forward pass.
    n = cfg.shift_length
    seqs = tasks.sample(k_shift, cfg, cfg.eval_batch, n).tokens
    perms = jax.vmap(lambda k: jax.random.permutation(k, n))(
        jax.random.split(k_perm, seqs.shape[0]))
    shifted = jnp.arange(n) + jnp.asarray(cfg.shifts)[:, None, None]  # (shifts, 1, n)
    placements = jnp.concatenate([jnp.broadcast_to(shifted, (len(cfg.shifts), *seqs.shape)),
                                  perms[None]])
    def attention(tokens: jax.Array, positions: jax.Array) -> jax.Array:
        return run(tokens, positions).attention

    attend = jax.vmap(jax.vmap(attention), in_axes=(None, 0))
    maps = attend(seqs, placements)  # (placements, batch, layers, heads, n, n)
    home = maps[cfg.shifts.index(0)]
    per_layer = jax.vmap(_total_variation, in_axes=(1, 1))
    change = jax.vmap(per_layer, in_axes=(None, 0))(home, maps)
    shift_change, shuffle_change = change[:-1].T, change[-1]  # (layers, shifts), (layers,)

    # Position probe on sequences of the training length.
    def stream(key: jax.Array) -> jax.Array:
        tokens = tasks.sample(key, cfg, cfg.probe_batch, cfg.train_length).tokens
        residuals: jax.Array = jax.vmap(lambda t: run(t).residuals, out_axes=1)(tokens)
        return residuals  # (layers+1, batch, n, d)

    probe = jax.vmap(lambda f, t: _probe(f, t, cfg.probe_ridge))(stream(k_fit), stream(k_test))
    return Measures(accuracy, shift_change, shuffle_change, *probe)


def measure(params: Params, cfg: RunConfig) -> Measures:
    """:func:`measure_one` for every seed (``params`` has a leading seed axis)."""
    result: Measures = jax.jit(jax.vmap(lambda p: measure_one(p, cfg)))(params)
    return Measures(*(np.asarray(v) for v in result))
