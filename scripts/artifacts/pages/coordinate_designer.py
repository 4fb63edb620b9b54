"""docs/coordinate-designer.md: Coordinate encoding designer.

The pipeline makes nothing this page shows: its numbers are computed in the browser by
``docs/javascripts/design/``, which ``tests/design_tool/`` compares with ``pe.coordinates``.
Its prose types no integer beyond the site-wide ones; declare them here when it does (see
``scripts/artifacts/pages/__init__.py``).
"""

from __future__ import annotations

PAGE = "coordinate-designer.md"
