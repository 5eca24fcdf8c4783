"""Tests of the players: ``modern_art/agents/`` (bots, the host loop, tournaments)."""
