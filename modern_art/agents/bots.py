"""The library's bots by name, at the address the web service's docs give.

The bots live in the one registry, :mod:`modern_art.agents.registry`; this
module names the same objects, so that ``modern_art.agents.bots.BOTS`` stays
what it was: every bot a person may pick by name.

>>> from modern_art.agents import registry
>>> BOTS is registry.BOTS, make_bot is registry.make_bot
(True, True)
"""

from __future__ import annotations

from modern_art.agents.registry import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
