"""A seat's legal actions as indices, and back: :class:`IndexCodec`, the base of an encoder.

The indices are :class:`~modern_art.envs.ActionCodec`'s. Compiled in the
compiled build, numpy-free: it writes the mask through a ``memoryview`` of
the work array it is given (``int8``) and hands out its ``copy()``. The
test suite checks its masks against :func:`~modern_art.legal_actions`.
:class:`~modern_art.seeing.encoding.Encoder` adds the observation.
"""

from __future__ import annotations

from typing import Any, Final

from modern_art.core.choices import play_card
from modern_art.core.legal import legal_actions
from modern_art.core.seats import first_to_ask
from modern_art.core.transition import apply
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import SYMBOL_ORDER
from modern_art.data.phases import FixedPriceAuction, GameOver
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
        # Actions are immutable values: one of each per seat (and amount) serves every game.
        self._passes = tuple(Pass(seat) for seat in range(players))
        self._accepts = tuple(Accept(seat) for seat in range(players))
        self._bids: list[list[Bid | None]] = [[None] * (max_amount + 1) for _ in range(players)]
        self._prices: list[list[SetPrice | None]] = [
            [None] * (max_amount + 1) for _ in range(players)
        ]
        self._mask: Any = mask
        self._m: Any = memoryview(mask).cast("B")
        self._mask_zeros = bytes(len(mask))
        # Runs of ones of each length, for a range of amounts.
        all_ones = memoryview(b"\x01" * len(mask))
        self._ones: list[Any] = [all_ones[:length] for length in range(len(mask) + 1)]
        # The state last asked about by first_to_ask, and its seats to act.
        self._asked: object = None
        self._asked_to_act: frozenset[int] = frozenset()

    def first_to_ask(self, state: GameState) -> int:
        """:func:`~modern_art.next_seat` of ``state``, its ``to_act`` kept for the observation."""
        to_act = state.to_act
        self._asked = state
        self._asked_to_act = to_act
        return first_to_ask(state, to_act)

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
        return self._mask.copy()

    def allows(self, index: int) -> bool:
        """Whether the last mask written marks ``index`` (an ``int``; out of range: no)."""
        return 0 <= index < len(self._mask_zeros) and bool(self._m[index])

    def fill_mask(self, state: GameState, seat: int) -> None:
        """Bring the work mask to the legal actions of ``seat`` in ``state``."""
        m = self._m
        m[:] = self._mask_zeros
        base, cap, ones, kinds = self._base, self.max_amount, self._ones, self._kinds
        # The runs of LegalActions.runs() as the sequence keeps them, (size, kind,
        # seat, items), read without making runs() tuples and ranges: items are the
        # actions (kind None), the cards (PlayCard) or the lowest amount (Bid, SetPrice).
        for size, kind, _seat, items in legal_actions(state, seat)._parts:
            if kind is None:
                for action in items:
                    if type(action) is Pass:
                        m[self._pass_index] = 1
                    else:
                        self._mark(action)
            elif kind is PlayCard:
                for card in items:
                    m[kinds[card.id]] = 1
            else:  # Bid or SetPrice: the amounts items .. items + size - 1
                lo: int = items
                hi = lo + size - 1
                hi = min(hi, cap)
                if lo <= hi:
                    m[base + lo : base + hi + 1] = ones[hi - lo + 1]

    def _mark(self, action: Action) -> None:
        m = self._m
        if isinstance(action, Pass):
            m[self._pass_index] = 1
        elif isinstance(action, Accept):
            m[self._accept_index] = 1
        elif isinstance(action, PlayCard):
            m[self._kinds[action.card.id]] = 1
        else:
            amount = action.amount if isinstance(action, Bid) else action.price
            if amount <= self.max_amount:
                m[self._base + amount] = 1

    def decode(self, number: Any, state: GameState, seat: int) -> Action:
        """The action that index ``number`` names for ``seat`` in ``state``, legal or not.

        :func:`~modern_art.apply` checks it: an index the mask allows is legal.

        ``number`` is any integer (numpy's too); ``seat`` a seat of the table.

        Raises:
            ValueError: an index out of range, or a card kind the seat does not hold.
        """
        index = int(number)
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
                prices = self._prices[seat]
                price = prices[amount]
                if price is None:
                    price = SetPrice(seat, amount)
                    prices[amount] = price
                return price
            bids = self._bids[seat]
            bid = bids[amount]
            if bid is None:
                bid = Bid(seat, amount)
                bids[amount] = bid
            return bid
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
