"""Tests of the kit: ``modern_art/testing/`` (the checker, the behaviour digest)."""
