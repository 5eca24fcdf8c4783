"""One action codec for every framework: actions as indices of a fixed ``Discrete`` space.

The layout, for an edition with ``A`` artists (``K = 5 * A`` card kinds) and
an amount cap ``M``:

========================  ==========================================================
index                     action
========================  ==========================================================
``0 .. K-1``              ``PlayCard`` of a card of kind ``5 * artist + symbol``
                          (artists in board order; symbols open, one-offer,
                          hidden, fixed price, double)
``K``                     ``Pass``
``K + 1``                 ``Accept``
``K + 2 + m``             amount ``m`` for ``m`` in ``0 .. M``: ``SetPrice(m)`` while
                          a fixed price is being named, ``Bid(m)`` otherwise
========================  ==========================================================

Cards of one kind differ only in their ids (R1.3), so an index names a kind,
and :meth:`ActionCodec.decode` plays the first card of that kind in the
hand, in hand order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from modern_art.core.legal import legal_actions
from modern_art.core.seats import next_seat
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import SYMBOL_ORDER, Card
from modern_art.data.phases import FixedPriceAuction
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.seeing.views import PlayerView

__all__ = ["ActionCodec", "Context", "Mask", "default_max_amount"]

Context = GameState | PlayerView
"""What an index is decoded or masked against: a state or one seat's view."""

Mask = npt.NDArray[np.int8]
"""An action mask: 1 where the index is a legal action, 0 elsewhere."""

SYMBOLS = len(SYMBOL_ORDER)
_SYMBOL_INDEX = {auction: i for i, auction in enumerate(SYMBOL_ORDER)}


def default_max_amount(rules: Rules) -> int:
    """The default amount cap: the most a lot can ever pay back at a sale.

    A lot holds at most two paintings (R5.1), and one painting pays at most
    its artist's tiles, one tile a round: ``2 * rules.rounds *
    max(rules.value_tiles)``, 240 under CMON. A bid or price above it loses
    money whatever happens, so cutting the action space there costs a
    sensible player nothing **(decision)**.

    >>> import modern_art as ma
    >>> from modern_art.envs import default_max_amount
    >>> default_max_amount(ma.Rules())
    240
    """
    return 2 * rules.rounds * max(rules.value_tiles, default=1)


