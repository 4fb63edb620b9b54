"""Tasks, sampled with JAX random keys (inside the compiled training step): synthetic
ones, and windows of a text (``char_lm``, whose tokens are passed in as an array)."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp

from experiments.config import RunConfig
from experiments.model import Constants, constants


class Batch(NamedTuple):
    tokens: jax.Array  # (batch, n) int32
    targets: jax.Array  # (batch, n) int32: the answer at each position
    scored: jax.Array  # (batch, n) bool: positions that have an answer


def copy(key: jax.Array, vocab: int, batch: int, length: int, offset: jax.Array | int,
         half: jax.Array | bool) -> Batch:
    """Uniform random tokens; the answer at position ``i`` is the token at ``i - offset``
    (``copy_back``; positions before ``offset`` are not scored), or, where ``half``, the
    token at ``i // 2`` (``copy_half``; position 0 is not scored). One function for both,
    with ``offset`` and ``half`` possibly traced: the two tasks are one compiled program."""
    tokens = jax.random.randint(key, (batch, length), 0, vocab, dtype=jnp.int32)
    index = jnp.arange(length)
    source = jnp.where(half, index // 2, (index - offset) % length)
    first = jnp.where(half, 1, offset)
    scored = jnp.broadcast_to(index >= first, (batch, length))
    return Batch(tokens, tokens[:, source], scored)


def copy_back(key: jax.Array, cfg: RunConfig, batch: int, length: int) -> Batch:
    """Uniform random tokens; the answer at position ``i`` is the token at ``i - offset``."""
    return copy(key, cfg.vocab, batch, length, cfg.offset, False)


def copy_half(key: jax.Array, cfg: RunConfig, batch: int, length: int) -> Batch:
    """Uniform random tokens; the answer at position ``i`` is the token at ``i // 2``: the
    distance back grows with ``i``, so the model must know how far it is from the start."""
    return copy(key, cfg.vocab, batch, length, cfg.offset, True)


def windows(corpus: jax.Array, starts: jax.Array, length: int) -> Batch:
    """The windows of ``length`` tokens of ``corpus`` starting at ``starts`` (batch,); the
    answer at each position is the next token of the text (every position scored)."""
    index = starts[:, None] + jnp.arange(length)
    tokens, targets = corpus[index], corpus[index + 1]
    return Batch(tokens, targets, jnp.ones(tokens.shape, dtype=bool))


def char_lm(key: jax.Array, batch: int, length: int, corpus: jax.Array) -> Batch:
    """Windows at uniformly random starts, each with its next token inside ``corpus``."""
    starts = jax.random.randint(key, (batch,), 0, corpus.shape[0] - length)
    return windows(corpus, starts, length)


def sample(key: jax.Array, cfg: RunConfig, batch: int, length: int,
           corpus: jax.Array | None = None, consts: Constants | None = None) -> Batch:
    """A batch of the run's task; ``corpus``: the training text's tokens (``char_lm``);
    ``consts``: the run's constants, for a compiled program that takes them as inputs
    (default: ``constants(cfg)``; only the copy tasks read them)."""
    if cfg.task == "char_lm":
        if corpus is None:
            raise ValueError("task 'char_lm' samples windows of a text: pass its tokens")
        return char_lm(key, batch, length, corpus)
    if cfg.task not in ("copy_back", "copy_half"):
        raise ValueError(f"unknown task {cfg.task!r}")  # RunConfig.validated() names them
    if consts is None:
        consts = constants(cfg)
    return copy(key, cfg.vocab, batch, length, consts.offset, consts.half)


def train_starts(key: jax.Array, cfg: RunConfig, consts: Constants | None = None) -> jax.Array:
    """Where each training sequence of a step sits, as ``starts`` with ``starts[b] +
    arange(train_length)`` its positions: a start per sequence (batch,), drawn from
    ``0 .. train_offset`` (SHAPE; all 0 when it is 0); or, with ``train_positions='random'``,
    (batch, train_length): a sorted random subset of ``0 .. max_position-1`` per sequence
    (:func:`random_positions`) minus each token's index. ``consts``: as in :func:`sample`."""
    if cfg.train_positions == "random":
        return random_positions(key, cfg.batch, cfg.train_length, cfg.max_position) - \
            jnp.arange(cfg.train_length)
    top = constants(cfg).train_offset if consts is None else consts.train_offset
    return jax.random.randint(key, (cfg.batch,), 0, top + 1)


def random_positions(key: jax.Array, batch: int, length: int, top: int) -> jax.Array:
    """``batch`` rows of ``length`` distinct positions from ``0 .. top-1``, each row sorted
    and drawn uniformly among such subsets (the first ``length`` of a random permutation)."""
    # argsort of uniform draws is a random permutation per row, without a Python loop
    order = jnp.argsort(jax.random.uniform(key, (batch, top)), axis=1)
    return jnp.sort(order[:, :length], axis=1).astype(jnp.int32)
