"""pe.coordinates against NumPy restatements of the libraries' formulas, at pinned commits.

Each ``*_reference`` function below restates, step by step and in the original's dtype,
the lines of one original (links in its docstring); none of these libraries is imported.
The comparison allows the rounding of the original's dtype, scaled by the size of the
angle: an angle A computed in a dtype with machine epsilon eps carries an absolute error of
about a few A * eps, and sin/cos pass it on unchanged (their slope is at most 1).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pe
import pe.coordinates
from pe import coordinates

EPS32 = float(np.finfo(np.float32).eps)
EPS64 = float(np.finfo(np.float64).eps)
#: As in test_pe_variants.py: measured float32 worst cases are about 3 ulp.
ULPS = 8.0


def assert_close(got: np.ndarray, want: np.ndarray, bound: np.ndarray) -> None:
    assert got.shape == want.shape
    err = np.abs(got.astype(np.float64) - want.astype(np.float64))
    if err.size == 0:
        return
    worst = np.unravel_index(np.argmax(err / bound), err.shape)
    assert np.all(err <= bound), f"at {worst}: |{got[worst]} - {want[worst]}| > {bound[worst]}"


# --- MAE: get_2d_sincos_pos_embed ------------------------------------------------------
# https://github.com/facebookresearch/mae/blob/efb2a8062c206524e35e47d04501ed4f544c0ae8/util/pos_embed.py#L20-L67


def mae_1d_reference(embed_dim: int, pos: np.ndarray) -> np.ndarray:
    omega = np.arange(embed_dim // 2, dtype=np.float64)  # np.float is float64
    omega /= embed_dim / 2.0
    omega = 1.0 / 10000**omega
    out = np.einsum("m,d->md", pos.reshape(-1), omega)
    return np.concatenate([np.sin(out), np.cos(out)], axis=1)


def mae_reference(embed_dim: int, grid_size: int) -> np.ndarray:
    grid_h = np.arange(grid_size, dtype=np.float32)
    grid_w = np.arange(grid_size, dtype=np.float32)
    grid = np.stack(np.meshgrid(grid_w, grid_h), axis=0)  # w first, as in the original
    grid = grid.reshape([2, 1, grid_size, grid_size])
    emb_h = mae_1d_reference(embed_dim // 2, grid[0])
    emb_w = mae_1d_reference(embed_dim // 2, grid[1])
    return np.concatenate([emb_h, emb_w], axis=1)


@pytest.mark.parametrize(("embed_dim", "grid_size"), [(8, 1), (16, 4), (768, 14), (1024, 16)])
def test_mae_2d_sincos(embed_dim: int, grid_size: int) -> None:
    # MAE's first half encodes the column (its `grid[0]` is the w coordinate despite the
    # name emb_h) and the second half the row; grid_encoding puts the axes in the order
    # given, rows first, so the halves are swapped. Both are float64: the frequencies
    # differ by the rounding of the exponent (2i/w against i/(w/2)) and of pow, a relative
    # error of at most about ln(10000) + 2 ~ 12 eps, so 16 eps per unit of angle.
    half = embed_dim // 2
    ours = pe.coordinates.grid_encoding((grid_size, grid_size), embed_dim, layout="split")
    ours = np.concatenate([ours[..., half:], ours[..., :half]], axis=-1)
    ours = ours.reshape(grid_size * grid_size, embed_dim)
    want = mae_reference(embed_dim, grid_size)
    assert_close(ours, want, 16 * EPS64 * (1.0 + grid_size))


# --- DETR: PositionEmbeddingSine -------------------------------------------------------
# https://github.com/facebookresearch/detr/blob/29901c51d7fe8712168b8d0d64351170bc0f83e0/models/position_encoding.py#L12-L48


def detr_reference(
    height: int, width: int, num_pos_feats: int, temperature: int = 10000,
    normalize: bool = False, scale: float | None = None,
) -> np.ndarray:
    """forward() for one image with no padding (mask all False): shape (2F, H, W)."""
    if scale is None:
        scale = 2 * math.pi
    not_mask = np.ones((1, height, width), dtype=bool)
    y_embed = not_mask.cumsum(1, dtype=np.float32)
    x_embed = not_mask.cumsum(2, dtype=np.float32)
    if normalize:
        eps = np.float32(1e-6)
        y_embed = y_embed / (y_embed[:, -1:, :] + eps) * np.float32(scale)
        x_embed = x_embed / (x_embed[:, :, -1:] + eps) * np.float32(scale)
    dim_t = np.arange(num_pos_feats, dtype=np.float32)
    dim_t = np.float32(temperature) ** (2 * (dim_t // 2) / np.float32(num_pos_feats))
    pos_x = x_embed[:, :, :, None] / dim_t
    pos_y = y_embed[:, :, :, None] / dim_t
    pos_x = np.stack((np.sin(pos_x[..., 0::2]), np.cos(pos_x[..., 1::2])), axis=4)
    pos_y = np.stack((np.sin(pos_y[..., 0::2]), np.cos(pos_y[..., 1::2])), axis=4)
    pos_x = pos_x.reshape(*pos_x.shape[:3], -1)
    pos_y = pos_y.reshape(*pos_y.shape[:3], -1)
    out = np.concatenate((pos_y, pos_x), axis=3).transpose(0, 3, 1, 2)
    assert out.dtype == np.float32
    return out[0]


@pytest.mark.parametrize("normalize", [False, True])
@pytest.mark.parametrize(("height", "width", "feats"), [(3, 5, 4), (25, 34, 128), (7, 2, 64)])
def test_detr_position_embedding_sine(height: int, width: int, feats: int, normalize: bool) -> None:
    # DETR counts pixels from 1 (a cumulative sum of ones); normalised, the last pixel
    # sits just below 2*pi. Rows first, then columns, interleaved sin/cos: grid_encoding
    # with those coordinates, width 2F.
    ys = np.arange(1, height + 1, dtype=np.float64)
    xs = np.arange(1, width + 1, dtype=np.float64)
    if normalize:
        # The original's float32 arithmetic, so both sides encode the same coordinates.
        ys = (ys.astype(np.float32) / (np.float32(height) + np.float32(1e-6))
              * np.float32(2 * math.pi)).astype(np.float64)
        xs = (xs.astype(np.float32) / (np.float32(width) + np.float32(1e-6))
              * np.float32(2 * math.pi)).astype(np.float64)
    ours = pe.coordinates.grid_encoding((ys, xs), 2 * feats).transpose(2, 0, 1)
    want = detr_reference(height, width, feats, normalize=normalize)
    size = float(max(ys.max(), xs.max()))
    assert_close(ours, want, ULPS * EPS32 * (1.0 + size))


# --- NeRF: get_embedder ------------------------------------------------------------------
# https://github.com/bmild/nerf/blob/14c55567a6d0fbd75d3fd12b0411f98160ba3237/run_nerf_helpers.py#L22-L75


def nerf_reference(inputs: np.ndarray, multires: int) -> np.ndarray:
    """embed() with get_embedder's settings: input included, log sampling, sin then cos."""
    freq_bands = 2.0 ** np.linspace(0.0, multires - 1, multires, dtype=np.float32)
    parts = [inputs]
    for freq in freq_bands:
        for p_fn in (np.sin, np.cos):
            parts.append(p_fn(inputs * freq))
    return np.concatenate(parts, axis=-1)


