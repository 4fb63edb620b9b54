"""Text as tokens for the ``char_lm`` task, and count-based baselines; no file is read here.

The pipeline reads the files (``scripts/artifacts/corpus.py``) and passes their texts in,
as :class:`Texts`; :func:`prepare` checks them against the run's ``corpus`` digest and turns
them into arrays of character codes.

Tokens are ASCII codes, ``0 .. 127`` (:data:`~experiments.config.CHAR_VOCAB` symbols); any
other character becomes :data:`OTHER`, ASCII's own substitute character (SUB, 26), so the
vocabulary is fixed whatever the text.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import numpy as np

from experiments.config import CHAR_VOCAB, ConfigError, RunConfig

#: The token of every character outside ASCII: ASCII's substitute character.
OTHER = 26


class Texts(NamedTuple):
    """The corpus as read: ``(name, text)`` of each file, the training files apart from the
    held-out ones."""

    train: tuple[tuple[str, str], ...]
    test: tuple[tuple[str, str], ...]


class Corpus(NamedTuple):
    """The corpus as tokens: the training files' texts joined in order, and the test files'."""

    train: np.ndarray  # (characters,) int32
    test: np.ndarray  # (characters,) int32


def encode(text: str) -> np.ndarray:
    """Character codes of ``text``, with every non-ASCII character as :data:`OTHER`."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
    out: np.ndarray = np.where(codes < CHAR_VOCAB, codes, OTHER).astype(np.int32)
    return out


def digest(texts: Texts) -> str:
    """SHA-256 of the corpus: each file's part (train or test), name and text, in order."""
    h = hashlib.sha256()
    for part, files in (("train", texts.train), ("test", texts.test)):
        for name, text in files:
            data = text.encode("utf-8")
            h.update(f"{part}\0{name}\0{len(data)}\0".encode())
            h.update(data)
    return h.hexdigest()


def prepare(cfg: RunConfig, texts: Texts | None) -> Corpus:
    """The corpus of a ``char_lm`` run as tokens, checked: the texts must be the ones the
    run's ``corpus`` digest names, and long enough for its windows."""
    if texts is None:
        raise ConfigError("task='char_lm' trains on a text, but none was passed to the run")
    found = digest(texts)
    if found != cfg.corpus:
        raise ConfigError(f"corpus={cfg.corpus!r}: the texts passed to the run have digest "
                          f"{found!r}; the run must be declared with the digest of the text "
                          f"it trains on")
    corpus = Corpus(encode("".join(t for _, t in texts.train)),
                    encode("".join(t for _, t in texts.test)))
    for part, tokens, length in (("training", corpus.train, cfg.train_length),
                                 ("test", corpus.test, cfg.eval_length)):
        if tokens.size < length + 1:
            raise ConfigError(f"the {part} text has {tokens.size} characters; windows of "
                              f"{length} (train_length / eval_length) need at least "
                              f"{length + 1}")
    return corpus


def eval_starts(size: int, length: int, count: int) -> np.ndarray:
    """Starts of ``count`` windows of ``length`` tokens (and the token after each), spread
    evenly over a text of ``size`` tokens: the first at 0, the last as late as fits."""
    last = size - length - 1
    if last < 0:
        raise ValueError(f"a text of {size} tokens has no window of {length} + 1")
    starts: np.ndarray = (np.arange(count) * last) // max(count - 1, 1)
    return starts.astype(np.int32)


def bigram_probabilities(train: np.ndarray, vocab: int = CHAR_VOCAB) -> np.ndarray:
    """``probs[a, b]``: how often ``b`` follows ``a`` in ``train``, with add-one (Laplace)
    smoothing; each row sums to 1."""
    pairs = np.zeros((vocab, vocab))
    np.add.at(pairs, (train[:-1], train[1:]), 1.0)
    pairs += 1.0
    probs: np.ndarray = pairs / pairs.sum(1, keepdims=True)
    return probs


def ngram_loss(train: np.ndarray, test: np.ndarray, order: int, vocab: int = CHAR_VOCAB
               ) -> float:
    """Cross-entropy in nats per character on ``test`` of a count model fitted on ``train``:
    ``order`` 1 predicts each next character from the character frequencies, ``order`` 2
    from the frequencies after the character before it; add-one (Laplace) smoothing.
    Scored on every test character after the first."""
    if order not in (1, 2):
        raise ValueError(f"order={order}: only unigram (1) and bigram (2) counts")
    if order == 1:
        counts = np.bincount(train, minlength=vocab).astype(np.float64) + 1.0
        probs = counts / counts.sum()
        return float(-np.log(probs[test[1:]]).mean())
    probs2 = bigram_probabilities(train, vocab)
    return float(-np.log(probs2[test[:-1], test[1:]]).mean())


def count_losses_by_position(train: np.ndarray, test: np.ndarray, starts: np.ndarray,
                             length: int, vocab: int = CHAR_VOCAB) -> dict[str, np.ndarray]:
    """The count models' cross-entropy (nats per character) at each position ``0 ..
    length-1`` of the windows of ``test`` that begin at ``starts`` (mean over the windows):
    on the very predictions the models are scored on, the character after each position,
    from the character frequencies (``unigram``) or from the character at it (``bigram``).
    What a measure by position reads for models that know nothing of position."""
    at = np.asarray(starts)[:, None] + np.arange(length)[None, :]  # (windows, length)
    if at.size == 0 or at.min() < 0 or at.max() + 1 >= test.size:
        raise ValueError("the scored positions must lie inside the test text, each with a "
                         "character after it")
    counts = np.bincount(train, minlength=vocab).astype(np.float64) + 1.0
    unigram = counts / counts.sum()
    bigram = bigram_probabilities(train, vocab)
    return {"unigram": -np.log(unigram[test[at + 1]]).mean(0),
            "bigram": -np.log(bigram[test[at], test[at + 1]]).mean(0)}


def baselines(corpus: Corpus) -> dict[str, float]:
    """The count models' losses on the test text: what a model that knows only character
    frequencies (``unigram_loss``) or only the character before (``bigram_loss``) reaches,
    over every test character (:func:`count_losses_by_position` scores them where the models
    are scored)."""
    return {"unigram_loss": ngram_loss(corpus.train, corpus.test, 1),
            "bigram_loss": ngram_loss(corpus.train, corpus.test, 2)}


def files_summary(texts: Texts) -> dict[str, dict[str, int]]:
    """Characters per file, by part: what the record shows of the corpus."""
    return {part: {name: len(text) for name, text in files}
            for part, files in (("train", texts.train), ("test", texts.test))}
