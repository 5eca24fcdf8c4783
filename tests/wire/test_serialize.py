"""JSON documents: round trips on generated games, deterministic bytes, clear refusals."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from modern_art.testing import PlayedGame, games, rules_variants
from tests.helpers.hidden_info import history_twin, played, seats, state_twin

KINDS = ("rules", "action", "event", "events", "state", "step", "record", "view")


def _doc(**fields: Any) -> str:
    return json.dumps({"format": ma.FORMAT, **fields})


def _card(card: ma.Card) -> dict[str, Any]:
    return {"id": card.id, "artist": card.artist, "auction": card.auction.value}


def _refused(text: str | bytes, kind: Any = "action", **kwargs: Any) -> ma.SerializationError:
    with pytest.raises(ma.SerializationError) as info:
        ma.from_json(text, kind, **kwargs)
    return info.value


def _same(kind: Any, obj: object, rules: ma.Rules | None = None) -> None:
    text = ma.to_json(obj)
    back = ma.from_json(text, kind, rules=rules)
    assert back == obj
    assert ma.to_json(back) == text


# Round trips


@given(rules_variants())
def test_rules_round_trip(game_rules: ma.Rules) -> None:
    """Rules of every variant and edition come back equal."""
    _same("rules", game_rules)


@given(games(rules_variants(), max_drawn=40))
def test_every_object_of_a_game_round_trips(game: PlayedGame) -> None:
    """Every action, event, event stream, state and step of a generated game comes back equal."""
    rules = game.start.rules
    _same("state", game.start)
    for action, step in zip(game.actions, game.steps, strict=True):
        _same("action", action, rules)
        _same("events", step.events, rules)
        for event in step.events:
            _same("event", event, rules)
    if game.steps:
        _same("step", game.steps[-1])
        _same("state", game.final)
        _same("state", game.steps[len(game.steps) // 2].state)
    for seat in (*range(game.final.num_players), None):
        _same("view", ma.view(game.final, seat))
        last = game.steps[-1].events if game.steps else ()
        _same("events", ma.visible_events(last, seat), rules)


@given(st.data())
def test_R7_2_hidden_facts_change_no_byte_of_a_seats_json(data: st.DataObject) -> None:
    """Twins differing only in what a seat cannot see give it byte-identical view and events."""
    game = data.draw(played(200), label="game")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="twin"))
    state = data.draw(st.sampled_from(game.states), label="state")
    for seat in seats(game.players):
        twin = state_twin(state, seat, rng)
        assert ma.to_json(ma.view(twin, seat)) == ma.to_json(ma.view(state, seat))
        history = history_twin(game, seat, rng)
        for ours, theirs in zip(game.events, history.events, strict=True):
            assert ma.to_json(ma.visible_events(ours, seat)) == ma.to_json(
                ma.visible_events(theirs, seat)
            )


@given(st.data())
def test_R7_2_screened_money_is_in_no_other_seats_json(data: st.DataObject) -> None:
    """While the game runs, screened money is null in every other seat's view JSON."""
    game = data.draw(played(200), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    marked = 7919  # a sum no other field of these documents holds
    owner = data.draw(st.integers(0, game.players - 1), label="owner")
    players = list(state.players)
    players[owner] = attrs.evolve(players[owner], money=marked)
    state = attrs.evolve(state, players=tuple(players))
    screened = not state.rules.open_money and not state.is_over
    for seat in seats(game.players):
        doc = ma.to_json(ma.view(state, seat))
        assert (str(marked) in doc) == (seat == owner or not screened)
        money = json.loads(doc)["players"][owner]["money"]
        assert money == (marked if seat == owner or not screened else None)


@given(games(rules_variants(), complete=True, max_drawn=10))
def test_records_of_finished_games_round_trip(game: PlayedGame) -> None:
    """A finished game's record, seeded or stacked, comes back equal and still replays."""
    for record in (
        ma.record(game.start, game.actions),
        ma.record(game.start, game.actions, seed=game.seed),
    ):
        assert record.is_finished
        _same("record", record)
        assert ma.replay(ma.from_json(ma.to_json(record), "record")) == game.final


@given(games(rules_variants(), max_drawn=20))
def test_records_of_unfinished_games_round_trip(game: PlayedGame) -> None:
    """A record of a game in progress comes back equal."""
    _same("record", ma.record(game.start, game.actions, seed=game.seed))


# Deterministic bytes


@given(games(rules_variants(), max_drawn=30))
def test_equal_objects_give_identical_json(game: PlayedGame) -> None:
    """A state rebuilt from equal parts, not the same objects, writes the same bytes."""
    state = game.final
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy is not state
    assert ma.to_json(copy) == ma.to_json(state)
    for step in game.steps:
        assert ma.to_json(pickle.loads(pickle.dumps(step))) == ma.to_json(step)


def test_open_auction_passes_are_sorted() -> None:
    """A frozenset of seats is written as a sorted list, whatever the insertion order."""
    card = ma.Rules().deck[0]
    one = ma.OpenAuction(0, (card,), None, 5, 1, frozenset([3, 0, 2]))
    two = ma.OpenAuction(0, (card,), None, 5, 1, frozenset([2, 3, 0]))
    state = ma.new_game(4, seed=1)
    texts = {ma.to_json(attrs.evolve(state, phase=phase)) for phase in (one, two)}
    assert len(texts) == 1
    assert '"passed":[0,2,3]' in texts.pop()


def test_documents_are_compact_sorted_ascii() -> None:
    """The exact bytes of a small document: sorted keys, no spaces, names escaped to ASCII."""
    assert (
        ma.to_json(ma.Bid(1, 30)) == '{"amount":30,"format":"modern-art/1","seat":1,"type":"Bid"}'
    )
    state = ma.new_game(["Zoë", "Ann", "Bo"], seed=1)
    text = ma.to_json(state)
    assert text.isascii() and "Zo\\u00eb" in text
    assert ma.from_json(text, "state") == state


def test_a_card_is_its_id_artist_and_auction() -> None:
    """Cards are written as objects a front-end can draw without a lookup table."""
    card = ma.Rules().deck[12]
    doc = json.loads(ma.to_json(ma.PlayCard(0, card)))
    assert doc["card"] == {"artist": "Sigrid Thaler", "auction": "open", "id": 12}


def test_a_deal_schedule_is_an_object_of_player_counts() -> None:
    """A deal schedule is written as an object keyed by the player count."""
    doc = json.loads(ma.to_json(ma.Rules()))
    assert doc["deal_schedule"] == {"3": [10, 6, 6, 0], "4": [9, 4, 4, 0], "5": [8, 3, 3, 0]}
    assert doc["hidden_tie"] == "auctioneer_first"


def test_bytes_and_str_read_the_same() -> None:
    """UTF-8 bytes are read like the text they encode."""
    text = ma.to_json(ma.new_game(["Zoë", "Ann", "Bo"], seed=2))
    assert ma.from_json(text.encode(), "state") == ma.from_json(text, "state")


# Refusals: one exception, with a message that says where and what


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "$: expected a document (an object), got an array"),
        ('"Bid"', '$: expected a document (an object), got "Bid"'),
        (
            json.dumps({"type": "Pass", "seat": 0}),
            '$: expected "format": "modern-art/1", got none',
        ),
        (_doc(type="Pass", seat=0).replace("/1", "/2"), 'got "modern-art/2"'),
        (_doc(seat=0), "expected a type among Accept, Bid, Pass, PlayCard, SetPrice, got no type"),
        (_doc(type="Resign", seat=0), 'got type "Resign"'),
        (_doc(type=["Pass"], seat=0), "got type an array"),
        (_doc(type="GameState", seat=0), 'got type "GameState"'),
        (_doc(type="Bid", seat=0), "$.amount: missing field"),
        (_doc(type="Bid", seat=0, amount=5, note="hi"), '$: unexpected fields "note"'),
        (_doc(type="Bid", seat=True, amount=5), "$.seat: expected an integer, got true"),
        (_doc(type="Bid", seat=0, amount="5"), '$.amount: expected an integer, got "5"'),
        (_doc(type="Bid", seat=0, amount=5.0), "$.amount: expected an integer, got 5.0"),
        (_doc(type="Bid", seat=0, amount=None), "$.amount: expected an integer, got null"),
        (_doc(type="SetPrice", seat=0, price=[1]), "$.price: expected an integer, got an array"),
        (_doc(type="Pass", seat=0) + " ", None),
        ('{"format": "modern-art/1", "type": "Pass", "seat": 0, "seat": 1}', 'key "seat" appears'),
        (_doc(type="Bid", seat=0, amount=float("nan")), "NaN is not JSON"),
        (_doc(type="Bid", seat=0, amount=10**30), "integers have at most 18 digits"),
        ("[" * 100_000 + "]" * 100_000, "nested deeper than 16 levels"),
        ('{"a":' * 50_000, "nested deeper than 16 levels"),
    ],
)
def test_malformed_actions_are_refused_clearly(text: str, message: str | None) -> None:
    """Each malformed action raises SerializationError saying what is wrong and where."""
    if message is None:  # trailing whitespace is still JSON
        assert ma.from_json(text, "action") == ma.Pass(0)
        return
    error = _refused(text)
    assert message in str(error)
    assert str(error).startswith("invalid action document")


