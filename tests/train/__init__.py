"""Tests of ``modern_art/train/`` (self-play training of the bot ``learned``, the train extra)."""
