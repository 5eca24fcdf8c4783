"""Offering a card and the second card of a double (R2, R5, R6.1, R6.2)."""

from __future__ import annotations

from modern_art.actions import Pass, PlayCard
from modern_art.cards import Auction, Card
from modern_art.checks import action_name, refuse
from modern_art.events import CardPlayed, Event, SecondCardAdded, SecondCardDeclined
from modern_art.flow import end_round, give_lot_free, left_of, replace, start_auction
from modern_art.phases import DoubleOffer, Offering
from modern_art.scoring import ROUND_ENDING_COUNT
from modern_art.state import GameState, PlayerState


def offer(state: GameState, phase: Offering, action: object, events: list[Event]) -> GameState:
    """The auctioneer offers a card from hand (R2.1)."""
    seat: int = action.seat  # type: ignore[attr-defined]
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
    state, count = _take_from_hand(state, seat, action.card, "R2.1", action)
    card: Card = action.card
    events.append(CardPlayed(seat, card, count))
    if count >= ROUND_ENDING_COUNT:  # R6.1, and R5.6 for a double card
        return end_round(state, seat, (card,), events)
    if not any(p.hand for p in state.players):  # R6.2
        return end_round(state, seat, (card,), events)
    if card.auction is Auction.DOUBLE:
        asking = seat if state.players[seat].hand else _next_asked(state, seat, seat)
        return replace(state, phase=DoubleOffer(seat, card, asking))  # type: ignore[arg-type]
    return start_auction(state, card.auction, seat, (card,), None, events)


def add_second_card(
    state: GameState, phase: DoubleOffer, action: object, events: list[Event]
) -> GameState:
    """The asked seat adds a second card of the double's artist, or declines (R5.1, R5.2)."""
    seat: int = action.seat  # type: ignore[attr-defined]
    if seat != phase.asking:
        refuse(
            "R5.2",
            f"seat {phase.asking} is asked to add a second card to the double, not seat {seat}",
            action,
        )
    if isinstance(action, Pass):
        events.append(SecondCardDeclined(seat))
        asked = _next_asked(state, seat, phase.double_player)
        if asked is None:  # R5.5: nobody added a card
            return give_lot_free(state, phase.double_player, (phase.card,), events)
        return replace(state, phase=DoubleOffer(phase.double_player, phase.card, asked))
    if not isinstance(action, PlayCard):
        refuse(
            "R5.2",
            f"seat {seat} may add a second card with PlayCard or decline with Pass,"
            f" not {action_name(action)}",
            action,
        )
    card = action.card
    if isinstance(card, Card) and card in state.players[seat].hand:
        if card.artist != phase.card.artist:
            refuse(
                "R5.1",
                f"the second card must be by {phase.card.artist}, not {card.artist}",
                action,
            )
        if card.auction is Auction.DOUBLE:
            refuse("R5.1", "the second card of a double may not be a double itself", action)
    state, count = _take_from_hand(state, seat, card, "R5.1", action)
    events.append(SecondCardAdded(seat, card, count))
    lot = (phase.card, card)
    if count >= ROUND_ENDING_COUNT:  # R5.7: neither card is sold
        return end_round(state, seat, lot, events)
    if not any(p.hand for p in state.players):  # R6.2
        return end_round(state, seat, lot, events)
    return start_auction(state, card.auction, seat, lot, phase.double_player, events)


def _take_from_hand(
    state: GameState, seat: int, card: object, rule: str, action: object
) -> tuple[GameState, int]:
    """Remove ``card`` from ``seat``'s hand and count it for its artist (R2.2)."""
    player = state.players[seat]
    hand = player.hand
    if not isinstance(card, Card) or card not in hand:
        refuse(rule, f"seat {seat} does not hold {card!s} in hand", action)
    i = hand.index(card)
    players = list(state.players)
    players[seat] = PlayerState(player.name, player.money, hand[:i] + hand[i + 1 :], player.museum)
    artist = state.rules.edition.artists.index(card.artist)
    counts = list(state.counts)
    counts[artist] += 1
    return replace(state, players=tuple(players), counts=tuple(counts)), counts[artist]


def _next_asked(state: GameState, after: int, double_player: int) -> int | None:
    """The next seat clockwise after ``after`` holding cards, stopping at the double player.

    Hand sizes are public, so an empty hand is skipped; a hand without a
    fitting card is still asked, so that nobody learns what it lacks (R5.2).
    """
    n = len(state.players)
    seat = left_of(after, n)
    while seat != double_player:
        if state.players[seat].hand:
            return seat
        seat = left_of(seat, n)
    return None
