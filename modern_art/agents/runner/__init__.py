"""The one many-game runner under tournaments and matches.

Its rooms: :mod:`~modern_art.agents.runner.seating` (which seat each entry
holds in each game, and every seed), :mod:`~modern_art.agents.runner.game`
(one game played, its outcome and its engines' failures kept),
:mod:`~modern_art.agents.runner.records` (the records file, written as games
end and read back to resume), :mod:`~modern_art.agents.runner.dispatch` and
:mod:`~modern_art.agents.runner.workers` (where the games are played), and
:mod:`~modern_art.agents.runner.run` (the loop that ties them together).
:func:`~modern_art.tournament` and :func:`~modern_art.agents.match.runner.run_match`
are its two faces. It hands nothing on.
"""
