"""Telling a game as it happens, in words a newcomer follows, from its events."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.table import Table

from modern_art.cli.safe import markup_safe
from modern_art.data.cards import Auction, Card
from modern_art.data.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    BidPlaced,
    BidsRevealed,
    CardPlayed,
    CardsDealt,
    Event,
    GameEnded,
    LotTakenFree,
    PaintingsSold,
    Passed,
    PriceAccepted,
    PriceSet,
    RoundEnded,
    RoundStarted,
    SecondCardAdded,
    SecondCardDeclined,
)
from modern_art.data.rules import Rules
from modern_art.seeing.money import MoneyLedger
from modern_art.text.sentences import describe, ordinal

EXPLAIN = {
    Auction.OPEN: "everyone may raise, as often as they like; the highest bid wins",
    Auction.ONE_OFFER: "each player bids once or passes, clockwise, the auctioneer last",
    Auction.HIDDEN: "everyone seals a bid at once; the highest wins",
    Auction.FIXED_PRICE: "the auctioneer names a price; the first to accept buys",
    Auction.DOUBLE: "a second painting of the same artist may be added; both sell together",
}
"""One line per auction kind, for a newcomer."""


def card_text(card: Card) -> str:
    """A card in words, with rich markup: artist in bold, then its symbol."""
    return f"[bold]{markup_safe(card.artist)}[/] ({card.auction.label})"


class Narrator:
    """Turns events into lines and tables for a person watching the game.

    Args:
        rules: the rules in force.
        names: the players' names, by seat.
        viewer: the seat the story is told to (``None``: a spectator who
            sees everything it is given).
        show_money: print everyone's money after each round; the demo's
            narrator knows it, a player at the table does not (R7.2), though
            it can work it out from the public payments (R7.4).
    """

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        *,
        viewer: int | None = None,
        show_money: bool = True,
    ) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.viewer = viewer
        self.show_money = show_money
        self.ledger = MoneyLedger.start(rules, len(names))
        self._pending: list[str] = []
        self._explained: set[Auction] = set()
        self._kind: Auction | None = None
        self._tiles: list[list[int]] = [[] for _ in rules.artists]

    def opening(self) -> list[RenderableType]:
        """What to say before the first action."""
        return [f"\n[bold underline]Round 1[/] of {self.rules.rounds}"]

    def feed(self, events: Sequence[Event]) -> list[RenderableType]:
        """The lines and tables that tell ``events``, in order."""
        out: list[RenderableType] = []
        for event in events:
            self.ledger = self.ledger.apply(event)
            out.extend(self._tell(event))
        return out

    def flush(self) -> list[RenderableType]:
        """The bids, passes and acceptances not told yet, as one line (or none).

        They are held back so that an auction's offers come in one line at
        its end; a host that asks a person to act calls this first, so that
        the person sees what the others did since their last answer.
        """
        if not self._pending:
            return []
        line = "    " + " · ".join(self._pending)
        self._pending = []
        return [line]

    def say(self, item: object) -> str:
        """``item`` in words (:func:`modern_art.describe`), escaped for the terminal."""
        return markup_safe(describe(item, self.names, self.viewer))

    def _tell(self, event: Event) -> list[RenderableType]:
        # One teller per step of a turn: the round around it (R1.4, R6), the offer
        # (R2, R5), the bidding (R3, R4) and the sale (R3.3, R5.5).
        for teller in (self._tell_round, self._tell_offer, self._tell_bidding, self._tell_sale):
            lines = teller(event)
            if lines is not None:
                return lines
        return []

    def _tell_round(self, event: Event) -> list[RenderableType] | None:
        """Round starts, deals, the round's end and sales, the game's end."""
        if isinstance(event, RoundStarted):
            header = f"\n[bold underline]Round {event.round}[/] of {self.rules.rounds}"
            if self.show_money:
                return [self.money_table("Money after the sale"), header]
            if self.viewer is not None:
                return [f"You have {self.ledger.money[self.viewer]} after the sale.", header]
            return [header]
        if isinstance(event, CardsDealt):
            if event.seat == self.viewer and event.cards is not None:
                return [self.say(event)]
            if event.seat == 0 and self.viewer is None:
                return [f"Each player is dealt {event.count} more cards."]
            return []
        if isinstance(event, RoundEnded):
            return [*self.flush(), *self._round_end(event)]
        if isinstance(event, PaintingsSold):
            line = f"  {self.say(event)}"
            if event.value == 0:
                return [f"{line} The artist is not in this round's top three."]
            return [line]
        if isinstance(event, GameEnded):
            return self._game_end(event)
        return None

    def _tell_offer(self, event: Event) -> list[RenderableType] | None:
        """A skipped auctioneer, a card offered, a double's second card, an auction's start."""
        if isinstance(event, AuctioneerSkipped):
            return [self.say(event)]
        if isinstance(event, CardPlayed):
            self._kind = None  # no auction yet: a double may still find no second card
            return self._offered(event)
        if isinstance(event, SecondCardAdded):
            out: list[RenderableType] = [f"  {self.say(event)}"]
            if event.count >= 5:
                out.append(
                    f"  That is the 5th {markup_safe(event.card.artist)}: the round ends,"
                    " and neither painting is sold."
                )
            return out
        if isinstance(event, SecondCardDeclined):
            return [f"  {self.say(event)}"]
        if isinstance(event, AuctionStarted):
            self._kind = event.kind
            line = f"  {self.say(event)}"
            if event.kind not in self._explained:
                self._explained.add(event.kind)
                line = f"{line[:-1]} ([italic]{EXPLAIN[event.kind]}[/])."
            return [line]
        return None

    def _tell_bidding(self, event: Event) -> list[RenderableType] | None:
        """Bids, passes and acceptances wait for the sale; reveals and prices are told at once."""
        if isinstance(event, BidPlaced | PriceAccepted):
            self._pending.append(self.say(event))
            return []
        if isinstance(event, Passed):
            if self._kind is not Auction.OPEN:
                self._pending.append(self.say(event))
            return []
        if isinstance(event, BidsRevealed):
            return [f"    {self.say(event)}"]  # the tie and its rule too (R4.3)
        if isinstance(event, PriceSet):
            return [f"    {self.say(event)}"]
        return None

    def _tell_sale(self, event: Event) -> list[RenderableType] | None:
        """Who won the lot and who was paid, or who took it free."""
        if isinstance(event, AuctionWon):
            own = all(p.payee is None for p in event.payments) and event.payments
            whose = "your" if event.buyer == self.viewer else "their"
            why = f" ({whose} own lot, so the money goes to the bank, R3.3)" if own else ""
            return [*self.flush(), f"    → {self.say(event)}{why}"]
        if isinstance(event, LotTakenFree):
            nobody = "Nobody bid" if self._kind else "Nobody added a second card"
            return [*self.flush(), f"    → {nobody}: {self.say(event)}"]
        return None

    def _offered(self, event: CardPlayed) -> list[RenderableType]:
        card = event.card
        line = self.say(event)
        if event.count >= 5:
            return [
                *self.flush(),
                line,
                f"  That is the 5th {markup_safe(card.artist)}: the round ends at once,"
                " and this painting is not sold.",
            ]
        if card.auction is Auction.DOUBLE:
            line += f" A double: {EXPLAIN[Auction.DOUBLE]}."
        return [line]

    def _round_end(self, event: RoundEnded) -> list[RenderableType]:
        artists = self.rules.artists
        out: list[RenderableType] = [f"\n[bold]Round {event.round} is over.[/]"]
        table = Table(title=f"Round {event.round}: the ranking", title_justify="left")
        table.add_column("place")
        table.add_column("artist")
        table.add_column("offered", justify="right")
        table.add_column("tile", justify="right")
        table.add_column("all its tiles", justify="right")
        table.add_column("a painting pays", justify="right")
        for place, (artist, tile) in enumerate(zip(event.ranking, event.tiles, strict=True)):
            a = artists.index(artist)
            self._tiles[a].append(tile)
            table.add_row(
                ordinal(place + 1),
                markup_safe(artist),
                str(event.counts[a]),
                f"+{tile}",
                " + ".join(map(str, self._tiles[a])),
                f"[bold]{sum(self._tiles[a])}[/]",
            )
        out.append(table)
        if not event.ranking:
            out.append("No artist was offered, so no tiles are given.")
        out.append(
            "Each museum painting of a ranked artist now pays the sum of all its tiles;"
            " paintings of other artists pay nothing."
        )
        return out

    def money_table(self, title: str) -> Table:
        """Everyone's money by the ledger, most first."""
        table = Table(title=title, title_justify="left", min_width=len(title) + 4)
        table.add_column("player")
        table.add_column("money", justify="right")
        money = self.ledger.money
        for seat in sorted(range(len(money)), key=lambda s: (-money[s], s)):
            table.add_row(markup_safe(self.names[seat]), str(money[seat]))
        return table

    def _game_end(self, event: GameEnded) -> list[RenderableType]:
        table = Table(title="Final money", title_justify="left", min_width=24)
        table.add_column("player")
        table.add_column("money", justify="right")
        table.add_column("")  # its own column: a name may end in "(montecarlo)" already
        for seat in sorted(range(len(event.money)), key=lambda s: (-event.money[s], s)):
            mark = "wins" if seat in event.winners else ""
            table.add_row(markup_safe(self.names[seat]), str(event.money[seat]), mark)
        names = ["you" if s == self.viewer else markup_safe(self.names[s]) for s in event.winners]
        if len(names) == 1:
            winner = event.winners[0]
            named_you = self.viewer is None and self.names[winner].strip().casefold() == "you"
            spoken = winner == self.viewer or named_you
            who = "You" if winner == self.viewer else names[0]
            verdict = f"{who} {'win' if spoken else 'wins'} with {event.money[winner]}."
        else:
            together = f"{', '.join(names[:-1])} and {names[-1]}"
            verdict = f"{together[0].upper()}{together[1:]} share the victory (R8.2)."
        return ["\n[bold]The game is over.[/]", table, f"[bold]{verdict}[/]"]
