"""JSON Schema export: valid schemas that real documents pass and malformed ones fail."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

import modern_art as ma
from modern_art.testing import PlayedGame, games, rules_variants

KINDS = ("rules", "action", "event", "events", "state", "step", "record", "view")


def _validator(kind: Any) -> Draft202012Validator:
    return Draft202012Validator(ma.json_schema(kind))


@pytest.mark.parametrize("kind", KINDS)
def test_every_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    """Each kind's schema passes the metaschema and names its format and kind."""
    schema = ma.json_schema(kind)  # type: ignore[arg-type]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == f"modern-art/1 {kind} document"


# jsonschema takes ~0.2 s per finished game's record: a quarter of the profile's examples.
@settings(max_examples=max(5, settings().max_examples // 4))
@given(games(rules_variants(), complete=True, max_drawn=5))
def test_real_documents_validate(game: PlayedGame) -> None:
    """Documents of every kind, from all through a generated game, validate against the schema."""
    validators = {kind: _validator(kind) for kind in KINDS}

    def check(kind: str, obj: object) -> None:
        validators[kind].validate(json.loads(ma.to_json(obj)))

    check("rules", game.start.rules)
    check("state", game.start)
    check("record", ma.record(game.start, game.actions))
    check("record", ma.record(game.start, game.actions[:3], seed=game.seed))
    # jsonschema is slow: about a dozen steps spread over the game, and the last.
    sample = sorted(
        {*range(0, len(game.steps), max(1, len(game.steps) // 12)), len(game.steps) - 1}
    )
    for index in sample:
        step = game.steps[index]
        check("action", game.actions[index])
        check("events", step.events)
        for event in step.events:
            check("event", event)
    check("step", game.steps[-1])
    for seat in (0, None):
        check("view", ma.view(game.steps[len(game.steps) // 2].state, seat))
        check("view", ma.view(game.final, seat))
    check("state", game.steps[len(game.steps) // 2].state)


def _bid(**changes: Any) -> dict[str, Any]:
    return {"format": ma.FORMAT, "type": "Bid", "seat": 1, "amount": 30, **changes}


@pytest.mark.parametrize(
    "doc",
    [
        _bid(amount=True),
        _bid(amount="30"),
        _bid(seat=None),
        _bid(extra=1),
        _bid(type="Raise"),
        _bid(format="modern-art/0"),
        {"format": ma.FORMAT, "type": "Bid", "seat": 1},
        {"format": ma.FORMAT, "type": "PlayCard", "seat": 1, "card": 12},
        {
            "format": ma.FORMAT,
            "type": "PlayCard",
            "seat": 1,
            "card": {"id": 12, "artist": "Sigrid Thaler", "auction": "auction"},
        },
    ],
)
def test_malformed_actions_fail_the_schema_and_the_reader(doc: dict[str, Any]) -> None:
    """A malformed action fails both the schema and from_json."""
    assert not _validator("action").is_valid(doc)
    with pytest.raises(ma.SerializationError):
        ma.from_json(json.dumps(doc), "action")


def test_the_schema_lists_each_class_once() -> None:
    """Event and phase classes are tagged definitions; cards one shared definition."""
    schema = ma.json_schema("state")
    defs = schema["$defs"]
    assert {"Card", "PlayerState", "Rules", "Edition", "OpenAuction", "GameOver"} <= set(defs)
    assert defs["OpenAuction"]["properties"]["type"] == {"const": "OpenAuction"}
    assert defs["OpenAuction"]["properties"]["passed"]["uniqueItems"] is True
    assert "type" not in defs["PlayerState"]["properties"]
    assert schema["properties"]["type"] == {"const": "GameState"}
    assert defs["Card"]["properties"]["auction"]["enum"] == [a.value for a in ma.Auction]


def test_json_schema_returns_a_fresh_copy() -> None:
    """Changing a returned schema changes nothing for the next caller."""
    schema = ma.json_schema("action")
    schema["oneOf"].clear()
    assert len(ma.json_schema("action")["oneOf"]) == 5


def test_unknown_kind() -> None:
    """An unknown kind is a ValueError naming the kinds."""
    with pytest.raises(ValueError, match="kind must be one of"):
        ma.json_schema("card")  # type: ignore[arg-type]
