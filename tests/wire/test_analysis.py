"""The analysis document (wire/analysis): one writer for the CLI and the service; its schema."""

from __future__ import annotations

import json

import attrs
import pytest
from jsonschema import Draft202012Validator, ValidationError

import modern_art as ma
from modern_art.agents.search.analysis import ActionValue, ArtistOutlook
from modern_art.wire import analysis
from modern_art.wire.analysis import analysis_document

SEEN = ma.view(ma.play_game([ma.HeuristicAgent() for _ in range(3)], seed=2).start(), 0)
REPORT = ma.analyse(SEEN, samples=6, seed=3, events=())


def _document(top: int | None = None) -> dict[str, object]:
    return analysis_document(REPORT, step=SEEN.step, sentence=ma.describe, top=top)


def test_the_schema_is_valid_and_every_written_document_passes_it() -> None:
    """The analysis schema passes the metaschema; documents, all actions or a few, validate."""
    schema = ma.json_schema("analysis")
    Draft202012Validator.check_schema(schema)
    assert schema["title"] == "modern-art/1 analysis document"
    for top in (None, 1, 0):
        Draft202012Validator(schema).validate(json.loads(json.dumps(_document(top))))


def test_the_schema_refuses_a_missing_or_extra_field() -> None:
    """Every field is required and no other is allowed, at each level."""
    validator = Draft202012Validator(ma.json_schema("analysis"))
    doc = json.loads(json.dumps(_document()))
    del doc["step"]
    with pytest.raises(ValidationError):
        validator.validate(doc)
    doc = json.loads(json.dumps(_document()))
    doc["actions"][0]["notation"] = "pass"
    with pytest.raises(ValidationError):
        validator.validate(doc)


def test_the_document_writes_every_field_of_the_analysis() -> None:
    """Each outlook's and each action value's fields, and the report's, are in the tables."""
    assert set(analysis.ARTIST_FIELDS) == {f.name for f in attrs.fields(ArtistOutlook)}
    assert set(analysis.ACTION_FIELDS) == {f.name for f in attrs.fields(ActionValue)} | {"text"}
    assert set(analysis.FIELDS) == {"seat", "samples", "step"}
    doc = _document()
    assert doc["format"] == ma.FORMAT and doc["type"] == "Analysis"
    actions = doc["actions"]
    assert isinstance(actions, list) and len(actions) == len(REPORT.actions)
    assert [ma.from_json(json.dumps(a["action"]), "action") for a in actions] == [
        v.action for v in REPORT.actions
    ]
    assert [a["text"] for a in actions] == [ma.describe(v.action) for v in REPORT.actions]
    assert len(_document(top=2)["actions"]) == 2  # type: ignore[arg-type]


def test_json_schema_names_the_analysis_among_its_kinds() -> None:
    """An unknown kind's refusal lists every kind with a schema."""
    with pytest.raises(ValueError, match="'analysis'"):
        ma.json_schema("board")  # type: ignore[arg-type]
