"""Names available to the doctests in pe/ (and to examples that use the same names)."""

import numpy as np
import pytest

import pe


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update(np=np, pe=pe)
