"""Payout helpers: what a painting would pay, now and at best (R6.3-R6.5).

The rules ask hosts to explain the potential payout before anyone names a
price; these helpers do it for front-ends, newcomers and bots. Each takes a
:class:`~modern_art.GameState` or a :class:`~modern_art.PlayerView`, and
from a view uses only what that seat may see.
"""

from __future__ import annotations

from collections import Counter

from modern_art.core.scoring import ROUND_ENDING_COUNT, artist_value, round_values
from modern_art.data.state import GameState
from modern_art.seeing.views import PlayerView, unseen_cards

__all__ = ["best_case_payout", "payout_if_round_ended_now", "still_offerable"]


def payout_if_round_ended_now(game: GameState | PlayerView) -> dict[str, int]:
    """Artist -> what one painting would pay if the round ended now, in board order.

    The round is ranked on this round's counts (R6.3); a ranked artist gets
    the tile of its place (R6.4) and pays the sum of its tiles, a painting of
    any other artist pays 0 (R6.5). Once the game is over, every value is 0.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> card = state.players[0].hand[0]
    >>> after = ma.apply(state, ma.PlayCard(0, card)).state
    >>> ma.payout_if_round_ended_now(after)[card.artist]
    30
    """
    rules = game.rules
    return dict(zip(rules.artists, round_values(game.counts, game.tiles, rules), strict=True))


def still_offerable(game: GameState | PlayerView) -> tuple[int, ...]:
    """Per artist in board order, the most paintings that may still be offered this round.

    Cards are offered only from hands, and no card is dealt during a round
    (R6.6), so from a state this is the number of the artist's cards in all
    hands. From a view it is an upper bound: the artist's cards in the
    seat's own hand plus its unseen cards (R7.2), these capped by the number
    of cards in the other hands. Once the game is over, nothing is.
    """
    rules = game.rules
    if game.is_over:
        return (0,) * len(rules.artists)
    if isinstance(game, GameState):
        held = Counter(card.artist for p in game.players for card in p.hand)
        return tuple(held[artist] for artist in rules.artists)
    own = Counter(card.artist for card in game.hand)
    unseen = Counter(card.artist for card in unseen_cards(game))
    others = sum(p.hand_size for s, p in enumerate(game.players) if s != game.seat)
    return tuple(own[artist] + min(unseen[artist], others) for artist in rules.artists)


def best_case_payout(game: GameState | PlayerView) -> dict[str, int]:
    """Artist -> the most one painting could pay at this round's end, in board order.

    An optimistic bound, computed per artist: the artist's count rises from
    ``c`` to ``reach = min(5, c + k)``, ``k`` from :func:`still_offerable`
    (the fifth painting ends the round, R6.1), while every other artist
    keeps its count. Its best place is then the number of other artists
    counting more than ``reach``, or exactly ``reach`` and further left on
    the board (R6.3). So an artist can still rank first only if no other
    artist's count already beats ``reach`` under that tie rule. If that place
    earns a tile, the value is the artist's tiles plus that tile (R6.5),
    else 0. Counts only rise within a round, so no play of the round can
    give more; it is reached when the artist's cards can be offered before
    any other artist's. It is never below :func:`payout_if_round_ended_now`.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> set(ma.best_case_payout(state).values())   # every artist may still come first
    {30}
    """
    rules = game.rules
    counts = game.counts
    offerable = still_offerable(game)
    payout: dict[str, int] = {}
    for a, artist in enumerate(rules.artists):
        reach = min(ROUND_ENDING_COUNT, counts[a] + offerable[a])
        place = sum(
            1
            for b, count in enumerate(counts)
            if b != a and (count > reach or (count == reach and b < a))
        )
        if reach > 0 and place < len(rules.value_tiles):
            payout[artist] = artist_value((*game.tiles[a], rules.value_tiles[place]), ranked=True)
        else:
            payout[artist] = 0
    return payout
