"""The checker's own ledger: each seat's money, museum and hand, rebuilt from events alone.

:class:`Ledger` folds every step's events onto what the events so far say,
and notes where the events contradict themselves or the rules' round end
(invariants 1, 3, 4 and 8). :class:`~modern_art.testing.GameChecker` then
compares the ledger with the engine's state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from modern_art.data.cards import Auction, Card
from modern_art.data.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    BidPlaced,
    BidSealed,
    BidsRevealed,
    CardPlayed,
    CardsDealt,
    Event,
    GameEnded,
    LotTakenFree,
    PaintingsSold,
    PriceAccepted,
    PriceSet,
    RoundEnded,
    RoundStarted,
    SecondCardAdded,
    TurnStarted,
)
from modern_art.data.phases import DoubleOffer
from modern_art.data.rules import Rules
from modern_art.data.state import GameState, Step

__all__ = ["Ledger"]

FIFTH = 5  # R6.1, written out here rather than imported: the ledger is an oracle.

_Note = Callable[[int, str], None]


def leaders(money: Sequence[int]) -> tuple[int, ...]:
    """The seats holding the most money (R8.2)."""
    top = max(money)
    return tuple(seat for seat, amount in enumerate(money) if amount == top)


def ranking(counts: Sequence[int], tiles: int) -> tuple[int, ...]:
    """The oracle's ranking: most paintings first, board order on ties, offered only (R6.3)."""
    offered = sorted((-count, artist) for artist, count in enumerate(counts) if count > 0)
    return tuple(artist for _, artist in offered[:tiles])


class _StepFold:
    """What folding one step keeps between its events, and the problems found."""

    def __init__(self, before: GameState) -> None:
        self.before = before
        self.money_before = [p.money for p in before.players]
        self.problems: dict[int, str] = {}
        self.ending: tuple[int, tuple[Card, ...]] | None = None
        """The seat and lot of an offer that ends the round, until RoundEnded comes."""
        self.ranked: tuple[str, ...] | None = None
        """This step's ranking, once RoundEnded came."""
        self.round_ended = self.game_ended = self.over = False

    def note(self, invariant: int, detail: str) -> None:
        """Keep the first problem found for ``invariant``."""
        self.problems.setdefault(invariant, detail)


