"""Tests of ``modern_art/agents/``: the bots, the host loop, the runner, engines, search."""
