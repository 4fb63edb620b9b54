"""What is measured on a model: a compiled forward pass per shape of input, the rest in NumPy.

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
- **At random positions**, as randomised positional encodings are tested (Ruoss et al.,
  2023), each sequence at a sorted random subset of the positions ``0 .. max_positions-1``
  (for a run trained at random positions, the range it was trained on), drawn once per
  sequence from a fixed key: the placement's sequences of the training length, drawn as
  training draws them (``random_placed_accuracy``); and the extrapolation's long sequences,
  whose positions are then denser than in training (``random_accuracy_by_position``, only
  for a run trained at random positions: empty for the others).
- **Head ablation**: on the placement's sequences at ``s = 0`` (inside the training
  length), accuracy with the *copy head* removed, the head of any block that gives the key
  ``offset`` back the most weight (by attention by offset), and, as controls, with the
  head of the same block that gives it the least removed (another block's least, if the
  block has one head), and the head of another block that gives it the least (the same
  block's, if there is one block). Removing a head replaces its share of the mixed values
  before the output projection two ways: by zero, and by its mean at that position over
  the probes' fitting sequences (a mean ablation, which keeps what later layers receive
  nearer to what they saw in training). And each block with all its heads removed at once,
  both ways (``block_ablation_accuracy``).
- **Position probes**, fitted on the residual stream of one set of sequences of the
  training length (after the embedding and after each block) and scored on another:
  linear discriminant analysis (class means and a shared, shrunk covariance) naming the
  exact position, by position and overall, and how often it names position 0 and is right; a ridge read-out onto one-hot positions (the
  weaker read-out an earlier version of the page used); and the R² of a ridge regression
  onto the position number. These read differences of means only. The same discriminant
  and regression fitted on the features together with their squares (``x`` and ``x²``,
  each column standardized on the fitting set) also read differences of variances. No
  control task in the sense of Hewitt and Liang: theirs is a random label per word type,
  and a position is not a function of the token; the controls are the untrained models.

The evaluation data comes from fixed keys, the same for every seed and every run.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from experiments import tasks
from experiments.config import RunConfig
from experiments.model import Constants, Params, constants, forward
from experiments.text import eval_starts

EVAL_KEY = 20_171_206  # the paper's first arXiv version: any fixed number would do


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
    #: (layers, shifts, train_length): the same, by the query's place in the sequence
    shift_change_by_position: Any
    shuffle_change: Any  # (layers,)
    attention_by_offset: Any  # (layers, heads, train_length)
    probe_accuracy: Any  # (layers + 1,): discriminant read-out, exact position
    probe_accuracy_by_position: Any  # (layers + 1, train_length)
    #: (layers + 1, 2): of the test tokens, how many the discriminant names position 0, and
    #: how many of those are at 0 (its precision there; the by-position score is recall)
    probe_named_0: Any
    probe_ridge_accuracy: Any  # (layers + 1,): ridge onto one-hot positions
    probe_r2: Any  # (layers + 1,)
    probe_sq_accuracy: Any  # (layers + 1,): discriminant on (x, x²), exact position
    probe_sq_r2: Any  # (layers + 1,): ridge on (x, x²) onto the position number
    capped_accuracy_by_position: Any  # (eval_length,): keys train_length or more back masked
    #: (4,): intact; with the copy head, the control in its block, the control in another
    #: block each zeroed
    ablation_accuracy: Any
    #: (3,): with the same three heads each replaced by its mean output (mean ablation)
    mean_ablation_accuracy: Any
    #: (3, 2): (block, head), from 0, of the copy head and the two controls
    ablation_heads: Any
    #: (layers, 2): with every head of a block removed at once, zeroed and replaced by
    #: their means
    block_ablation_accuracy: Any
    #: (eval_length,): at sorted random positions (empty unless trained at them)
    random_accuracy_by_position: Any
    random_placed_accuracy: Any  # (): training-length sequences at sorted random positions


def _eval_keys() -> tuple[jax.Array, ...]:
    """Keys of the evaluation data: the five of the first measures, then the random
    positions' of the long sequences and of the short ones (folded in, so that adding them
    left the others as they were)."""
    key = jax.random.key(EVAL_KEY)
    return (*jax.random.split(key, 5), jax.random.fold_in(key, 1), jax.random.fold_in(key, 2))


def _eval_data(cfg: RunConfig) -> tuple[tasks.Batch, tasks.Batch, np.ndarray, np.ndarray,
                                        np.ndarray, np.ndarray, np.ndarray]:
    """The measurements' sequences, from fixed keys (the same for every seed and run), drawn
    in one compiled call: the long sequences; the training-length ones to place; a shuffle
    of positions per placed sequence; the probes' tokens to fit and to test on; sorted
    random positions for each long sequence and for each placed one."""
    drawn = _eval_program(cfg.program())(constants(cfg))
    long, placed, perms, fit, test, random, random_short = jax.tree_util.tree_map(np.asarray,
                                                                                  drawn)
    return long, placed, perms, fit, test, random, random_short


@functools.cache
def _eval_program(cfg: RunConfig) -> Any:
    """:func:`_eval_data`'s compiled draw, traced from ``cfg`` (a ``RunConfig.program()``:
    the task's offset and kind reach it as inputs, in the constants)."""
    def draw(consts: Constants) -> Any:
        k_eval, k_place, k_perm, k_fit, k_test, k_random, k_random_short = _eval_keys()
        length = cfg.train_length
        # a random permutation per sequence: the order of uniform draws
        perms = jnp.argsort(jax.random.uniform(k_perm, (cfg.eval_batch, length)), axis=1)
        return (tasks.sample(k_eval, cfg, cfg.eval_batch, cfg.eval_length, consts=consts),
                tasks.sample(k_place, cfg, cfg.eval_batch, length, consts=consts), perms,
                *(tasks.sample(k, cfg, cfg.probe_batch, length, consts=consts).tokens
                  for k in (k_fit, k_test)),
                tasks.random_positions(k_random, cfg.eval_batch, cfg.eval_length,
                                       cfg.max_positions),
                tasks.random_positions(k_random_short, cfg.eval_batch, length,
                                       cfg.max_positions))

    return jax.jit(draw)


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
           ) -> tuple[float, np.ndarray, np.ndarray, float, float]:
    """Probe one layer: ``fit`` and ``test`` are residual streams (batch, n, d).

    On the host, in float64 NumPy: the solves stay out of XLA, whose CPU runtime hung for
    good in batched LAPACK solves here (JAX 0.10, seen in the models without positions)."""
    fit, test = np.asarray(fit, dtype=np.float64), np.asarray(test, dtype=np.float64)
    n = fit.shape[1]
    x_fit, x_test = fit.reshape(-1, fit.shape[2]), test.reshape(-1, test.shape[2])
    pos_fit, pos_test = np.tile(np.arange(n), fit.shape[0]), np.tile(np.arange(n), test.shape[0])
    w, b = _discriminant(x_fit, pos_fit, n, strength)
    named = (x_test @ w + b).argmax(-1)
    hit = (named == pos_test).astype(np.float64)
    by_position = hit.reshape(test.shape[0], n).mean(0)
    named_0 = np.array([np.sum(named == 0), np.sum((named == 0) & (pos_test == 0))],
                       dtype=np.float64)
    w, b = _ridge(x_fit, np.eye(n)[pos_fit], strength)
    ridge_hit = ((x_test @ w + b).argmax(-1) == pos_test).astype(np.float64)
    w1, b1 = _ridge(x_fit, pos_fit[:, None].astype(np.float64), strength)
    guess = (x_test @ w1 + b1)[:, 0]
    truth = pos_test.astype(np.float64)
    r2 = 1 - ((guess - truth) ** 2).sum() / ((truth - truth.mean()) ** 2).sum()
    return float(hit.mean()), by_position, named_0, float(ridge_hit.mean()), float(r2)


