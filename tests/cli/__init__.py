"""Tests of the ``modern-art`` command, ``modern_art/cli/``."""
