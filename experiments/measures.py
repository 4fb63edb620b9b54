"""What is measured on a model: all of it in one compiled function per run.

Every measurement is taken twice per seed, on the trained model and on the same model
before training (its initial weights), so each result comes with a control that shows what
the measure reads when nothing was learned.

- **Extrapolation**: accuracy by position on sequences of ``eval_length`` at positions
  ``0 .. eval_length-1`` (longer than in training).
- **Interpolation**: the same sequences with positions scaled into the trained range
  (``p * train_length / eval_length``; fractional positions: sin and cos of the scaled
  angles, or rotary turned by them, or a learned table's rows interpolated linearly), as
  position interpolation does (Chen et al., 2023).
- **Placement**: sequences of the training length placed at positions ``s .. s+L-1``
  for each shift ``s``: accuracy, and how much the output distribution changes against
  ``s = 0`` (total-variation distance, half the L1 distance between the two softmax
  outputs: 0 = identical, 1 = disjoint). These separate unseen positions from longer
  contexts: the context is as long as in training, only the positions are new. The same
  three also token by token (``placed_*_by_position``, with the share of answers, the
  arg-max, that differ from ``s = 0``), so that positions seen in training and positions
  beyond them can be scored apart: with a causal mask, the output at a seen position
  depends only on tokens at seen positions.
- **Attention under a shift**: the same total-variation distance between the attention
  rows at ``s`` and at 0, per layer; for scale, the same with the positions shuffled.
- **Attention by offset**: the mean attention weight a query at ``q`` gives the key at
  ``q - k``, for each backward offset ``k``, per layer and head.
- **Distance-capped extrapolation**: the extrapolation's long sequences again, with every
  key ``train_length`` or more places back masked, so that no query-key distance longer
  than in training is used and a query sees at most as many keys as in training.
- **Head ablation**: on the placement's sequences at ``s = 0`` (inside the training
  length), accuracy with the *copy head* removed, the head of any block that gives the key
  ``offset`` back the most weight (by attention by offset), and, as the control, with the
  head of the same block that gives it the least removed (another block's least, if the
  block has one head). Removing a head zeroes its share of the mixed values before the
  output projection.
- **Position probes**, fitted on the residual stream of one set of sequences of the
  training length (after the embedding and after each block) and scored on another:
  linear discriminant analysis (class means and a shared, shrunk covariance) naming the
  exact position, by position and overall; a ridge read-out onto one-hot positions (the
  weaker read-out an earlier version of the page used); and the R² of a ridge regression
  onto the position number. These read differences of means only. The same discriminant
  and regression fitted on the features together with their squares (``x`` and ``x²``,
  each column standardized on the fitting set) also read differences of variances. Each
  discriminant is also fitted to a control task in the sense of Hewitt and Liang (2019): a
  label fixed per input type, here per token, drawn once from a fixed seed
  (:data:`CONTROL_SEED`) from the same labels as the positions; the accuracy on the real
  positions minus that on the control labels is the probe's selectivity.

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
from experiments.text import eval_starts

EVAL_KEY = 20_171_206  # the paper's first arXiv version: any fixed number would do
#: Seed of the control task's labels (one per token), the same for every run and seed.
CONTROL_SEED = 19_090_336  # Hewitt and Liang's arXiv number: any fixed number would do


class Measures(NamedTuple):
    """Per model; :func:`measure` adds a leading seed axis and returns NumPy arrays."""

    accuracy_by_position: Any  # (eval_length,)
    interpolated_accuracy_by_position: Any  # (eval_length,)
    placed_accuracy: Any  # (shifts,)
    placed_output_change: Any  # (shifts,): mean total-variation distance of the outputs
    placed_correct_by_position: Any  # (shifts, train_length): accuracy per token
    placed_changed_by_position: Any  # (shifts, train_length): answer differs from s = 0
    placed_output_change_by_position: Any  # (shifts, train_length): total variation
    shift_change: Any  # (layers, shifts): mean total-variation distance of attention
    shuffle_change: Any  # (layers,)
    attention_by_offset: Any  # (layers, heads, train_length)
    probe_accuracy: Any  # (layers + 1,): discriminant read-out, exact position
    probe_accuracy_by_position: Any  # (layers + 1, train_length)
    probe_ridge_accuracy: Any  # (layers + 1,): ridge onto one-hot positions
    probe_r2: Any  # (layers + 1,)
    probe_sq_accuracy: Any  # (layers + 1,): discriminant on (x, x²), exact position
    probe_sq_r2: Any  # (layers + 1,): ridge on (x, x²) onto the position number
    probe_control_accuracy: Any  # (layers + 1,): discriminant on x, control labels
    probe_sq_control_accuracy: Any  # (layers + 1,): discriminant on (x, x²), control labels
    capped_accuracy_by_position: Any  # (eval_length,): keys train_length or more back masked
    ablation_accuracy: Any  # (3,): intact, copy head removed, control head removed
    ablation_heads: Any  # (2, 2): (block, head), from 0, of the copy head and the control


def _eval_keys() -> tuple[jax.Array, ...]:
    return tuple(jax.random.split(jax.random.key(EVAL_KEY), 5))


def _ridge(x: np.ndarray, y: np.ndarray, strength: float) -> tuple[np.ndarray, np.ndarray]:
    """Weights and intercept of ridge regression from ``x`` (N, d) to ``y`` (N, k)."""
    mx, my = x.mean(0), y.mean(0)
    xc = x - mx
    gram = xc.T @ xc
    reg = strength * np.trace(gram) / x.shape[1]
    w = np.linalg.solve(gram + reg * np.eye(x.shape[1]), xc.T @ (y - my))
    return w, my - mx @ w


def _discriminant(x: np.ndarray, labels: np.ndarray, classes: int, strength: float
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Linear discriminant analysis with equal priors: weights (d, classes) and biases.
    The shared within-class covariance is shrunk towards a multiple of the identity."""
    onehot = np.eye(classes)[labels]
    means = (onehot.T @ x) / onehot.sum(0)[:, None]  # (classes, d)
    within = x - means[labels]
    cov = within.T @ within / x.shape[0]
    cov = cov + strength * np.trace(cov) / x.shape[1] * np.eye(x.shape[1])
    w = np.linalg.solve(cov, means.T)
    return w, -0.5 * np.sum(means.T * w, axis=0)


