"""Whether a position's phase can arise: its lot, bids, price and turn (R2-R5).

Part of :func:`modern_art.position_problems`; each function takes a phase
whose seats and types are already checked, and the seats' money (``None``
where a view does not show it) and hand sizes.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.cards import Auction
from modern_art.data.phases import (
    AuctionPhase,
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.data.state import GameState
from modern_art.seeing.views import HiddenAuctionView, PlayerView, PublicAuction, PublicPhase

__all__ = ["phase_problems"]


def phase_problems(
    game: GameState | PlayerView,
    phase: Phase | PublicPhase,
    money: Sequence[int | None],
    hand_sizes: Sequence[int],
) -> list[str]:
    """What the phase says against the seats' money and hands (R2-R5)."""
    n = len(money)
    if isinstance(phase, GameOver):
        return []
    if isinstance(phase, Offering):
        if not hand_sizes[phase.auctioneer]:
            return [f"seat {phase.auctioneer} offers with an empty hand (R2.3)"]
        return []
    if isinstance(phase, DoubleOffer):
        out = []
        if phase.card.auction is not Auction.DOUBLE:
            out.append(f"{phase.card!s} waits for a second card but is not a double (R5.1)")
        if not hand_sizes[phase.asking]:
            out.append(f"seat {phase.asking} is asked for a second card with an empty hand (R5.2)")
        return out
    out = _lot_problems(phase)
    auctioneer = phase.auctioneer
    if isinstance(phase, OpenAuction | OneOfferAuction):
        out += _high_bid_problems(phase, money)
    if isinstance(phase, OpenAuction):
        if phase.high_bidder in phase.passed:
            out.append(f"seat {phase.high_bidder} holds the high bid and has passed (R4.1)")
        if len(phase.passed) >= n - (phase.high_bidder is not None):
            out.append("every seat that could bid has passed, so the auction is closed (R4.1)")
    if isinstance(phase, OneOfferAuction) and phase.high_bidder is not None:
        acted = {(auctioneer + k) % n for k in range(1, (phase.turn - auctioneer) % n or n)}
        if phase.high_bidder not in acted:
            out.append(
                f"seat {phase.high_bidder} holds the high bid before its turn to bid"
                f" (seat {phase.turn} bids now) (R4.2)"
            )
    if isinstance(phase, HiddenAuction):
        for seat, bid in enumerate(phase.bids):
            out += _bid_problems(seat, bid, money[seat], "hidden bid", "R4.3")
        if None not in phase.bids:
            out.append("every hidden bid is in, so all are revealed at once (R4.3)")
    if isinstance(phase, HiddenAuctionView):
        if len(phase.sealed) == n:
            out.append("every hidden bid is in, so all are revealed at once (R4.3)")
        viewer = getattr(game, "seat", None)
        if viewer is not None:
            out += _bid_problems(viewer, phase.own_bid, money[viewer], "hidden bid", "R4.3")
    if isinstance(phase, FixedPriceAuction):
        out += _fixed_price_problems(phase, money[auctioneer])
    return out


def _bid_problems(
    seat: int, bid: int | None, money: int | None, what: str, rule: str
) -> list[str]:
    if bid is None:
        return []
    if bid < 0:
        return [f"seat {seat}'s {what} of {bid} is negative ({rule})"]
    if money is not None and bid > money:
        return [f"seat {seat}'s {what} of {bid} is more than its money, {money} (R3.1)"]
    return []


def _lot_problems(phase: AuctionPhase | PublicAuction) -> list[str]:
    lot, kind, double_player = phase.lot, phase.kind, phase.double_player
    if len(lot) == 1:
        card = lot[0]
        if card.auction is Auction.DOUBLE:
            return [f"a double, {card!s}, is auctioned alone; it goes free instead (R5.5)"]
        out = []
        if card.auction is not kind:
            out.append(f"{card!s} is sold in a {kind.label} auction, not its own kind (R2.1)")
        if double_player is not None:
            out.append(f"a lot of one card has a double player, seat {double_player} (R5.1)")
        return out
    if len(lot) != 2:
        return [f"a lot holds one or two cards, got {len(lot)} (R5.1)"]
    first, second = lot
    out = []
    if first.auction is not Auction.DOUBLE or second.auction is Auction.DOUBLE:
        out.append(
            f"a pair is a double and a card that is not one, got {first!s} and {second!s} (R5.1)"
        )
    if first.artist != second.artist:
        out.append(
            f"a pair's cards are by one artist, got {first.artist} and {second.artist} (R5.1)"
        )
    if second.auction is not kind and second.auction is not Auction.DOUBLE:
        out.append(f"a pair is sold in the second card's kind of auction, not {kind.label} (R5.1)")
    if double_player is None:
        out.append("a pair has no double player (R5.1)")
    return out


def _high_bid_problems(
    phase: OpenAuction | OneOfferAuction, money: Sequence[int | None]
) -> list[str]:
    bidder, bid = phase.high_bidder, phase.high_bid
    if bidder is None:
        return [] if bid == 0 else [f"a high bid of {bid} without a bidder (R3.2)"]
    if bid < 1:
        return [f"seat {bidder} holds a high bid of {bid}; the lowest bid is 1 (R3.2)"]
    return _bid_problems(bidder, bid, money[bidder], "high bid", "R3.2")


def _fixed_price_problems(phase: FixedPriceAuction, money: int | None) -> list[str]:
    auctioneer, price = phase.auctioneer, phase.price
    if price is None:
        if phase.turn != auctioneer:
            return [f"seat {phase.turn} acts before the auctioneer names the price (R4.4)"]
        return []
    out = []
    if phase.turn == auctioneer:
        out.append(
            "the auctioneer is asked to accept its own price; it buys without a word (R4.4)"
        )
    if money is not None and not (1 <= price <= money or price == 0 == money):
        out.append(
            f"a fixed price of {price} is not one the auctioneer could name with {money}"
            " (1 up to its money, or 0 with none) (R4.4)"
        )
    return out
