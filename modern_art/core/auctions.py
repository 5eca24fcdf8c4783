"""The four ways a lot is sold: open, one-offer, hidden and fixed price (R3, R4)."""

from __future__ import annotations

from typing import Final, cast

from modern_art.core.refusals import action_name, affordable, refuse, whole_amount
from modern_art.core.round_flow import (
    Events,
    advance,
    give_lot_free,
    left_of,
    sell_lot,
    with_seat,
)
from modern_art.data.actions import Accept, Action, Bid, Pass, SetPrice
from modern_art.data.events import (
    BidPlaced,
    BidSealed,
    BidsRevealed,
    Passed,
    PriceAccepted,
    PriceSet,
)
from modern_art.data.phases import (
    NO_SEATS,
    FixedPriceAuction,
    HiddenAuction,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import HiddenTie
from modern_art.data.state import GameState

# Enum members as module constants: the compiled build reads a Final from a C static,
# an enum member from its class (an attribute lookup each time).
_AUCTIONEER_FIRST: Final = HiddenTie.AUCTIONEER_FIRST


def _public_bid(state: GameState, high_bid: int, action: Bid) -> int:
    """Check an open or one-offer bid: whole, at least 1, above the high bid, affordable."""
    seat = action.seat
    # Untyped reads of what the user sent: the compiled build checks typed ones.
    amount = whole_amount(getattr(action, "amount"), "a bid", seat, action)  # noqa: B009
    if amount < 1:
        refuse("R3.2", f"a bid by seat {seat} must be at least 1, got {amount}", action)
    if amount <= high_bid:
        refuse(
            "R3.2",
            f"bid of {amount} by seat {seat} is not above the high bid of {high_bid}",
            action,
        )
    affordable(amount, state.players[seat].money, "bid", seat, action)
    return amount


def open_auction(
    state: GameState, phase: OpenAuction, action: Action, seat: int, events: Events
) -> GameState:
    """Anyone raises at any time; the auction closes when all but the high bidder pass (R4.1)."""
    if seat == phase.high_bidder:
        refuse(
            "R4.1",
            f"seat {seat} holds the high bid of {phase.high_bid} and waits until outbid",
            action,
        )
    if seat in phase.passed:
        refuse(
            "R4.1",
            f"seat {seat} passed and may bid again only after someone raises",
            action,
        )
    if isinstance(action, Bid):
        amount = _public_bid(state, phase.high_bid, action)
        if events is not None:
            events.append(BidPlaced(seat, amount))
        return advance(
            state,
            OpenAuction(phase.auctioneer, phase.lot, phase.double_player, amount, seat, NO_SEATS),
        )
    if not isinstance(action, Pass):
        refuse(
            "R4.1",
            f"in an open auction seat {seat} may Bid or Pass, not {action_name(action)}",
            action,
        )
    if events is not None:
        events.append(Passed(seat))
    passed = with_seat(phase.passed, seat)
    waiting = len(state.players) - len(passed) - (phase.high_bidder is not None)
    if waiting:
        return advance(
            state,
            OpenAuction(
                phase.auctioneer,
                phase.lot,
                phase.double_player,
                phase.high_bid,
                phase.high_bidder,
                passed,
            ),
        )
    return _close_bidding(state, phase, phase.high_bidder, phase.high_bid, events)


def one_offer_auction(
    state: GameState, phase: OneOfferAuction, action: Action, seat: int, events: Events
) -> GameState:
    """Each bids once or passes, from the auctioneer's left, the auctioneer last (R4.2)."""
    if seat != phase.turn:
        refuse(
            "R4.2",
            f"it is seat {phase.turn}'s turn in this one-offer auction, not seat {seat}'s",
            action,
        )
    high_bid, high_bidder = phase.high_bid, phase.high_bidder
    if isinstance(action, Bid):
        high_bid = _public_bid(state, high_bid, action)
        high_bidder = seat
        if events is not None:
            events.append(BidPlaced(seat, high_bid))
    elif isinstance(action, Pass):
        if events is not None:
            events.append(Passed(seat))
    else:
        refuse(
            "R4.2",
            f"in a one-offer auction seat {seat} may Bid or Pass, not {action_name(action)}",
            action,
        )
    if seat == phase.auctioneer:
        return _close_bidding(state, phase, high_bidder, high_bid, events)
    turn = left_of(seat, len(state.players))
    return advance(
        state,
        OneOfferAuction(
            phase.auctioneer, phase.lot, phase.double_player, high_bid, high_bidder, turn
        ),
    )


def hidden_auction(
    state: GameState, phase: HiddenAuction, action: Action, seat: int, events: Events
) -> GameState:
    """Everyone seals a bid from 0 to their money; all are revealed together (R4.3)."""
    if phase.bids[seat] is not None:
        refuse("R4.3", f"seat {seat} has already sealed its hidden bid", action)
    if isinstance(action, Pass):
        refuse("R4.3", f"there is no pass in a hidden auction: seat {seat} may bid 0", action)
    if not isinstance(action, Bid):
        refuse(
            "R4.3",
            f"in a hidden auction seat {seat} may only Bid, not {action_name(action)}",
            action,
        )
    amount = whole_amount(getattr(action, "amount"), "a hidden bid", seat, action)  # noqa: B009
    if amount < 0:
        refuse("R4.3", f"a hidden bid by seat {seat} must be 0 or more, got {amount}", action)
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
    winner = _hidden_winner(revealed, high, auctioneer, rule)
    if events is not None:
        tie = rule if revealed.count(high) > 1 else None
        events.append(BidsRevealed(revealed, auctioneer, winner, tie))
    return sell_lot(state, winner, high, auctioneer, phase.lot, phase.double_player, events)


def _hidden_winner(bids: tuple[int, ...], high: int, auctioneer: int, tie: HiddenTie) -> int:
    """The bidder of ``high``, the highest hidden bid, ties broken by ``tie`` (R4.3)."""
    if tie is _AUCTIONEER_FIRST and bids[auctioneer] == high:
        return auctioneer
    n = len(bids)
    # Clockwise from the auctioneer's left; the auctioneer comes last.
    for offset in range(1, n + 1):
        seat = (auctioneer + offset) % n
        if bids[seat] == high:
            return seat
    raise AssertionError("no seat holds the highest bid")  # pragma: no cover


def fixed_price_auction(
    state: GameState, phase: FixedPriceAuction, action: Action, seat: int, events: Events
) -> GameState:
    """The auctioneer names a price; from their left each accepts or passes (R4.4)."""
    if phase.price is None:
        return _set_price(state, phase, seat, action, events)
    if seat != phase.turn:
        refuse(
            "R4.4",
            f"it is seat {phase.turn}'s turn to accept or pass the fixed price, not seat {seat}'s",
            action,
        )
    price = phase.price
    if isinstance(action, Accept):
        affordable(price, state.players[seat].money, "the fixed price", seat, action)
        if events is not None:
            events.append(PriceAccepted(seat, price))
        return sell_lot(
            state, seat, price, phase.auctioneer, phase.lot, phase.double_player, events
        )
    if not isinstance(action, Pass):
        refuse(
            "R4.4",
            f"seat {seat} may Accept or Pass the fixed price, not {action_name(action)}",
            action,
        )
    if events is not None:
        events.append(Passed(seat))
    turn = left_of(seat, len(state.players))
    if turn == phase.auctioneer:  # nobody accepted: the auctioneer buys it from the bank
        return sell_lot(
            state, turn, price, phase.auctioneer, phase.lot, phase.double_player, events
        )
    return advance(
        state,
        FixedPriceAuction(phase.auctioneer, phase.lot, phase.double_player, price, turn),
    )


def _set_price(
    state: GameState, phase: FixedPriceAuction, seat: int, action: Action, events: Events
) -> GameState:
    if seat != phase.auctioneer:
        refuse(
            "R4.4",
            f"seat {phase.auctioneer}, the auctioneer, must name the fixed price first;"
            f" seat {seat} cannot act yet",
            action,
        )
    if not isinstance(action, SetPrice):
        refuse(
            "R4.4",
            f"seat {seat} must name the fixed price with SetPrice, not {action_name(action)}",
            action,
        )
    price = whole_amount(getattr(action, "price"), "a fixed price", seat, action)  # noqa: B009
    money = state.players[seat].money
    if money == 0:
        if price != 0:
            refuse("R4.4", f"seat {seat} has no money and must name a price of 0", action)
    elif not 1 <= price <= money:
        refuse(
            "R4.4",
            f"seat {seat} must name a price from 1 to its money, {money}; got {price}",
            action,
        )
    if events is not None:
        events.append(PriceSet(seat, price))
    turn = left_of(seat, len(state.players))
    return advance(
        state,
        FixedPriceAuction(phase.auctioneer, phase.lot, phase.double_player, price, turn),
    )


def _close_bidding(
    state: GameState,
    phase: OpenAuction | OneOfferAuction,
    high_bidder: int | None,
    high_bid: int,
    events: Events,
) -> GameState:
    if high_bidder is None:  # R3.4: nobody bid
        return give_lot_free(state, phase.auctioneer, phase.lot, events)
    return sell_lot(
        state, high_bidder, high_bid, phase.auctioneer, phase.lot, phase.double_player, events
    )
