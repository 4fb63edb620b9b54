"""Shared test helpers (importable as ``helpers`` because tests/ is on sys.path via tests/conftest.py)."""