def test_several_faults_are_all_listed() -> None:
    """Every fault is in ``errors``, each with its path."""
    error = _refused(_doc(type="Bid", seat="0", amount=True))
    assert error.errors == (
        '$.seat: expected an integer, got "0"',
        "$.amount: expected an integer, got true",
    )


def test_the_error_is_a_picklable_value_error() -> None:
    """SerializationError is a ValueError that survives pickling with its errors."""
    error = _refused(_doc(type="Bid", seat=0))
    assert isinstance(error, ValueError)
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == str(error) and copy.errors == error.errors


@pytest.mark.parametrize(
    "card",
    [
        {"id": 70, "artist": "Manuel Carvalho", "auction": "open"},
        {"id": 0, "artist": "Manuel Carvalho", "auction": "double"},
        {"id": 0, "artist": "Lite Metal", "auction": "open"},
        {"id": -1, "artist": "Manuel Carvalho", "auction": "open"},
    ],
)
def test_R1_3_unknown_cards_are_refused(card: dict[str, Any]) -> None:
    """A card is read only if it is exactly the deck's card of that id (R1.3)."""
    error = _refused(_doc(type="PlayCard", seat=0, card=card))
    assert "$.card: unknown card" in str(error)


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (12, "$.card: expected a card (an object), got 12"),
        ({"id": 12}, 'a card has exactly the fields artist, auction and id, got "id"'),
        ({"id": "12", "artist": "Sigrid Thaler", "auction": "open"}, 'got "12"'),
        (
            {"id": 12, "artist": "Sigrid Thaler", "auction": "open", "x": 1},
            'got "artist", "auction", "id", "x"',
        ),
    ],
)
def test_malformed_cards_are_refused(card: object, message: str) -> None:
    """A card that is not an object of exactly id, artist and auction is refused."""
    assert message in str(_refused(_doc(type="PlayCard", seat=0, card=card)))


