"""What happens between actions: starting auctions, handing over lots, the next
turn, and the end of a round with its sale and the next deal (R2.3, R2.4, R6).

Each function takes the state and the list of events the current action has
caused so far, appends the events it causes and returns the new state. The
list may be ``None`` (:data:`Events`): a playout keeps no events, so none is
made (events are two values in five that an action builds).

Every action ends in :func:`advance`, exactly once: it names the phase the
game waits for next and counts the step. So a typical action builds one new
:class:`GameState`, and its unchanged parts (the deck, the other players,
the tiles ...) are shared with the state before it.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from modern_art._speed import SEATS, one_seat
from modern_art.core.scoring import artist_value, leaders, lot_payments, rank_artists
from modern_art.data.cards import Auction, Card
from modern_art.data.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    CardsDealt,
    Event,
    GameEnded,
    LotTakenFree,
    PaintingsSold,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from modern_art.data.phases import (
    NO_SEATS,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.data.state import GameState, PlayerState

Events: TypeAlias = list[Event] | None
"""Where an action's events go: appended to the list, or not made at all (``None``)."""

# Enum members as module constants: the compiled build reads a Final from a C static,
# an enum member from its class (an attribute lookup each time).
_OPEN: Final = Auction.OPEN
_ONE_OFFER: Final = Auction.ONE_OFFER
_HIDDEN: Final = Auction.HIDDEN


_WITH_SEAT: dict[frozenset[int], list[frozenset[int] | None]] = {}
_WITH_SEAT_KEPT: Final = 4096


def with_seat(seats: frozenset[int], seat: int) -> frozenset[int]:
    """``seats | {seat}``, made once per set and seat (below ``SEATS``) and kept.

    An open auction's passed seats grow one seat at a time, through the same
    few sets game after game; at most a few thousand sets are kept.
    """
    if not 0 <= seat < SEATS:
        return seats | {seat}
    row = _WITH_SEAT.get(seats)
    if row is None:
        if len(_WITH_SEAT) >= _WITH_SEAT_KEPT:
            _WITH_SEAT.clear()
        row = _WITH_SEAT[seats] = [None] * SEATS
    made = row[seat]
    if made is None:
        made = row[seat] = seats | one_seat(seat)
    return made


def artist_index(artists: tuple[str, ...], artist: str) -> int:
    """``artists.index(artist)``: by identity first (a card of the edition's deck shares its
    name), then by value (a card read from JSON)."""
    for i, name in enumerate(artists):
        if name is artist:
            return i
    return artists.index(artist)


def replace(
    state: GameState,
    *,
    players: tuple[PlayerState, ...] | None = None,
    deck: tuple[Card, ...] | None = None,
    round: int | None = None,
    counts: tuple[int, ...] | None = None,
    tiles: tuple[tuple[int, ...], ...] | None = None,
    discard: tuple[Card, ...] | None = None,
) -> GameState:
    """A copy of ``state`` with some fields changed (a fast ``attrs.evolve``).

    ``None`` keeps a field (no field here may be ``None``). Typed defaults,
    not a sentinel ``object()``, so that the compiled build can check them.
    """
    return GameState(
        state.rules,
        state.players if players is None else players,
        state.deck if deck is None else deck,
        state.round if round is None else round,
        state.counts if counts is None else counts,
        state.tiles if tiles is None else tiles,
        state.discard if discard is None else discard,
        state.phase,
        state.step,
    )


def advance(
    state: GameState,
    phase: Phase,
    *,
    players: tuple[PlayerState, ...] | None = None,
    counts: tuple[int, ...] | None = None,
) -> GameState:
    """The state once the current action is done: waiting for ``phase``, one step later."""
    return GameState(
        state.rules,
        state.players if players is None else players,
        state.deck,
        state.round,
        state.counts if counts is None else counts,
        state.tiles,
        state.discard,
        phase,
        state.step + 1,
    )


_OFFERING = tuple(Offering(seat) for seat in range(SEATS))
"""Phases are values, so every turn of seat ``s`` can share one ``Offering(s)``."""


