"""Property tests: the nine invariants after every step of generated games (modern_art.testing)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

import modern_art as ma
from modern_art.core import round_flow
from modern_art.core.phases import offering
from modern_art.testing import (
    GameChecker,
    InvariantViolation,
    PlayedGame,
    any_actions,
    check_game,
    check_played,
    games,
    invariants,
    max_steps,
    potential,
    probes,
    rules_variants,
    strategies,
)
from tests.helpers.tally import TALLY

SMALL = ma.Rules(
    min_players=3,
    max_players=4,
    starting_money=30,
    rounds=3,
    deal_schedule={3: (3, 2, 1), 4: (3, 1, 1)},
)
"""A short game: three to six cards each, so exhaustive probing stays quick."""


def _replay(game_start: ma.GameState, actions: tuple[object, ...]) -> GameChecker:
    checker = GameChecker(game_start)
    for action in actions:
        checker.advance(action, check=False)
    return checker


@given(game=games())
def test_invariants_hold_in_cmon_games(game: PlayedGame) -> None:
    """Every invariant holds after every step of CMON games, seeded or stacked, 3-5 players."""
    TALLY["steps"] += check_played(game)
    TALLY["games"] += 1


@settings(max_examples=3 * settings().max_examples)  # small games: cheap, and more varied
@given(game=games(rules_variants()))
def test_invariants_hold_under_rules_variants(game: PlayedGame) -> None:
    """Every invariant holds after every step under any valid Rules, made-up editions included."""
    TALLY["steps"] += check_played(game)
    TALLY["games"] += 1


@given(game=games(rules_variants()), data=st.data())
def test_any_action_is_refused_unless_legal(game: PlayedGame, data: st.DataObject) -> None:
    """Anything drawn from the whole action space applies iff legal_actions lists it (inv. 9)."""
    checker = GameChecker(game.start)
    for action, step in zip(game.actions, game.steps, strict=False):
        checker.advance(action, step, check=False)
    probes = data.draw(st.lists(any_actions(checker.state), min_size=1, max_size=30))
    checker.check_probes(checker.state, probes)
    TALLY["probed states"] += 1


def test_every_action_of_the_whole_space_on_small_games() -> None:
    """Exhaustive probing: every seat, every amount from -1 to money + 1, every card (inv. 9)."""
    report = check_game(SMALL, games=6, exhaustive=True, seed=3)
    assert report.games == 6
    TALLY["games"] += report.games
    TALLY["steps"] += report.steps


@pytest.mark.parametrize("preset", sorted(ma.presets()))
def test_check_game_passes_every_preset(preset: str) -> None:
    """check_game finds nothing wrong with the shipped presets."""
    report = check_game(ma.preset(preset), games=4, seed=1)
    assert report.games == 4
    assert report.longest > 20
    TALLY["games"] += report.games
    TALLY["steps"] += report.steps


def test_R8_1_step_bound_is_the_documented_formula() -> None:
    """The bound is C * (n*M + 2n + 2), M = n*S + C*R*T: 1,628,088 actions for 3 CMON players."""
    cards = 3 * (10 + 6 + 6 + 0)
    money = 3 * 100 + cards * 4 * 30
    assert max_steps(ma.Rules(), 3) == cards * (3 * money + 2 * 3 + 2) == 1_628_088
    assert potential(ma.new_game(3, seed=0)) == max_steps(ma.Rules(), 3)


def test_R8_1_potential_is_zero_once_the_game_is_over() -> None:
    """A finished game has potential 0 and no legal action."""
    state = ma.new_game(3, seed=4)
    while not state.is_over:
        state = ma.apply(state, ma.legal_actions(state)[-1]).state
    assert potential(state) == 0
    assert len(ma.legal_actions(state)) == 0


def test_importing_modern_art_does_not_import_hypothesis() -> None:
    """Hypothesis is needed by modern_art.testing only, never by the core."""
    code = "import sys, modern_art; print('hypothesis' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_replay_script_rebuilds_the_failing_state() -> None:
    """The script in an InvariantViolation's message replays the game to the same state."""
    checker = GameChecker(ma.new_game(["Ann", "Bo", "Cy"], seed=9, rules=SMALL))
    for _ in range(7):
        checker.advance(ma.legal_actions(checker.state)[0])
    with pytest.raises(InvariantViolation) as caught:
        checker.fail(5, "a demonstration")
    script = str(caught.value).split("Replay:\n", 1)[1]
    namespace: dict[str, object] = {}
    exec(script, namespace)
    assert namespace["state"] == checker.state
    assert caught.value.invariant == 5
    assert len(caught.value.actions) == 7


@pytest.mark.parametrize(
    "field",
    [
        lambda r: r.edition is ma.ORIGINAL,
        lambda r: r.edition.name == "custom",
        lambda r: r.hidden_tie is ma.HiddenTie.CLOCKWISE_FROM_LEFT,
        lambda r: r.double_payment is ma.DoublePayment.SPLIT,
        lambda r: r.open_money,
        lambda r: r.starting_money == 0,
        lambda r: len(r.value_tiles) == 1,
        lambda r: r.rounds == 5,
        lambda r: r.max_players - r.min_players == 3,
        lambda r: any(0 in d[1:] for d in r.deal_schedule.values()),
    ],
)
def test_rules_variants_reach_every_field(field: object) -> None:
    """Each field's unusual values are reachable from rules_variants."""
    quick = settings(database=None, max_examples=2000, phases=[Phase.generate])
    found = find(rules_variants(), field, settings=quick)  # type: ignore[arg-type]
    assert isinstance(found, ma.Rules)


# Broken engines: check_game must catch each, with a short replayable game.


MID = ma.Rules(min_players=3, max_players=3, rounds=2, deal_schedule={3: (7, 3)})
"""Big enough hands for fifth paintings, small enough to shrink fast."""


def _caught(rules: ma.Rules) -> InvariantViolation:
    with pytest.raises(InvariantViolation) as caught:
        check_game(rules, games=100, seed=0, shrink_seconds=5)
    return caught.value


@pytest.mark.skipif(
    ma.COMPILED,
    reason="the compiled build calls artist_value natively: patching the module cannot reach it",
)
def test_check_game_catches_a_wrong_sale_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """A painting paying one more than its tiles breaks invariant 4."""
    monkeypatch.setattr(
        round_flow, "artist_value", lambda tiles, ranked: sum(tiles) + 1 if ranked else 0
    )
    err = _caught(SMALL)
    assert err.invariant == 4
    with pytest.raises(InvariantViolation):
        _replay(err.start, err.actions).check_all()


def test_check_game_catches_a_round_that_does_not_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round going on past the fifth painting breaks invariant 4."""
    monkeypatch.setattr(offering, "ROUND_ENDING_COUNT", 6)
    err = _caught(MID)
    assert err.invariant == 4
    assert "round-ending offer" in err.detail or "should have ended" in err.detail


def test_check_game_catches_a_missing_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """legal_actions forgetting Pass in open auctions breaks invariant 9."""

    def no_open_pass(state: ma.GameState, seat: int | None = None) -> tuple[ma.Action, ...]:
        actions = tuple(ma.legal_actions(state, seat))
        if isinstance(state.phase, ma.OpenAuction) and len(actions) > sum(
            isinstance(a, ma.Pass) for a in actions
        ):
            return tuple(a for a in actions if not isinstance(a, ma.Pass))
        return actions

    for module in (invariants, probes, strategies):
        monkeypatch.setattr(module, "legal_actions", no_open_pass)
    err = _caught(SMALL)
    assert err.invariant == 9
