"""A seat's legal actions as indices, and back: :class:`IndexCodec`, the base of an encoder.

The indices are :class:`~modern_art.envs.ActionCodec`'s. Compiled in the
compiled build, numpy-free: it writes the mask through a ``memoryview`` of
the work array it is given (``int8``) and hands out its ``copy()``. The
test suite checks its masks against :func:`~modern_art.legal_actions`.
:class:`~modern_art.seeing.encoding.Encoder` adds the observation.
"""

from __future__ import annotations

from typing import Any, Final

from modern_art.core.legal_sequence import play_card, shared_amount
from modern_art.core.transition import apply
from modern_art.data.actions import Accept, Action, Bid, Pass, SetPrice
from modern_art.data.cards import SYMBOL_ORDER, Auction
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
from modern_art.data.state import GameState

__all__ = ["IndexCodec", "card_kinds"]

SYMBOLS: Final = len(SYMBOL_ORDER)


def card_kinds(rules: Rules) -> tuple[int, ...]:
    """Each card's kind by id: ``5 * artist + symbol``, artists in board order."""
    artist_index = {artist: i for i, artist in enumerate(rules.artists)}
    symbols = {auction: i for i, auction in enumerate(SYMBOL_ORDER)}
    kinds = [0] * len(rules.deck)
    for card in rules.deck:
        kinds[card.id] = artist_index[card.artist] * SYMBOLS + symbols[card.auction]
    return tuple(kinds)


