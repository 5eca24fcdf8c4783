"""The hidden auction (R4.3): everyone seals a bid from 0 to their money; all are revealed
together.

R4.3: every player, auctioneer included, chooses a bid from 0 to their money
in secret; all are revealed together. The highest wins. Ties
(``rules.hidden_tie``): under CMON the auctioneer wins if tied for highest,
otherwise the tied player nearest clockwise from the auctioneer's left. If
everyone bids 0 the auctioneer gets the painting free, whatever
``hidden_tie`` says. There is no ``Pass`` in a hidden auction: a player who
does not want the painting bids 0. R3.1: nobody bids more than their money.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from modern_art.core.draws import randbelow
from modern_art.core.legal_sequence import LegalActions, Part, legal, shared_amount
from modern_art.core.phase_row import PhaseRow
from modern_art.core.refusals import affordable, refuse, whole_amount, wrong_kind
from modern_art.core.round_flow import Events, advance, give_lot_free, sell_lot
from modern_art.data.actions import Action, Bid, Pass
from modern_art.data.events import BidSealed, BidsRevealed
from modern_art.data.phases import HiddenAuction
from modern_art.data.rules import HiddenTie
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "play", "to_act"]

RULE: Final = "R4.3"

# Enum members as module constants: the compiled build reads a Final from a C static,
# an enum member from its class (an attribute lookup each time).
_AUCTIONEER_FIRST: Final = HiddenTie.AUCTIONEER_FIRST


def to_act(state: GameState, phase: HiddenAuction) -> frozenset[int]:
    """Every seat yet to seal its bid."""
    return frozenset([seat for seat, bid in enumerate(phase.bids) if bid is None])


def play(
    state: GameState, phase: HiddenAuction, action: Action, seat: int, events: Events
) -> GameState:
    """A seat seals its bid; the last one reveals them all and the highest buys."""
    if phase.bids[seat] is not None:
        refuse(RULE, f"seat {seat} has already sealed its hidden bid", action)
    if isinstance(action, Pass):
        refuse(RULE, f"there is no pass in a hidden auction: seat {seat} may bid 0", action)
    if not isinstance(action, Bid):
        wrong_kind(RULE, f"in a hidden auction seat {seat} may only Bid", action)
    amount = whole_amount(getattr(action, "amount"), "a hidden bid", seat, action)  # noqa: B009
    if amount < 0:
        refuse(RULE, f"a hidden bid by seat {seat} must be 0 or more, got {amount}", action)
    affordable(amount, state.players[seat].money, "hidden bid", seat, action)
    if events is not None:
        events.append(BidSealed(seat, amount))
    sealed = list(phase.bids)  # a copy changed in one place: cheaper than slices joined
    sealed[seat] = amount
    bids = tuple(sealed)
    high = 0  # the highest bid, in the same pass that looks for a bid still to come
    for bid in sealed:
        if bid is None:
            return advance(
                state, HiddenAuction(phase.auctioneer, phase.lot, phase.double_player, bids)
            )
        high = max(high, bid)
    revealed = cast(tuple[int, ...], bids)  # no None left
    auctioneer = phase.auctioneer
    if high == 0:  # everyone bid 0: the auctioneer takes it free, whatever the tie rule
        if events is not None:
            events.append(BidsRevealed(revealed, auctioneer, auctioneer, None))
        return give_lot_free(state, auctioneer, phase.lot, events)
    rule = state.rules.hidden_tie
    winner = _winner(revealed, high, auctioneer, rule)
    if events is not None:
        tie = rule if revealed.count(high) > 1 else None
        events.append(BidsRevealed(revealed, auctioneer, winner, tie))
    return sell_lot(state, winner, high, auctioneer, phase.lot, phase.double_player, events)


def _winner(bids: tuple[int, ...], high: int, auctioneer: int, tie: HiddenTie) -> int:
    """The bidder of ``high``, the highest hidden bid, ties broken by ``tie``."""
    if tie is _AUCTIONEER_FIRST and bids[auctioneer] == high:
        return auctioneer
    n = len(bids)
    # Clockwise from the auctioneer's left; the auctioneer comes last.
    for offset in range(1, n + 1):
        seat = (auctioneer + offset) % n
        if bids[seat] == high:
            return seat
    raise AssertionError("no seat holds the highest bid")  # pragma: no cover


def actions(state: GameState, phase: HiddenAuction, only: int | None) -> LegalActions:
    """Each seat yet to seal, ascending: its bids from 0 to its money."""
    parts: list[Part] = []
    total = 0
    players = state.players
    for seat, bid in enumerate(phase.bids):
        if bid is None and (only is None or only == seat):
            bids = players[seat].money + 1
            if bids > 0:
                parts.append((bids, Bid, seat, 0))
                total += bids
    return legal(tuple(parts), total)


def draw(
    state: GameState, phase: HiddenAuction, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """One of the bids of every seat yet to seal, uniformly."""
    players = state.players
    total = 0
    for seat, bid in enumerate(phase.bids):
        if bid is None:
            total += max(0, players[seat].money + 1)
    if not total:
        return None
    i = randbelow(getrandbits, total)
    for seat, bid in enumerate(phase.bids):
        if bid is None:
            bids = max(0, players[seat].money + 1)
            if i < bids:
                return shared_amount(Bid, seat, i), seat
            i -= bids
    raise AssertionError("unreachable")  # pragma: no cover


ROW: Final = PhaseRow(HiddenAuction, RULE, play, actions, draw, to_act)
"""The hidden auction's row of :data:`modern_art.core.phase_table.ROWS`."""
