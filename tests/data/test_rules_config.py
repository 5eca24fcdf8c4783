"""Rules: validation of every field, the presets, and the DealSchedule mapping."""

from __future__ import annotations

import copy
import pickle

import pytest

import modern_art as ma


def test_R1_4_deal_schedule_survives_copy_deepcopy_and_pickle() -> None:
    """A DealSchedule (and so Rules and GameState) can be copied, deep-copied and pickled."""
    schedule = ma.DealSchedule({3: (10, 6, 6, 0), 4: (9, 4, 4, 0)})
    for clone in (
        copy.copy(schedule),
        copy.deepcopy(schedule),
        pickle.loads(pickle.dumps(schedule)),
    ):
        assert clone == schedule and hash(clone) == hash(schedule)
        assert clone[3] == (10, 6, 6, 0)
    state = ma.new_game(4, seed=5)
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state


def test_R6_4_value_tiles_not_a_sequence_is_refused_naming_the_field() -> None:
    """``value_tiles=30`` is refused with a ValueError naming 'value_tiles', not a TypeError."""
    with pytest.raises(ValueError, match="'value_tiles' must be a sequence of tile values"):
        ma.Rules(value_tiles=30)


CMON_DEALS = {3: (10, 6, 6, 0), 4: (9, 4, 4, 0), 5: (8, 3, 3, 0)}


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"min_players": 0}, "'min_players'"),
        ({"min_players": 1}, "'min_players'"),
        ({"min_players": True}, "'min_players'"),
        ({"min_players": 5, "max_players": 4}, "'min_players'"),
        ({"max_players": 0}, "'max_players'"),
        ({"max_players": 2.5}, "'max_players'"),
        ({"starting_money": -1}, "'starting_money'"),
        ({"starting_money": 1.5}, "'starting_money'"),
        ({"starting_money": None}, "'starting_money'"),
        ({"value_tiles": (30, 30, 10)}, "'value_tiles'"),
        ({"value_tiles": (10, 20, 30)}, "'value_tiles'"),
        ({"value_tiles": (30, 20, -10)}, "'value_tiles'"),
        ({"value_tiles": (30, 20, 0)}, "'value_tiles'"),
        ({"value_tiles": ()}, "'value_tiles'"),
        ({"value_tiles": ("30",)}, "'value_tiles'"),
        ({"value_tiles": (60, 50, 40, 30, 20, 10)}, "'value_tiles'"),
        ({"rounds": 0}, "'rounds'"),
        ({"rounds": 3}, "'rounds'"),
        ({"deal_schedule": 5}, "'deal_schedule'"),
        ({"deal_schedule": {3: 5, 4: 5, 5: 5}}, "'deal_schedule'"),
        ({"deal_schedule": {3: (10, 6, 6, 0), 4: (9, 4, 4, 0)}}, "'deal_schedule'"),
        ({"deal_schedule": {**CMON_DEALS, 5: (8, 3, 3)}}, "'deal_schedule'"),
        ({"deal_schedule": {**CMON_DEALS, 5: (8, 3, -3, 0)}}, "'deal_schedule'"),
        ({"deal_schedule": {**CMON_DEALS, 5: (0, 3, 3, 0)}}, "'deal_schedule'"),
        ({"deal_schedule": {**CMON_DEALS, 5: (8, 3, 2.5, 0)}}, "'deal_schedule'"),
        ({"deal_schedule": {**CMON_DEALS, 5: (8, 3, 3, 1)}}, "'deal_schedule'"),
        ({"deal_schedule": {**CMON_DEALS, 3: (20, 4, 0, 0)}}, "'deal_schedule'"),
        ({"max_players": 6}, "'deal_schedule'"),
        ({"max_players": 4}, "'deal_schedule' has an entry for 5 players"),
        ({"min_players": 4}, "'deal_schedule' has an entry for 3 players"),
        ({"deal_schedule": {**CMON_DEALS, 6: (5, 2, 2, 0)}}, "entry for 6 players"),
        ({"deal_schedule": {**CMON_DEALS, 2: (5, 2, 2, 0)}}, "entry for 2 players"),
        ({"deal_schedule": [(3, (10, 6, 6, 0)), (3, (9, 4, 4, 0))]}, "player count twice"),
        ({"hidden_tie": "auctioneer_first"}, "'hidden_tie'"),
        ({"double_payment": None}, "'double_payment'"),
        ({"open_money": 1}, "'open_money'"),
        ({"open_money": "yes"}, "'open_money'"),
        ({"edition": "cmon"}, "'edition'"),
    ],
)
def test_rules_that_cannot_work_are_refused_naming_the_field(
    fields: dict[str, object], named: str
) -> None:
    """A Rules that cannot work raises ValueError when made, naming the field at fault."""
    with pytest.raises(ValueError, match=named):
        ma.Rules(**fields)  # type: ignore[arg-type]