def _classify(x_fit: np.ndarray, y_fit: np.ndarray, x_test: np.ndarray, strength: float
              ) -> np.ndarray:
    """Labels the discriminant fitted on ``(x_fit, y_fit)`` gives ``x_test``; only labels
    that occur in ``y_fit`` are classes."""
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


def _probe_moments(fit: Any, test: Any, strength: float) -> tuple[float, float]:
    """The read-outs beside :func:`_probe`, on the same residual streams (batch, n, d):
    the discriminant's exact-position accuracy and the R² of the position number from the
    features with their squares. Host, float64 NumPy, as :func:`_probe`."""
    fit, test = np.asarray(fit, dtype=np.float64), np.asarray(test, dtype=np.float64)
    n = fit.shape[1]
    x_fit, x_test = fit.reshape(-1, fit.shape[2]), test.reshape(-1, test.shape[2])
    pos_fit, pos_test = np.tile(np.arange(n), fit.shape[0]), np.tile(np.arange(n), test.shape[0])
    s_fit, s_test = _with_squares(x_fit, x_test)
    sq = float((_classify(s_fit, pos_fit, s_test, strength) == pos_test).mean())
    sq_r2 = _r2(s_fit, pos_fit, s_test, pos_test, strength)
    return sq, sq_r2


def _total_variation(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Half the L1 distance between distributions along the last axis."""
    distance: np.ndarray = 0.5 * np.abs(a - b).sum(-1)
    return distance


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = np.exp(logits.astype(np.float64) - logits.max(-1, keepdims=True))
    probs: np.ndarray = z / z.sum(-1, keepdims=True)
    return probs


def _by_offset(weights: np.ndarray) -> np.ndarray:
    """Mean weight on the key ``k`` places back, for k = 0 .. n-1: (..., n, n) -> (..., n)."""
    n = weights.shape[-1]
    return np.stack([np.diagonal(weights, offset=-k, axis1=-2, axis2=-1).mean(-1)
                     for k in range(n)], axis=-1)


@functools.cache
def _compiled_forward(cfg: RunConfig, keep: tuple[int, int] | None = None) -> Any:
    """One compiled forward pass of every model (``params`` with a leading model axis) on a
    batch of sequences ``tokens`` (N, n), each at its own ``positions`` (N, n) and with its
    own ``head_mask`` (N, layers, heads), a removed head's output replaced by the model's
    ``head_fill`` (models, layers, heads, n, width), every key ``window`` or more places
    back masked:
    the logits (models, N, n, vocab); or, with ``keep = (a, r)``, the whole
    :class:`~experiments.model.Output`, its attention kept for the first ``a`` sequences
    and its residual streams from sequence ``r`` on (the rest is never copied out).

    Every measurement runs through it, so a run compiles a forward pass once per shape of
    its inputs and ``keep``, not once per measurement: compiling was most of a run's cost. The
    run's :class:`~experiments.model.Constants` are an input too (the first after
    ``params``), so that runs differing only in them share the program: ``cfg`` is a
    ``RunConfig.program()``, and a process keeps the programs it compiled for the next run
    with the same one."""
    def one(params: Params, consts: Constants, tokens: jax.Array, positions: jax.Array,
            head_mask: jax.Array, head_fill: jax.Array, window: jax.Array) -> Any:
        return forward(params, cfg, tokens, positions, head_mask=head_mask, window=window,
                       consts=consts, head_fill=head_fill)

    per_model = jax.vmap(one, in_axes=(None, None, 0, 0, 0, None, None))
    every = jax.vmap(per_model, in_axes=(0, None, None, None, None, 0, None))

    def outputs(*args: Any) -> Any:
        out = every(*args)
        if keep is None:
            return out.logits
        attention_to, residuals_from = keep
        return out._replace(attention=out.attention[:, :attention_to],
                            residuals=out.residuals[:, residuals_from:],
                            heads=out.heads[:, residuals_from:])

    return jax.jit(outputs)


def ablation_heads(by_offset: Any, offset: int) -> tuple[int, int, int]:
    """The copy head and its two controls, as flat indices ``block * heads + head``, from
    the attention by offset (layers, heads, L): the head giving the key ``offset`` back the
    most weight; the head of its block giving it the least (if the block has no other head,
    the least-weighted head of another block); the least-weighted head of another block (if
    there is one block, the first control again)."""
    weight = np.asarray(by_offset)[..., offset]  # (layers, heads)
    flat = weight.reshape(-1)
    best = int(np.argmax(flat))
    home = np.arange(flat.size) // weight.shape[1] == best // weight.shape[1]
    beside, away = home & (np.arange(flat.size) != best), ~home

    def least(among: np.ndarray) -> int:
        return int(np.argmin(np.where(among, flat, np.inf)))

    control = least(beside) if beside.any() else least(away)
    return best, control, least(away) if away.any() else control


def measure(params: Params, cfg: RunConfig) -> Measures:
    """Every measurement of every model (``params`` has a leading model axis, one entry per
    seed): the forward passes compiled (:func:`_compiled_forward`), the rest on the host, in
    NumPy, the probes' solves included."""
    length, layers, heads = cfg.train_length, cfg.layers, cfg.heads
    logits_of = _compiled_forward(cfg.program())
    consts = constants(cfg)
    models = len(jax.tree_util.tree_leaves(params)[0])

    def unmasked(count: int) -> np.ndarray:
        return np.ones((count, layers, heads), dtype=np.float32)

    def no_fill(n: int) -> np.ndarray:  # what a removed head leaves: nothing
        return np.zeros((models, layers, heads, n, cfg.d_model // heads), dtype=np.float32)

    # Extrapolation, interpolation and the distance cap, on sequences longer than the
    # training ones; without a cap every key is nearer than ``eval_length``.
    long, placed, perms, fit_tokens, test_tokens, random_positions, random_short = _eval_data(cfg)
    long_targets = np.asarray(long.targets)
    ahead = np.arange(cfg.eval_length, dtype=np.int32)

    def accuracy(positions: np.ndarray, window: int) -> np.ndarray:  # (models, eval_length)
        tiled = np.broadcast_to(positions, (cfg.eval_batch, cfg.eval_length))
        logits = np.asarray(logits_of(params, consts, long.tokens, tiled,
                                      unmasked(cfg.eval_batch), no_fill(cfg.eval_length),
                                      window))
        correct: np.ndarray = (logits.argmax(-1) == long_targets).mean(1)
        return correct

    extrapolated = accuracy(ahead, cfg.eval_length)
    interpolated = accuracy(ahead.astype(np.float32) * np.float32(length / cfg.eval_length),
                            cfg.eval_length)
    capped = accuracy(ahead, length)
    # at random positions only where training drew them so (a pass the others never use)
    long_at_random = (accuracy(random_positions, cfg.eval_length)
                      if cfg.train_positions == "random"
                      else np.zeros((models, 0)))

    # In one forward pass, sequences of the training length: at positions s .. s+L-1 for
    # each shift s and at shuffled positions; at sorted random positions; and the probes'
    # two sets at 0 .. L-1.
    shifts = len(cfg.shifts)
    placements = np.concatenate(
        [np.broadcast_to(np.asarray(cfg.shifts)[:, None, None] + np.arange(length),
                         (shifts, cfg.eval_batch, length)), perms[None]]).astype(np.int32)
    placed_tokens = np.asarray(placed.tokens)
    tokens = np.concatenate([np.tile(placed_tokens, (shifts + 2, 1)),
                             np.asarray(fit_tokens), np.asarray(test_tokens)])

    def at_home(count: int) -> np.ndarray:
        return np.broadcast_to(np.arange(length, dtype=np.int32), (count, length))

    positions = np.concatenate([placements.reshape(-1, length), random_short.astype(np.int32),
                                at_home(2 * cfg.probe_batch)])
    cut = np.cumsum([(shifts + 1) * cfg.eval_batch, cfg.eval_batch])
    # attention of the placed sequences; residual streams and heads' outputs of the probes'
    out = _compiled_forward(cfg.program(), (int(cut[0]), int(cut[1])))(
        params, consts, tokens, positions, unmasked(len(tokens)), no_fill(length), length)
    logits, attention = np.asarray(out.logits), np.asarray(out.attention)
    residuals = np.asarray(out.residuals)

    # The ablation, in a second pass: the placed sequences at 0 .. L-1 with each head
    # removed in turn, then every head of each block at once; zeroed, then replaced by the
    # mean output at each position over the probes' fitting sequences (models, layers,
    # heads, L, width).
    all_heads = layers * heads
    removals = np.concatenate([np.eye(all_heads, dtype=np.float32),
                               np.repeat(np.eye(layers, dtype=np.float32), heads, axis=1)])
    removed = 1 - np.repeat(removals, cfg.eval_batch, axis=0)
    mean_heads = np.asarray(out.heads)[:, :cfg.probe_batch].mean(1, dtype=np.float64)

    def without_each(fill: np.ndarray) -> np.ndarray:  # (models, removals, batch, L)
        count = len(removals)
        answers = np.asarray(logits_of(params, consts, np.tile(placed_tokens, (count, 1)),
                                       at_home(count * cfg.eval_batch),
                                       removed.reshape(-1, layers, heads),
                                       fill.astype(np.float32), length)).argmax(-1)
        correct: np.ndarray = (answers.reshape(models, count, cfg.eval_batch, length)
                               == placed.targets).astype(np.float64)
        return correct

    home = cfg.shifts.index(0)
    scored = np.asarray(placed.scored, dtype=np.float64)
    targets = np.asarray(placed.targets)

    def scored_mean(values: np.ndarray) -> np.ndarray:  # (..., batch, L) -> (...)
        mean: np.ndarray = (values * scored).sum((-2, -1)) / scored.sum()
        return mean

    shifted_logits = logits[:, :cut[0]].reshape(models, shifts + 1, cfg.eval_batch, length,
                                                -1)[:, :-1]
    answers = shifted_logits.argmax(-1)  # (models, shifts, batch, L)
    correct = (answers == targets).astype(np.float64)
    changed = (answers != answers[:, home:home + 1]).astype(np.float64)
    probs = _softmax(shifted_logits)
    output_tv = _total_variation(probs, probs[:, home:home + 1])
    placed_accuracy, output_change = scored_mean(correct), scored_mean(output_tv)
    # attention: (models, placements, batch, layers, heads, L, L)
    placed_attention = attention.reshape(models, shifts + 1, cfg.eval_batch,
                                                     layers, heads, length, length)
    change_by_query = _total_variation(placed_attention, placed_attention[:, home:home + 1]
                                       ).mean((2, 4), dtype=np.float64)
    attention_change = change_by_query.mean(-1)  # (models, placements, layers)
    shift_change = attention_change[:, :-1].transpose(0, 2, 1)  # (models, layers, shifts)
    shift_change_by_position = change_by_query[:, :-1].transpose(0, 2, 1, 3)
    shuffle_change = attention_change[:, -1]
    by_offset = _by_offset(placed_attention[:, home]).mean(1)  # (models, layers, heads, L)

    zeroed = scored_mean(without_each(no_fill(length)))  # (models, removals)
    averaged = scored_mean(without_each(mean_heads))
    blocks = np.stack([zeroed[:, all_heads:], averaged[:, all_heads:]], axis=-1)
    zeroed, averaged = zeroed[:, :all_heads], averaged[:, :all_heads]
    chosen = np.array([ablation_heads(by_offset[m], cfg.offset) for m in range(models)])
    rows = np.arange(models)[:, None]
    ablation = np.concatenate([placed_accuracy[:, home:home + 1], zeroed[rows, chosen]], 1)
    mean_ablation = averaged[rows, chosen]
    ablated = np.stack(np.divmod(chosen, heads), axis=-1)  # (models, 3, 2)
    at_random = scored_mean((logits[:, cut[0]:cut[1]].argmax(-1) == targets
                             ).astype(np.float64))  # (models,)

    # Position probes on the residual stream (models, depth, batch, n, d), on the host.
    fit = residuals[:, :cfg.probe_batch].transpose(0, 2, 1, 3, 4)
    test = residuals[:, cfg.probe_batch:].transpose(0, 2, 1, 3, 4)
    probes = [[_probe(f, t, cfg.probe_ridge) for f, t in zip(fits, tests, strict=True)]
              for fits, tests in zip(fit, test, strict=True)]  # [model][depth]
    probe_accuracy, by_position, named_0, ridge, r2 = (
        np.array([[p[i] for p in seed] for seed in probes]) for i in range(5))
    more = [[_probe_moments(f, t, cfg.probe_ridge) for f, t in zip(fits, tests, strict=True)]
            for fits, tests in zip(fit, test, strict=True)]  # [model][depth]
    sq, sq_r2 = (np.array([[p[i] for p in seed] for seed in more]) for i in range(2))
    return Measures(extrapolated, interpolated, placed_accuracy, output_change,
                    correct.mean(2), changed.mean(2), output_tv.mean(2), shift_change,
                    shift_change_by_position, shuffle_change, by_offset, probe_accuracy,
                    by_position, named_0, ridge, r2, sq, sq_r2, capped, ablation,
                    mean_ablation, ablated, blocks, long_at_random, at_random)


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
