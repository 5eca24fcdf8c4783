"""What one seat sees, as a flat float vector: :func:`observe` and :func:`observation_slices`.

The vector is built from the seat's :class:`~modern_art.PlayerView` and the
public record of money (:class:`~modern_art.MoneyLedger`, R7.4), so it holds
nothing the seat cannot see. Seats are *relative*: entry 0 of every per-seat
slice is the observing seat, then the others clockwise (its left first).
Money amounts (money, bids, prices, tiles) are divided by
``rules.starting_money``; card numbers are plain counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from modern_art.cards import SYMBOL_ORDER, Card
from modern_art.events import Event
from modern_art.ledger import MoneyLedger
from modern_art.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.rules import Rules
from modern_art.scoring import winners
from modern_art.state import GameState
from modern_art.views import HiddenAuctionView, PlayerView

__all__ = ["Observation", "observation_size", "observation_slices", "observe"]

Observation = npt.NDArray[np.float32]
"""An observation vector."""

PHASES = ("offering", "double offer", "open", "one-offer", "hidden", "fixed price", "game over")
"""The phase slice's entries, in order."""

_PHASE_INDEX: dict[type, int] = {
    Offering: 0,
    DoubleOffer: 1,
    OpenAuction: 2,
    OneOfferAuction: 3,
    HiddenAuction: 4,
    HiddenAuctionView: 4,
    FixedPriceAuction: 5,
    GameOver: 6,
}


def observation_slices(rules: Rules, players: int) -> tuple[tuple[str, slice, str], ...]:
    """Each part of the vector: ``(name, slice, meaning)``, in order.

    ``n`` is ``players``, ``A`` the artists, ``K = 5 * A`` the card kinds in
    :class:`~modern_art.envs.ActionCodec` order (artist in board order, then
    symbol), ``R`` the rounds. "Money" means divided by ``rules.starting_money``.

    >>> import modern_art as ma
    >>> [(name, s.stop - s.start) for name, s, _ in observation_slices(ma.Rules(), 4)][:4]
    [('round', 4), ('phase', 7), ('to_act', 4), ('counts', 5)]
    """
    n, a = players, len(rules.artists)
    k = a * len(SYMBOL_ORDER)
    parts = [
        ("round", rules.rounds, "one-hot: the current round (R)"),
        ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        ("to_act", n, "per seat: 1 if it may act now"),
        ("counts", a, "per artist: paintings offered this round (R2.2)"),
        ("tiles", a, "per artist: money, the sum of its value tiles so far (R6.4)"),
        ("hand", k, "per kind: cards of that kind in the seat's own hand"),
        ("hand_sizes", n, "per seat: cards in hand (R7.1)"),
        ("money", n, "per seat: money, from the view or the public record (R7.4)"),
        ("museums", n * a, "per seat, then per artist: paintings in the museum"),
        ("lot", k, "per kind: cards for sale, or the double card awaiting a second"),
        ("auctioneer", n, "one-hot: the auctioneer (the offering seat, the double's player)"),
        ("double_player", n, "one-hot: who played the double card of the lot, if any"),
        ("high_bid", 1, "money: the high bid (open, one-offer) or the fixed price"),
        ("high_bidder", n, "one-hot: who holds the high bid"),
        ("passed_or_sealed", n, "per seat: passed since the last bid (open) or sealed (hidden)"),
        ("own_bid", 2, "1 if the seat has sealed a hidden bid, then that bid in money"),
        ("deck_size", 1, "cards left undealt"),
        ("winners", n, "per seat: 1 if it shares the victory (game over)"),
    ]
    out = []
    start = 0
    for name, size, meaning in parts:
        out.append((name, slice(start, start + size), meaning))
        start += size
    return tuple(out)


def observation_size(rules: Rules, players: int) -> int:
    """The length of the vector for ``players`` seats.

    >>> import modern_art as ma
    >>> observation_size(ma.Rules(), 4)
    127
    """
    stop: int = observation_slices(rules, players)[-1][1].stop
    return stop


