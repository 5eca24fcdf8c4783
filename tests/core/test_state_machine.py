"""A Hypothesis state machine over the engine: the nine invariants as ``@invariant`` s."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import modern_art as ma
from modern_art.testing import (
    GameChecker,
    any_actions,
    legal_action,
    player_counts,
    rules_variants,
    seeds,
    stacked_decks,
)
from tests.helpers.tally import TALLY


class GameMachine(RuleBasedStateMachine):
    """Plays one game under drawn rules: legal moves, arbitrary attempts, invariants after each."""

    checker: GameChecker

    @initialize(rules=st.one_of(st.just(ma.Rules()), rules_variants()), data=st.data())
    def start(self, rules: ma.Rules, data: st.DataObject) -> None:
        """Set up a table of any allowed size from a seed or a stacked deck."""
        players = data.draw(player_counts(rules), label="players")
        if data.draw(st.booleans(), label="stacked"):
            deck = data.draw(stacked_decks(rules), label="deck")
            state = ma.new_game(players, deck=deck, rules=rules)
        else:
            state = ma.new_game(players, seed=data.draw(seeds(), label="seed"), rules=rules)
        self.checker = GameChecker(state)
        TALLY["machine games"] += 1

    @precondition(lambda self: not self.checker.state.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """A seat that may act takes one of its legal actions."""
        action = data.draw(legal_action(self.checker.state), label="action")
        self.checker.advance(action, check=False)
        TALLY["machine steps"] += 1

    @rule(data=st.data())
    def attempt(self, data: st.DataObject) -> None:
        """Anything at all is tried; it must apply exactly when it is legal."""
        state = self.checker.state
        action = data.draw(any_actions(state), label="attempt")
        if action in ma.legal_actions(state):
            self.checker.advance(action, check=False)
            TALLY["machine steps"] += 1
        else:
            self.checker.check_probes(state, [action])

    @invariant()
    def money_is_conserved(self) -> None:
        """1: money moves only between players and the bank, as the events say."""
        self.checker.check_money_conserved()

    @invariant()
    def cards_are_conserved(self) -> None:
        """2: every card of the deck is in exactly one place."""
        self.checker.check_cards_conserved()

    @invariant()
    def money_stays_within_limits(self) -> None:
        """3: no negative money; no bid or price above its player's money."""
        self.checker.check_money_limits()

    @invariant()
    def rounds_end_when_they_should(self) -> None:
        """4: rounds end at a fifth painting or empty hands, with the right tiles and values."""
        self.checker.check_rounds()

    @invariant()
    def the_game_ends(self) -> None:
        """5: the potential drops with every action and the bound holds."""
        self.checker.check_game_ends()

    @invariant()
    def events_are_complete(self) -> None:
        """8: the events, folded onto a ledger, reproduce the state."""
        self.checker.check_events_complete()

    @invariant()
    def apply_is_deterministic(self) -> None:
        """7: the same action on the same state gives an equal step."""
        self.checker.check_determinism()

    @invariant()
    def legal_actions_are_sound_and_complete(self) -> None:
        """9: sampled legal actions apply; the probe space applies exactly when legal."""
        self.checker.check_legal_actions()

    @invariant()
    def apply_changes_nothing_it_is_given(self) -> None:
        """6: the state before the last action is unchanged by every apply on it."""
        self.checker.check_immutability()


TestGameMachine = GameMachine.TestCase