@settings(max_examples=40, deadline=None)
@given(
    multires=st.integers(2, 12),
    points=st.lists(
        st.tuples(*[st.floats(-1, 1, width=32)] * 3), min_size=1, max_size=20),
)
def test_nerf_positional_encoding(multires: int, points: list[tuple[float, float, float]]) -> None:
    # NeRF's ladder is 2^0 .. 2^(L-1) radians per unit, with no pi: wavelengths from
    # 2*pi / 2^(L-1) to 2*pi. Each coordinate is encoded on its own; NeRF lists the
    # frequencies lowest first and, for each, the sines of x, y, z then their cosines.
    # In float32, x * 2^k is exact, so NeRF's only rounding is the final sin/cos (about
    # one float32 ulp); ours computes 2^k through pow, a few float64 eps per unit of angle.
    x = np.asarray(points, dtype=np.float32)
    want = nerf_reference(x, multires)
    top = 2.0 ** (multires - 1)
    ours = pe.coordinates.continuous_encoding(
        x.astype(np.float64), 2 * multires, shortest=2 * np.pi / top, longest=2 * np.pi)
    ours = ours.reshape(len(x), 3, multires, 2)[:, :, ::-1, :]  # lowest frequency first
    ours = ours.transpose(0, 2, 3, 1).reshape(len(x), -1)  # (freq, sin/cos, xyz)
    assert np.array_equal(want[:, :3], x)
    assert_close(ours, want[:, 3:], 2 * EPS32 + 16 * EPS64 * (1.0 + top))


# --- guided-diffusion: timestep_embedding ----------------------------------------------
# https://github.com/openai/guided-diffusion/blob/22e0df8183507e13a7813f8d38d51b072ca1e67c/guided_diffusion/nn.py#L103-L121


def timestep_reference(timesteps: np.ndarray, dim: int, max_period: int = 10000) -> np.ndarray:
    half = dim // 2
    freqs = np.exp(
        np.float32(-math.log(max_period)) * np.arange(0, half, dtype=np.float32)
        / np.float32(half))
    args = timesteps[:, None].astype(np.float32) * freqs[None]
    embedding = np.concatenate([np.cos(args), np.sin(args)], axis=-1)
    if dim % 2:
        embedding = np.concatenate([embedding, np.zeros_like(embedding[:, :1])], axis=-1)
    return embedding


