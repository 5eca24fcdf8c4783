"""Offering a card and the second card of a double (R2, R5, R6.1, R6.2)."""

from __future__ import annotations

from typing import Final

from modern_art.core.refusals import action_name, refuse
from modern_art.core.round_flow import (
    Events,
    advance,
    artist_index,
    end_round,
    give_lot_free,
    left_of,
    replace,
    start_auction,
)
from modern_art.core.scoring import ROUND_ENDING_COUNT
from modern_art.data.actions import Action, Pass, PlayCard
from modern_art.data.cards import Auction, Card
from modern_art.data.events import CardPlayed, SecondCardAdded, SecondCardDeclined
from modern_art.data.phases import DoubleOffer, Offering
from modern_art.data.state import GameState, PlayerState

# Enum members as module constants: the compiled build reads a Final from a C static,
# an enum member from its class (an attribute lookup each time).
_DOUBLE: Final = Auction.DOUBLE


def offer(
    state: GameState, phase: Offering, action: Action, seat: int, events: Events
) -> GameState:
    """The auctioneer offers a card from hand (R2.1)."""
    if seat != phase.auctioneer:
        refuse(
            "R2.1",
            f"it is seat {phase.auctioneer}'s turn to offer a painting, not seat {seat}'s",
            action,
        )
    if not isinstance(action, PlayCard):
        refuse(
            "R2.1",
            f"seat {seat} must offer a painting with PlayCard, not {action_name(action)}",
            action,
        )
    # Untyped reads of what the user sent: the compiled build checks typed ones.
    wanted: object = getattr(action, "card")  # noqa: B009
    players, counts, count, card = _take_from_hand(state, seat, wanted, "R2.1", action)
    if events is not None:
        events.append(CardPlayed(seat, card, count))
    if count >= ROUND_ENDING_COUNT or _all_hands_empty(players, seat):  # R6.1 (R5.6), R6.2
        return end_round(replace(state, players=players, counts=counts), seat, (card,), events)
    if card.auction is _DOUBLE:
        asking = seat if players[seat].hand else _next_asked(players, seat, seat)
        if asking is None:  # pragma: no cover (all hands empty ended the round above)
            raise AssertionError("no seat can be asked to add a second card")
        return advance(state, DoubleOffer(seat, card, asking), players=players, counts=counts)
    return start_auction(
        state, card.auction, seat, (card,), None, events, players=players, counts=counts
    )


def add_second_card(
    state: GameState, phase: DoubleOffer, action: Action, seat: int, events: Events
) -> GameState:
    """The asked seat adds a second card of the double's artist, or declines (R5.1, R5.2)."""
    if seat != phase.asking:
        refuse(
            "R5.2",
            f"seat {phase.asking} is asked to add a second card to the double, not seat {seat}",
            action,
        )
    if isinstance(action, Pass):
        if events is not None:
            events.append(SecondCardDeclined(seat))
        asked = _next_asked(state.players, seat, phase.double_player)
        if asked is None:  # R5.5: nobody added a card
            return give_lot_free(state, phase.double_player, (phase.card,), events)
        return advance(state, DoubleOffer(phase.double_player, phase.card, asked))
    if not isinstance(action, PlayCard):
        refuse(
            "R5.2",
            f"seat {seat} may add a second card with PlayCard or decline with Pass,"
            f" not {action_name(action)}",
            action,
        )
    wanted: object = getattr(action, "card")  # noqa: B009 (untyped: see offer)
    i = _position(state.players[seat].hand, wanted)
    if i >= 0:
        held = state.players[seat].hand[i]
        if held.artist != phase.card.artist:
            refuse(
                "R5.1",
                f"the second card must be by {phase.card.artist}, not {held.artist}",
                action,
            )
        if held.auction is _DOUBLE:
            refuse("R5.1", "the second card of a double may not be a double itself", action)
    players, counts, count, card = _take_from_hand(state, seat, wanted, "R5.1", action)
    if events is not None:
        events.append(SecondCardAdded(seat, card, count))
    lot = (phase.card, card)
    if count >= ROUND_ENDING_COUNT or _all_hands_empty(players, seat):  # R5.7, R6.2
        return end_round(replace(state, players=players, counts=counts), seat, lot, events)
    return start_auction(
        state,
        card.auction,
        seat,
        lot,
        phase.double_player,
        events,
        players=players,
        counts=counts,
    )


def _take_from_hand(
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
    i = _position(hand, card)
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


def _position(hand: tuple[Card, ...], card: object) -> int:
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


def _all_hands_empty(players: tuple[PlayerState, ...], seat: int) -> bool:
    """Whether no hand holds a card, checking ``seat`` (who just played) first (R6.2)."""
    return not players[seat].hand and not any(p.hand for p in players)


def _next_asked(players: tuple[PlayerState, ...], after: int, double_player: int) -> int | None:
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