def _probe(fit: Any, test: Any, strength: float
           ) -> tuple[float, np.ndarray, float, float]:
    """Probe one layer: ``fit`` and ``test`` are residual streams (batch, n, d).

    On the host, in float64 NumPy: the solves stay out of XLA, whose CPU runtime hung for
    good in batched LAPACK solves here (JAX 0.10, seen in the models without positions)."""
    fit, test = np.asarray(fit, dtype=np.float64), np.asarray(test, dtype=np.float64)
    n = fit.shape[1]
    x_fit, x_test = fit.reshape(-1, fit.shape[2]), test.reshape(-1, test.shape[2])
    pos_fit, pos_test = np.tile(np.arange(n), fit.shape[0]), np.tile(np.arange(n), test.shape[0])
    w, b = _discriminant(x_fit, pos_fit, n, strength)
    hit = ((x_test @ w + b).argmax(-1) == pos_test).astype(np.float64)
    by_position = hit.reshape(test.shape[0], n).mean(0)
    w, b = _ridge(x_fit, np.eye(n)[pos_fit], strength)
    ridge_hit = ((x_test @ w + b).argmax(-1) == pos_test).astype(np.float64)
    w1, b1 = _ridge(x_fit, pos_fit[:, None].astype(np.float64), strength)
    guess = (x_test @ w1 + b1)[:, 0]
    truth = pos_test.astype(np.float64)
    r2 = 1 - ((guess - truth) ** 2).sum() / ((truth - truth.mean()) ** 2).sum()
    return float(hit.mean()), by_position, float(ridge_hit.mean()), float(r2)


def _classify(x_fit: np.ndarray, y_fit: np.ndarray, x_test: np.ndarray, strength: float
              ) -> np.ndarray:
    """Labels the discriminant fitted on ``(x_fit, y_fit)`` gives ``x_test``; only labels
    that occur in ``y_fit`` are classes (a control task need not use every label)."""
    classes, index = np.unique(y_fit, return_inverse=True)
    w, b = _discriminant(x_fit, index, len(classes), strength)
    labels: np.ndarray = classes[(x_test @ w + b).argmax(-1)]
    return labels


