"""What one training run is: the model, the task, training and evaluation, validated.

A :class:`RunConfig` is built from plain keyword values (the registry declares runs as
dicts), and every bad value is a :class:`ConfigError` naming the field and the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

SCHEMES = ("sinusoidal", "learned", "rotary", "none", "alibi", "t5")
#: Schemes that add a vector to (or join it with) the token embedding.
ADDITIVE = ("sinusoidal", "learned")
#: Schemes that add a bias to every attention score instead of a vector to the tokens.
BIASES = ("alibi", "t5")
COMBINES = ("sum", "concat")
TASKS = ("copy_back", "copy_half", "char_lm")
#: ``char_lm``'s vocabulary: ASCII codes (any other character is one of them, see
#: ``experiments.text``).
CHAR_VOCAB = 128
#: How a ``learned`` table starts: random normal entries, or the paper's sinusoidal table.
LEARNED_INITS = ("random", "sinusoidal")
#: The sinusoid's frequencies: the paper's, or the slip that gives each column its own
#: exponent, ``j / d`` for column ``j`` where the paper has ``2 * (j // 2) / d``
#: (``pe.diagnose`` calls it ``column-exponent``): the cosine of pair ``i`` turns at
#: base^(-(2i+1)/d) instead of sharing its sine's base^(-2i/d).
FORMULAS = ("paper", "column-exponent")
#: Where training sequences sit: at consecutive positions (from a start, see
#: ``train_offset``), or at a sorted random subset of ``0 .. max_position-1`` (Ruoss et
#: al., 2023).
TRAIN_POSITIONS = ("contiguous", "random")
#: What multiplies the token vectors before positions join them: nothing, or the paper's
#: sqrt(d_model) (section 3.4), computed from the token vectors' own width.
EMBED_SCALES = ("none", "sqrt_d")


class ConfigError(ValueError):
    """A run's configuration is invalid; the message names the field."""


