"""docs/notebook.ipynb: The notebook.

The pipeline makes nothing this page shows (no figure, table, number or exercise), and
its prose types no integer beyond the site-wide ones; declare them here when it does
(see ``scripts/artifacts/pages/__init__.py``).
"""

from __future__ import annotations

PAGE = "notebook.ipynb"
