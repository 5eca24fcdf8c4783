"""Check a :class:`~modern_art.Rules` preset, an agent or an engine change the way we do.

This module needs Hypothesis: ``pip install -e '.[testing]'`` from a clone
of the repository (``pip install 'modern-art[testing]'`` once published).
Without it, importing this module raises ``ModuleNotFoundError`` saying so;
``import modern_art`` never imports it.

Nine invariants (:data:`INVARIANTS`) must hold after every step of every
game: money and cards are conserved, money never goes negative, rounds end
exactly when they should, every game ends within a derived bound
(:func:`max_steps`), ``apply`` changes nothing it is given and is
deterministic, events account for every change, and ``legal_actions`` lists
exactly the actions ``apply`` accepts.

- :func:`check_game` plays random games and raises
  :class:`InvariantViolation` with the shortest failing game it finds, as a
  script you can paste.
- :class:`GameChecker` checks a game you drive yourself, step by step.
- :func:`behaviour_digest` hashes 200 seeded random games, to show that a
  change to the engine plays every game the same.
- The strategies (:func:`rules_variants`, :func:`games`, ...) build your own
  Hypothesis tests.

>>> import modern_art as ma
>>> from modern_art.testing import check_game
>>> mine = ma.Rules(starting_money=60, value_tiles=(40, 20), rounds=3,
...                 deal_schedule={3: (8, 5, 4), 4: (7, 4, 3), 5: (6, 3, 2)})
>>> check_game(mine, games=3).games
3
"""

from modern_art.data.extras import install_hint

try:
    import hypothesis  # noqa: F401 (only to give the install hint if it is missing)
except ImportError as missing:
    raise ModuleNotFoundError(
        f"modern_art.testing needs Hypothesis, which is not installed: {install_hint('testing')}",
        name="hypothesis",
    ) from missing

from modern_art.testing.bounds import max_money, max_steps, potential
from modern_art.testing.conformance import CheckReport, check_game, check_played
from modern_art.testing.digest import DIGEST_RULES, behaviour_digest, game_digest
from modern_art.testing.invariants import GameChecker
from modern_art.testing.probes import action_space, legal_sample
from modern_art.testing.strategies import (
    PlayedGame,
    any_actions,
    editions,
    games,
    legal_action,
    player_counts,
    playout,
    random_moves,
    rule_switches,
    rules_variants,
    seeds,
    stacked_decks,
)
from modern_art.testing.violation import INVARIANTS, InvariantViolation, replay_script

__all__ = [
    "DIGEST_RULES",
    "INVARIANTS",
    "CheckReport",
    "GameChecker",
    "InvariantViolation",
    "PlayedGame",
    "action_space",
    "any_actions",
    "behaviour_digest",
    "check_game",
    "check_played",
    "editions",
    "game_digest",
    "games",
    "legal_action",
    "legal_sample",
    "max_money",
    "max_steps",
    "player_counts",
    "playout",
    "random_moves",
    "potential",
    "replay_script",
    "rule_switches",
    "rules_variants",
    "seeds",
    "stacked_decks",
]
