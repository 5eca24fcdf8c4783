"""Behaviour pinned as a number: refactors and builds must play every game the same."""

from __future__ import annotations

import hashlib

import modern_art as ma
from modern_art.testing import behaviour_digest, game_digest

ENGINE_DIGEST = "08b46f28e98b8cbf72c2d3e95eb1f8c8379de2c61c3803198bf9fde23e7e450e"
"""``behaviour_digest()`` of 200 seeded random games, recorded before the issue-12 refactors
(``505e8b8e...``) and again when :class:`~modern_art.BidsRevealed` gained ``auctioneer``,
``winner`` and ``tie`` (issue 24): with its repr cut back to ``bids`` alone, the games
still give ``505e8b8e...``, so only the event's new fields changed."""

HOSTED_DIGEST = "8a685a1cb7135d1faa41a5cef4e44d82f440a5bbccb06085e5b230806b93fcb2"
"""The digest of 20 hosted games between bots (see the test), recorded before the refactors."""


def test_engine_plays_200_seeded_games_as_recorded() -> None:
    """Actions, events and redacted events of 200 seeded random games hash as recorded."""
    assert behaviour_digest(200) == ENGINE_DIGEST


def test_game_digest_tells_games_apart() -> None:
    """Different seeds give different game digests, so the digest can fail."""
    assert game_digest(0) != game_digest(1)


def test_hosted_bot_games_play_as_recorded() -> None:
    """Twenty bot games hosted by play_game give the recorded records."""
    sha = hashlib.sha256()
    for seed in range(20):
        agents: list[ma.Agent] = [
            ma.RandomAgent(seed=seed),
            ma.HeuristicAgent(seed=seed),
            ma.RandomAgent(seed=seed + 2),
        ]
        sha.update(repr(ma.play_game(agents, seed=seed)).encode())
    assert sha.hexdigest() == HOSTED_DIGEST