def test_R1_4_deal_schedule_too_big_for_the_deck_says_how_many() -> None:
    """A schedule that needs 75 cards from a 70-card deck says both numbers."""
    with pytest.raises(ValueError, match="needs 75 cards but the deck has 70"):
        ma.Rules(deal_schedule={**CMON_DEALS, 5: (8, 3, 3, 1)})


def test_R1_4_deal_schedule_exactly_the_deck_is_allowed() -> None:
    """CMON's five-player schedule uses all 70 cards (5 x 14) and is allowed."""
    rules = ma.Rules()
    assert 5 * sum(rules.deals(5)) == len(rules.deck) == 70


def test_rules_defaults_are_cmon() -> None:
    """``Rules()`` is the CMON game: 3-5 players, 100 money, 30/20/10, 4 rounds."""
    rules = ma.Rules()
    assert (rules.min_players, rules.max_players) == (3, 5)
    assert rules.starting_money == 100 and rules.value_tiles == (30, 20, 10)
    assert rules.rounds == 4 and rules.edition is ma.CMON
    assert rules.hidden_tie is ma.HiddenTie.AUCTIONEER_FIRST
    assert rules.double_payment is ma.DoublePayment.SUPPLIER_TAKES_ALL
    assert rules.open_money is False
    assert rules.deal_schedule == CMON_DEALS


def test_presets_cmon_and_original() -> None:
    """``preset("cmon")`` is ``Rules()``; ``preset("original")`` swaps only the edition."""
    assert ma.preset("cmon") == ma.Rules()
    original = ma.preset("original")
    assert original.edition is ma.ORIGINAL
    assert original == ma.Rules(edition=ma.ORIGINAL)
    assert set(ma.presets()) == {"cmon", "original"}
    with pytest.raises(ValueError, match="'nope'"):
        ma.preset("nope")


def test_presets_returns_a_fresh_dict() -> None:
    """Changing the dict ``presets()`` returns does not change the presets."""
    table = ma.presets()
    table.clear()
    assert set(ma.presets()) == {"cmon", "original"}


def test_rules_are_values() -> None:
    """Rules are equal by value, hashable and their repr names the class."""
    assert ma.Rules(starting_money=50) == ma.Rules(starting_money=50)
    assert hash(ma.Rules()) == hash(ma.Rules())
    assert ma.Rules(starting_money=50) != ma.Rules()
    assert repr(ma.Rules()).startswith("Rules(")


def test_deal_schedule_is_an_immutable_hashable_mapping() -> None:
    """DealSchedule reads like a dict, compares with dicts, and cannot be changed."""
    schedule = ma.DealSchedule({4: [9, 4, 4, 0], 3: (10, 6, 6, 0)})
    assert list(schedule) == [3, 4] and len(schedule) == 2
    assert schedule[4] == (9, 4, 4, 0)
    assert schedule == {3: (10, 6, 6, 0), 4: (9, 4, 4, 0)}
    assert schedule == ma.DealSchedule(schedule)
    assert hash(schedule) == hash(ma.DealSchedule(dict(schedule)))
    assert eval(repr(schedule), {"DealSchedule": ma.DealSchedule}) == schedule
    with pytest.raises(KeyError):
        schedule[5]
    with pytest.raises(AttributeError):
        schedule._items = ()
    with pytest.raises(TypeError):
        schedule[3] = (1, 1, 1, 1)  # type: ignore[index]