MINI = ma.Edition("mini", ("Ada", "Bea", "Cyd"), ((2, 2, 2, 2, 2),) * 3)
"""A small custom edition: 3 artists, 30 cards."""


def test_cards_of_other_editions_need_their_rules() -> None:
    """An action with an original-edition card is read against the rules passed in."""
    original = ma.preset("original")
    action = ma.PlayCard(2, original.deck[5])
    text = ma.to_json(action)
    assert "unknown card" in str(_refused(text))
    assert ma.from_json(text, "action", rules=original) == action
    mini = ma.Rules(
        edition=MINI,
        value_tiles=(3, 2, 1),
        deal_schedule={3: (3, 1, 1, 0), 4: (3, 1, 1, 0), 5: (2, 1, 1, 0)},
    )
    assert "unknown card" in str(_refused(text, rules=mini))


def test_a_state_is_read_against_its_own_rules() -> None:
    """A state's cards are checked against its own rules, which must match any rules passed."""
    state = ma.new_game(3, seed=4, rules=ma.preset("original"))
    text = ma.to_json(state)
    assert ma.from_json(text, "state") == state
    assert ma.from_json(text, "state", rules=ma.preset("original")) == state
    assert "differ from the rules given" in str(_refused(text, "state", rules=ma.Rules()))
    doc = json.loads(text)
    doc["players"][1]["hand"][0] = _card(ma.Rules().deck[0])
    error = _refused(json.dumps(doc), "state")
    assert "$.players[1].hand[0]: unknown card" in str(error)


def test_invalid_rules_are_refused_with_the_reason() -> None:
    """Rules that Rules() refuses are refused with its reason, not a bare ValueError."""
    doc = json.loads(ma.to_json(ma.Rules()))
    doc["value_tiles"] = [10, 20]
    error = _refused(json.dumps(doc), "rules")
    assert "'value_tiles' must be positive and strictly descending" in str(error)
    doc["value_tiles"] = [30]
    doc["deal_schedule"] = {"three": [1, 1, 1, 1]}
    assert "$.deal_schedule: a deal schedule's keys are player counts" in str(
        _refused(json.dumps(doc), "rules")
    )


