"""The nine invariants, checked after every step of a game by :class:`GameChecker`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NoReturn

from attrs import define

from modern_art.cards import Auction, Card
from modern_art.engine import apply
from modern_art.errors import IllegalAction
from modern_art.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    BidPlaced,
    BidSealed,
    BidsRevealed,
    CardPlayed,
    CardsDealt,
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
from modern_art.legal import legal_actions
from modern_art.phases import DoubleOffer
from modern_art.state import GameState, Step
from modern_art.testing.bounds import potential
from modern_art.testing.probes import action_space, legal_sample

__all__ = ["INVARIANTS", "GameChecker", "InvariantViolation", "replay_script"]

FIFTH = 5  # R6.1, written out here rather than imported: the checker is an oracle.

INVARIANTS: dict[int, str] = {
    1: "money is conserved: the players' total is the start plus the bank's net payout,"
    " summed from events alone",
    2: "cards are conserved: every card of the deck is in exactly one place",
    3: "no money is negative and no bid or price exceeds its player's money",
    4: "a round ends exactly at a fifth painting or empty hands, with the right tiles and values",
    5: "the game ends: the potential drops with every action and the step bound holds",
    6: "apply leaves its input state unchanged",
    7: "the same action on the same state gives equal states and events",
    8: "events are complete: folding them onto a ledger reproduces money, museums, hands, round",
    9: "legal actions are sound and complete",
}
"""Each invariant's number and what it says."""


class InvariantViolation(AssertionError):  # noqa: N818 (a violation, not an error)
    """An invariant failed; the message holds a script that replays the failing game.

    Attributes:
        invariant: the number of the failed invariant (see :data:`INVARIANTS`).
        detail: what was found, in words.
        start: the state the game started from.
        actions: the actions applied from ``start``, the failing one last.
    """

    invariant: int
    detail: str
    start: GameState
    actions: tuple[object, ...]

    def __init__(
        self, invariant: int, detail: str, start: GameState, actions: Sequence[object]
    ) -> None:
        self.invariant = invariant
        self.detail = detail
        self.start = start
        self.actions = tuple(actions)
        super().__init__(
            f"invariant {invariant} ({INVARIANTS[invariant]}) fails after"
            f" {len(self.actions)} actions: {detail}\n\n"
            f"Replay:\n{replay_script(start, self.actions)}"
        )

    def __reduce__(self) -> tuple[type[InvariantViolation], tuple[object, ...]]:
        return (type(self), (self.invariant, self.detail, self.start, self.actions))


def _setup_call(start: GameState) -> str:
    """A ``new_game(...)`` call that makes ``start``, or the state's own repr."""
    rules = start.rules
    n = start.num_players
    dealt = rules.deals(n)[0]
    fresh = (
        start.step == 0
        and start.round == 1
        and not start.discard
        and not any(start.counts)
        and all(len(p.hand) == dealt and not p.museum for p in start.players)
        and all(p.money == rules.starting_money for p in start.players)
    )
    if not fresh:
        return f"state = {start!r}"
    order = [card.id for p in start.players for card in p.hand] + [c.id for c in start.deck]
    names = [p.name for p in start.players]
    who = n if names == [f"Seat {s}" for s in range(n)] else names
    auctioneer = sorted(start.to_act)[0] if start.to_act else 0
    return (
        f"state = new_game({who!r}, deck=[rules.deck[i] for i in {order!r}],"
        f" rules=rules, first_auctioneer={auctioneer})"
    )


def replay_script(start: GameState, actions: Sequence[object]) -> str:
    """Python that rebuilds ``start`` and applies ``actions``; paste it to reproduce a failure."""
    lines = [
        "from modern_art import *",
        f"rules = {start.rules!r}",
        _setup_call(start),
        "actions = [",
        *(f"    {action!r}," for action in actions),
        "]",
        "for action in actions:",
        "    state = apply(state, action).state",
    ]
    return "\n".join(lines)


@define
class _Transition:
    """One applied action and what the checker learned from its events."""

    before: GameState
    action: object
    step: Step
    fingerprint: int
    problems: dict[int, str]
    done: set[int]


_Note = Callable[[int, str], None]


def _leaders(money: Sequence[int]) -> tuple[int, ...]:
    top = max(money)
    return tuple(seat for seat, amount in enumerate(money) if amount == top)


def _ranking(counts: Sequence[int], tiles: int) -> tuple[int, ...]:
    """The oracle's ranking: most paintings first, board order on ties, offered only (R6.3)."""
    offered = sorted((-count, artist) for artist, count in enumerate(counts) if count > 0)
    return tuple(artist for _, artist in offered[:tiles])