def left_of(seat: int, players: int) -> int:
    """The seat clockwise next to ``seat`` (R1.5)."""
    return (seat + 1) % players


def start_auction(
    state: GameState,
    kind: Auction,
    auctioneer: int,
    lot: tuple[Card, ...],
    double_player: int | None,
    events: Events,
    *,
    players: tuple[PlayerState, ...] | None = None,
    counts: tuple[int, ...] | None = None,
) -> GameState:
    """Begin an auction of ``kind`` over ``lot`` (R2.1, R5.1)."""
    if events is not None:
        events.append(AuctionStarted(auctioneer, kind, lot, double_player))
    n = len(state.players)
    phase: Phase
    if kind is _OPEN:
        phase = OpenAuction(auctioneer, lot, double_player, 0, None, NO_SEATS)
    elif kind is _ONE_OFFER:
        phase = OneOfferAuction(auctioneer, lot, double_player, 0, None, left_of(auctioneer, n))
    elif kind is _HIDDEN:
        phase = HiddenAuction(auctioneer, lot, double_player, (None,) * n)
    else:
        phase = FixedPriceAuction(auctioneer, lot, double_player, None, auctioneer)
    return advance(state, phase, players=players, counts=counts)


def next_turn(
    state: GameState,
    after: int,
    events: Events,
    *,
    players: tuple[PlayerState, ...] | None = None,
) -> GameState:
    """Make the first seat left of ``after`` that holds cards the auctioneer (R2.3, R2.4).

    ``players``, if given, replaces ``state.players`` first.
    """
    seats = state.players if players is None else players
    n = len(seats)
    seat = after
    for _ in range(n):
        seat = seat + 1 if seat + 1 < n else 0  # left_of, inlined
        if seats[seat].hand:
            if events is not None:
                events.append(TurnStarted(seat))
            phase = _OFFERING[seat] if seat < SEATS else Offering(seat)
            return advance(state, phase, players=players)
        if events is not None:
            events.append(AuctioneerSkipped(seat))
    raise AssertionError("no hand holds a card, yet the round goes on")  # pragma: no cover


def sell_lot(
    state: GameState,
    buyer: int,
    price: int,
    auctioneer: int,
    lot: tuple[Card, ...],
    double_player: int | None,
    events: Events,
) -> GameState:
    """``buyer`` pays ``price`` for ``lot`` and takes it; the next turn begins (R3.3, R3.5)."""
    payments = lot_payments(buyer, price, auctioneer, double_player, state.rules.double_payment)
    players = list(state.players)
    p = players[buyer]
    players[buyer] = PlayerState(p.name, p.money - price, p.hand, p.museum + lot)
    for payment in payments:
        payee = payment.payee
        if payee is not None:  # the buyer is never paid (lot_payments sends that to the bank)
            p = players[payee]
            players[payee] = PlayerState(p.name, p.money + payment.amount, p.hand, p.museum)
    if events is not None:
        events.append(AuctionWon(buyer, price, lot, payments))
    return next_turn(state, auctioneer, events, players=tuple(players))


def give_lot_free(state: GameState, seat: int, lot: tuple[Card, ...], events: Events) -> GameState:
    """``seat`` takes ``lot`` free (R3.4, R4.3, R5.5); the next turn begins left of it."""
    players = list(state.players)
    p = players[seat]
    players[seat] = PlayerState(p.name, p.money, p.hand, p.museum + lot)
    if events is not None:
        events.append(LotTakenFree(seat, lot))
    return next_turn(state, seat, events, players=tuple(players))


def close_bidding(
    state: GameState,
    high_bidder: int | None,
    high_bid: int,
    auctioneer: int,
    lot: tuple[Card, ...],
    double_player: int | None,
    events: Events,
) -> GameState:
    """An open or one-offer auction closes: sold to the high bidder, or free to the auctioneer
    when nobody bid (R3.4)."""
    if high_bidder is None:
        return give_lot_free(state, auctioneer, lot, events)
    return sell_lot(state, high_bidder, high_bid, auctioneer, lot, double_player, events)


