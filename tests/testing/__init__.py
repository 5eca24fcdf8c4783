"""Tests of ``modern_art/testing/``: the checker, the behaviour digest."""
