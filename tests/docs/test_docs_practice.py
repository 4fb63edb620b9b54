"""The recipes of docs/practice.md that need a framework the site does not install.

PyTorch and Keras are not dependencies: the recipes run against NumPy stand-ins
(torch_standin.py, keras_standin.py) that implement only the calls they make, so their
indexing, shapes, dtypes, buffers and offsets are exercised for real; the frameworks' own
arithmetic is not. Every output is compared with ``pe.encoding``.
"""

from __future__ import annotations

import re
import runpy
import sys

import keras_standin
import numpy as np
import pytest
import torch_standin
from docscan import EXAMPLES, run_example

import pe

# The recipes compute angles in float64 and round the table once to float32: each entry is
# within half a float32 ulp of its float64 value (2**-25 below 1), and the float64 value is
# within about 1e-11 of the exact one; allow 2**-24. (Relative to the exact value's own ulp a
# few tiny entries near zeros of the sine are more than half an ulp off: docs/practice.md.)
F32 = 2.0**-24
# float16 inputs: one more rounding of the row to float16 (half an ulp below 1 is 2**-12) and
# of the sum 0 + row; allow 2**-11.
F16 = 2.0**-11


@pytest.fixture
def torch_recipe(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", torch_standin.module_with_nn())
    return runpy.run_path(str(EXAMPLES / "practice" / "frameworks" / "module_torch.py"))


def zeros(*shape, dtype=np.float32):
    return np.zeros(shape, dtype=dtype).view(torch_standin.Tensor)


@pytest.mark.parametrize("d_model", [64, 7])
def test_torch_batch_first_and_sequence_first_give_the_paper_rows(torch_recipe, d_model) -> None:
    cls = torch_recipe["SinusoidalPositionalEncoding"]
    want = pe.encoding(10, d_model)
    batch_first = cls(d_model, max_len=32).eval()(zeros(3, 10, d_model))
    seq_first = cls(d_model, max_len=32, batch_first=False).eval()(zeros(10, 3, d_model))
    assert batch_first.shape == (3, 10, d_model) and seq_first.shape == (10, 3, d_model)
    for b in range(3):
        assert np.abs(batch_first[b] - want).max() <= F32
        assert np.abs(seq_first[:, b] - want).max() <= F32


def test_torch_decoding_step_t_uses_row_t(torch_recipe) -> None:
    module = torch_recipe["SinusoidalPositionalEncoding"](16, max_len=32).eval()
    full = module(zeros(2, 12, 16))
    for t in range(12):
        step = module(zeros(2, 1, 16), start=t)
        assert np.array_equal(step[:, 0], full[:, t])


def test_torch_table_is_not_in_the_state_dict(torch_recipe) -> None:
    module = torch_recipe["SinusoidalPositionalEncoding"](16, max_len=32)
    assert "pe" not in module.state_dict()
    assert module.pe.shape == (32, 16)


def test_torch_past_the_table_recomputes_the_same_rows(torch_recipe) -> None:
    module = torch_recipe["SinusoidalPositionalEncoding"](16, max_len=8).eval()
    out = module(zeros(1, 20, 16))
    assert np.abs(out[0] - pe.encoding(20, 16)).max() <= F32
    step = module(zeros(1, 1, 16), start=100)
    assert np.abs(step[0, 0] - pe.encoding(1, 16, start=100)[0]).max() <= F32


def test_torch_half_precision_input_gets_half_precision_rows(torch_recipe) -> None:
    module = torch_recipe["SinusoidalPositionalEncoding"](32, max_len=64).eval()
    out = module(zeros(2, 50, 32, dtype=np.float16))
    assert out.dtype == np.float16
    assert np.abs(out[0].astype(np.float64) - pe.encoding(50, 32)).max() <= F16


def test_torch_dropout_acts_on_the_sum_in_training_only(torch_recipe) -> None:
    module = torch_recipe["SinusoidalPositionalEncoding"](16, max_len=32, dropout=0.5)
    x = (np.ones((4, 10, 16), dtype=np.float32)).view(torch_standin.Tensor)
    trained = np.asarray(module.train()(x))
    kept = trained != 0
    # A kept entry is (token + position) / (1 - p): the dropout acts on the sum.
    want = (1 + pe.encoding(10, 16))[None].repeat(4, axis=0) / 0.5
    assert 0 < kept.mean() < 1
    assert np.abs(trained[kept] - want[kept]).max() <= 4 * F32
    assert np.abs(np.asarray(module.eval()(x)) - (1 + pe.encoding(10, 16))).max() <= 2 * F32


def test_keras_layer_gives_the_paper_rows_and_offsets(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "keras", keras_standin.module())
    recipe = runpy.run_path(str(EXAMPLES / "practice" / "frameworks" / "layer_keras.py"))
    for d_model in (64, 7):
        layer = recipe["SinusoidalPositionalEncoding"](max_len=64)
        out = layer(np.zeros((2, 20, d_model), dtype=np.float32))
        assert out.shape == (2, 20, d_model) and out.dtype == np.float32
        assert np.abs(out[1] - pe.encoding(20, d_model)).max() <= F32
        step = layer(np.zeros((2, 1, d_model), dtype=np.float32), start=13)
        assert np.array_equal(step[:, 0], out[:, 13])
    assert layer.get_config()["max_len"] == 64


# --- what the pages conclude from the NumPy and JAX scripts' output ---------------------------


def output(stem: str) -> str:
    result = run_example(stem)
    assert result.returncode == 0, f"{stem}.py failed:\n{result.stderr}"
    return result.stdout


def line_with(text: str, start: str) -> str:
    lines = [line for line in text.splitlines() if line.strip().startswith(start)]
    assert len(lines) == 1, f"expected one line starting with {start!r} in:\n{text}"
    return lines[0]


def numbers(line: str) -> list[float]:
    return [float(x.replace(",", "")) for x in re.findall(r"-?\d[\d,]*\.?\d*(?:e[-+]\d+)?", line)]


def test_jax_recipe_checks_hold() -> None:
    out = output("practice_jax")
    assert line_with(out, "batch-first").endswith("True")
    assert numbers(line_with(out, "positions, left-padded"))[-5:] == [0, 0, 0, 1, 2]
    assert line_with(out, "decode step").endswith("True")
    assert 0.05 < numbers(line_with(out, "dropout"))[0] < 0.15  # about the rate, 0.1


def test_padding_recipe_pads_do_not_matter_but_sum_masks_miss_them() -> None:
    out = output("practice_padding")
    assert all(line.endswith("True") for line in out.splitlines() if "pads encoded as" in line)
    assert numbers(line_with(out, "pads found"))[-2:] == [0, 2]


def test_larger_images_interpolation_is_not_recomputation() -> None:
    out = output("practice_larger_images")
    near = numbers(line_with(out, "interpolated vs the encoding"))[-1]
    far = numbers(line_with(out, "interpolated vs recomputed"))[-1]
    assert near < far / 5  # "not the same table": interpolation is close to the squeezed one
    assert line_with(out, "recomputed rows").endswith("True")


def test_relatives_scripts_support_their_sections() -> None:
    nerf = output("relatives_nerf")
    assert line_with(nerf, "nerf(p, 10").endswith("True")
    assert numbers(line_with(nerf, "with π"))[-1] < 1e-9  # the ends coincide
    assert numbers(line_with(nerf, "without π"))[-1] > 1.0
    detr = output("relatives_detr")
    assert line_with(detr, "unnormalised").endswith("True")
    assert line_with(detr, "normalised").endswith("True")
    big, small = (numbers(line_with(detr, f"temperature {t}")) for t in ("  10000", "     20"))
    assert small[1] > big[1]  # a smaller temperature: more pairs turn across the image
    txl = output("relatives_transformer_xl")
    assert line_with(txl, "R = ").endswith("True")
    for offset in (1, 5):
        absolute, relative = numbers(line_with(txl, f"offset {offset}"))[-2:]
        assert relative < 1e-9 and absolute > 1.0
    rotary = output("relatives_rotary")
    assert line_with(rotary, "RoPE's cos/sin").endswith("True")
    added, rotated = numbers(line_with(rotary, "same token"))[-2:]
    assert rotated < 1e-9 and added > 1.0
    biases = output("relatives_biases")
    rises = re.search(r"goes up again (\d+) times", line_with(biases, "sinusoid"))
    assert rises and int(rises.group(1)) > 0  # it rises again: not monotone
    assert "exactly: True" in line_with(biases, "ALiBi")
    assert line_with(biases, "T5: every distance").endswith("True")
    assert "IndexError" in line_with(biases, "learned table")
