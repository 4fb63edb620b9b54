"""Every bad argument gets the documented exception, with a message naming the parameter."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pe

NOT_INTEGERS = [2.0, 2.5, "3", None, True, False, np.bool_(True), np.float64(4.0), [4], 1j]


def _calls(name: str, value: Any) -> list[Callable[[], object]]:
    """Every public call that takes the integer parameter ``name``, given ``value``."""
    if name == "length":
        return [lambda: pe.encoding(value, 4)]
    if name == "d_model":
        return [
            lambda: pe.encoding(3, value),
            lambda: pe.frequencies(value),
            lambda: pe.wavelengths(value),
            lambda: pe.rotation(1, value),
        ]
    if name == "start":
        return [lambda: pe.encoding(3, 4, start=value)]
    assert name == "offset"
    return [lambda: pe.rotation(value, 4)]


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
@pytest.mark.parametrize("name", ["length", "d_model", "start", "offset"])
def test_non_integer_is_type_error(name: str, value: Any) -> None:
    for call in _calls(name, value):
        with pytest.raises(TypeError, match=name):
            call()


@pytest.mark.parametrize("value", [np.int8(3), np.int64(4), np.uint16(6)], ids=repr)
def test_numpy_integers_are_accepted(value: Any) -> None:
    assert pe.encoding(value, value, start=value).shape == (int(value), int(value))


@pytest.mark.parametrize("length", [-1, -(10**20)])
def test_negative_length(length: int) -> None:
    with pytest.raises(ValueError, match="length"):
        pe.encoding(length, 4)


@pytest.mark.parametrize("d_model", [0, -1, -(10**20)])
def test_d_model_below_one(d_model: int) -> None:
    for call in _calls("d_model", d_model):
        with pytest.raises(ValueError, match="d_model"):
            call()


BAD_BASES = [
    math.nan,
    math.inf,
    -math.inf,
    1,
    1.0,
    0.5,
    0,
    -3,
    "x",
    "10000",
    None,
    True,
    np.float64("nan"),
    np.array(10000.0),
    1 + 0j,
    10**400,  # a valid integer that float64 cannot hold
]


@pytest.mark.parametrize("base", BAD_BASES, ids=lambda b: repr(b)[:20])
def test_base_not_a_finite_real_above_one(base: Any) -> None:
    for call in (
        lambda: pe.encoding(3, 4, base=base),
        lambda: pe.frequencies(4, base=base),
        lambda: pe.wavelengths(4, base=base),
        lambda: pe.rotation(1, 4, base=base),
    ):
        with pytest.raises(ValueError, match="base"):
            call()


@pytest.mark.parametrize(
    "layout",
    ["bogus", "Interleaved", "", None, 0, ["split"], np.array(["split", "interleaved"])],
    ids=repr,
)
def test_unknown_layout(layout: Any) -> None:
    for call in (
        lambda: pe.encoding(3, 4, layout=layout),
        lambda: pe.rotation(1, 4, layout=layout),
    ):
        with pytest.raises(ValueError, match="layout"):
            call()


@pytest.mark.parametrize(
    "dtype",
    [np.int32, "int64", complex, np.complex128, "bogus", np.longdouble, ">f8", bool, object, 1.5],
    ids=repr,
)
def test_non_floating_dtype(dtype: Any) -> None:
    with pytest.raises(TypeError, match="dtype"):
        pe.encoding(3, 4, dtype=dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, "float32", "f2", float])
def test_floating_dtypes_are_accepted(dtype: Any) -> None:
    assert pe.encoding(2, 3, dtype=dtype).dtype == np.dtype(dtype)


@given(d=st.integers(1, 63).map(lambda h: 2 * h + 1))
def test_odd_d_in_rotation_names_the_unpaired_column(d: int) -> None:
    with pytest.raises(ValueError, match="unpaired") as info:
        pe.rotation(1, d)
    assert "d_model" in str(info.value) and str(d) in str(info.value)


def test_positions_beyond_float64_integers() -> None:
    limit = 2**53
    assert pe.encoding(1, 2, start=limit - 1).shape == (1, 2)
    for start, length in [(limit, 1), (-limit - 1, 1), (0, limit + 1)]:
        with pytest.raises(ValueError, match="2\\*\\*53"):
            pe.encoding(length, 2, start=start)


@pytest.mark.parametrize("offset", [2**53 + 1, -(2**53) - 1, 10**30])
def test_rotation_offset_beyond_float64_integers(offset: int) -> None:
    with pytest.raises(ValueError, match="offset"):
        pe.rotation(offset, 4)
    assert pe.rotation(2**53, 4).shape == (4, 4)