def _with_squares(fit: np.ndarray, test: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(x, x²)`` of both sets, ``x`` centred on the fitting set, every column then
    standardized on the fitting set (a constant column is left at 0), so that the
    shrinkage, relative to the trace, weighs both halves alike."""
    mean = fit.mean(0)
    fit2, test2 = (np.concatenate([x - mean, (x - mean) ** 2], axis=1) for x in (fit, test))
    centre, scale = fit2.mean(0), fit2.std(0)
    scale = np.where(scale > 0, scale, 1.0)
    return (fit2 - centre) / scale, (test2 - centre) / scale


def _r2(x_fit: np.ndarray, y_fit: np.ndarray, x_test: np.ndarray, y_test: np.ndarray,
        strength: float) -> float:
    """R² on the test set of a ridge regression of the number ``y`` on ``x``."""
    w, b = _ridge(x_fit, y_fit[:, None].astype(np.float64), strength)
    guess = (x_test @ w + b)[:, 0]
    truth = y_test.astype(np.float64)
    return float(1 - ((guess - truth) ** 2).sum() / ((truth - truth.mean()) ** 2).sum())


def _probe_moments(fit: Any, test: Any, control_fit: Any, control_test: Any, strength: float
                   ) -> tuple[float, float, float, float]:
    """The read-outs beside :func:`_probe`, on the same residual streams (batch, n, d):
    the discriminant's exact-position accuracy and the R² of the position number from the
    features with their squares; and the discriminant's accuracy on the control labels
    ``control_fit``, ``control_test`` (batch, n) from the features alone and with their
    squares. Host, float64 NumPy, as :func:`_probe`."""
    fit, test = np.asarray(fit, dtype=np.float64), np.asarray(test, dtype=np.float64)
    n = fit.shape[1]
    x_fit, x_test = fit.reshape(-1, fit.shape[2]), test.reshape(-1, test.shape[2])
    pos_fit, pos_test = np.tile(np.arange(n), fit.shape[0]), np.tile(np.arange(n), test.shape[0])
    c_fit, c_test = np.asarray(control_fit).reshape(-1), np.asarray(control_test).reshape(-1)
    s_fit, s_test = _with_squares(x_fit, x_test)
    sq = float((_classify(s_fit, pos_fit, s_test, strength) == pos_test).mean())
    sq_r2 = _r2(s_fit, pos_fit, s_test, pos_test, strength)
    control = float((_classify(x_fit, c_fit, x_test, strength) == c_test).mean())
    sq_control = float((_classify(s_fit, c_fit, s_test, strength) == c_test).mean())
    return sq, sq_r2, control, sq_control


def control_labels(cfg: RunConfig) -> np.ndarray:
    """The control task's label of each token (vocab,): drawn once, uniformly from the
    positions ``0 .. train_length-1`` (the real labels' distribution), from
    :data:`CONTROL_SEED`."""
    labels: np.ndarray = np.random.default_rng(CONTROL_SEED).integers(
        0, cfg.train_length, size=cfg.vocab)
    return labels


def _total_variation(a: jax.Array, b: jax.Array) -> jax.Array:
    """Half the L1 distance between distributions along the last axis."""
    distance: jax.Array = 0.5 * jnp.abs(a - b).sum(-1)
    return distance


def _by_offset(weights: jax.Array) -> jax.Array:
    """Mean weight on the key ``k`` places back, for k = 0 .. n-1: (..., n, n) -> (..., n)."""
    n = weights.shape[-1]
    return jnp.stack([jnp.diagonal(weights, offset=-k, axis1=-2, axis2=-1).mean(-1)
                      for k in range(n)], axis=-1)


def measure_one(params: Params, cfg: RunConfig) -> Measures:
    """Every measurement of one model (``params`` of one seed), except the probes: in their
    places, the residual streams to fit them on and to test them on."""
    k_eval, k_place, k_perm, k_fit, k_test = _eval_keys()
    length = cfg.train_length

    def run(tokens: jax.Array, positions: jax.Array) -> Output:
        return forward(params, cfg, tokens, positions)

    def accuracy(batch: tasks.Batch, positions: jax.Array, window: int | None = None
                 ) -> jax.Array:
        logits = jax.vmap(lambda t: forward(params, cfg, t, positions, window=window).logits)(
            batch.tokens)
        return (logits.argmax(-1) == batch.targets).astype(jnp.float32).mean(0)

    # Extrapolation and interpolation, on sequences longer than the training ones.
    long = tasks.sample(k_eval, cfg, cfg.eval_batch, cfg.eval_length)
    ahead = jnp.arange(cfg.eval_length)
    extrapolated = accuracy(long, ahead)
    interpolated = accuracy(long, ahead.astype(jnp.float32) * (length / cfg.eval_length))
    capped = accuracy(long, ahead, window=length)

    # Sequences of the training length at positions s .. s+L-1, and at shuffled positions.
    placed = tasks.sample(k_place, cfg, cfg.eval_batch, length)
    perms = jax.vmap(lambda k: jax.random.permutation(k, length))(
        jax.random.split(k_perm, cfg.eval_batch))
    starts = jnp.asarray(cfg.shifts)[:, None, None] + jnp.arange(length)  # (shifts, 1, L)
    placements = jnp.concatenate(
        [jnp.broadcast_to(starts, (len(cfg.shifts), cfg.eval_batch, length)), perms[None]])
    outs = jax.vmap(jax.vmap(run), in_axes=(None, 0))(placed.tokens, placements)
    home = cfg.shifts.index(0)
    scored = placed.scored.astype(jnp.float32)

    def scored_mean(values: jax.Array) -> jax.Array:  # (..., batch, L) -> (...)
        return (values * scored).sum((-2, -1)) / scored.sum()

    shifted_logits = outs.logits[:-1]  # (shifts, batch, L, vocab)
    answers = shifted_logits.argmax(-1)  # (shifts, batch, L)
    correct = (answers == placed.targets).astype(jnp.float32)
    changed = (answers != answers[home]).astype(jnp.float32)
    probs = jax.nn.softmax(shifted_logits, axis=-1)
    output_tv = _total_variation(probs, probs[home])
    placed_accuracy, output_change = scored_mean(correct), scored_mean(output_tv)
    # attention: (placements, batch, layers, heads, L, L) -> mean over batch, heads, queries
    attention_change = _total_variation(outs.attention, outs.attention[home]).mean((1, 3, 4))
    shift_change, shuffle_change = attention_change[:-1].T, attention_change[-1]
    by_offset = _by_offset(outs.attention[home]).mean(0)  # (layers, heads, L)
    ablation, ablated = _ablation(params, cfg, placed, by_offset, placed_accuracy[home])

    # Position probes on sequences of the training length at positions 0 .. L-1.
    def stream(key: jax.Array) -> jax.Array:
        tokens = tasks.sample(key, cfg, cfg.probe_batch, length).tokens
        residuals: jax.Array = jax.vmap(lambda t: run(t, jnp.arange(length)).residuals,
                                        out_axes=1)(tokens)
        return residuals  # (layers+1, batch, n, d)

    # The streams go back to the host, where :func:`measure` fits the probes.
    return Measures(extrapolated, interpolated, placed_accuracy, output_change,
                    correct.mean(1), changed.mean(1), output_tv.mean(1), shift_change,
                    shuffle_change, by_offset, stream(k_fit), stream(k_test), None, None,
                    None, None, None, None, capped, ablation, ablated)


def ablation_heads(by_offset: jax.Array, offset: int) -> tuple[jax.Array, jax.Array]:
    """The copy head and its control, as flat indices ``block * heads + head``, from the
    attention by offset (layers, heads, L): the head giving the key ``offset`` back the most
    weight; the head of its block giving it the least (if the block has no other head, the
    least-weighted head of another block)."""
    weight = by_offset[..., offset]  # (layers, heads)
    best = jnp.argmax(weight)
    block = jnp.arange(weight.shape[0])[:, None] + jnp.zeros_like(weight, dtype=jnp.int32)
    # weights are at most 1: + 2 ranks every head of another block after the best's block
    rank = (weight + jnp.where(block == best // weight.shape[1], 0.0, 2.0)).reshape(-1)
    control = jnp.argmin(rank.at[best].set(jnp.inf))
    return best, control


def _ablation(params: Params, cfg: RunConfig, batch: tasks.Batch, by_offset: jax.Array,
              intact: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Accuracy over the scored tokens of ``batch`` (training length, positions 0 .. L-1):
    ``intact``, with the copy head removed, with the control head removed; and the two
    heads as (block, head) rows."""
    best, control = ablation_heads(by_offset, cfg.offset)
    scored = batch.scored.astype(jnp.float32)
    positions = jnp.arange(batch.tokens.shape[1])

    def without(flat: jax.Array) -> jax.Array:
        mask = jnp.ones(cfg.layers * cfg.heads).at[flat].set(0.0).reshape(cfg.layers, cfg.heads)
        logits = jax.vmap(lambda t: forward(params, cfg, t, positions, head_mask=mask).logits)(
            batch.tokens)
        correct = (logits.argmax(-1) == batch.targets).astype(jnp.float32)
        return (correct * scored).sum() / scored.sum()

    heads = jnp.stack([jnp.stack([i // cfg.heads, i % cfg.heads]) for i in (best, control)])
    return jnp.stack([intact, without(best), without(control)]), heads


def measure(params: Params, cfg: RunConfig) -> Measures:
    """:func:`measure_one` for every seed (``params`` has a leading seed axis), then the
    probes of every seed and depth on the host."""
    device: Measures = jax.jit(jax.vmap(lambda p: measure_one(p, cfg)))(params)
    fit, test = np.asarray(device.probe_accuracy), np.asarray(device.probe_accuracy_by_position)
    probes = [[_probe(f, t, cfg.probe_ridge) for f, t in zip(fits, tests, strict=True)]
              for fits, tests in zip(fit, test, strict=True)]  # [seed][depth]
    accuracy, by_position, ridge, r2 = (np.array([[p[i] for p in seed] for seed in probes])
                                        for i in range(4))
    # The control task's labels of the probes' sequences (the same keys as measure_one's).
    *_, k_fit, k_test = _eval_keys()
    labels = control_labels(cfg)
    c_fit, c_test = (labels[np.asarray(tasks.sample(k, cfg, cfg.probe_batch,
                                                    cfg.train_length).tokens)]
                     for k in (k_fit, k_test))
    more = [[_probe_moments(f, t, c_fit, c_test, cfg.probe_ridge)
             for f, t in zip(fits, tests, strict=True)]
            for fits, tests in zip(fit, test, strict=True)]  # [seed][depth]
    sq, sq_r2, control, sq_control = (np.array([[p[i] for p in seed] for seed in more])
                                      for i in range(4))
    return Measures(np.asarray(device.accuracy_by_position),
                    np.asarray(device.interpolated_accuracy_by_position),
                    np.asarray(device.placed_accuracy), np.asarray(device.placed_output_change),
                    np.asarray(device.placed_correct_by_position),
                    np.asarray(device.placed_changed_by_position),
                    np.asarray(device.placed_output_change_by_position),
                    np.asarray(device.shift_change), np.asarray(device.shuffle_change),
                    np.asarray(device.attention_by_offset), accuracy, by_position, ridge, r2,
                    sq, sq_r2, control, sq_control,
                    np.asarray(device.capped_accuracy_by_position),
                    np.asarray(device.ablation_accuracy), np.asarray(device.ablation_heads))


class TextMeasures(NamedTuple):
    """What is measured on a ``char_lm`` model (per model; :func:`measure_text` adds a
    leading seed axis): on windows of ``eval_length`` characters of the held-out text at
    positions ``0 .. eval_length-1``, inside the training length and beyond it."""

    loss_by_position: Any  # (eval_length,): cross-entropy in nats of the next character
    accuracy_by_position: Any  # (eval_length,): the arg-max is the next character


def measure_text(params: Params, cfg: RunConfig, test: np.ndarray) -> TextMeasures:
    """:class:`TextMeasures` of every seed (``params`` has a leading seed axis) on
    ``eval_batch`` windows of the test tokens ``test``, spread evenly over it (the same
    windows for every seed and run); none of the copy tasks' measures apply."""
    starts = eval_starts(int(test.shape[0]), cfg.eval_length, cfg.eval_batch)
    batch = tasks.windows(jnp.asarray(test, dtype=jnp.int32), jnp.asarray(starts),
                          cfg.eval_length)

    def one(p: Params) -> TextMeasures:
        positions = jnp.arange(cfg.eval_length)
        logits = jax.vmap(lambda t: forward(p, cfg, t, positions).logits)(batch.tokens)
        log_probs = jax.nn.log_softmax(logits, axis=-1)
        loss = -jnp.take_along_axis(log_probs, batch.targets[..., None], axis=-1)[..., 0]
        correct = (logits.argmax(-1) == batch.targets).astype(jnp.float32)
        return TextMeasures(loss.mean(0), correct.mean(0))

    device: TextMeasures = jax.jit(jax.vmap(one))(params)
    return TextMeasures(*(np.asarray(v) for v in device))
