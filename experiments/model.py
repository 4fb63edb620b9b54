"""A small decoder-style transformer in plain JAX: parameters are a dict of arrays.

Pre-LayerNorm blocks (attention, then a GELU MLP, each added to the residual stream), a
final LayerNorm and a linear read-out. :func:`forward` also returns what the measurements
need: the residual stream after the embedding and after every block, and every layer's
attention weights.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

import pe
from experiments.config import RunConfig
from pe import relatives

Params = dict[str, Any]


class Constants(NamedTuple):
    """What a run's programs compute with that its settings fix and training never changes,
    passed to the compiled programs as inputs rather than folded into them: runs that
    differ only here (the base, the formula slip, the token scale, the task's offset,
    SHAPE's range) then compile to the same programs, which the build's compile cache
    shares between them (``scripts.artifacts.runs``)."""

    table: Any  # (max_positions, d_pos_vector): sinusoidal_table ((0, 0) for other schemes)
    omega: Any  # (d_pos_vector,): column_frequencies, for fractional positions ((0,) else)
    rotary: Any  # (d_model // heads // 2,): rotary's frequency per pair of columns ((0,) else)
    scale: Any  # (): what multiplies the token vectors (1, or sqrt of their width)
    offset: Any  # (): copy_back's answer lies this many places back
    half: Any  # (): the task is copy_half (the answer at i // 2)
    train_offset: Any  # (): the largest start of a training sequence (SHAPE; 0: none)


def constants(cfg: RunConfig) -> Constants:
    """The :class:`Constants` of ``cfg``, as NumPy arrays."""
    width = cfg.d_pos_vector
    sinusoidal = cfg.scheme == "sinusoidal"
    return Constants(
        table=sinusoidal_table(cfg) if sinusoidal else np.zeros((0, 0), np.float32),
        omega=(column_frequencies(width, cfg.base, cfg.formula) if sinusoidal
               else np.zeros(0)).astype(np.float32),
        rotary=(pe.frequencies(cfg.d_model // cfg.heads, base=cfg.base) if cfg.scheme == "rotary"
                else np.zeros(0)).astype(np.float32),
        scale=np.float32(np.sqrt(cfg.d_token) if cfg.embed_scale == "sqrt_d" else 1.0),
        offset=np.int32(cfg.offset), half=np.bool_(cfg.task == "copy_half"),
        train_offset=np.int32(cfg.train_offset))


class Output(NamedTuple):
    logits: jax.Array  # (n, vocab)
    residuals: jax.Array  # (layers + 1, n, d_model): after the embedding, after each block
    attention: jax.Array  # (layers, heads, n, n): row q is where position q looks
    heads: jax.Array  # (layers, heads, n, width): each head's output, before the projection


def init_params(key: jax.Array, cfg: RunConfig) -> Params:
    """Fresh parameters: normal weights scaled by 1/sqrt(fan-in), LayerNorm at identity.

    Every random entry comes from one draw of standard normals, cut into the weights in a
    fixed order: one random call to compile instead of one per weight."""
    d = cfg.d_model
    shapes: dict[str, tuple[int, int]] = {}
    for layer in range(cfg.layers):
        shapes |= {f"qkv{layer}": (d, 3 * d), f"out{layer}": (d, d),
                   f"up{layer}": (d, cfg.d_mlp), f"down{layer}": (cfg.d_mlp, d)}
    shapes |= {"embed": (cfg.vocab, cfg.d_token), "unembed": (d, cfg.vocab)}
    if cfg.scheme == "learned":
        shapes["positions"] = (cfg.max_positions, cfg.d_pos_vector)
    sizes = [rows * cols for rows, cols in shapes.values()]
    noise = jax.random.normal(key, (sum(sizes),))
    cuts = np.cumsum([0, *sizes])
    normal = {name: noise[cuts[i]:cuts[i + 1]].reshape(shape)
              for i, (name, shape) in enumerate(shapes.items())}

    def dense(name: str) -> jax.Array:
        weights: jax.Array = normal[name] / np.sqrt(shapes[name][0])
        return weights

    blocks = [{
        "ln1": {"scale": jnp.ones(d), "bias": jnp.zeros(d)},
        "qkv": dense(f"qkv{layer}"),
        "out": dense(f"out{layer}"),
        "ln2": {"scale": jnp.ones(d), "bias": jnp.zeros(d)},
        "up": dense(f"up{layer}"),
        "up_bias": jnp.zeros(cfg.d_mlp),
        "down": dense(f"down{layer}"),
        "down_bias": jnp.zeros(d),
    } for layer in range(cfg.layers)]
    params: Params = {
        "embed": normal["embed"],
        "blocks": blocks,
        "ln_final": {"scale": jnp.ones(d), "bias": jnp.zeros(d)},
        "unembed": dense("unembed"),
    }
    if cfg.scheme == "t5":
        # One scalar per bucket and head, shared by every layer as in T5; at zero, the
        # untrained model is the model without positions.
        params["relative_bias"] = jnp.zeros((cfg.buckets, cfg.heads))
    if cfg.scheme == "learned":
        params["positions"] = (jnp.asarray(paper_table(cfg)) if cfg.learned_init == "sinusoidal"
                               else normal["positions"])
    return params


def parameter_count(params: Params) -> int:
    return int(sum(np.prod(leaf.shape) for leaf in jax.tree_util.tree_leaves(params)))


def paper_table(cfg: RunConfig) -> np.ndarray:
    """The paper's encoding for every position a measurement can use (from ``pe``)."""
    return pe.encoding(cfg.max_positions, cfg.d_pos_vector, base=cfg.base).astype(np.float32)


def column_frequencies(d: int, base: float, formula: str) -> np.ndarray:
    """The frequency of each of the ``d`` columns: the paper's (each pair's frequency
    twice), or with the column-exponent slip, column ``j`` at base^(-j/d), which is
    ``pe.frequencies`` of twice the width (its exponents 2k/(2d) = k/d)."""
    if formula == "column-exponent":
        return pe.frequencies(2 * d, base=base)
    paired: np.ndarray = np.repeat(pe.frequencies(d, base=base), 2)[:d]
    return paired


def sinusoidal_table(cfg: RunConfig) -> np.ndarray:
    """The sinusoidal scheme's table for every position a measurement can use: the paper's
    (from ``pe``), or the formula slip of ``cfg.formula`` (sines in the even columns,
    cosines in the odd ones, at :func:`column_frequencies`)."""
    if cfg.formula == "paper":
        return paper_table(cfg)
    angle = np.arange(cfg.max_positions)[:, None] * column_frequencies(
        cfg.d_pos_vector, cfg.base, cfg.formula)[None, :]
    table: np.ndarray = np.cos(angle)
    table[:, 0::2] = np.sin(angle[:, 0::2])
    return table.astype(np.float32)


class PositionError(ValueError):
    """A position beyond the rows of a position table."""


def _rows(table: jax.Array, positions: jax.Array) -> jax.Array:
    """Rows ``positions`` of ``table``; fractional positions interpolate linearly between
    the two nearest rows. Beyond the table: an error when the positions are known here, and
    NaN inside a compiled function (JAX would otherwise silently repeat the last row)."""
    if not isinstance(positions, jax.core.Tracer):
        top = float(jnp.max(positions)) if positions.size else 0.0
        if top > table.shape[0] - 1:
            raise PositionError(f"position {top:g} is beyond the position table, which has "
                                f"{table.shape[0]} rows (0 to {table.shape[0] - 1})")
    if jnp.issubdtype(positions.dtype, jnp.integer):
        return jnp.take(table, positions, axis=0, mode="fill", fill_value=jnp.nan)
    low = jnp.floor(positions).astype(jnp.int32)
    frac = (positions - low)[:, None]
    below = jnp.take(table, low, axis=0, mode="fill", fill_value=jnp.nan)
    above = jnp.take(table, jnp.minimum(low + 1, table.shape[0] - 1), axis=0, mode="fill",
                     fill_value=jnp.nan)
    return below + frac * (above - below)


def _sinusoid(consts: Constants, positions: jax.Array) -> jax.Array:
    """The sinusoidal scheme's vectors at ``positions``: rows of its table
    (:func:`sinusoidal_table`) for integer positions; for fractional ones (position
    interpolation) sin and cos of the angles, computed in float32 from the same column
    frequencies (sines in the even columns, cosines in the odd ones)."""
    if jnp.issubdtype(positions.dtype, jnp.integer):
        return _rows(jnp.asarray(consts.table), positions)
    omega = jnp.asarray(consts.omega)
    angle = positions[:, None] * omega[None, :]
    even = jnp.arange(omega.shape[0]) % 2 == 0
    return jnp.where(even, jnp.sin(angle), jnp.cos(angle))


def _layer_norm(x: jax.Array, p: dict[str, jax.Array]) -> jax.Array:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    normed: jax.Array = (x - mean) / jnp.sqrt(var + 1e-5) * p["scale"] + p["bias"]
    return normed


def _rotate(x: jax.Array, positions: jax.Array, omega: jax.Array) -> jax.Array:
    """Rotary embedding of ``x`` (heads, n, width): pair ``i`` (columns 2i, 2i+1) turned by
    ``position * omega[i]``, with ``omega`` the frequencies of the sinusoidal encoding for
    this width (:attr:`Constants.rotary`)."""
    angle = positions[:, None] * jnp.asarray(omega)[None, :]  # (n, width/2)
    cos, sin = jnp.cos(angle), jnp.sin(angle)
    even, odd = x[..., 0::2], x[..., 1::2]
    turned = jnp.stack([even * cos - odd * sin, even * sin + odd * cos], axis=-1)
    return turned.reshape(x.shape)


def alibi_slopes(heads: int) -> np.ndarray:
    """ALiBi's fixed head slopes (Press et al., 2021, section 3), from ``pe.relatives``: for
    a power of two, the geometric sequence 2^(-8h/heads), h = 1 .. heads."""
    slopes: np.ndarray = relatives.alibi_slopes(heads)
    return slopes


def t5_bucket(relative: np.ndarray, bidirectional: bool, buckets: int, max_distance: int
              ) -> np.ndarray:
    """T5's bucket of each integer offset ``relative`` (key position minus query position),
    by the rule of Mesh TensorFlow's ``_relative_position_bucket``, in float32 as there
    (``pe.relatives.t5_bucket`` computes in float64, which moves a few offsets that fall on a
    bucket boundary, though none at the runs' settings):
    bidirectional, the upper half of the buckets is for keys after the query; in each
    direction half the buckets hold the offsets 0, 1, .. exactly, the rest logarithmically
    wider ranges up to ``max_distance``, and every offset from there on the last one. Causal,
    keys after the query (masked anyway) share bucket 0."""
    back = -np.asarray(relative, dtype=np.int64)  # how far back the key lies
    bucket = np.zeros(back.shape, dtype=np.int64)
    if bidirectional:
        buckets //= 2
        bucket += (back < 0) * buckets
        back = np.abs(back)
    else:
        back = np.maximum(back, 0)
    exact = buckets // 2
    # log of at least ``exact``: the small offsets take the other branch anyway
    ratio = np.log(np.maximum(back, exact).astype(np.float32) / np.float32(exact))
    wide = exact + (ratio / np.float32(np.log(max_distance / exact))
                    * np.float32(buckets - exact)).astype(np.int64)
    result: np.ndarray = bucket + np.where(back < exact, back, np.minimum(wide, buckets - 1))
    return result


def attention_bias(params: Params, cfg: RunConfig, positions: jax.Array) -> jax.Array | None:
    """What a bias scheme adds to every attention score, (heads, n, n) with queries in rows
    (``None`` for the other schemes). ALiBi: ``-m_h |q - k|``, linear in fractional positions
    too. T5: the learned scalar of each offset's bucket, fractional offsets rounded to the
    nearest integer (halves to even)."""
    if cfg.scheme == "alibi":
        distance = jnp.abs(positions[:, None] - positions[None, :]).astype(jnp.float32)
        slopes = jnp.asarray(alibi_slopes(cfg.heads), dtype=jnp.float32)
        bias: jax.Array = -slopes[:, None, None] * distance[None]
        return bias
    if cfg.scheme == "t5":
        relative = positions[None, :] - positions[:, None]  # key minus query
        if not jnp.issubdtype(relative.dtype, jnp.integer):
            relative = jnp.round(relative)
        # Every offset beyond max_distance shares the last bucket: a table up to there.
        reach = cfg.max_distance
        table = jnp.asarray(t5_bucket(np.arange(-reach, reach + 1), not cfg.causal,
                                      cfg.buckets, cfg.max_distance))
        index = jnp.clip(relative, -reach, reach).astype(jnp.int32) + reach
        # One-hot product, not a gather: its gradient is a matrix product (see embed).
        chosen = jax.nn.one_hot(table[index], cfg.buckets) @ params["relative_bias"]
        per_head: jax.Array = chosen.transpose(2, 0, 1)
        return per_head
    return None


def embed(params: Params, cfg: RunConfig, tokens: jax.Array, positions: jax.Array,
          consts: Constants | None = None) -> jax.Array:
    """The residual stream's start: token vectors with the position vectors summed or joined.
    ``consts``: the run's :class:`Constants` (default: ``constants(cfg)``)."""
    if consts is None:
        consts = constants(cfg)
    # One-hot products, not gathers: their gradients are plain matrix products, much
    # cheaper on a CPU than the scatter-adds a gather's gradient needs.
    x: jax.Array = jax.nn.one_hot(tokens, cfg.vocab) @ params["embed"]
    x = x * consts.scale
    if cfg.scheme == "sinusoidal":
        pos = _sinusoid(consts, positions)
    elif cfg.scheme == "learned":
        pos = _rows(params["positions"], positions)
    else:
        return x
    if cfg.combine == "concat":
        return jnp.concatenate([x, pos], axis=-1)
    summed = x + pos
    # Summed into the first d_position columns: the others start at zero.
    return jnp.pad(summed, ((0, 0), (0, cfg.d_model - summed.shape[-1])))


def forward(params: Params, cfg: RunConfig, tokens: jax.Array,
            positions: jax.Array | None = None, head_mask: jax.Array | None = None,
            window: int | jax.Array | None = None, consts: Constants | None = None,
            head_fill: jax.Array | None = None) -> Output:
    """One sequence ``tokens`` (n,) at ``positions`` (default 0 .. n-1).

    ``head_mask`` (layers, heads), optional: each head's output (its share of the mixed
    values, before the output projection) is multiplied by its entry, so a 0 removes the
    head (ablation). ``head_fill`` (layers, heads, n, width), optional, with ``head_mask``:
    what a head's output is replaced by where its entry is 0 (its mean over other sequences:
    a mean ablation; default zero). ``window``, optional: a query at ``q`` sees only the keys
    ``q - window + 1 .. q`` (and, without the causal mask, as far ahead), so that no
    query-key distance of ``window`` or more is used. ``consts``: the run's
    :class:`Constants` (default: ``constants(cfg)``; the compiled programs pass them in)."""
    if consts is None:
        consts = constants(cfg)
    n = tokens.shape[0]
    if positions is None:
        positions = jnp.arange(n)
    heads, width = cfg.heads, cfg.d_model // cfg.heads
    x = embed(params, cfg, tokens, positions, consts)
    residuals, attention, outputs = [x], [], []
    allowed = jnp.tril(jnp.ones((n, n), dtype=bool)) if cfg.causal else jnp.ones((n, n), bool)
    if window is not None:
        index = jnp.arange(n)
        allowed = allowed & (jnp.abs(index[:, None] - index[None, :]) < window)
    bias = attention_bias(params, cfg, positions)  # computed once: T5 shares it by layer
    for layer, block in enumerate(params["blocks"]):
        h = _layer_norm(x, block["ln1"]) @ block["qkv"]
        q, k, v = (part.reshape(n, heads, width).transpose(1, 0, 2)
                   for part in jnp.split(h, 3, axis=-1))
        if cfg.scheme == "rotary":
            q, k = _rotate(q, positions, consts.rotary), _rotate(k, positions, consts.rotary)
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(width)
        if bias is not None:
            scores = scores + bias
        scores = jnp.where(allowed, scores, -jnp.inf)
        weights = jax.nn.softmax(scores, axis=-1)
        attention.append(weights)
        per_head = weights @ v  # (heads, n, width)
        outputs.append(per_head)
        if head_mask is not None:
            kept = head_mask[layer][:, None, None]
            per_head = per_head * kept
            if head_fill is not None:
                per_head = per_head + (1 - kept) * head_fill[layer]
        mixed = per_head.transpose(1, 0, 2).reshape(n, cfg.d_model)
        x = x + mixed @ block["out"]
        h = jax.nn.gelu(_layer_norm(x, block["ln2"]) @ block["up"] + block["up_bias"])
        x = x + h @ block["down"] + block["down_bias"]
        residuals.append(x)
    logits = _layer_norm(x, params["ln_final"]) @ params["unembed"]
    return Output(logits, jnp.stack(residuals), jnp.stack(attention), jnp.stack(outputs))
