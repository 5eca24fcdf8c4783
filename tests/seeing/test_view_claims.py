"""position_problems holds a view to what it claims: winners, who is to act, money (R2-R8).

A view read from JSON carries its own ``to_act`` and ``winners``; they must be
what its phase and its money say, or ``from_json`` refuses it. Round 1's
money is held against the museums: only a buyer pays, and only a sale to
another seat pays (R1.2, R3.3).
"""

from __future__ import annotations

import attrs
import pytest

import modern_art as ma


def _refused(bad: ma.PlayerView | ma.GameState, says: str) -> None:
    problems = ma.position_problems(bad)
    assert any(says in problem for problem in problems), problems
    with pytest.raises(ma.SerializationError, match="cannot arise"):
        if isinstance(bad, ma.PlayerView):
            ma.from_json(ma.to_json(bad), "view")
        else:
            ma.from_json(ma.to_json(bad), "state")


def _with_money(state: ma.GameState, money: tuple[int, ...]) -> ma.GameState:
    players = zip(state.players, money, strict=True)
    return attrs.evolve(state, players=tuple(attrs.evolve(p, money=m) for p, m in players))


def _finished() -> ma.GameState:
    return ma.playout(ma.new_game(3, seed=4), seed=4)


def test_R8_2_a_view_naming_winners_before_the_game_is_over_is_refused() -> None:
    seen = ma.view(ma.new_game(3, seed=1), 0)
    _refused(attrs.evolve(seen, winners=(1,)), "names winners [1] before the game is over")


def test_R8_2_a_finished_games_view_must_name_exactly_the_richest() -> None:
    end = _finished()
    seen = ma.view(end, None)
    assert ma.position_problems(seen) == ()
    others = tuple(s for s in range(3) if s not in seen.winners)
    _refused(attrs.evolve(seen, winners=others[:1]), "but the most money")
    _refused(attrs.evolve(seen, winners=()), "but the most money")


@pytest.mark.parametrize("seat", [0, None])
def test_R2_1_an_offering_view_in_which_another_seat_is_to_act_is_refused(
    seat: int | None,
) -> None:
    seen = ma.view(ma.new_game(3, seed=1), seat)
    assert seen.to_act == {0}
    _refused(attrs.evolve(seen, to_act=frozenset({2})), "its phase asks seats [0]")
    _refused(attrs.evolve(seen, to_act=frozenset()), "its phase asks seats [0]")


def test_R4_3_a_hidden_auctions_view_is_to_act_for_every_unsealed_seat() -> None:
    state = ma.setup(3, hands=[["melim/h", ...], [...], [...]])
    state = ma.apply(state, ma.parse_action("0 play melim/h", state)).state
    state = ma.apply(state, ma.Bid(1, 3)).state
    seen = ma.view(state, 2)
    assert seen.to_act == {0, 2} and ma.position_problems(seen) == ()
    _refused(attrs.evolve(seen, to_act=frozenset({0, 1, 2})), "its phase asks seats [0, 2]")


def test_R3_3_in_round_1_a_seat_richer_than_its_start_needs_another_seats_purchase() -> None:
    """Paintings bought by seat 0 only: nobody else paid, so nobody can have more than 100."""
    state = ma.setup(3, hands=[[...]] * 3, museums=[["melim/o"], [], []], money=[90, 110, 100])
    # Seat 0 bought from seat 1: possible. Seat 1 bought nothing, seat 0 paid: consistent.
    assert ma.position_problems(state) == ()
    richer = _with_money(state, (90, 100, 110))
    assert ma.position_problems(richer) == ()
    bad = _with_money(state, (110, 90, 100))
    _refused(bad, "seat 0 has 110, more than its starting 100, but no other seat has bought")
    _refused(bad, "seat 1 has 90, less than its starting 100, but its museum is empty")


def test_R3_3_a_view_is_held_to_round_1s_money_as_a_state_is() -> None:
    state = ma.setup(3, hands=[[...]] * 3, museums=[["melim/o"], [], []])
    odd = attrs.evolve(
        state, players=(attrs.evolve(state.players[0], money=120), *state.players[1:])
    )
    _refused(ma.view(odd, 0), "seat 0 has 120, more than its starting 100")