@settings(max_examples=40, deadline=None)
@given(
    dim=st.integers(4, 257),
    max_period=st.sampled_from([10000, 1000, 100]),
    steps=st.lists(st.floats(0, 1000, width=32), min_size=1, max_size=16),
)
def test_guided_diffusion_timestep_embedding(dim: int, max_period: int, steps: list[float]) -> None:
    # Frequencies max_period^(-k/h), k = 0 .. h-1: a ladder from 2*pi up to
    # 2*pi * max_period^((h-1)/h). Cosines first, then sines, and a zero column for odd dim.
    # The original's float32 exp is off by a few ulp, multiplied by t up to 1000 (as in
    # test_pe_variants.py), hence float32 eps per unit of angle.
    t = np.asarray(steps, dtype=np.float32)
    h = dim // 2
    want = timestep_reference(t, dim, max_period)
    ours = pe.coordinates.continuous_encoding(
        t.astype(np.float64), 2 * h, shortest=2 * np.pi,
        longest=2 * np.pi * max_period ** ((h - 1) / h), layout="split")
    ours = np.concatenate([ours[:, h:], ours[:, :h]], axis=1)
    if dim % 2:
        ours = np.concatenate([ours, np.zeros((len(t), 1))], axis=1)
    assert_close(ours, want, ULPS * EPS32 * (1.0 + float(t.max())))


# --- SAM: PositionEmbeddingRandom ------------------------------------------------------
# https://github.com/facebookresearch/segment-anything/blob/dca509fe793f601edb92606367a655c15ac00fdf/segment_anything/modeling/prompt_encoder.py#L171-L205


def sam_pe_encoding(coords: np.ndarray, gaussian: np.ndarray) -> np.ndarray:
    coords = 2 * coords - 1
    coords = coords @ gaussian
    coords = np.float32(2 * np.pi) * coords
    return np.concatenate([np.sin(coords), np.cos(coords)], axis=-1)


def sam_grid_reference(h: int, w: int, gaussian: np.ndarray) -> np.ndarray:
    grid = np.ones((h, w), dtype=np.float32)
    y_embed = (grid.cumsum(axis=0) - np.float32(0.5)) / np.float32(h)
    x_embed = (grid.cumsum(axis=1) - np.float32(0.5)) / np.float32(w)
    out = sam_pe_encoding(np.stack([x_embed, y_embed], axis=-1), gaussian)
    assert out.dtype == np.float32
    return out.transpose(2, 0, 1)


@pytest.mark.parametrize(("h", "w", "feats", "scale"), [(4, 4, 8, 1.0), (64, 48, 128, 1.0),
                                                         (5, 9, 16, 10.0)])
def test_sam_position_embedding_random(h: int, w: int, feats: int, scale: float) -> None:
    # SAM draws its matrix with torch.randn; both sides use the same matrix here (our
    # draw rounded to float32), since the claim is the formula, not PyTorch's generator.
    # The float32 angle 2*pi*(c @ B) is a two-term dot product, so its error is a few
    # eps32 times 2*pi*(|c| @ |B|).
    gaussian = coordinates.gaussian_matrix(2, 2 * feats, scale=scale, seed=1).astype(np.float32)
    want = sam_grid_reference(h, w, gaussian)
    ys, xs = (np.arange(h) + 0.5) / h, (np.arange(w) + 0.5) / w
    coords = np.stack(np.meshgrid(xs, ys), axis=-1)  # (h, w, 2): x then y, as SAM stacks
    ours = coordinates.fourier_features(2 * coords - 1, gaussian.astype(np.float64))
    size = 2 * np.pi * (np.abs(2 * coords - 1) @ np.abs(gaussian.astype(np.float64)))
    bound = ULPS * EPS32 * (1.0 + np.concatenate([size, size], axis=-1))
    assert_close(ours.transpose(2, 0, 1), want, bound.transpose(2, 0, 1))


@settings(max_examples=30, deadline=None)
@given(height=st.integers(1, 30), width=st.integers(1, 30),
       feats=st.integers(1, 32).map(lambda n: 2 * n), temperature=st.sampled_from([20, 10000]))
def test_detr_any_shape(height: int, width: int, feats: int, temperature: int) -> None:
    # Unnormalised: coordinates 1 .. H and 1 .. W, so the angle is at most max(H, W).
    ours = pe.coordinates.grid_encoding(
        (np.arange(1.0, height + 1), np.arange(1.0, width + 1)), 2 * feats,
        base=float(temperature)).transpose(2, 0, 1)
    want = detr_reference(height, width, feats, temperature=temperature)
    assert_close(ours, want, ULPS * EPS32 * (1.0 + max(height, width)))
