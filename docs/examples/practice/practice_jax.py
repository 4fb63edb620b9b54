"""The encoding in JAX: a constant table, positions from a padding mask, a jit-compiled
decoding step, and dropout on the sum. Checked against pe.encoding."""

import jax
import jax.numpy as jnp
import numpy as np

import pe


def sinusoidal_table(length: int, d_model: int, base: float = 10000.0) -> jax.Array:
    # Built once in NumPy float64 and rounded once to float32: a constant, not a parameter.
    pos = np.arange(length)[:, None]
    w = base ** (-np.arange(0, d_model, 2) / d_model)
    table = np.zeros((length, d_model))
    table[:, 0::2] = np.sin(pos * w)
    table[:, 1::2] = np.cos(pos * w[: d_model // 2])
    return jnp.asarray(table, dtype=jnp.float32)


D, MAX_LEN = 64, 512
TABLE = sinusoidal_table(MAX_LEN, D)


def positions_from_mask(mask: jax.Array) -> jax.Array:
    """(batch, seq) mask, True at real tokens -> each token's position among the real ones."""
    return jnp.maximum(jnp.cumsum(mask, axis=1) - 1, 0)


def add_positions(x, positions, *, key=None, rate=0.1):
    y = x + TABLE[positions]  # (batch, seq, d) + (batch, seq, d)
    if key is None:  # evaluation
        return y
    keep = jax.random.bernoulli(key, 1.0 - rate, y.shape)
    return jnp.where(keep, y / (1.0 - rate), 0.0)  # dropout on the sum, as in the paper


@jax.jit
def decode_step(x_t: jax.Array, t: jax.Array) -> jax.Array:
    """x_t: (batch, 1, d), the token at step t; t may be a traced integer."""
    return x_t + jax.lax.dynamic_slice_in_dim(TABLE, t, 1)[None]


limit = 2.0**-24  # one rounding of values below 1 to float32 is at most 2**-25
batch, seq = 3, 10
out = add_positions(jnp.zeros((batch, seq, D)), jnp.broadcast_to(jnp.arange(seq), (batch, seq)))
err = float(np.abs(np.asarray(out, dtype=np.float64) - pe.encoding(seq, D)[None]).max())
print(f"batch-first rows = pe.encoding(10, 64): max |diff| {err:.1e} <= {limit:.1e}: {err <= limit}")

mask = jnp.array([[False, False, True, True, True], [True, True, True, True, True]])
print("positions, left-padded row :", positions_from_mask(mask)[0].tolist())
print("positions, full row        :", positions_from_mask(mask)[1].tolist())

x = jnp.zeros((2, 1, D))
steps_match = all(
    bool(jnp.array_equal(decode_step(x, jnp.int32(t))[:, 0], TABLE[t][None].repeat(2, 0)))
    for t in range(seq)
)
print("decode step t adds row t, for t = 0 .. 9:", steps_match)

dropped = add_positions(jnp.ones((4, seq, D)), jnp.broadcast_to(jnp.arange(seq), (4, seq)),
                        key=jax.random.key(0), rate=0.1)
print(f"dropout zeroes entries of the sum: {float((dropped == 0).mean()):.3f} of them (rate 0.1)")
