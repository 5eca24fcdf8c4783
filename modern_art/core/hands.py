"""Cards leaving a hand: taking an offered card and counting it (R2.2), and whom a double asks
next (R5.2). The offering and the double offer share them."""

from __future__ import annotations

from modern_art.core.refusals import refuse
from modern_art.core.round_flow import artist_index, left_of
from modern_art.data.cards import Card
from modern_art.data.state import GameState, PlayerState


def take_from_hand(
    state: GameState, seat: int, card: object, rule: str, action: object
) -> tuple[tuple[PlayerState, ...], tuple[int, ...], int, Card]:
    """Take ``card`` from ``seat``'s hand and count it for its artist (R2.2).

    Returns the new players, the new counts, the artist's count now and the
    card as the hand held it. ``card`` may be anything a user put in an
    action: it is never read as a card before it is found in the hand.
    """
    players = state.players
    player = players[seat]
    hand = player.hand
    i = position(hand, card)
    if i < 0:
        refuse(rule, f"seat {seat} does not hold {card!s} in hand", action)
    held = hand[i]
    seats = list(players)  # a copy changed in one place: cheaper than slices joined
    seats[seat] = PlayerState(player.name, player.money, hand[:i] + hand[i + 1 :], player.museum)
    artist = artist_index(state.rules.edition.artists, held.artist)
    board = list(state.counts)
    count = board[artist] + 1
    board[artist] = count
    return tuple(seats), tuple(board), count, held


def position(hand: tuple[Card, ...], card: object) -> int:
    """Where ``card`` is in ``hand``, or -1.

    A card taken from the state (as :func:`~modern_art.legal_actions` does)
    is found by identity, without calling ``Card.__eq__``; an equal copy (say,
    from JSON) is found by value.
    """
    for i, held in enumerate(hand):
        if held is card:
            return i
    if isinstance(card, Card):
        for i, held in enumerate(hand):
            if held == card:
                return i
    return -1


def all_hands_empty(players: tuple[PlayerState, ...], seat: int) -> bool:
    """Whether no hand holds a card, checking ``seat`` (who just played) first (R6.2)."""
    return not players[seat].hand and not any(p.hand for p in players)


def next_asked(players: tuple[PlayerState, ...], after: int, double_player: int) -> int | None:
    """The next seat clockwise after ``after`` holding cards, stopping at the double player.

    Hand sizes are public, so an empty hand is skipped; a hand without a
    fitting card is still asked, so that nobody learns what it lacks (R5.2).
    """
    n = len(players)
    seat = left_of(after, n)
    while seat != double_player:
        if players[seat].hand:
            return seat
        seat = left_of(seat, n)
    return None
