"""What one seat sees, as a flat float vector: :func:`observe` and :func:`observation_slices`.

The vector is built from the seat's :class:`~modern_art.PlayerView` and the
public record of money (:class:`~modern_art.MoneyLedger`, R7.4), so it holds
nothing the seat cannot see. Per-seat slices are in seat order (seat 0
first); the ``me`` slice marks the observing seat. Money amounts (money,
bids, prices, tiles) are divided by ``rules.starting_money``; card numbers
are plain counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from modern_art._speed import IdentityCache
from modern_art.data.cards import SYMBOL_ORDER, Card
from modern_art.data.events import Event
from modern_art.data.phases import PHASES as PHASE_CLASSES
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import Rules
from modern_art.seeing.encoding import PHASE_PARTS
from modern_art.seeing.money import MoneyLedger, known_money
from modern_art.seeing.views import HiddenAuctionView, PlayerView

__all__ = ["Observation", "observation_size", "observation_slices", "observe"]

Observation = npt.NDArray[np.float32]
"""An observation vector."""

_PHASE_NAMES: dict[type, str] = {
    Offering: "offering",
    DoubleOffer: "double offer",
    OpenAuction: "open",
    OneOfferAuction: "one-offer",
    HiddenAuction: "hidden",
    FixedPriceAuction: "fixed price",
    GameOver: "game over",
}

PHASES = tuple(_PHASE_NAMES[cls] for cls in PHASE_CLASSES)
"""The phase slice's entries, in order."""

# Each phase's entry in the phase slice: its place among the phases, a view's
# hidden auction at the state's.
_PHASE_INDEX: dict[type, int] = {cls: i for i, cls in enumerate(PHASE_CLASSES)}
_PHASE_INDEX[HiddenAuctionView] = _PHASE_INDEX[HiddenAuction]


