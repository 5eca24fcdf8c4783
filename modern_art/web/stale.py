"""A click made on an older step: applied if it still means the same, else refused in words.

In a fast open auction the table moves on between a person's look and their
click. Refusing every such click lost passes (the clock then passed for them,
later). So an action made on an older step is applied at the current one
when it is still legal and means the same thing now:

- a pass, a decline of a double, an accept or a sealed bid in the same
  auction (or the same double offer) it was made in;
- a bid in the same open or one-offer auction, if it is still above the
  high bid (legality says so).

Anything else is refused (409), saying what changed in a player's words:
who bid what, or that the lot was sold and another one is up.
:func:`stale_verdict` decides; :class:`~modern_art.web.tables.GameTable`
calls it.
"""

from __future__ import annotations

from collections.abc import Sequence

import modern_art as ma

__all__ = ["stale_verdict"]

_AUCTIONS = (ma.OpenAuction, ma.OneOfferAuction, ma.HiddenAuction, ma.FixedPriceAuction)
_NEW_LOT = (ma.AuctionStarted, ma.AuctionWon, ma.LotTakenFree, ma.RoundEnded, ma.CardPlayed)
_KEEPS_MEANING = (ma.Pass, ma.Accept, ma.Bid)


def stale_verdict(
    now: ma.GameState,
    action: ma.Action,
    since: Sequence[ma.Event],
    names: Sequence[str],
) -> str | None:
    """``None`` to apply ``action`` now, else why not, for the person who made it.

    Args:
        now: the game now.
        action: the person's action, made before the events ``since``.
        since: every event of the steps applied after the one it was made on.
        names: the players' names, to say who did what.
    """
    changed = _what_changed(since, names, action.seat)
    if not isinstance(action, _KEEPS_MEANING):
        return f"{changed}; choose again"
    if any(isinstance(e, _NEW_LOT) for e in since):
        return f"{changed}; your action was for the lot before, so it was not made"
    if not isinstance(now.phase, (*_AUCTIONS, ma.DoubleOffer)):
        return f"{changed}; choose again"
    if isinstance(action, ma.Accept) and any(isinstance(e, ma.PriceSet) for e in since):
        return f"{changed}; the price changed, so your accept was not made"
    if action not in ma.legal_actions(now, action.seat):
        if isinstance(action, ma.Bid) and isinstance(
            now.phase, ma.OpenAuction | ma.OneOfferAuction
        ):
            high = now.phase.high_bid
            return f"{changed}; your bid of {action.amount} is no longer above the high bid {high}"
        return f"{changed}; your action is no longer possible"
    return None


def _what_changed(events: Sequence[ma.Event], names: Sequence[str], you: int) -> str:
    """The table's news since the click, in a few words (the last few things said)."""
    said = []
    for event in events:
        if isinstance(event, ma.BidPlaced):
            said.append(f"{_name(names, event.seat, you)} bid {event.amount}")
        elif isinstance(event, ma.Passed):
            said.append(f"{_name(names, event.seat, you)} passed")
        elif isinstance(event, ma.AuctionWon):
            said.append(f"{_name(names, event.buyer, you)} bought the lot")
        elif isinstance(event, ma.LotTakenFree):
            said.append("the lot went to its auctioneer")
        elif isinstance(event, ma.AuctionStarted):
            said.append("a new lot is up")
        elif isinstance(event, ma.RoundEnded):
            said.append("the round ended")
    if not said:
        return "the table moved on before your click arrived"
    return "before your click arrived, " + ", ".join(said[-3:])


def _name(names: Sequence[str], seat: int, you: int) -> str:
    return "you" if seat == you else names[seat] if 0 <= seat < len(names) else f"seat {seat}"