def test_huge_editions_are_refused_before_building_the_deck() -> None:
    """An edition of a billion cards is refused at once, not built."""
    doc = json.loads(ma.to_json(ma.Rules()))
    doc["edition"]["symbols"][0][0] = 10**9
    assert "at most 1000 cards" in str(_refused(json.dumps(doc), "rules"))


def test_a_broken_state_reports_paths() -> None:
    """Faults deep in a state are reported with the path to them."""
    doc = json.loads(ma.to_json(ma.new_game(3, seed=4)))
    doc["players"][2]["money"] = "lots"
    doc["phase"] = {"type": "Offering"}
    error = _refused(json.dumps(doc), "state")
    assert error.errors == (
        '$.players[2].money: expected an integer, got "lots"',
        "$.phase.auctioneer: missing field",
    )


def test_size_limit() -> None:
    """Documents over max_bytes are refused before parsing; the limit can be changed."""
    text = ma.to_json(ma.new_game(3, seed=4))
    assert "larger than the limit of 100 bytes" in str(_refused(text, "state", max_bytes=100))
    assert "larger than the limit" in str(_refused(" " * (ma.MAX_JSON_BYTES + 1)))
    assert "larger than the limit" in str(_refused(b" " * (ma.MAX_JSON_BYTES + 1)))
    # Multi-byte characters count as their UTF-8 bytes.
    assert "larger than the limit" in str(_refused("é" * (ma.MAX_JSON_BYTES // 2 + 1)))
    assert ma.from_json(text, "state", max_bytes=len(text)) == ma.new_game(3, seed=4)


def test_not_text_is_refused() -> None:
    """Input that is not text, or not UTF-8, is refused with the same exception."""
    assert "expected JSON text, got a int" in str(_refused(42))  # type: ignore[arg-type]
    assert "not UTF-8" in str(_refused(b"\xff\xfe"))


def test_unknown_kind_is_a_caller_bug() -> None:
    """Asking for a kind of document that does not exist raises a plain ValueError."""
    with pytest.raises(ValueError, match="kind must be one of"):
        ma.from_json("{}", "card")  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "obj",
    [
        42,
        "Bid",
        ma.Rules().deck[0],
        [ma.TurnStarted(1), ma.Bid(0, 3)],
        ma.Bid(0, "3"),  # type: ignore[arg-type]
        ma.Bid(True, 3),
        ma.PlayCard(0, 12),  # type: ignore[arg-type]
        ma.Bid(0, 10**18),
        ma.GameEnded((10**5000,), (0,)),
    ],
)
def test_objects_json_cannot_carry_are_refused(obj: object) -> None:
    """to_json refuses objects that are not documents, and actions holding non-JSON values."""
    with pytest.raises(ma.SerializationError, match="cannot write"):
        ma.to_json(obj)


def test_kinds_are_exactly_the_documented_ones() -> None:
    """Every kind reads back what to_json writes, and refuses documents of other kinds."""
    state = ma.new_game(3, seed=9)
    card = state.players[0].hand[0]
    step = ma.apply(state, ma.PlayCard(0, card))
    samples = {
        "rules": state.rules,
        "action": ma.PlayCard(0, card),
        "event": step.events[0],
        "events": step.events,
        "state": state,
        "step": step,
        "record": ma.record(state, [ma.PlayCard(0, card)]),
        "view": ma.view(step.state, 1),
    }
    assert set(samples) == set(KINDS)
    for kind, obj in samples.items():
        text = ma.to_json(obj)
        assert ma.from_json(text, kind) == obj  # type: ignore[call-overload]
        for other in KINDS:
            if other != kind:
                assert "expected a type among" in str(_refused(text, other))


def test_to_json_writes_only_what_from_json_reads_back_a_huge_seed_is_refused() -> None:
    """A record whose seed has 19 digits cannot be read back, so writing it is refused too."""
    big = 2**63 - 1
    start = ma.new_game(3, seed=big)
    with pytest.raises(ma.SerializationError, match="at most 18 digits"):
        ma.to_json(ma.record(start, [], seed=big))
    fits = 10**18 - 1
    text = ma.to_json(ma.record(ma.new_game(3, seed=fits), [], seed=fits))
    assert ma.from_json(text, "record").seed == fits