@dataclass(frozen=True)
class RunConfig:
    """One run: the same model trained from each seed, then measured.

    Model: ``layers`` pre-LayerNorm blocks of width ``d_model`` with ``heads`` heads and a
    GELU MLP of width ``d_mlp``; positions by ``scheme`` (``sinusoidal``: the paper's table
    from :func:`pe.encoding`; ``learned``: a trained table; ``rotary``: queries and keys
    rotated by position in every layer; ``none``), joined to the tokens by ``combine``
    (``sum``, or ``concat``: the last ``d_position`` of the ``d_model`` columns hold the
    position, the others the token). With ``sum`` and ``d_position > 0``, token and position
    vectors are ``d_position`` wide and summed into the first ``d_position`` columns, the
    others starting at zero: the same vectors as ``concat`` with ``d_model - d_position =
    d_position``, sharing columns instead of keeping them apart. ``causal`` masks attention
    to earlier positions.

    Tasks: tokens drawn uniformly from ``vocab`` symbols. ``copy_back``: the answer at
    position ``i`` is the token at ``i - offset`` (positions before ``offset`` are not
    scored), a fixed offset. ``copy_half``: the answer at ``i`` is the token at ``i // 2``
    (position 0 is not scored): how far back to look grows with ``i``, so it needs the
    position counted from the start. Both need positions: the same token multiset in
    another order has other answers.

    ``learned_init`` (``learned`` only): the table starts as random normal entries
    (``random``) or as the paper's sinusoidal table (``sinusoidal``), then trains.
    ``formula`` (``sinusoidal`` only): ``paper``, or ``column-exponent``, a common slip
    that gives every column its own exponent (see :data:`FORMULAS`).

    ``embed_scale``: ``sqrt_d`` multiplies the token vectors by the square root of their
    width, as the paper does with sqrt(d_model) (section 3.4), so that they outweigh the
    position vectors they are summed with; ``none`` leaves both at the same scale.

    ``char_lm``: next-character prediction on a text (the token at ``i`` predicts the one
    at ``i + 1``, every position scored), windows drawn from the text's training part;
    ``corpus`` is the SHA-256 of that text (``experiments.text.digest``), which the run
    checks against the text it is given. ``vocab`` must be :data:`CHAR_VOCAB`.
    ``alibi`` (Press et al., 2021): no position vector; head ``h`` of ``heads`` adds
    ``-m_h * |q - k|`` to the score of query position ``q`` and key position ``k``, with the
    fixed slopes ``m_h = 2^(-8h/heads)``, ``h = 1 .. heads`` for a power of two (other head
    counts as in ``pe.relatives.alibi_slopes``; with the causal mask only keys
    at or before the query remain, so this is the paper's ``-m_h (q - k)``). ``t5`` (Raffel
    et al., 2019): a learned scalar per head and relative-position bucket added to the
    scores, one table shared by every layer, the offsets sorted into ``buckets`` buckets by
    T5's rule (exact for small offsets, logarithmic up to ``max_distance``, one bucket
    beyond); fractional offsets are rounded to the nearest integer first.

    ``train_offset``: each training sequence starts at a position drawn uniformly from
    ``0 .. train_offset`` (0: always at 0), as in SHAPE (Kiyono et al., 2021).
    ``train_positions``: ``contiguous`` (consecutive positions from that start), or
    ``random``: each training sequence's positions are a sorted random subset of
    ``0 .. max_position-1``, drawn afresh for every sequence (randomised positional
    encodings, Ruoss et al., 2023); evaluation keeps positions ``0 .. n-1``.
    """

    scheme: str
    causal: bool = True
    combine: str = "sum"
    d_model: int = 32
    d_position: int = 0  # columns of the position vector (0: the whole width, summed)
    heads: int = 2
    layers: int = 2
    d_mlp: int = 64
    base: float = 10000.0  # sinusoidal and rotary
    learned_init: str = "random"  # learned: how the table starts
    formula: str = "paper"  # sinusoidal: the paper's frequencies, or a slip
    embed_scale: str = "none"  # token vectors times nothing, or times sqrt(their width)
    buckets: int = 16  # t5: relative-position buckets (half per direction if bidirectional)
    max_distance: int = 32  # t5: offsets from here on share the last bucket
    task: str = "copy_back"
    vocab: int = 16
    offset: int = 3
    train_length: int = 32
    train_offset: int = 0  # training sequences start at a random position up to this
    train_positions: str = "contiguous"  # or "random": sorted random subsets of positions
    max_position: int = 0  # random: training positions are drawn below this (else 0)
    steps: int = 1200  # the cap: no seed trains longer
    #: The convergence rule (``experiments.train.converged``), checked every ``check_every``
    #: steps on each seed's mean training loss over those steps: met when that mean is at
    #: most ``target_loss`` at ``target_checks`` checks in a row, or when the least-squares
    #: line through the last ``patience`` checks falls across them by less than ``min_gain``
    #: of their mean (0: no plateau rule; at least 2 otherwise).
    target_loss: float = 0.01
    target_checks: int = 2
    patience: int = 3
    min_gain: float = 0.01
    check_every: int = 100
    batch: int = 32
    learning_rate: float = 3e-3
    warmup: int = 100
    seeds: tuple[int, ...] = (0, 1, 2)
    eval_length: int = 128  # accuracy by position up to here (extrapolation)
    eval_batch: int = 64
    shifts: tuple[int, ...] = (0, 8, 16, 32, 64, 96)  # placements of training-length sequences
    probe_batch: int = 64  # sequences to fit the position probe on (as many to test it)
    probe_ridge: float = 1e-2  # relative shrinkage of the probes' covariance
    corpus: str = ""  # char_lm: SHA-256 of the text (experiments.text.digest); else empty

    @classmethod
    def from_params(cls, params: dict[str, Any]) -> RunConfig:
        """A config from keyword values (lists become tuples), validated."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ConfigError(f"unknown run setting(s) {', '.join(unknown)} "
                              f"(known: {', '.join(sorted(known))})")
        if "scheme" not in params:
            raise ConfigError("a run needs a position scheme: scheme=" + "|".join(SCHEMES))
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in params.items()}
        return cls(**values).validated()

    def validated(self) -> RunConfig:
        def need(ok: bool, message: str) -> None:
            if not ok:
                raise ConfigError(message)

        need(self.scheme in SCHEMES, f"scheme={self.scheme!r}: must be one of {SCHEMES}")
        need(self.combine in COMBINES, f"combine={self.combine!r}: must be one of {COMBINES}")
        need(self.learned_init in LEARNED_INITS,
             f"learned_init={self.learned_init!r}: must be one of {LEARNED_INITS}")
        need(self.learned_init == "random" or self.scheme == "learned",
             f"learned_init={self.learned_init!r}: only a learned table has an initial "
             f"value to choose, but scheme={self.scheme!r}; use scheme='learned'")
        need(self.formula in FORMULAS, f"formula={self.formula!r}: must be one of {FORMULAS}")
        need(self.formula == "paper" or self.scheme == "sinusoidal",
             f"formula={self.formula!r}: only the sinusoidal scheme computes a formula, but "
             f"scheme={self.scheme!r}; use scheme='sinusoidal'")
        need(self.task in TASKS, f"task={self.task!r}: must be one of {TASKS}")
        need(self.embed_scale in EMBED_SCALES,
             f"embed_scale={self.embed_scale!r}: must be one of {EMBED_SCALES}")
        self._validate_buckets(need)
        for name in ("d_model", "heads", "layers", "d_mlp", "vocab", "offset", "train_length",
                     "steps", "batch", "eval_length", "eval_batch", "probe_batch", "check_every"):
            value = getattr(self, name)
            need(isinstance(value, int) and not isinstance(value, bool) and value > 0,
                 f"{name}={value!r}: must be a positive integer")
        need(isinstance(self.causal, bool), f"causal={self.causal!r}: must be True or False")
        need(self.vocab >= 2, f"vocab={self.vocab}: the task needs at least 2 tokens")
        need(self.base > 1, f"base={self.base}: must be greater than 1")
        need(self.learning_rate > 0, f"learning_rate={self.learning_rate}: must be positive")
        need(0 <= self.warmup < self.steps,
             f"warmup={self.warmup}: must be at least 0 and below steps={self.steps}")
        need(self.probe_ridge > 0, f"probe_ridge={self.probe_ridge}: must be positive")
        need(len(self.seeds) >= 1 and len(set(self.seeds)) == len(self.seeds),
             f"seeds={self.seeds}: need at least one seed, each once")
        need(self.offset < self.train_length,
             f"offset={self.offset}: must be below train_length={self.train_length}")
        need(self.eval_length >= self.train_length,
             f"eval_length={self.eval_length}: must be at least train_length="
             f"{self.train_length}")
        need(self.steps % self.check_every == 0,
             f"steps={self.steps}: must be a multiple of check_every={self.check_every}")
        need(isinstance(self.target_loss, (int, float)) and self.target_loss >= 0,
             f"target_loss={self.target_loss!r}: must be a number at least 0 (0: never met)")
        need(isinstance(self.target_checks, int) and not isinstance(self.target_checks, bool)
             and self.target_checks >= 1,
             f"target_checks={self.target_checks!r}: must be a whole number of checks, at "
             f"least 1")
        need(isinstance(self.patience, int) and not isinstance(self.patience, bool)
             and self.patience >= 0 and self.patience != 1,
             f"patience={self.patience!r}: must be a whole number of checks, 0 (no plateau "
             f"rule) or at least 2 (a line is fitted through them)")
        need(isinstance(self.min_gain, (int, float)) and 0 <= self.min_gain < 1,
             f"min_gain={self.min_gain!r}: must be a relative gain from 0 up to, not "
             f"including, 1")
        need(isinstance(self.train_offset, int) and self.train_offset >= 0,
             f"train_offset={self.train_offset!r}: must be a non-negative integer")
        need(self.train_offset + self.train_length <= self.eval_length,
             f"train_offset={self.train_offset}: training positions must stay below "
             f"eval_length={self.eval_length}")
        need(self.train_positions in TRAIN_POSITIONS,
             f"train_positions={self.train_positions!r}: must be one of {TRAIN_POSITIONS}")
        need(isinstance(self.max_position, int) and not isinstance(self.max_position, bool)
             and self.max_position >= 0,
             f"max_position={self.max_position!r}: must be a non-negative integer")
        if self.train_positions == "random":
            need(self.max_position >= self.eval_length,
                 f"max_position={self.max_position}: random training positions are drawn "
                 f"from a range at least as long as the test sequences, eval_length="
                 f"{self.eval_length}")
            need(self.train_offset == 0,
                 f"train_offset={self.train_offset}: random training positions already "
                 f"place every sequence; leave it 0")
        else:
            need(self.max_position == 0,
                 f"max_position={self.max_position}: only train_positions='random' draws "
                 f"positions from a range; leave it 0")
        need(all(s >= 0 for s in self.shifts) and 0 in self.shifts,
             f"shifts={self.shifts}: must be non-negative and include 0")
        heads_ok = self.d_model % self.heads == 0
        need(heads_ok, f"d_model={self.d_model}: must be a multiple of heads={self.heads}")
        if self.scheme == "rotary":
            need(heads_ok and (self.d_model // self.heads) % 2 == 0,
                 f"rotary needs an even width per head; d_model={self.d_model} with "
                 f"heads={self.heads} gives {self.d_model // self.heads}")
        if self.combine == "concat":
            need(self.scheme in ADDITIVE,
                 f"combine='concat' joins a position vector to the token, but scheme="
                 f"{self.scheme!r} has none; use combine='sum' (the default)")
            need(0 < self.d_position < self.d_model,
                 f"d_position={self.d_position}: with combine='concat' it must be between 1 "
                 f"and d_model - 1 = {self.d_model - 1}")
        elif self.d_position:
            need(self.scheme in ADDITIVE,
                 f"d_position={self.d_position}: scheme={self.scheme!r} adds no position "
                 f"vector; leave it 0")
            need(0 < self.d_position < self.d_model,
                 f"d_position={self.d_position}: with combine='sum' it must be 0 (the whole "
                 f"width) or between 1 and d_model - 1 = {self.d_model - 1}")
        if self.scheme == "sinusoidal" or self.learned_init == "sinusoidal":
            need(self.d_pos_vector % 2 == 0,
                 f"{'d_position' if self.d_position else 'd_model'}={self.d_pos_vector}: "
                 f"sinusoidal positions come in sin/cos pairs; use an even width")
        if self.task == "char_lm":
            need(self.vocab == CHAR_VOCAB,
                 f"vocab={self.vocab}: task='char_lm' reads ASCII characters, {CHAR_VOCAB} "
                 f"symbols; use vocab={CHAR_VOCAB}")
            need(isinstance(self.corpus, str) and len(self.corpus) == 64
                 and all(c in "0123456789abcdef" for c in self.corpus),
                 f"corpus={self.corpus!r}: task='char_lm' needs the SHA-256 (64 lowercase "
                 f"hex digits) of the text it trains on")
        else:
            need(self.corpus == "",
                 f"corpus={self.corpus!r}: only task='char_lm' reads a text; leave it empty")
        return self

    def _validate_buckets(self, need: Callable[[bool, str], None]) -> None:
        """T5's bucketing needs at least one exact bucket per direction and a largest
        distance beyond the exact ones (its logarithm divides by log(max_distance/exact))."""
        defaults = {f.name: f.default for f in fields(self)}
        for name in ("buckets", "max_distance"):
            value = getattr(self, name)
            need(isinstance(value, int) and not isinstance(value, bool) and value > 0,
                 f"{name}={value!r}: must be a positive integer")
            need(self.scheme == "t5" or value == defaults[name],
                 f"{name}={value}: only the t5 scheme has relative-position buckets, but "
                 f"scheme={self.scheme!r}; use scheme='t5'")
        if self.scheme != "t5":
            return
        per_direction = self.buckets if self.causal else self.buckets // 2
        need(per_direction // 2 >= 1,
             f"buckets={self.buckets}: T5 keeps half of each direction's buckets for exact "
             f"offsets, so it needs at least {2 if self.causal else 4} "
             f"({'causal' if self.causal else 'bidirectional'})")
        exact = max(per_direction // 2, 1)
        need(self.max_distance > exact,
             f"max_distance={self.max_distance}: must exceed the {exact} exact offsets "
             f"(buckets={self.buckets}, {'causal' if self.causal else 'bidirectional'})")

    @property
    def max_positions(self) -> int:
        """Positions any measurement uses: the position table must hold this many."""
        return max(self.eval_length, max(self.shifts) + self.train_length,
                   self.train_offset + self.train_length, self.max_position)

    @property
    def d_token(self) -> int:
        if self.combine == "concat":
            return self.d_model - self.d_position
        return self.d_position or self.d_model

    @property
    def d_pos_vector(self) -> int:
        """Width of the position vector joined to the token (0 if none is)."""
        if self.scheme not in ADDITIVE:
            return 0
        return self.d_position or self.d_model

    def program(self) -> RunConfig:
        """The settings the compiled programs are traced from: these, with every setting
        that reaches the programs only through their inputs (``experiments.model.Constants``,
        the seeds' keys, the host's convergence rule) set to one fixed value. Runs with the
        same ``program()`` run the same programs, so a process that ran one reuses its traced
        programs for the next; a program traced from it cannot read what it leaves out.
        ``base`` stays where a traced program reads it (a learned table that starts as the
        sinusoidal one), and ``train_offset`` where it sets the table's length."""
        keep_base = self.scheme == "learned" and self.learned_init == "sinusoidal"
        shared = replace(self, formula="paper", embed_scale="none", offset=1,
                         task="copy_back" if self.task == "copy_half" else self.task,
                         base=self.base if keep_base else 10000.0, train_offset=0,
                         seeds=tuple(range(len(self.seeds))), steps=self.check_every,
                         target_loss=0.0, target_checks=1, patience=0, min_gain=0.0)
        if shared.max_positions != self.max_positions:
            shared = replace(shared, train_offset=self.train_offset)
        return shared

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