class IndexCodec:
    """One table's action masks and decoding, and the seat to ask next.

    Args:
        rules: the rules of every state it is given.
        players: the table size.
        max_amount: the codec's largest bid or price with an index.
        mask: the work mask, zeros (``int8``, the codec's size); masks are its copies.

    Not for sharing between threads: each env keeps its own.
    """

    state: GameState
    """The state :meth:`advance` reached last (unset before)."""

    def __init__(self, rules: Rules, players: int, max_amount: int, mask: Any) -> None:
        self.rules = rules
        self.players = players
        self.max_amount = max_amount
        self._kinds = card_kinds(rules)
        self._pass_index = len(rules.artists) * SYMBOLS
        self._accept_index = self._pass_index + 1
        self._base = self._pass_index + 2
        # Actions are immutable values: one of each per seat serves every game (and the
        # core's shared bids and prices, modern_art.core.legal_sequence.shared_amount).
        self._passes = tuple(Pass(seat) for seat in range(players))
        self._accepts = tuple(Accept(seat) for seat in range(players))
        self._mask: Any = mask
        self._copy_mask: Any = mask.copy  # looked up once: a fresh array per call
        self._m: Any = memoryview(mask).cast("B")
        self._mask_zeros = bytes(len(mask))
        # Runs of ones of each length, for a range of amounts.
        all_ones = memoryview(b"\x01" * len(mask))
        self._ones: list[Any] = [all_ones[:length] for length in range(len(mask) + 1)]
        # The state last asked about by first_to_ask, and its seats to act (bits).
        self._asked: object = None
        self._asked_bits = 0

    def to_act_bits(self, state: GameState) -> int:
        """``state.to_act`` as bits: bit ``s`` set when seat ``s`` may act (R4.1, R4.3).

        Read from the phase as :attr:`~modern_art.GameState.to_act` reads it,
        with no set made; the test suite compares the two over whole games.
        """
        phase = state.phase
        if isinstance(phase, Offering):
            return 1 << phase.auctioneer
        if isinstance(phase, OpenAuction):
            bits = (1 << len(state.players)) - 1
            for s in phase.passed:
                bits &= ~(1 << s)
            high_bidder = phase.high_bidder
            if high_bidder is not None:
                bits &= ~(1 << high_bidder)
            return bits
        if isinstance(phase, OneOfferAuction):
            return 1 << phase.turn
        if isinstance(phase, FixedPriceAuction):
            return 1 << phase.turn
        if isinstance(phase, HiddenAuction):
            bits = 0
            bids = phase.bids
            for s in range(len(bids)):
                if bids[s] is None:
                    bits |= 1 << s
            return bits
        if isinstance(phase, DoubleOffer):
            return 1 << phase.asking
        return 0

    def first_to_ask(self, state: GameState) -> int:
        """:func:`~modern_art.next_seat` of ``state``, its ``to_act`` kept for the observation.

        Raises:
            ValueError: no seat may act (the game is over).
        """
        bits = self.to_act_bits(state)
        self._asked = state
        self._asked_bits = bits
        phase = state.phase
        # One seat: it. Several (open and hidden auctions): clockwise from the left of
        # the anchor, the high bidder of an open auction, else the auctioneer (R1.5).
        if isinstance(phase, Offering):
            return phase.auctioneer
        if isinstance(phase, OneOfferAuction):
            return phase.turn
        if isinstance(phase, FixedPriceAuction):
            return phase.turn
        if isinstance(phase, DoubleOffer):
            return phase.asking
        anchor = -1
        if isinstance(phase, OpenAuction):
            anchor = phase.auctioneer if phase.high_bidder is None else phase.high_bidder
        elif isinstance(phase, HiddenAuction):
            anchor = phase.auctioneer
        n = len(state.players)
        for offset in range(1, n + 1):
            seat = (anchor + offset) % n
            if bits >> seat & 1:
                return seat
        raise ValueError("no seat may act now")

    def advance(self, state: GameState, seat: int, number: Any) -> int:
        """Play the action index ``number`` of ``seat``; the seat to ask next, -1 once it is over.

        The new state is :attr:`state` (an env that needs no events calls this
        instead of :func:`~modern_art.apply`); ``apply``'s errors pass through.
        """
        state = apply(state, self.decode(number, state, seat)).state
        self.state = state
        if isinstance(state.phase, GameOver):
            return -1
        return self.first_to_ask(state)

    def mask(self, state: GameState, seat: int) -> Any:
        """The action mask of ``seat`` in ``state`` (a new array)."""
        self.fill_mask(state, seat)
        return self._copy_mask()

    def allows(self, index: int) -> bool:
        """Whether the last mask written marks ``index`` (an ``int``; out of range: no)."""
        return 0 <= index < len(self._mask_zeros) and bool(self._m[index])

    def fill_mask(self, state: GameState, seat: int) -> None:
        """Bring the work mask to the legal actions of ``seat`` in ``state``.

        Read from the phase as :func:`~modern_art.legal_actions` reads it
        (:mod:`modern_art.core.legal_sequence`), with no sequence made; the test
        suite compares the masks with ``legal_actions`` over whole games.
        """
        m = self._m
        m[:] = self._mask_zeros
        if not 0 <= seat < self.players:
            return
        phase = state.phase
        kinds = self._kinds
        if isinstance(phase, Offering):  # R2.1: any card of the hand
            if seat == phase.auctioneer:
                for card in state.players[seat].hand:
                    m[kinds[card.id]] = 1
            return
        if isinstance(phase, OpenAuction):  # R4.1: a bid above the high bid, or a pass
            high_bidder = phase.high_bidder
            if seat in phase.passed or (high_bidder is not None and seat == high_bidder):
                return
            self._bids_from(phase.high_bid + 1, state.players[seat].money)
            m[self._pass_index] = 1
            return
        if isinstance(phase, OneOfferAuction):  # R4.2: the seat in turn, once
            if seat == phase.turn:
                self._bids_from(phase.high_bid + 1, state.players[seat].money)
                m[self._pass_index] = 1
            return
        if isinstance(phase, HiddenAuction):  # R4.3: any amount up to its money, sealed once
            if phase.bids[seat] is None:
                self._bids_from(0, state.players[seat].money)
            return
        if isinstance(phase, FixedPriceAuction):  # R4.4
            if seat != phase.turn:
                return
            money = state.players[seat].money
            price = phase.price
            if price is None:
                if money == 0:  # the only price is 0
                    self._bids_from(0, 0)
                else:
                    self._bids_from(1, money)
            else:
                if money >= price:
                    m[self._accept_index] = 1
                m[self._pass_index] = 1
            return
        # R5.2: a second card of the double's artist, not a double, or a pass.
        if isinstance(phase, DoubleOffer) and seat == phase.asking:
            artist = phase.card.artist
            for card in state.players[seat].hand:
                if card.artist == artist and card.auction is not Auction.DOUBLE:
                    m[kinds[card.id]] = 1
            m[self._pass_index] = 1

    def _bids_from(self, lo: int, hi: int) -> None:
        """Mark the amounts ``lo`` to ``hi`` (a bid or a price), up to the cap."""
        hi = min(hi, self.max_amount)
        if lo <= hi:
            base = self._base
            self._m[base + lo : base + hi + 1] = self._ones[hi - lo + 1]

    def decode(self, number: Any, state: GameState, seat: int) -> Action:
        """The action that index ``number`` names for ``seat`` in ``state``, legal or not.

        :func:`~modern_art.apply` checks it: an index the mask allows is legal.

        ``number`` is any integer (numpy's too); ``seat`` a seat of the table.

        Raises:
            ValueError: an index out of range, or a card kind the seat does not hold.
        """
        index = number if isinstance(number, int) else int(number)
        size = self._base + self.max_amount + 1
        if not 0 <= index < size:
            raise ValueError(f"action index {number!r} is not from 0 to {size - 1}")
        if not 0 <= seat < self.players:
            raise ValueError(
                f"seat must be a seat from 0 to {self.players - 1}, got {seat!r} (R1.5)"
            )
        if index >= self._base:
            amount = index - self._base
            phase = state.phase
            if isinstance(phase, FixedPriceAuction) and phase.price is None:
                return shared_amount(SetPrice, seat, amount)
            return shared_amount(Bid, seat, amount)
        if index == self._pass_index:
            return self._passes[seat]
        if index == self._accept_index:
            return self._accepts[seat]
        kinds = self._kinds
        for card in state.players[seat].hand:
            if kinds[card.id] == index:
                return play_card(seat, card)
        artist, symbol = divmod(index, SYMBOLS)
        raise ValueError(
            f"seat {seat} holds no card of kind {index}"
            f" (play {self.rules.artists[artist]} ({SYMBOL_ORDER[symbol].label}))"
        )