def test_editions_are_validated() -> None:
    """An edition with repeated artists or the wrong number of symbol rows is refused."""
    with pytest.raises(ValueError, match="'artists'"):
        ma.Edition("x", ("A", "A"), ((1, 1, 1, 1, 1),) * 2)
    with pytest.raises(ValueError, match="'symbols'"):
        ma.Edition("x", ("A", "B"), ((1, 1, 1, 1, 1),))
    with pytest.raises(ValueError, match="'symbols'"):
        ma.Edition("x", ("A",), ((1, 1, 1, 1),))


@pytest.mark.parametrize("rounds", [True, 1.0, "4", 0, -1])
def test_R8_1_rounds_must_be_a_positive_integer(rounds: object) -> None:
    """``rounds`` that is not a positive int is refused by its own check, not a later one."""
    schedule = {n: (1,) * 4 for n in (3, 4, 5)}
    with pytest.raises(ValueError, match="'rounds' must be a positive integer"):
        ma.Rules(rounds=rounds, deal_schedule=schedule)  # type: ignore[arg-type]


def test_R8_1_zero_rounds_with_empty_schedules_is_a_value_error() -> None:
    """``rounds=0`` with empty deal schedules is refused with ValueError, never IndexError."""
    with pytest.raises(ValueError, match="'rounds' must be a positive integer"):
        ma.Rules(rounds=0, deal_schedule={n: () for n in (3, 4, 5)})


def test_R8_1_one_round_is_allowed() -> None:
    """The smallest positive number of rounds, 1, makes a game that ends after one round."""
    rules = ma.Rules(rounds=1, deal_schedule={n: (5,) for n in (3, 4, 5)})
    state = ma.new_game(3, seed=2, rules=rules)
    while not state.is_over:
        state = ma.apply(state, ma.legal_actions(state)[-1]).state
    assert state.round == 1


def test_R1_3_edition_symbol_counts_are_non_negative_integers() -> None:
    """A symbol count of 0 is allowed; -1, 1.5 and True are refused naming 'symbols'."""
    row = (3, 3, 2, 2, 0)
    assert len(ma.Edition("x", ("A",), (row,)).deck) == 10
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="'symbols'"):
            ma.Edition("x", ("A",), ((3, 3, 2, 2, bad),))  # type: ignore[arg-type]


def test_deal_schedule_equals_only_mappings() -> None:
    """A DealSchedule compared with a non-mapping is simply unequal: ``== 5`` is False."""
    schedule = ma.DealSchedule({3: (10, 6, 6, 0)})
    assert (schedule == 5) is False
    assert (schedule != 5) is True
    assert schedule.__eq__(5) is NotImplemented
    assert schedule == {3: (10, 6, 6, 0)}
    assert schedule != {3: (10, 6, 6, 1)}


def test_R1_4_deal_schedule_names_only_player_counts_the_rules_allow() -> None:
    """(decision) A schedule entry outside min_players..max_players is refused with Rules."""
    with pytest.raises(ValueError, match="entry for 6 players, outside 'min_players' to"):
        ma.Rules(deal_schedule={**CMON_DEALS, 6: (5, 2, 2, 0)})
    narrowed = ma.Rules(min_players=4, max_players=4, deal_schedule={4: CMON_DEALS[4]})
    assert list(narrowed.deal_schedule) == [4]


def test_deal_schedule_copied_into_rules_shares_its_items() -> None:
    """Rules' converter copies a DealSchedule without rebuilding it entry by entry."""
    big = ma.DealSchedule({n: (1,) for n in range(3, 2003)})
    copied = ma.DealSchedule(big)
    assert copied == big and copied._items is big._items and copied[2002] == (1,)


def test_R6_4_a_value_tile_of_one_is_positive_and_accepted() -> None:
    """The smallest positive tile, 1, is a tile like any other: ``(3, 2, 1)`` is accepted."""
    assert ma.Rules(value_tiles=(3, 2, 1)).value_tiles == (3, 2, 1)
    assert ma.Rules(value_tiles=[1]).value_tiles == (1,)