def observation_slices(rules: Rules, players: int) -> tuple[tuple[str, slice, str], ...]:
    """Each part of the vector: ``(name, slice, meaning)``, in order.

    ``n`` is ``players``, ``A`` the artists, ``K = 5 * A`` the card kinds in
    :class:`~modern_art.envs.ActionCodec` order (artist in board order, then
    symbol), ``R`` the rounds. "Money" means divided by ``rules.starting_money``.
    Per-seat slices run from seat 0 to seat ``n - 1``.

    >>> import modern_art as ma
    >>> from modern_art.envs import observation_slices
    >>> [(name, s.stop - s.start) for name, s, _ in observation_slices(ma.Rules(), 4)][:4]
    [('round', 4), ('counts', 5), ('tiles', 5), ('hand_sizes', 4)]
    """
    n, a = players, len(rules.artists)
    k = a * len(SYMBOL_ORDER)
    parts = [
        # The public board: changes only when a card moves, money moves or a round ends.
        ("round", rules.rounds, "one-hot: the current round (R)"),
        ("counts", a, "per artist: paintings offered this round (R2.2)"),
        ("tiles", a, "per artist: money, the sum of its value tiles so far (R6.4)"),
        ("hand_sizes", n, "per seat: cards in hand (R7.1)"),
        ("money", n, "per seat: money, from the view or the public record (R7.4)"),
        ("museums", n * a, "per seat, then per artist: paintings in the museum"),
        ("deck_size", 1, "cards left undealt"),
        # The observing seat.
        ("me", n, "one-hot: the observing seat"),
        ("hand", k, "per kind: cards of that kind in the seat's own hand"),
        # The phase: changes with every action.
        ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        ("to_act", n, "per seat: 1 if it may act now"),
        ("lot", k, "per kind: cards for sale, or the double card awaiting a second"),
        ("auctioneer", n, "one-hot: the auctioneer (the offering seat, the double's player)"),
        ("double_player", n, "one-hot: who played the double card of the lot, if any"),
        ("high_bid", 1, "money: the high bid (open, one-offer) or the fixed price"),
        ("high_bidder", n, "one-hot: who holds the high bid"),
        ("passed_or_sealed", n, "per seat: passed since the last bid (open) or sealed (hidden)"),
        ("own_bid", 2, "1 if the seat has sealed a hidden bid, then that bid in money"),
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
    >>> from modern_art.envs import observation_size
    >>> observation_size(ma.Rules(), 4)
    131
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
    >>> from modern_art.envs import observation_slices, observe
    >>> state = ma.new_game(4, seed=7)
    >>> vector = observe(ma.view(state, 2), events=())
    >>> parts = {name: part for name, part, _ in observation_slices(state.rules, 4)}
    >>> vector.shape, vector[parts["money"]].tolist(), vector[parts["me"]].tolist()
    ((131,), [1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0])
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
    layout = layout_of(view.rules, len(view.players))
    out = build_board(
        layout,
        view.round,
        view.counts,
        view.tiles,
        [p.hand_size for p in view.players],
        money,
        [p.museum for p in view.players],
        view.deck_size,
    )
    fill_me(out, layout, seat, layout.hand_row(view.hand))
    fill_phase(out, layout, phase, view.to_act, sealed, own_bid, view.winners)
    return out


def _money(
    view: PlayerView, ledger: MoneyLedger | None, events: Iterable[Event] | None
) -> tuple[int, ...]:
    shown = [p.money for p in view.players]
    return known_money(view.rules, shown, ledger, events, asker="observe")


class Layout:
    """Where each slice starts and each card's kind, for one rules and player count."""

    def __init__(self, rules: Rules, n: int) -> None:
        slices = observation_slices(rules, n)
        self.rules = rules
        self.n = n
        self.a = len(rules.artists)
        self.at = {name: part.start for name, part, _ in slices}
        self.size: int = slices[-1][1].stop
        artist_index = {artist: i for i, artist in enumerate(rules.artists)}
        symbols = {auction: i for i, auction in enumerate(SYMBOL_ORDER)}
        self.kinds = {
            card.id: artist_index[card.artist] * len(SYMBOL_ORDER) + symbols[card.auction]
            for card in rules.deck
        }
        self.artist_of = {
            card_id: kind // len(SYMBOL_ORDER) for card_id, kind in self.kinds.items()
        }
        self.scale = 1.0 / rules.starting_money if rules.starting_money else 1.0
        # The phase's block, then the seat's own ("me", "hand"): read by index below.
        self.phase_at = tuple(self.at[name] for name in (*PHASE_PARTS, "me", "hand"))

    def hand_row(self, hand: Iterable[Card]) -> Observation:
        """Cards per kind of ``hand``."""
        row = np.zeros(self.a * len(SYMBOL_ORDER), dtype=np.float32)
        for card in hand:
            row[self.kinds[card.id]] += 1.0
        return row

    def museum_row(self, museum: Iterable[Card]) -> list[float]:
        """Paintings per artist of ``museum``."""
        row = [0.0] * self.a
        for card in museum:
            row[self.artist_of[card.id]] += 1.0
        return row


_LAYOUTS: IdentityCache[Layout] = IdentityCache(64)


_LAST: list[Layout] = []


def layout_of(rules: Rules, n: int) -> Layout:
    # Keyed by identity: hashing a Rules costs more than building a vector.
    if _LAST and _LAST[0].rules is rules and _LAST[0].n == n:
        return _LAST[0]
    layout = _LAYOUTS.get(rules, n)
    if layout is None:
        layout = _LAYOUTS.keep(rules, Layout(rules, n), n)
    _LAST[:] = [layout]
    return layout


def build_board(
    layout: Layout,
    round_: int,
    counts: Sequence[int],
    tiles: Sequence[Sequence[int]],
    hand_sizes: Sequence[int],
    money: Sequence[int],
    museums: Sequence[Sequence[Card]],
    deck_size: int,
) -> Observation:
    """A vector with its public board part filled and the rest zero."""
    rules, at, scale, a = layout.rules, layout.at, layout.scale, layout.a
    v = [0.0] * layout.size
    v[at["round"] + min(round_, rules.rounds) - 1] = 1.0
    start = at["counts"]
    v[start : start + a] = counts
    start = at["tiles"]
    v[start : start + a] = [sum(t) * scale for t in tiles]
    for s, size in enumerate(hand_sizes):
        v[at["hand_sizes"] + s] = size
        v[at["money"] + s] = money[s] * scale
        row = at["museums"] + s * a
        for card in museums[s]:
            v[row + layout.artist_of[card.id]] += 1.0
    v[at["deck_size"]] = deck_size
    return np.array(v, dtype=np.float32)


Writable = Any
"""An observation vector or a writable ``memoryview`` of one: both take ``out[i] = x``.

The adapters write through a ``memoryview``, where setting one entry costs
a third of what it costs on the array.
"""


def fill_me(out: Writable, layout: Layout, seat: int, hand_row: Writable) -> None:
    """Write the seat's own part (``me`` and its hand's ``hand_row``) into ``out``."""
    out[layout.phase_at[10] + seat] = 1.0
    start = layout.phase_at[11]
    out[start : start + len(hand_row)] = hand_row


def fill_phase(
    out: Writable,
    layout: Layout,
    phase: object,
    to_act: Iterable[int],
    sealed: Iterable[int],
    own_bid: int | None,
    won: Iterable[int],
) -> None:
    """Write the phase part into ``out`` (where it is zero)."""
    at, kinds = layout.phase_at, layout.kinds
    kind = type(phase)
    out[at[0] + _PHASE_INDEX[kind]] = 1.0
    start = at[1]
    for s in to_act:
        out[start + s] = 1.0
    if isinstance(phase, Offering):
        out[at[3] + phase.auctioneer] = 1.0
        return
    if isinstance(phase, DoubleOffer):
        double_player = phase.double_player
        out[at[2] + kinds[phase.card.id]] = 1.0
        out[at[3] + double_player] = 1.0
        out[at[4] + double_player] = 1.0
        return
    if kind is GameOver:
        for s in won:
            out[at[9] + s] = 1.0
        return
    auction: Any = phase
    out[at[3] + auction.auctioneer] = 1.0
    for card in auction.lot:
        out[at[2] + kinds[card.id]] += 1.0
    if auction.double_player is not None:
        out[at[4] + auction.double_player] = 1.0
    if kind is OpenAuction or kind is OneOfferAuction:
        out[at[5]] = auction.high_bid * layout.scale
        if auction.high_bidder is not None:
            out[at[6] + auction.high_bidder] = 1.0
        if kind is OpenAuction:
            sealed = auction.passed
    elif kind is FixedPriceAuction and auction.price is not None:
        out[at[5]] = auction.price * layout.scale
    start = at[7]
    for s in sealed:
        out[start + s] = 1.0
    if own_bid is not None:
        out[at[8]] = 1.0
        out[at[8] + 1] = own_bid * layout.scale
