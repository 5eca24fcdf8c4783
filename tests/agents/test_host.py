"""The host loop: ask whoever may act, apply, hand out each seat's redacted events."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import modern_art as ma


class OtherSeat:
    """A broken bot: it answers for the seat to its left."""

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        """Pass, in the name of another seat."""
        assert view.seat is not None
        return ma.Pass((view.seat + 1) % view.num_players)


def _bots(n: int) -> list[ma.Agent]:
    return [ma.RandomAgent(seed) for seed in range(n)]


def test_host_with_bots_everywhere_plays_the_game_play_game_plays() -> None:
    """A host with a bot in every seat gives the record play_game gives for the same game."""
    host = ma.Host(ma.new_game(["random"] * 4, seed=9), _bots(4))
    made = host.run()
    assert host.state.is_over and made == len(host.actions)
    assert host.record(seed=9) == ma.play_game(_bots(4), seed=9)


def test_R7_2_each_seat_is_handed_only_its_redacted_events() -> None:
    """What a seat has seen is visible_events of every step, for that seat, in order."""
    state = ma.new_game(3, seed=4)
    host = ma.Host(state, _bots(3))
    steps = [host.play_bot() for _ in range(30)]
    for seat in range(3):
        expected = [e for step in steps for e in ma.visible_events(step.events, seat)]
        assert list(host.seen(seat)) == expected
    assert host.seen(0) != host.seen(1)  # the deals differ: each sees only its own cards


def test_host_stops_for_a_person_and_takes_their_action() -> None:
    """``run`` returns when the person's seat is asked; ``apply`` takes their action."""
    state = ma.new_game(3, seed=7, first_auctioneer=1)
    host = ma.Host(state, {1: ma.RandomAgent(1), 2: ma.RandomAgent(2)})
    host.run()
    assert host.next_seat() == 0 and host.actions
    before = len(host.actions)
    step = host.apply(ma.legal_actions(host.state, 0)[0])
    assert host.state == step.state and len(host.actions) == before + 1


def test_R2_1_an_illegal_action_changes_nothing() -> None:
    """An action the rules refuse raises IllegalAction and leaves the host as it was."""
    host = ma.Host(ma.new_game(3, seed=7))
    with pytest.raises(ma.IllegalAction) as info:
        host.apply(ma.Bid(1, 5))
    assert info.value.rule == "R2.1"
    assert host.state == host.start and host.actions == [] and list(host.seen(1)) == []


def test_observer_sees_every_action_with_the_state_before_it() -> None:
    """The observer is called once per action with the state before, the action and its step."""
    seen: list[tuple[ma.GameState, ma.Action, ma.Step]] = []
    host = ma.Host(ma.new_game(3, seed=1), _bots(3), observer=lambda *a: seen.append(a))
    for _ in range(5):
        host.play_bot()
    assert [action for _, action, _ in seen] == host.actions
    assert seen[0][0] == host.start and seen[-1][2].state == host.state


def test_a_bot_answering_for_another_seat_is_refused() -> None:
    """A bot's action must be for its own seat: a ValueError naming the bot and the seat."""
    host = ma.Host(ma.new_game(3, seed=1), [OtherSeat(), *_bots(2)])
    with pytest.raises(ValueError, match="OtherSeat at seat 0"):
        host.play_bot()
    assert host.actions == []


def test_no_bot_to_ask_is_a_value_error() -> None:
    """Asking for a bot's move where no bot may act raises ValueError, not a wrong move."""
    host = ma.Host(ma.new_game(3, seed=1), {2: ma.RandomAgent(2)})
    with pytest.raises(ValueError, match="no seat"):
        host.play_bot()
    with pytest.raises(KeyError):
        host.ask(0)


def test_record_of_an_unfinished_game_has_no_result() -> None:
    """The record of a game in progress replays to where the host is, with no result."""
    host = ma.Host(ma.new_game(3, seed=5), _bots(3))
    for _ in range(12):
        host.play_bot()
    record = host.record()
    assert record.seed is None and record.money is None
    assert ma.replay(record) == host.state
    assert host.record(seed=5).seed == 5


def test_rewind_makes_the_host_as_it_was_after_that_many_actions() -> None:
    """State, actions and every seat's shown events are those of the shorter game."""
    host = ma.Host(ma.new_game(4, seed=3), _bots(4))
    for _ in range(12):
        host.play_bot()
    early = ma.Host(ma.new_game(4, seed=3))
    for action in host.actions[:5]:
        early.apply(action)
    told: list[ma.Action] = []
    host.observer = lambda before, action, step: told.append(action)
    host.rewind(5)
    assert host.state == early.state and host.actions == early.actions
    assert all(host.seen(s) == early.seen(s) for s in range(4))
    assert told == []  # nothing new happened: the observer is not told
    host.rewind(0)
    assert host.state == host.start and host.actions == [] and host.seen(0) == []


@pytest.mark.parametrize("count", [-1, 13, True, 2.0])
def test_rewind_refuses_a_count_outside_the_game(count: object) -> None:
    """A count below 0, past the actions, or not whole is a ValueError; nothing changes."""
    host = ma.Host(ma.new_game(3, seed=2), _bots(3))
    for _ in range(12):
        host.play_bot()
    state = host.state
    with pytest.raises(ValueError, match="count must be a whole number from 0 to 12"):
        host.rewind(count)  # type: ignore[arg-type]
    assert host.state == state and len(host.actions) == 12


def test_last_decision_finds_the_seats_last_action() -> None:
    """The index an undo goes back to: the seat's last action, whoever acted after it."""
    from modern_art.agents.host import last_decision

    actions: list[ma.Action] = [ma.Pass(0), ma.Bid(1, 3), ma.Pass(0), ma.Pass(2)]
    assert [last_decision(actions, s) for s in range(4)] == [2, 1, 3, None]
