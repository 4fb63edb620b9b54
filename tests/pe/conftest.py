"""Hypothesis profiles for the tests of ``pe``, and the import path of ``pe_reference``.

``CI=true`` selects the deterministic profile: a fixed example sequence (derandomize) and no
example database, so a CI run is reproducible. Locally the default profile explores new
examples each run. Both drop the per-example deadline: the machine is shared and the
first call of a NumPy ufunc can be slow, which is no failure of ``pe``.

Profiles are global to the pytest process; these names are specific to this folder so
they do not replace another folder's.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("pe-dev", max_examples=60, deadline=None)
settings.register_profile(
    "pe-ci", max_examples=60, deadline=None, derandomize=True, database=None, print_blob=True
)
settings.load_profile("pe-ci" if os.environ.get("CI", "").lower() == "true" else "pe-dev")
