"""Game records: one call to make, replay checks every action and the stated result."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given

import modern_art as ma
from modern_art.testing import PlayedGame, games, rules_variants


def _finished(
    seed: int = 11, players: int = 3
) -> tuple[ma.GameState, list[ma.Action], ma.GameState]:
    start = state = ma.new_game(players, seed=seed)
    actions: list[ma.Action] = []
    while not state.is_over:
        # The first legal action: low bids, first card; a short, deterministic game.
        action = ma.legal_actions(state)[0]
        actions.append(action)
        state = ma.apply(state, action).state
    return start, actions, state


@given(games(rules_variants(), complete=True, max_drawn=10))
def test_R8_2_a_finished_game_records_its_money_and_winners(game: PlayedGame) -> None:
    """The record states the final money and the winners, and replay reaches the final state."""
    record = ma.record(game.start, game.actions)
    assert record.money == tuple(p.money for p in game.final.players)
    assert record.winners == ma.winners(game.final)
    assert record.deck is not None and record.seed is None
    assert ma.replay(record) == game.final


@given(games(rules_variants(), max_drawn=30))
def test_a_game_in_progress_records_no_result(game: PlayedGame) -> None:
    """A record of a game not yet over states no result, and replays to where it stopped."""
    record = ma.record(game.start, game.actions, seed=game.seed)
    assert record.is_finished == game.final.is_over
    assert ma.replay(record) == game.final
    assert record.start() == game.start


def test_a_seeded_record_stores_the_seed_not_the_deck() -> None:
    """With its seed, a record is small: the seed, not 70 cards."""
    start, actions, _ = _finished()
    seeded = ma.record(start, actions, seed=11)
    stacked = ma.record(start, actions)
    assert seeded.seed == 11 and seeded.deck is None
    assert stacked.deck is not None and len(stacked.deck) == 70
    assert len(ma.to_json(seeded)) < len(ma.to_json(stacked))
    assert ma.replay(seeded) == ma.replay(stacked)


def test_a_stacked_game_records_its_deck() -> None:
    """A game dealt from a stacked deck records that deck, first auctioneer and names."""
    deck = tuple(reversed(ma.Rules().deck))
    start = ma.new_game(["Ann", "Bo", "Cy", "Di"], deck=deck, first_auctioneer=2)
    record = ma.record(start, [])
    assert record.deck == deck
    assert record.players == ("Ann", "Bo", "Cy", "Di")
    assert record.first_auctioneer == 2
    assert ma.replay(record) == start


def test_record_refuses_a_wrong_seed() -> None:
    """A seed that does not make the start state is refused."""
    start, actions, _ = _finished()
    with pytest.raises(ValueError, match="seed 12 does not make this start state"):
        ma.record(start, actions, seed=12)


def test_record_refuses_a_state_that_is_not_a_start() -> None:
    """Only a state before any action can begin a record."""
    start, actions, _ = _finished()
    later = ma.apply(start, actions[0]).state
    with pytest.raises(ValueError, match="before any action"):
        ma.record(later, actions[1:])
    rich = attrs.evolve(
        start, players=(attrs.evolve(start.players[0], money=500), *start.players[1:])
    )
    with pytest.raises(ValueError, match="not a state new_game makes"):
        ma.record(rich, actions)


def test_record_refuses_an_illegal_action() -> None:
    """An illegal action raises IllegalAction, as apply does."""
    start, actions, _ = _finished()
    with pytest.raises(ma.IllegalAction):
        ma.record(start, [actions[0], actions[0]])


def test_replay_names_the_illegal_action() -> None:
    """A tampered action is refused with its index and the rule it breaks."""
    start, actions, _ = _finished()
    record = ma.record(start, actions)
    bad = attrs.evolve(record, actions=(*actions[:3], ma.Bid(1, 10_000), *actions[4:]))
    with pytest.raises(
        ma.ReplayError, match=r"action 3, Bid\(seat=1, amount=10000\), is illegal"
    ) as info:
        ma.replay(bad)
    assert info.value.index == 3
    assert isinstance(info.value.__cause__, ma.IllegalAction)


def test_replay_checks_the_stated_money_and_winners() -> None:
    """A record whose money or winners differ from the replayed game is refused."""
    start, actions, final = _finished()
    record = ma.record(start, actions)
    assert record.money is not None
    money = (record.money[0] + 1, *record.money[1:])
    with pytest.raises(ma.ReplayError, match="but the game ends with money"):
        ma.replay(attrs.evolve(record, money=money))
    with pytest.raises(ma.ReplayError, match="winners"):
        ma.replay(attrs.evolve(record, winners=(9,)))
    assert ma.replay(record) == final


def test_replay_checks_whether_the_game_is_over() -> None:
    """Claiming a result for a game in progress, or none for a finished one, is refused."""
    start, actions, _ = _finished()
    record = ma.record(start, actions)
    with pytest.raises(ma.ReplayError, match="still in progress after"):
        ma.replay(attrs.evolve(record, actions=record.actions[:-1]))
    with pytest.raises(ma.ReplayError, match="states no result, but its actions end the game"):
        ma.replay(attrs.evolve(record, money=None, winners=None))


def test_replay_refuses_an_invalid_setup() -> None:
    """A setup new_game refuses (too few players, a deck with a card missing) is a ReplayError."""
    start, actions, _ = _finished()
    record = ma.record(start, actions)
    with pytest.raises(
        ma.ReplayError, match="setup is invalid: players: the game takes 3 to 5 players"
    ):
        ma.replay(attrs.evolve(record, players=("Ann", "Bo")))
    assert record.deck is not None
    with pytest.raises(ma.ReplayError, match="stacked deck must hold every card"):
        ma.replay(attrs.evolve(record, deck=record.deck[:-1]))


def test_a_record_has_a_seed_or_a_deck_and_a_whole_result() -> None:
    """GameRecord refuses both or neither of seed and deck, and half a result."""
    start, actions, _ = _finished()
    record = ma.record(start, actions, seed=11)
    with pytest.raises(ValueError, match="exactly one"):
        attrs.evolve(record, seed=None)
    with pytest.raises(ValueError, match="both money and winners"):
        attrs.evolve(record, winners=None)


def test_a_tampered_record_document_is_refused_by_replay() -> None:
    """A record read from JSON with a changed bid is well-formed but does not replay."""
    start, actions, _ = _finished()
    doc = json.loads(ma.to_json(ma.record(start, actions, seed=11)))
    index = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "Bid")
    doc["actions"][index]["amount"] = 1_000_000
    record = ma.from_json(json.dumps(doc), "record")
    with pytest.raises(ma.ReplayError, match=f"action {index}"):
        ma.replay(record)


def test_record_documents_refuse_an_inconsistent_result() -> None:
    """A record document with money but no winners is refused as a document."""
    start, actions, _ = _finished()
    doc = json.loads(ma.to_json(ma.record(start, actions, seed=11)))
    doc["winners"] = None
    with pytest.raises(ma.SerializationError, match="both money and winners"):
        ma.from_json(json.dumps(doc), "record")


@pytest.mark.parametrize("seed", ["7", 7.0, True, False, b"7", [7], 7 + 0j])
def test_replay_raises_only_replay_error_for_a_seed_that_is_not_an_int(seed: object) -> None:
    """A hand-built record with a str, float or bool seed is a ReplayError, not a TypeError."""
    start, actions, _ = _finished()
    record = ma.record(start, actions, seed=11)
    with pytest.raises(ma.ReplayError, match="setup is invalid: seed must be an int or None"):
        ma.replay(attrs.evolve(record, seed=seed))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"rules": "cmon"},
        {"players": ("Ann", 1, "Cy")},
        {"first_auctioneer": "0"},
        {"first_auctioneer": None},
        {"seed": None, "deck": (None,) * 70},
        {"seed": None, "deck": ([1],) * 70},
        {"actions": (None, "bid 5", ma.Bid(0, "5"))},  # type: ignore[arg-type]
        {"actions": (ma.PlayCard(0, ["not", "a", "card"]),)},  # type: ignore[arg-type]
    ],
)
def test_replay_raises_only_replay_error_whatever_a_record_holds(
    change: dict[str, object],
) -> None:
    """Fields of the wrong type in a hand-built record give a ReplayError, never a TypeError."""
    start, actions, _ = _finished()
    record = ma.record(start, actions, seed=11)
    with pytest.raises(ma.ReplayError):
        ma.replay(attrs.evolve(record, **change))  # type: ignore[arg-type]


def test_replay_refuses_what_is_not_a_record() -> None:
    """Anything but a GameRecord is a ReplayError naming what arrived."""
    with pytest.raises(ma.ReplayError, match="expected a GameRecord, got a dict"):
        ma.replay({"seed": 1})  # type: ignore[arg-type]