class ActionCodec:
    """Actions as indices ``0 .. size-1`` of a fixed ``Discrete`` space, and back.

    Amounts (bids and prices) above ``max_amount`` have no index: a mask
    leaves them out, and :meth:`encode` refuses them. The cap never leaves a
    seat without a legal index: a seat that may act can always pass, bid 0
    in a hidden auction (R4.3), name a price of 1 (or 0, R4.4) or play a
    card. With a cap at least the most money a seat holds, the mask is
    exactly :func:`~modern_art.legal_actions`.

    Args:
        rules: the rules in force (their edition gives the card kinds).
        max_amount: the largest bid or price with an index, at least 1;
            :func:`default_max_amount` by default.

    >>> import modern_art as ma
    >>> from modern_art.envs import ActionCodec
    >>> codec = ActionCodec(ma.Rules())
    >>> codec.size, codec.encode(ma.Pass(2)), codec.encode(ma.Bid(2, 15))
    (268, 25, 42)
    >>> state = ma.new_game(3, seed=1)
    >>> codec.decode(codec.encode(ma.legal_actions(state)[0]), state)
    PlayCard(seat=0, card=Card(id=42, artist='Ramon Martins', auction=Auction.ONE_OFFER))
    >>> int(codec.mask(state, 0).sum()) <= len(ma.legal_actions(state, 0))
    True
    """

    def __init__(self, rules: Rules, max_amount: int | None = None) -> None:
        if max_amount is None:
            max_amount = default_max_amount(rules)
        if type(max_amount) is not int or max_amount < 1:
            raise ValueError(f"max_amount must be an integer of at least 1, got {max_amount!r}")
        self.rules = rules
        """The rules in force."""
        self.max_amount = max_amount
        """The largest bid or price with an index."""
        self.kinds = len(rules.artists) * SYMBOLS
        """How many card kinds (artist and symbol) there are: the ``PlayCard`` indices."""
        self.pass_index = self.kinds
        """The index of ``Pass``."""
        self.accept_index = self.kinds + 1
        """The index of ``Accept``."""
        self.amount_base = self.kinds + 2
        """The index of amount 0; amount ``m`` is ``amount_base + m``."""
        self.size = self.amount_base + max_amount + 1
        """How many indices there are: the ``Discrete`` space's ``n``."""
        artist_index = {artist: i for i, artist in enumerate(rules.artists)}
        # Made once, as legal_actions makes its passes: Pass and Bid of each seat the rules allow.
        seats = range(max(rules.max_players, 0))
        self._passes = tuple(Pass(seat) for seat in seats)
        self._bids: tuple[list[Bid | None], ...] = tuple([None] * (max_amount + 1) for _ in seats)
        # Kind of each card by id: ids are positions in rules.deck.
        self._kind_of_id = tuple(
            artist_index[card.artist] * SYMBOLS + _SYMBOL_INDEX[card.auction]
            for card in rules.deck
        )

    def __repr__(self) -> str:
        return f"ActionCodec({self.rules!r}, max_amount={self.max_amount!r})"

    def kind(self, card: Card) -> int:
        """The kind index of ``card``: ``5 * artist + symbol``, its ``PlayCard`` index."""
        return self._kind_of_id[card.id]

    def encode(self, action: Action) -> int:
        """The index of ``action``.

        Raises:
            ValueError: an amount above ``max_amount`` (or not a whole
                number from 0), a card not of the rules' deck, or not an action.
        """
        # Exactly the five classes, as apply takes them (type() tells the type checker too).
        if type(action) is Pass:
            return self.pass_index
        if type(action) is Accept:
            return self.accept_index
        if type(action) is PlayCard:
            card: object = action.card
            if not isinstance(card, Card) or not 0 <= card.id < len(self._kind_of_id):
                raise ValueError(f"{action!r} holds no card of this edition's deck")
            if self.rules.deck[card.id] != card:
                raise ValueError(f"{action!r} holds no card of this edition's deck")
            return self._kind_of_id[card.id]
        if type(action) is Bid or type(action) is SetPrice:
            amount = action.amount if isinstance(action, Bid) else action.price
            if type(amount) is not int or not 0 <= amount <= self.max_amount:
                raise ValueError(
                    f"{action!r}: the amount must be a whole number from 0 to"
                    f" max_amount={self.max_amount}"
                )
            return self.amount_base + amount
        raise ValueError(f"not an action: {action!r}")

    def decode(self, index: int, context: Context, seat: int | None = None) -> Action:
        """The action that ``index`` names for ``seat`` in ``context``.

        Decoding does not check legality: an index the mask allows decodes to
        a legal action, and :func:`modern_art.apply` refuses any other.

        Args:
            index: an index from 0 to ``size - 1`` (any integer type, e.g. numpy's).
            context: the state, or the acting seat's view.
            seat: the acting seat; by default the view's seat, or for a state
                :func:`~modern_art.next_seat`.

        Raises:
            ValueError: an index out of range, a card kind the seat does not
                hold, or no seat to act for.
        """
        i = int(index)
        if seat is None:
            if isinstance(context, PlayerView):
                seat = context.seat
                if seat is None:
                    raise ValueError("a spectator's view has no seat to act for")
            else:
                seat = next_seat(context)
        if not 0 <= i < self.size:
            raise ValueError(f"action index {index!r} is not from 0 to {self.size - 1}")
        if i >= self.amount_base:
            amount = i - self.amount_base
            phase = context.phase
            if isinstance(phase, FixedPriceAuction) and phase.price is None:
                return SetPrice(seat, amount)
            if type(seat) is int and 0 <= seat < len(self._bids):
                # Actions are immutable values: one Bid per seat and amount serves every game.
                bids = self._bids[seat]
                bid = bids[amount]
                if bid is None:
                    bid = bids[amount] = Bid(seat, amount)
                return bid
            return Bid(seat, amount)
        if i == self.pass_index:
            if type(seat) is int and 0 <= seat < len(self._passes):
                return self._passes[seat]
            return Pass(seat)
        if i == self.accept_index:
            return Accept(seat)
        for card in _hand(context, seat):
            if self._kind_of_id[card.id] == i:
                return PlayCard(seat, card)
        raise ValueError(f"seat {seat} holds no card of kind {i} ({self.describe(i)})")

    def mask(self, context: Context, seat: int) -> Mask:
        """1 at the index of each legal action of ``seat`` (within the cap), 0 elsewhere.

        Args:
            context: the state, or ``seat``'s own view.
            seat: the seat to mask for; a seat that may not act gets all zeros.
        """
        out: Mask = np.zeros(self.size, dtype=np.int8)
        if isinstance(context, PlayerView):
            if context.seat != seat:
                raise ValueError(f"a view of seat {context.seat} cannot mask for seat {seat}")
            legal = context.legal_actions  # lazy, as legal_actions gives it: read by runs
        else:
            legal = legal_actions(context, seat)
        base, cap = self.amount_base, self.max_amount
        for kind, _seat, items in legal.runs():
            if kind is Bid or kind is SetPrice:  # items: a range of amounts
                lo, hi = items[0], items[-1] if items[-1] <= cap else cap
                if lo <= hi:
                    out[base + lo : base + hi + 1] = 1
            elif kind is None:
                for action in items:
                    if type(action) is Pass:
                        out[base - 2] = 1  # the Pass index
                    else:
                        self._mark(out, (action,))
            else:
                kind_of_id = self._kind_of_id
                for card in items:
                    out[kind_of_id[card.id]] = 1
        return out

    def _mark(self, out: Mask, actions: Sequence[Action]) -> None:
        kind_of_id, cap, base = self._kind_of_id, self.max_amount, self.amount_base
        for action in actions:
            if isinstance(action, PlayCard):
                out[kind_of_id[action.card.id]] = 1
            elif isinstance(action, Pass):
                out[self.pass_index] = 1
            elif isinstance(action, Accept):
                out[self.accept_index] = 1
            else:
                amount = action.amount if isinstance(action, Bid) else action.price
                if amount <= cap:
                    out[base + amount] = 1

    def describe(self, index: int) -> str:
        """What ``index`` means in words, e.g. ``"play Daniel Melim (hidden)"``, ``"amount 15"``.

        >>> import modern_art as ma
        >>> from modern_art.envs import ActionCodec
        >>> ActionCodec(ma.Rules()).describe(7)
        'play Sigrid Thaler (hidden)'
        """
        i = int(index)
        if not 0 <= i < self.size:
            raise ValueError(f"action index {index!r} is not from 0 to {self.size - 1}")
        if i == self.pass_index:
            return "pass"
        if i == self.accept_index:
            return "accept"
        if i >= self.amount_base:
            return f"amount {i - self.amount_base}"
        artist, symbol = divmod(i, SYMBOLS)
        return f"play {self.rules.artists[artist]} ({SYMBOL_ORDER[symbol].label})"


def _hand(context: Context, seat: int) -> tuple[Card, ...]:
    if isinstance(context, PlayerView):
        if context.seat != seat:
            raise ValueError(f"a view of seat {context.seat} cannot decode for seat {seat}")
        return context.hand
    n = len(context.players)
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat must be a seat from 0 to {n - 1}, got {seat!r} (R1.5)")
    return context.players[seat].hand
