"""Money from the public record (R7.4): a ledger fed event by event.

Every payment is public (R7.1): prices and payees in
:class:`~modern_art.AuctionWon`, sale income in
:class:`~modern_art.PaintingsSold`. Starting from ``rules.starting_money``,
these events alone give every player's money, so a bot or front-end can
know what a careful player at the table would know.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import field, frozen

from modern_art.data.events import AuctionWon, Event, PaintingsSold
from modern_art.data.rules import Rules

__all__ = ["MoneyLedger", "known_money"]


def _to_money(money: Iterable[int]) -> tuple[int, ...]:
    return tuple(money)


@frozen
class MoneyLedger:
    """Every seat's money, worked out from public events (R7.4).

    Start one with :meth:`start` before the game's first action and feed it
    each event a seat receives (redacted or not: only public fields are read).

    >>> import modern_art as ma
    >>> ledger = MoneyLedger.start(ma.Rules(), 3)
    >>> sale = ma.AuctionWon(1, 40, (), (ma.Payment(1, 0, 40),))
    >>> ledger.apply(sale).money
    (140, 60, 100)
    """

    money: tuple[int, ...] = field(converter=_to_money)
    """Each seat's money, by seat."""

    @classmethod
    def start(cls, rules: Rules, players: int) -> MoneyLedger:
        """The ledger of a new game: everyone holds ``rules.starting_money`` (R1.2)."""
        return cls((rules.starting_money,) * players)

    def apply(self, event: Event) -> MoneyLedger:
        """The ledger after ``event``; events that move no money leave it unchanged.

        :class:`~modern_art.AuctionWon` takes the price from the buyer and
        gives each payment to its payee (the bank when ``None``, R3.3);
        :class:`~modern_art.PaintingsSold` pays the seller (R6.5). The final
        money in :class:`~modern_art.GameEnded` is not read: it agrees.
        """
        if isinstance(event, AuctionWon):
            money = list(self.money)
            money[event.buyer] -= event.price
            for payment in event.payments:
                if payment.payee is not None:
                    money[payment.payee] += payment.amount
            return MoneyLedger(money)
        if isinstance(event, PaintingsSold):
            if not event.amount:
                return self
            money = list(self.money)
            money[event.seat] += event.amount
            return MoneyLedger(money)
        return self

    def apply_all(self, events: Iterable[Event]) -> MoneyLedger:
        """The ledger after every event of ``events``, in order."""
        ledger = self
        for event in events:
            ledger = ledger.apply(event)
        return ledger


def known_money(
    rules: Rules,
    shown: Sequence[int | None],
    ledger: MoneyLedger | None,
    events: Iterable[Event] | None,
    *,
    asker: str,
) -> tuple[int, ...]:
    """Every seat's money as a seat can know it: what its view ``shows``, else the ledger.

    Money behind the screens (``None`` in ``shown``) comes from ``ledger``, or from
    a ledger fed the seat's ``events``; a ledger that contradicts the view is refused.

    Args:
        rules: the rules in force (the starting money of a ledger made from ``events``).
        shown: each seat's money as the view shows it, ``None`` where screened.
        ledger: the seat's ledger, or ``None``.
        events: the seat's events since the start, or ``None``.
        asker: the function asking, named in the messages.

    Raises:
        ValueError: both or (with screened money) neither of ``ledger`` and
            ``events`` given, or a ledger that contradicts the view (R7.4).
    """
    if ledger is not None and events is not None:
        raise ValueError("give a ledger or the seat's events, not both")
    if events is not None:
        ledger = MoneyLedger.start(rules, len(shown)).apply_all(events)
    if ledger is None:
        if None in shown:
            raise ValueError(
                f"money is screened (R7.2): give {asker} a ledger or the seat's events"
            )
        return tuple(m for m in shown if m is not None)
    if len(ledger.money) != len(shown) or any(
        m is not None and m != known for m, known in zip(shown, ledger.money, strict=False)
    ):
        raise ValueError(
            f"the ledger's money {ledger.money!r} contradicts the view's {tuple(shown)!r} (R7.4)"
        )
    return ledger.money
