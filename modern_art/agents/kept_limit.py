"""An open auction's bid limit, kept from the decision that chose it to the auction's end.

A search player chooses a limit once per open auction and then raises
towards it whenever it is asked again in the same auction (R4.1), so its
search is spent once per auction, not once per bid.
"""

from __future__ import annotations

from modern_art.agents.heuristic import raise_to
from modern_art.data.actions import Action
from modern_art.data.phases import OpenAuction
from modern_art.seeing.views import PlayerView


class KeptLimit:
    """The limit chosen in one open auction, and the auction it was chosen in."""

    __slots__ = ("_auction", "_limit")

    def __init__(self) -> None:
        self._auction: tuple[object, ...] | None = None
        self._limit = 0

    def move(self, view: PlayerView, seat: int) -> Action | None:
        """The raise towards the kept limit if ``view`` is in its auction, else ``None``."""
        phase = view.phase
        if not isinstance(phase, OpenAuction) or self._auction != _auction(view, phase):
            return None
        return raise_to(seat, phase.high_bid, self._limit)

    def keep(self, view: PlayerView, phase: OpenAuction, limit: int) -> None:
        """Keep ``limit`` for the rest of ``view``'s open auction ``phase``."""
        self._auction = _auction(view, phase)
        self._limit = limit


def _auction(view: PlayerView, phase: OpenAuction) -> tuple[object, ...]:
    """What tells one open auction from another: the round, the lot and its auctioneer."""
    return (view.round, phase.lot, phase.auctioneer)