def observe(
    view: PlayerView,
    *,
    ledger: MoneyLedger | None = None,
    events: Iterable[Event] | None = None,
) -> Observation:
    """The observation vector of ``view``'s seat (see :func:`observation_slices`).

    Money that the view screens (R7.2) is taken from the public record
    (R7.4): ``ledger``, or a :class:`~modern_art.MoneyLedger` folded over
    ``events``, the seat's visible events since the game began.

    Raises:
        ValueError: a spectator's view, or money screened and neither
            ``ledger`` nor ``events`` given (or both), or a ledger that
            contradicts the view.

    >>> import modern_art as ma
    >>> state = ma.new_game(4, seed=7)
    >>> vector = observe(ma.view(state, 2), events=())
    >>> vector.shape, float(vector[observation_slices(state.rules, 4)[7][1]][0])
    ((127,), 1.0)
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to observe for")
    money = _money(view, ledger, events)
    phase = view.phase
    if isinstance(phase, HiddenAuctionView):
        sealed: Iterable[int] = phase.sealed
        own_bid = phase.own_bid
    else:
        sealed, own_bid = (), None
    return _vector(
        view.rules,
        seat,
        view.round,
        phase,
        view.to_act,
        view.counts,
        view.tiles,
        view.hand,
        [p.hand_size for p in view.players],
        money,
        [p.museum for p in view.players],
        sealed,
        own_bid,
        view.deck_size,
        view.winners,
    )


def observe_state(state: GameState, seat: int, money: Sequence[int]) -> Observation:
    """:func:`observe` of ``view(state, seat)`` with public ``money``, without building the view.

    For the framework adapters' speed. It reads only what the view shows
    (the seat's own hand; of a hidden auction, who has sealed and the
    seat's own bid), and the test suite checks it against :func:`observe`.
    """
    phase = state.phase
    if isinstance(phase, HiddenAuction):
        sealed: Iterable[int] = [s for s, bid in enumerate(phase.bids) if bid is not None]
        own_bid = phase.bids[seat]
    else:
        sealed, own_bid = (), None
    players = state.players
    return _vector(
        state.rules,
        seat,
        state.round,
        phase,
        state.to_act,
        state.counts,
        state.tiles,
        players[seat].hand,
        [len(p.hand) for p in players],
        money,
        [p.museum for p in players],
        sealed,
        own_bid,
        len(state.deck),
        winners(state) if isinstance(phase, GameOver) else (),
    )


def _money(
    view: PlayerView, ledger: MoneyLedger | None, events: Iterable[Event] | None
) -> Sequence[int]:
    shown = [p.money for p in view.players]
    if ledger is not None and events is not None:
        raise ValueError("give a ledger or the seat's events, not both")
    if events is not None:
        ledger = MoneyLedger.start(view.rules, len(shown)).apply_all(events)
    if ledger is None:
        if None in shown:
            raise ValueError(
                "money is screened (R7.2): give observe a ledger or the seat's events"
            )
        return [m for m in shown if m is not None]
    if len(ledger.money) != len(shown) or any(
        m is not None and m != known for m, known in zip(shown, ledger.money, strict=False)
    ):
        raise ValueError(f"the ledger's money {ledger.money!r} contradicts the view's {shown!r}")
    return ledger.money


_LAYOUTS: dict[tuple[int, int], tuple[Rules, tuple[dict[str, int], dict[int, int], int]]] = {}


def _layout(rules: Rules, n: int) -> tuple[dict[str, int], dict[int, int], int]:
    """Start offsets by slice name, card kind by card id, and the vector size (cached)."""
    # Keyed by identity: hashing a Rules costs more than building a vector.
    key = (id(rules), n)
    cached = _LAYOUTS.get(key)
    if cached is None or cached[0] is not rules:
        slices = observation_slices(rules, n)
        offsets = {name: s.start for name, s, _ in slices}
        artist_index = {artist: i for i, artist in enumerate(rules.artists)}
        symbols = {auction: i for i, auction in enumerate(SYMBOL_ORDER)}
        kinds = {
            card.id: artist_index[card.artist] * len(SYMBOL_ORDER) + symbols[card.auction]
            for card in rules.deck
        }
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        cached = _LAYOUTS[key] = (rules, (offsets, kinds, slices[-1][1].stop))
    return cached[1]


def _vector(
    rules: Rules,
    seat: int,
    round_: int,
    phase: object,
    to_act: Iterable[int],
    counts: Sequence[int],
    tiles: Sequence[Sequence[int]],
    hand: Iterable[Card],
    hand_sizes: Sequence[int],
    money: Sequence[int],
    museums: Sequence[Sequence[Card]],
    sealed: Iterable[int],
    own_bid: int | None,
    deck_size: int,
    winning: Iterable[int],
) -> Observation:
    n = len(hand_sizes)
    at, kinds, size = _layout(rules, n)
    a = len(rules.artists)
    scale = 1.0 / rules.starting_money if rules.starting_money else 1.0
    v = [0.0] * size
    v[at["round"] + min(round_, rules.rounds) - 1] = 1.0
    v[at["phase"] + _PHASE_INDEX[type(phase)]] = 1.0
    for s in to_act:
        v[at["to_act"] + (s - seat) % n] = 1.0
    for i in range(a):
        v[at["counts"] + i] = counts[i]
        v[at["tiles"] + i] = sum(tiles[i]) * scale
    for card in hand:
        v[at["hand"] + kinds[card.id]] += 1.0
    museum_at = at["museums"]
    symbols = len(SYMBOL_ORDER)
    for s in range(n):
        r = (s - seat) % n
        v[at["hand_sizes"] + r] = hand_sizes[s]
        v[at["money"] + r] = money[s] * scale
        row = museum_at + r * a
        for card in museums[s]:
            v[row + kinds[card.id] // symbols] += 1.0
    auctioneer = getattr(phase, "auctioneer", None)
    if isinstance(phase, DoubleOffer):
        auctioneer = phase.double_player
        v[at["lot"] + kinds[phase.card.id]] = 1.0
    if auctioneer is not None:
        v[at["auctioneer"] + (auctioneer - seat) % n] = 1.0
    for card in getattr(phase, "lot", ()):
        v[at["lot"] + kinds[card.id]] += 1.0
    double_player = getattr(phase, "double_player", None)
    if double_player is not None:
        v[at["double_player"] + (double_player - seat) % n] = 1.0
    if isinstance(phase, OpenAuction | OneOfferAuction):
        v[at["high_bid"]] = phase.high_bid * scale
        if phase.high_bidder is not None:
            v[at["high_bidder"] + (phase.high_bidder - seat) % n] = 1.0
    elif isinstance(phase, FixedPriceAuction) and phase.price is not None:
        v[at["high_bid"]] = phase.price * scale
    if isinstance(phase, OpenAuction):
        sealed = phase.passed
    for s in sealed:
        v[at["passed_or_sealed"] + (s - seat) % n] = 1.0
    if own_bid is not None:
        v[at["own_bid"]] = 1.0
        v[at["own_bid"] + 1] = own_bid * scale
    v[at["deck_size"]] = deck_size
    for s in winning:
        v[at["winners"] + (s - seat) % n] = 1.0
    return np.array(v, dtype=np.float32)
