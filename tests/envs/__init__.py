"""Tests of ``modern_art/envs/`` (the framework adapters) and ``modern_art/scale``."""
