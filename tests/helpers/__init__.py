"""Shared test helpers (importable as ``helpers``: pyproject.toml puts tests/ on pytest's pythonpath)."""