def end_round(
    state: GameState, ender: int, ending_cards: tuple[Card, ...], events: Events
) -> GameState:
    """Rank, award tiles, sell every museum, then deal the next round or end the game (R6).

    The ending card(s) go to the discard pile with the sold paintings (R6.5).
    """
    ranked, tiles = _rank_and_award(state, ender, ending_cards, events)
    players, discard = _sell_museums(state, ranked, tiles, events)
    discard.extend(ending_cards)
    state = replace(
        state,
        players=players,
        tiles=tiles,
        discard=tuple(discard),
        counts=(0,) * len(state.rules.artists),
    )
    return _next_round_or_end(state, ender, events)


def _rank_and_award(
    state: GameState, ender: int, ending_cards: tuple[Card, ...], events: Events
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Rank this round's artists and give each ranked one its tile (R6.3, R6.4).

    Returns the ranked artists' board indices and every artist's tiles now.
    """
    rules = state.rules
    ranked = rank_artists(state.counts, rules)
    tiles = list(state.tiles)
    for place, ranked_artist in enumerate(ranked):
        tiles[ranked_artist] += (rules.value_tiles[place],)
    if events is not None:
        events.append(
            RoundEnded(
                state.round,
                ender,
                ending_cards,
                state.counts,
                tuple(rules.artists[a] for a in ranked),
                rules.value_tiles[: len(ranked)],
            )
        )
    return ranked, tuple(tiles)


def _sell_museums(
    state: GameState,
    ranked: tuple[int, ...],
    tiles: tuple[tuple[int, ...], ...],
    events: Events,
) -> tuple[tuple[PlayerState, ...], list[Card]]:
    """The bank buys every museum painting at its artist's value (R6.5).

    Returns the players with their income and empty museums, and the discard
    pile with the sold paintings added.
    """
    artists = state.rules.artists
    values = [0] * len(artists)  # an artist out of this round's ranking pays nothing
    for a in ranked:
        values[a] = artist_value(tiles[a], ranked=True)
    players: list[PlayerState] = []
    discard = list(state.discard)
    for seat, p in enumerate(state.players):
        if not p.museum:
            players.append(p)
            continue
        by_artist = [0] * len(artists)
        for card in p.museum:
            by_artist[artist_index(artists, card.artist)] += 1
        income = 0
        for a, count in enumerate(by_artist):
            if count:
                value = values[a]
                income += value * count
                if events is not None:
                    events.append(PaintingsSold(seat, artists[a], count, value, value * count))
        discard.extend(p.museum)
        players.append(PlayerState(p.name, p.money + income, p.hand, ()))
    return tuple(players), discard


def _next_round_or_end(state: GameState, ender: int, events: Events) -> GameState:
    """End the game after the last round or when no hand holds a card (R8.1), else deal (R6.6).

    The next round begins left of ``ender``, who offered the round-ending
    card (R6.7).
    """
    players = state.players
    if state.round == state.rules.rounds or not any(p.hand for p in players):
        money = tuple(p.money for p in players)
        if events is not None:
            events.append(GameEnded(money, leaders(money)))
        return advance(state, GameOver())
    state = deal(replace(state, round=state.round + 1), events)
    if events is not None:
        events.append(RoundStarted(state.round))
    return next_turn(state, ender, events)


def deal(state: GameState, events: Events) -> GameState:
    """Deal this round's cards from the top of the deck, seat 0 first (R1.4, R6.6)."""
    n = len(state.players)
    k = state.rules.deals(n)[state.round - 1]
    if k == 0:
        return state
    deck = state.deck
    players = []
    for seat, p in enumerate(state.players):
        cards = deck[seat * k : (seat + 1) * k]
        players.append(PlayerState(p.name, p.money, p.hand + cards, p.museum))
        if events is not None:
            events.append(CardsDealt(seat, k, cards))
    return replace(state, players=tuple(players), deck=deck[n * k :])