class Ledger:
    """What the events say: money, museums, hands, round, counts and tiles, and the bank's net.

    Args:
        start: the state the events start from.
    """

    def __init__(self, start: GameState) -> None:
        self._rules: Rules = start.rules
        self._artist = {name: i for i, name in enumerate(start.rules.artists)}
        self.money = [p.money for p in start.players]
        """Each seat's money."""
        self.museums = [list(p.museum) for p in start.players]
        """Each seat's museum."""
        self.hands = [list(p.hand) for p in start.players]
        """Each seat's hand."""
        self.round = start.round
        """The round."""
        self.counts = list(start.counts)
        """Paintings offered this round, per artist."""
        self.tiles = [list(t) for t in start.tiles]
        """Value tiles per artist."""
        self.bank_net = 0
        """What the bank paid out minus what it was paid."""

    def fold(self, before: GameState, step: Step) -> dict[int, str]:
        """Fold ``step``'s events (from ``before``) onto the ledger; the problems, by invariant.

        Each problem is the first one found for its invariant, in words.
        """
        self._rules = before.rules
        fold = _StepFold(before)
        for event in step.events:
            if fold.ending is not None and not isinstance(event, RoundEnded):
                fold.note(4, f"{event!r} came after the round-ending offer of {fold.ending[1]}")
                fold.ending = None
            if isinstance(event, CardsDealt | CardPlayed | SecondCardAdded):
                self._cards(event, fold)
            elif isinstance(event, RoundEnded | PaintingsSold | RoundStarted | GameEnded):
                self._round_end(event, fold)
            else:
                self._auction(event, fold)
        self._step_end(fold, step)
        return fold.problems

    def _cards(self, event: CardsDealt | CardPlayed | SecondCardAdded, fold: _StepFold) -> None:
        """Cards dealt (R1.4, R6.6) and offered (R2.1, R5.1); does an offer end the round?"""
        if isinstance(event, CardsDealt):
            if event.cards is None or len(event.cards) != event.count:
                fold.note(8, f"{event!r} does not show the dealt cards")
            else:
                self.hands[event.seat].extend(event.cards)
            return
        seat, card = event.seat, event.card
        lot: tuple[Card, ...] = (card,)
        if isinstance(event, SecondCardAdded):
            phase = fold.before.phase
            lot = (phase.card if isinstance(phase, DoubleOffer) else card, card)
        if card in self.hands[seat]:
            self.hands[seat].remove(card)
        else:
            fold.note(8, f"seat {seat} offered {card}, which the events never dealt it")
        artist = self._artist[card.artist]
        self.counts[artist] += 1
        if event.count != self.counts[artist]:
            fold.note(4, f"{card} is counted {event.count}; it is offer {self.counts[artist]}")
        if self.counts[artist] >= FIFTH or not any(self.hands):  # R6.1, R6.2
            fold.ending = (seat, lot)

    def _auction(self, event: Event, fold: _StepFold) -> None:
        """Turns (R2.3, R2.4), auctions, bids within money (R3.1) and lots bought or free."""
        money_before = fold.money_before
        if isinstance(event, TurnStarted | AuctioneerSkipped):
            if bool(self.hands[event.seat]) != isinstance(event, TurnStarted):
                fold.note(8, f"{event!r} but the seat holds {len(self.hands[event.seat])} cards")
        elif isinstance(event, AuctionStarted):
            if event.kind is Auction.DOUBLE:
                fold.note(8, f"{event!r}: a lot is never sold by double auction")
        elif isinstance(event, BidPlaced | BidSealed | PriceSet | PriceAccepted):
            amount = event.price if isinstance(event, PriceSet | PriceAccepted) else event.amount
            if amount is None or amount > money_before[event.seat]:
                fold.note(3, f"{event!r} but seat {event.seat} holds {money_before[event.seat]}")
        elif isinstance(event, BidsRevealed):
            for seat, bid in enumerate(event.bids):
                if bid > money_before[seat]:
                    fold.note(3, f"seat {seat} bid {bid} holding {money_before[seat]}")
        elif isinstance(event, AuctionWon):
            self._won(event, money_before, fold.note)
        elif isinstance(event, LotTakenFree):
            self.museums[event.seat].extend(event.lot)

    def _round_end(
        self, event: RoundEnded | PaintingsSold | RoundStarted | GameEnded, fold: _StepFold
    ) -> None:
        """The ranking and tiles (R6.3, R6.4), the sale (R6.5), the next round or the end (R8)."""
        if isinstance(event, RoundEnded):
            fold.ranked = self._round_ended(event, fold.ending, fold.note)
            fold.ending = None
            fold.round_ended = True
            fold.over = self.round == self._rules.rounds or not any(self.hands)  # R8.1
        elif isinstance(event, PaintingsSold):
            self._sold(event, fold.ranked, fold.note)
        elif isinstance(event, RoundStarted):
            if not fold.round_ended or event.round != self.round + 1:
                fold.note(8, f"{event!r} after round {self.round}")
            self.round = event.round
        else:
            fold.game_ended = True
            if list(event.money) != self.money:
                fold.note(8, f"{event!r} but the events give money {self.money}")
            if event.winners != leaders(event.money):
                fold.note(8, f"{event!r} names the wrong winners")

    def _step_end(self, fold: _StepFold, step: Step) -> None:
        """What must hold once the step's events are folded: no round end missed or extra."""
        if fold.ending is not None:
            fold.note(4, f"the offer of {fold.ending[1]} should have ended round {self.round}")
        if fold.round_ended:
            if any(self.museums):
                fold.note(8, f"museums {self.museums} kept paintings past the sale")
            if fold.over != fold.game_ended:
                ended = "did not end" if fold.over else "ended"
                fold.note(4, f"after round {fold.before.round} the game {ended}")
        if fold.game_ended != step.state.is_over:
            fold.note(8, "GameEnded and the state's game-over phase disagree")

    def _won(self, event: AuctionWon, money_before: list[int], note: _Note) -> None:
        buyer = event.buyer
        if event.price > money_before[buyer]:
            note(3, f"{event!r} but seat {buyer} holds {money_before[buyer]}")
        paid = 0
        for payment in event.payments:
            if payment.payer != buyer or payment.amount <= 0:
                note(1, f"{event!r} holds a payment not by the buyer or not positive")
            paid += payment.amount
            self.money[payment.payer] -= payment.amount
            if payment.payee is None:
                self.bank_net -= payment.amount
            else:
                self.money[payment.payee] += payment.amount
        if paid != event.price:
            note(1, f"{event!r}: the payments add up to {paid}, not the price")
        self.museums[buyer].extend(event.lot)

    def _round_ended(
        self,
        event: RoundEnded,
        ending: tuple[int, tuple[Card, ...]] | None,
        note: _Note,
    ) -> tuple[str, ...]:
        rules = self._rules
        if ending is None:
            note(4, f"{event!r} without a fifth painting or empty hands")
        elif (event.ender, event.ending_cards) != ending:
            note(4, f"{event!r}: expected ender and ending cards {ending}")
        if event.round != self.round:
            note(8, f"{event!r} during round {self.round}")
        if list(event.counts) != self.counts:
            note(4, f"{event!r}: the offers count {tuple(self.counts)}")
        order = ranking(self.counts, len(rules.value_tiles))
        names = tuple(rules.artists[a] for a in order)
        if event.ranking != names:
            note(4, f"{event!r}: the ranking should be {names}")
        if event.tiles != rules.value_tiles[: len(names)]:
            note(4, f"{event!r}: the tiles should be {rules.value_tiles[: len(names)]}")
        for place, artist in enumerate(order):
            self.tiles[artist].append(rules.value_tiles[place])
        self.counts = [0] * len(self.counts)
        return names

    def _sold(self, event: PaintingsSold, ranked: tuple[str, ...] | None, note: _Note) -> None:
        museum = self.museums[event.seat]
        mine = [card for card in museum if card.artist == event.artist]
        if len(mine) != event.paintings:
            note(8, f"{event!r} but the museum holds {len(mine)} by {event.artist}")
        self.museums[event.seat] = [card for card in museum if card.artist != event.artist]
        if ranked is None:
            note(4, f"{event!r} before the round ended")
            ranked = ()
        tiles = self.tiles[self._artist[event.artist]]
        value = sum(tiles) if event.artist in ranked else 0
        if event.value != value or event.amount != event.paintings * value:
            note(4, f"{event!r}: each painting should pay {value} (tiles {tiles})")
        self.money[event.seat] += event.amount
        self.bank_net += event.amount
