"""Whether a view holds only what its seat may see (R7.2), and a state only a state's phase.

Part of :func:`modern_art.position_problems`. A view shows others' money
only under ``open_money`` or once the game is over, and then shows every
seat's; it holds a sealed bid only as its own seat's, once that seat has
sealed; its phase is never a state's :class:`~modern_art.HiddenAuction`,
which holds every bid.
"""

from __future__ import annotations

from modern_art.data.phases import HiddenAuction
from modern_art.seeing.views import HiddenAuctionView, PlayerView

__all__ = ["state_phase_problem", "view_secret_problems"]


def state_phase_problem(phase: object) -> str | None:
    """A state's hidden auction holds the bids themselves, not a seat's view of them."""
    if isinstance(phase, HiddenAuctionView):
        return (
            "a state's hidden auction is a HiddenAuction holding every bid; a"
            " HiddenAuctionView is what one seat sees of it (R4.3, R7.2)"
        )
    return None


def view_secret_problems(view: PlayerView) -> list[str]:
    """What a view shows that its seat may not see, or hides that it may (R7.1, R7.2)."""
    out: list[str] = []
    own, phase = view.seat, view.phase
    public = view.rules.open_money or view.is_over
    for seat, p in enumerate(view.players):
        if seat == own:
            continue
        if p.money is not None and not public:
            out.append(
                f"the view shows seat {seat}'s money, which the screens hide from"
                f" {'a spectator' if own is None else f'seat {own}'} (R1.2, R7.2)"
            )
        elif p.money is None and public:
            why = "the game is over" if view.is_over else "money is open"
            out.append(f"the view hides seat {seat}'s money, but {why} (R7.1, R8.2)")
    if isinstance(phase, HiddenAuction):
        out.append("the view's hidden auction holds every seat's sealed bid (R4.3, R7.2)")
    if isinstance(phase, HiddenAuctionView):
        bid = phase.own_bid
        if own is None and bid is not None:
            out.append(f"a spectator's view holds a sealed bid, {bid} (R4.3, R7.2)")
        elif own is not None and bid is not None and own not in phase.sealed:
            out.append(
                f"seat {own}'s view holds a sealed bid of {bid}, but seat {own} has not"
                " sealed one: it is another seat's (R4.3, R7.2)"
            )
        elif own is not None and bid is None and own in phase.sealed:
            out.append(f"seat {own} has sealed a bid, yet its view does not hold it (R4.3)")
    return out
