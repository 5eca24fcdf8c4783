"""Tests of the frameworks: ``modern_art/envs/`` (the adapters) and ``modern_art/scale``."""
