"""The nine invariants, checked after every step of a game by :class:`GameChecker`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NoReturn

from attrs import define

from modern_art.core.legal import legal_actions
from modern_art.core.transition import apply
from modern_art.data.cards import Card
from modern_art.data.errors import IllegalAction
from modern_art.data.phases import DoubleOffer
from modern_art.data.state import GameState, Step
from modern_art.testing.bounds import potential
from modern_art.testing.ledger import Ledger
from modern_art.testing.probes import action_space, legal_sample
from modern_art.testing.violation import InvariantViolation

# The checker trusts no bot: it hands apply whatever it was given, typed or not,
# and demands IllegalAction for anything that is not a legal action. apply's
# implementation takes an object; its overloads, which the ignore passes by,
# tell typed callers to send an action.
_apply_untrusted: Callable[[GameState, object], Step] = apply  # type: ignore[assignment]

__all__ = ["GameChecker"]


@define
class _Transition:
    """One applied action and what the checker learned from its events."""

    before: GameState
    action: object
    step: Step
    fingerprint: int
    problems: dict[int, str]
    done: set[int]


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
        self._base_money = sum(p.money for p in start.players)
        self.ledger = Ledger(start)
        """What the events so far say about money, museums, hands, round and tiles."""
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
                step = _apply_untrusted(before, action)
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
        transition.problems.update(
            (k, v)
            for k, v in self.ledger.fold(before, step).items()
            if k not in transition.problems
        )
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
        expected = self._base_money + self.ledger.bank_net
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
        if list(self.state.counts) != self.ledger.counts:
            self.fail(
                4, f"counts are {self.state.counts}; the offers make {tuple(self.ledger.counts)}"
            )
        tiles = tuple(tuple(t) for t in self.ledger.tiles)
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
            again = _apply_untrusted(last.before, last.action)
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
        if state.round != self.ledger.round:
            self.fail(8, f"the round is {state.round}; the events say {self.ledger.round}")
        for seat, p in enumerate(state.players):
            if p.money != self.ledger.money[seat]:
                self.fail(
                    8, f"seat {seat} holds {p.money}; the events give {self.ledger.money[seat]}"
                )
            if _by_id(p.museum) != _by_id(self.ledger.museums[seat]):
                self.fail(
                    8, f"seat {seat}'s museum differs from the events' {self.ledger.museums[seat]}"
                )
            if _by_id(p.hand) != _by_id(self.ledger.hands[seat]):
                self.fail(
                    8, f"seat {seat}'s hand differs from the events' {self.ledger.hands[seat]}"
                )

    def check_legal_actions(self) -> None:
        """9: legal actions apply; other actions raise IllegalAction and nothing else."""
        last = self._pending(9)
        if last is None:
            return
        before = last.before
        rng = random.Random(self._rng.random())
        for action in legal_sample(before, exhaustive=self.exhaustive, rng=rng):
            try:
                _apply_untrusted(before, action)
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
                _apply_untrusted(state, action)
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
