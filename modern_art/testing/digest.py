"""One number for the engine's whole behaviour: :func:`behaviour_digest`.

A refactor, a speed-up or a compiled build must not change what any game
does. :func:`behaviour_digest` plays many seeded random games over several
variants and hashes everything they produce: each action, each event, and
what each seat is told (the redacted events). Two builds that give the same
digest played those games identically, event for event.
"""

from __future__ import annotations

import hashlib
import random

from modern_art.core.legal import legal_actions
from modern_art.core.transition import apply, new_game
from modern_art.data.rules import DoublePayment, HiddenTie, Rules
from modern_art.seeing.redaction import visible_events

__all__ = ["DIGEST_RULES", "behaviour_digest", "game_digest"]

DIGEST_RULES: tuple[Rules, ...] = (
    Rules(),
    Rules(hidden_tie=HiddenTie.CLOCKWISE_FROM_LEFT, double_payment=DoublePayment.SPLIT),
    Rules(open_money=True, starting_money=40),
)
"""The variants the digest's games cycle through: CMON, the other tie and payment rules, and
scarce open money (so that bids run into the limit)."""


def game_digest(seed: int) -> str:
    """The SHA-256 of one seeded random game: its actions, events and redacted events.

    Game ``seed`` uses ``DIGEST_RULES[seed % 3]``, ``3 + seed % 3`` players,
    the deal of ``seed`` and the first auctioneer ``seed % players``; each
    action is drawn from all seats' :func:`~modern_art.legal_actions` with
    ``random.Random(seed)``.
    """
    rules = DIGEST_RULES[seed % len(DIGEST_RULES)]
    players = 3 + seed % 3
    state = new_game(players, seed=seed, rules=rules, first_auctioneer=seed % players)
    rng = random.Random(seed)
    sha = hashlib.sha256(repr(state).encode())
    while not state.is_over:
        legal = legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        step = apply(state, action)
        sha.update(repr(action).encode())
        sha.update(repr(step.events).encode())
        for seat in range(players):
            sha.update(repr(visible_events(step.events, seat)).encode())
        state = step.state
    sha.update(repr(state).encode())
    return sha.hexdigest()


def behaviour_digest(games: int = 200) -> str:
    """The SHA-256 over :func:`game_digest` of seeds ``0 .. games - 1``.

    >>> from modern_art.testing import behaviour_digest
    >>> len(behaviour_digest(games=2))
    64
    """
    sha = hashlib.sha256()
    for seed in range(games):
        sha.update(game_digest(seed).encode())
    return sha.hexdigest()
