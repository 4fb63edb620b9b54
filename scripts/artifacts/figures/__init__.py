"""Figures: one module per family (waves, geometry, matrices, experiments); each function
draws one figure from plain data with a theme (``style.Theme``)."""
