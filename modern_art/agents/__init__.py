"""Players for the game: the agent protocol, bots, whole games and tournaments.

>>> import modern_art as ma
>>> result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=1)
>>> result.games, result.players
(3, 3)
"""

from modern_art.agents.base import Agent, agent_name
from modern_art.agents.heuristic import HeuristicAgent
from modern_art.agents.host import Host
from modern_art.agents.montecarlo import MonteCarloAgent
from modern_art.agents.play import play_game
from modern_art.agents.random_agent import RandomAgent
from modern_art.agents.search.analysis import ActionValue, Analysis, ArtistOutlook, analyse
from modern_art.agents.search.tree import SearchAgent
from modern_art.agents.tournament import (
    AgentFactory,
    Standing,
    TournamentResult,
    tournament,
    wilson_interval,
)

__all__ = [
    "ActionValue",
    "Agent",
    "AgentFactory",
    "Analysis",
    "ArtistOutlook",
    "HeuristicAgent",
    "Host",
    "MonteCarloAgent",
    "RandomAgent",
    "SearchAgent",
    "Standing",
    "TournamentResult",
    "agent_name",
    "analyse",
    "play_game",
    "tournament",
    "wilson_interval",
]