def _by_id(cards: Sequence[Card]) -> list[int]:
    return sorted(card.id for card in cards)


class GameChecker:
    """Follows one game step by step and checks the nine invariants after each.

    Feed it each action (and, if you applied it yourself, the resulting
    :class:`~modern_art.Step`) with :meth:`advance`; it folds the events onto
    its own ledger and raises :class:`InvariantViolation` at the first broken
    invariant, with a script that replays the game so far. The ``check_*``
    methods check one invariant each for the last step, for use as
    ``@invariant`` s of a Hypothesis state machine.

    Args:
        start: the state the game starts from (usually fresh from ``new_game``).
        exhaustive: try every action of :func:`~modern_art.testing.action_space`
            for invariant 9 instead of a sample (thousands per step: slow).
        seed: seeds the random part of the sampled probes.

    >>> import modern_art as ma
    >>> from modern_art.testing import GameChecker
    >>> checker = GameChecker(ma.new_game(3, seed=2))
    >>> while not checker.state.is_over:
    ...     step = checker.advance(ma.legal_actions(checker.state)[-1])
    >>> checker.steps > 0
    True
    """

    def __init__(self, start: GameState, *, exhaustive: bool = False, seed: int = 0) -> None:
        self.start = start
        """The state the game started from."""
        self.state = start
        """The state after the last action."""
        self.actions: list[object] = []
        """The actions applied so far."""
        self.exhaustive = exhaustive
        self._rng = random.Random(seed)
        self._artist = {name: i for i, name in enumerate(start.rules.artists)}
        self._base_money = sum(p.money for p in start.players)
        self._bank_net = 0
        self._money = [p.money for p in start.players]
        self._museums = [list(p.museum) for p in start.players]
        self._hands = [list(p.hand) for p in start.players]
        self._round = start.round
        self._counts = list(start.counts)
        self._tiles = [list(t) for t in start.tiles]
        self._bound = potential(start)
        self._last: _Transition | None = None
        self.check_state(start)

    @property
    def steps(self) -> int:
        """How many actions have been checked."""
        return len(self.actions)

    def fail(self, invariant: int, detail: str) -> NoReturn:
        """Raise :class:`InvariantViolation` for the game so far."""
        raise InvariantViolation(invariant, detail, self.start, self.actions)

    # ----------------------------------------------------------------- driving

    def advance(self, action: object, step: Step | None = None, *, check: bool = True) -> Step:
        """Record ``action`` (applying it unless ``step`` is given) and check every invariant.

        Raises:
            IllegalAction: ``action`` is refused and is not in ``legal_actions``
                (the game does not advance; nothing is wrong).
            InvariantViolation: an invariant fails.
        """
        before = self.state
        fingerprint = hash(before)
        legal = legal_actions(before)
        if step is None:
            try:
                step = apply(before, action)
            except IllegalAction:
                if action in legal:
                    self.actions.append(action)
                    self.fail(9, f"the legal action {action!r} was refused")
                raise
            except Exception as exc:
                self.actions.append(action)
                self.fail(9, f"{action!r} raised {type(exc).__name__}: {exc}")
        self.actions.append(action)
        self.state = step.state
        transition = _Transition(before, action, step, fingerprint, {}, set())
        self._last = transition
        if action not in legal:
            transition.problems[9] = f"apply accepted {action!r}, which legal_actions lacks"
        self._fold(transition)
        if check:
            self.check_all()
        return step

    def check_all(self) -> None:
        """Check all nine invariants for the last step (cheap ones first)."""
        self.check_money_conserved()
        self.check_cards_conserved()
        self.check_money_limits()
        self.check_rounds()
        self.check_game_ends()
        self.check_events_complete()
        self.check_determinism()
        self.check_legal_actions()
        self.check_immutability()

    def check_state(self, state: GameState) -> None:
        """The invariants a lone state must satisfy: cards (2), money (3) and actors (5)."""
        self._check_cards(state)
        for seat, p in enumerate(state.players):
            if p.money < 0:
                self.fail(3, f"seat {seat} holds {p.money} money")
        self._check_actors(state)

    def _check_actors(self, state: GameState) -> None:
        if not state.is_over and not len(legal_actions(state)):
            self.fail(5, f"the game is not over but nobody can act in phase {state.phase!r}")
        if state.is_over and (state.to_act or len(legal_actions(state))):
            self.fail(5, "the game is over but someone may still act")

    # ---------------------------------------------------------- the invariants

    def _pending(self, invariant: int) -> _Transition | None:
        """The last transition if ``invariant`` is not yet checked on it; raise a known problem."""
        last = self._last
        if last is None or invariant in last.done:
            return None
        last.done.add(invariant)
        if invariant in last.problems:
            self.fail(invariant, last.problems[invariant])
        return last

    def check_money_conserved(self) -> None:
        """1: the players' money adds up to the start plus the bank's payouts minus its takings."""
        if self._pending(1) is None:
            return
        total = sum(p.money for p in self.state.players)
        expected = self._base_money + self._bank_net
        if total != expected:
            self.fail(1, f"the players hold {total} in all; the events account for {expected}")

    def check_cards_conserved(self) -> None:
        """2: every card of the deck is in exactly one place."""
        if self._pending(2) is not None:
            self._check_cards(self.state)

    def _check_cards(self, state: GameState) -> None:
        deck = state.rules.deck
        cards: list[Card] = list(state.deck)
        for p in state.players:
            cards += p.hand
            cards += p.museum
        auction = state.auction
        if auction is not None:
            cards += auction.lot
        if isinstance(state.phase, DoubleOffer):
            cards.append(state.phase.card)
        cards += state.discard
        try:  # the fast path: the deck's own card objects, each once
            ok = sorted(card.id for card in cards) == list(range(len(deck))) and all(
                card is deck[card.id] or card == deck[card.id] for card in cards
            )
        except (AttributeError, TypeError, IndexError):
            ok = False
        if not ok:
            self.fail(2, self._where_cards_went(state))

    @staticmethod
    def _where_cards_went(state: GameState) -> str:
        deck = state.rules.deck
        places: list[tuple[str, object]] = [("the deck", c) for c in state.deck]
        for seat, p in enumerate(state.players):
            places += [(f"seat {seat}'s hand", c) for c in p.hand]
            places += [(f"seat {seat}'s museum", c) for c in p.museum]
        auction = state.auction
        if auction is not None:
            places += [("the lot", c) for c in auction.lot]
        if isinstance(state.phase, DoubleOffer):
            places.append(("the lot", state.phase.card))
        places += [("the discard", c) for c in state.discard]
        seen: dict[object, str] = {}
        for where, card in places:
            if card not in deck:
                return f"{where} holds {card!r}, which is no card of the deck"
            if card in seen:
                return f"{card} is both in {seen[card]} and in {where}"
            seen[card] = where
        return "cards lost: " + ", ".join(str(c) for c in deck if c not in seen)

    def check_money_limits(self) -> None:
        """3: no money below 0; no bid, price or payment above its player's money."""
        last = self._pending(3)
        if last is None:
            return
        for seat, p in enumerate(self.state.players):
            if p.money < 0:
                self.fail(3, f"seat {seat} holds {p.money} money")

    def check_rounds(self) -> None:
        """4: rounds end exactly when they should; tiles and sale values are right."""
        if self._pending(4) is None:
            return
        if list(self.state.counts) != self._counts:
            self.fail(4, f"counts are {self.state.counts}; the offers make {tuple(self._counts)}")
        tiles = tuple(tuple(t) for t in self._tiles)
        if self.state.tiles != tiles:
            self.fail(4, f"tiles are {self.state.tiles}; the rankings give {tiles}")

    def check_game_ends(self) -> None:
        """5: the potential drops with every action and the step count stays within the bound."""
        last = self._pending(5)
        if last is None:
            return
        before, after = potential(last.before), potential(self.state)
        if after >= before:
            self.fail(5, f"the potential did not drop: {before} -> {after}")
        if self.steps > self._bound:
            self.fail(5, f"{self.steps} actions exceed the bound of {self._bound}")
        self._check_actors(self.state)

    def check_immutability(self) -> None:
        """6: the state given to apply is unchanged (also checked after 7 and 9 apply again)."""
        last = self._pending(6)
        if last is not None:
            self._unchanged(last)

    def _unchanged(self, last: _Transition) -> None:
        if hash(last.before) != last.fingerprint:
            self.fail(6, "apply changed the state it was given")

    def check_determinism(self) -> None:
        """7: applying the same action to the same state again gives an equal step."""
        last = self._pending(7)
        if last is None:
            return
        try:
            again = apply(last.before, last.action)
        except Exception as exc:
            self.fail(7, f"applying the action again raised {type(exc).__name__}: {exc}")
        if again.state != last.step.state:
            self.fail(7, "applying the action again gave another state")
        if again.events != last.step.events:
            self.fail(7, f"applying the action again gave other events: {again.events!r}")
        self._unchanged(last)

    def check_events_complete(self) -> None:
        """8: events folded onto a ledger give the state's money, museums, hands and round."""
        last = self._pending(8)
        if last is None:
            return
        state = self.state
        if state.step != last.before.step + 1:
            self.fail(8, f"state.step went from {last.before.step} to {state.step}")
        if state.round != self._round:
            self.fail(8, f"the round is {state.round}; the events say {self._round}")
        for seat, p in enumerate(state.players):
            if p.money != self._money[seat]:
                self.fail(8, f"seat {seat} holds {p.money}; the events give {self._money[seat]}")
            if _by_id(p.museum) != _by_id(self._museums[seat]):
                self.fail(
                    8, f"seat {seat}'s museum differs from the events' {self._museums[seat]}"
                )
            if _by_id(p.hand) != _by_id(self._hands[seat]):
                self.fail(8, f"seat {seat}'s hand differs from the events' {self._hands[seat]}")

    def check_legal_actions(self) -> None:
        """9: legal actions apply; other actions raise IllegalAction and nothing else."""
        last = self._pending(9)
        if last is None:
            return
        before = last.before
        rng = random.Random(self._rng.random())
        for action in legal_sample(before, exhaustive=self.exhaustive, rng=rng):
            try:
                apply(before, action)
            except Exception as exc:
                self.fail(9, f"the legal {action!r} raised {type(exc).__name__}: {exc}")
        self.check_probes(before, action_space(before, exhaustive=self.exhaustive, rng=rng))
        self._unchanged(last)

    def check_probes(self, state: GameState, probes: Sequence[object]) -> None:
        """9 for given actions: each applies if in ``legal_actions(state)``, else IllegalAction."""
        legal = legal_actions(state)
        for action in probes:
            ok = action in legal
            try:
                apply(state, action)
            except IllegalAction as exc:
                if ok:
                    self.fail(9, f"the legal {action!r} was refused: {exc}")
                if not exc.rule.startswith("R"):
                    self.fail(9, f"refusing {action!r} cites no rule: {exc.rule!r}")
                continue
            except Exception as exc:
                self.fail(9, f"{action!r} raised {type(exc).__name__}: {exc}")
            if not ok:
                self.fail(9, f"apply accepted {action!r}, which legal_actions lacks")

    # ------------------------------------------------------------ the ledger

    def _fold(self, t: _Transition) -> None:
        """Fold the step's events onto the ledger, noting problems by invariant."""
        problems = t.problems
        before = t.before
        rules = before.rules
        money_before = [p.money for p in before.players]
        ending: tuple[int, tuple[Card, ...]] | None = None
        ranked: tuple[str, ...] | None = None
        round_ended = game_ended = over = False

        def note(invariant: int, detail: str) -> None:
            problems.setdefault(invariant, detail)

        def offered(seat: int, card: Card, count: int, lot: tuple[Card, ...]) -> None:
            nonlocal ending
            if card in self._hands[seat]:
                self._hands[seat].remove(card)
            else:
                note(8, f"seat {seat} offered {card}, which the events never dealt it")
            artist = self._artist[card.artist]
            self._counts[artist] += 1
            if count != self._counts[artist]:
                note(4, f"{card} is counted {count}; it is offer {self._counts[artist]}")
            if self._counts[artist] >= FIFTH or not any(self._hands):
                ending = (seat, lot)

        for event in t.step.events:
            if ending is not None and not isinstance(event, RoundEnded):
                note(4, f"{event!r} came after the round-ending offer of {ending[1]}")
                ending = None
            if isinstance(event, CardsDealt):
                if event.cards is None or len(event.cards) != event.count:
                    note(8, f"{event!r} does not show the dealt cards")
                else:
                    self._hands[event.seat].extend(event.cards)
            elif isinstance(event, CardPlayed):
                offered(event.seat, event.card, event.count, (event.card,))
            elif isinstance(event, SecondCardAdded):
                phase = before.phase
                first = phase.card if isinstance(phase, DoubleOffer) else event.card
                offered(event.seat, event.card, event.count, (first, event.card))
            elif isinstance(event, TurnStarted | AuctioneerSkipped):
                has_cards = bool(self._hands[event.seat])
                if has_cards != isinstance(event, TurnStarted):
                    note(8, f"{event!r} but the seat holds {len(self._hands[event.seat])} cards")
            elif isinstance(event, AuctionStarted):
                if event.kind is Auction.DOUBLE:
                    note(8, f"{event!r}: a lot is never sold by double auction")
            elif isinstance(event, BidPlaced | BidSealed | PriceSet | PriceAccepted):
                amount = (
                    event.price if isinstance(event, PriceSet | PriceAccepted) else event.amount
                )
                if amount is None or amount > money_before[event.seat]:
                    note(3, f"{event!r} but seat {event.seat} holds {money_before[event.seat]}")
            elif isinstance(event, BidsRevealed):
                for seat, bid in enumerate(event.bids):
                    if bid > money_before[seat]:
                        note(3, f"seat {seat} bid {bid} holding {money_before[seat]}")
            elif isinstance(event, AuctionWon):
                self._won(event, money_before, note)
            elif isinstance(event, LotTakenFree):
                self._museums[event.seat].extend(event.lot)
            elif isinstance(event, RoundEnded):
                ranked = self._round_ended(event, ending, note)
                ending = None
                round_ended = True
                over = self._round == rules.rounds or not any(self._hands)  # R8.1
            elif isinstance(event, PaintingsSold):
                self._sold(event, ranked, note)
            elif isinstance(event, RoundStarted):
                if not round_ended or event.round != self._round + 1:
                    note(8, f"{event!r} after round {self._round}")
                self._round = event.round
            elif isinstance(event, GameEnded):
                game_ended = True
                if list(event.money) != self._money:
                    note(8, f"{event!r} but the events give money {self._money}")
                if event.winners != _leaders(event.money):
                    note(8, f"{event!r} names the wrong winners")
        if ending is not None:
            note(4, f"the offer of {ending[1]} should have ended round {self._round}")
        if round_ended:
            if any(self._museums):
                note(8, f"museums {self._museums} kept paintings past the sale")
            if over != game_ended:
                note(
                    4, f"after round {before.round} the game {'did not end' if over else 'ended'}"
                )
        if game_ended != t.step.state.is_over:
            note(8, "GameEnded and the state's game-over phase disagree")

    def _won(self, event: AuctionWon, money_before: list[int], note: _Note) -> None:
        buyer = event.buyer
        if event.price > money_before[buyer]:
            note(3, f"{event!r} but seat {buyer} holds {money_before[buyer]}")
        paid = 0
        for payment in event.payments:
            if payment.payer != buyer or payment.amount <= 0:
                note(1, f"{event!r} holds a payment not by the buyer or not positive")
            paid += payment.amount
            self._money[payment.payer] -= payment.amount
            if payment.payee is None:
                self._bank_net -= payment.amount
            else:
                self._money[payment.payee] += payment.amount
        if paid != event.price:
            note(1, f"{event!r}: the payments add up to {paid}, not the price")
        self._museums[buyer].extend(event.lot)

    def _round_ended(
        self,
        event: RoundEnded,
        ending: tuple[int, tuple[Card, ...]] | None,
        note: _Note,
    ) -> tuple[str, ...]:
        rules = self.state.rules
        if ending is None:
            note(4, f"{event!r} without a fifth painting or empty hands")
        elif (event.ender, event.ending_cards) != ending:
            note(4, f"{event!r}: expected ender and ending cards {ending}")
        if event.round != self._round:
            note(8, f"{event!r} during round {self._round}")
        if list(event.counts) != self._counts:
            note(4, f"{event!r}: the offers count {tuple(self._counts)}")
        order = _ranking(self._counts, len(rules.value_tiles))
        names = tuple(rules.artists[a] for a in order)
        if event.ranking != names:
            note(4, f"{event!r}: the ranking should be {names}")
        if event.tiles != rules.value_tiles[: len(names)]:
            note(4, f"{event!r}: the tiles should be {rules.value_tiles[: len(names)]}")
        for place, artist in enumerate(order):
            self._tiles[artist].append(rules.value_tiles[place])
        self._counts = [0] * len(self._counts)
        return names

    def _sold(self, event: PaintingsSold, ranked: tuple[str, ...] | None, note: _Note) -> None:
        museum = self._museums[event.seat]
        mine = [card for card in museum if card.artist == event.artist]
        if len(mine) != event.paintings:
            note(8, f"{event!r} but the museum holds {len(mine)} by {event.artist}")
        self._museums[event.seat] = [card for card in museum if card.artist != event.artist]
        if ranked is None:
            note(4, f"{event!r} before the round ended")
            ranked = ()
        tiles = self._tiles[self._artist[event.artist]]
        value = sum(tiles) if event.artist in ranked else 0
        if event.value != value or event.amount != event.paintings * value:
            note(4, f"{event!r}: each painting should pay {value} (tiles {tiles})")
        self._money[event.seat] += event.amount
        self._bank_net += event.amount
