"""Named queries, examples of a rule, and the service's finished games into a store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.webkit import need

INSTALL = "the records extra: pip install -e '.[records]'"
need("pyarrow", INSTALL)
need("duckdb", INSTALL)

import modern_art as ma  # noqa: E402
from modern_art import records  # noqa: E402


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> records.RecordStore:
    found = records.RecordStore(tmp_path_factory.mktemp("store"))
    records.generate(found, 150, seed=11)
    return records.RecordStore(found.path)


@pytest.mark.parametrize("name", list(records.QUERIES))
def test_every_named_query_runs_and_answers(store: records.RecordStore, name: str) -> None:
    names, rows = store.query(records.QUERIES[name].sql)
    assert names and rows


def test_auctions_count_every_lot_settled(store: records.RecordStore) -> None:
    _names, rows = store.query(records.QUERIES["auctions"].sql)
    lots = sum(row[1] for row in rows)
    _names, [(won, free)] = store.query(
        "SELECT count(*) FILTER (cites(events, 'AuctionWon')),"
        " count(*) FILTER (cites(events, 'LotTakenFree')) FROM steps"
    )
    assert lots == won + free
    assert {row[0] for row in rows} <= {"open", "one_offer", "hidden", "fixed_price", "double"}


def test_round_ends_count_every_round(store: records.RecordStore) -> None:
    _names, rows = store.query(records.QUERIES["round-ends"].sql)
    _names, [(rounds,)] = store.query(
        "SELECT count(*) FROM steps WHERE cites(events, 'RoundEnded')"
    )
    assert sum(count for _decision, count in rows) == rounds == 4 * 150


def test_a_refused_query_says_why(store: records.RecordStore) -> None:
    with pytest.raises(records.RecordsError, match="the query failed"):
        store.query("SELECT nothing FROM nowhere")


def test_an_empty_store_answers_with_no_rows(tmp_path: Path) -> None:
    names, rows = records.RecordStore(tmp_path / "none").query(records.QUERIES["auctions"].sql)
    assert names[0] == "auction" and rows == []


@pytest.mark.parametrize("rule", ["R4.3", "R5.3", "R6.1", "R5.7", "R4.4"])
def test_examples_are_real_positions_whose_step_the_rule_decided(
    store: records.RecordStore, rule: str
) -> None:
    found = records.examples(store, rule, limit=2)
    assert len(found) == 2
    for example in found:
        record = store.game(example.game).record
        state = record.start()
        for action in record.actions[: example.step]:
            state = ma.apply(state, action).state
        assert ma.read_position(example.position) == state
        assert ma.format_action(record.actions[example.step]) == example.action
        assert example.sentences[0] == ma.describe(record.actions[example.step], record.players)
        assert f"{rule}: game {example.game}, step {example.step}" in example.text()
        tags = {tag for tag, (number, _what) in records.DECISIONS.items() if number == rule}
        assert not tags or tags & set(example.decisions)  # a decision of that rule comes first


def test_examples_refuse_a_rule_no_step_decides(store: records.RecordStore) -> None:
    with pytest.raises(records.RecordsError, match=r"R1\.4 is no rule a step decides"):
        records.examples(store, "R1.4")
    with pytest.raises(records.RecordsError, match=r"written like R4\.3"):
        records.examples(store, "hidden tie")
    assert records.examples(store, "r2.1", 1)[0].rule == "R2.1"


def test_the_service_s_finished_games_are_stored_once(tmp_path: Path) -> None:
    need("starlette.testclient", "pip install -e '.[test-web]'")
    from modern_art.web import Registry, Store
    from tests.helpers.webclient import FAST
    from tests.helpers.webkit import Clock

    clock = Clock()
    database = tmp_path / "web.sqlite3"
    registry = Registry(FAST, clock=clock, store=Store(str(database)))
    table, _tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=3, invitations=False
    )
    table.hand_to_bot(0, clock())
    table.hand_to_bot(1, clock())
    clock.advance(1.0)
    registry.get(table.id)
    assert table.state.is_over
    store = records.RecordStore(tmp_path / "store")
    ids, skipped = records.import_service(store, database)
    assert (len(ids), skipped) == (1, 0)
    stored = store.game(ids[0])
    assert ma.replay(stored.record) == table.state and stored.source == f"service:{table.id}"
    assert len(stored.bots) == 3
    assert records.import_service(store, database) == ([], 1)  # stored before: skipped
    with pytest.raises(records.RecordsError, match="not a modern-art serve database"):
        records.import_service(store, tmp_path / "missing.sqlite3")


def test_a_tournaments_and_a_matchs_records_files_are_stored(tmp_path: Path) -> None:
    lines = tmp_path / "tournament.jsonl"
    ma.tournament([ma.RandomAgent, ma.HeuristicAgent, ma.RandomAgent], 3, records=lines)
    store = records.RecordStore(tmp_path / "store")
    ids = records.import_lines(store, lines)
    assert len(ids) == 3 and all(ma.replay(store.game(i).record).is_over for i in ids)
    game = store.game(ids[0]).record
    line: dict[str, object] = {"type": "match-game", "players": ["a", "b", "c"]}
    line |= {"seats": [2, 0, 1], "record": json.loads(ma.to_json(game))}
    match = tmp_path / "match.jsonl"
    match.write_text(json.dumps(line) + "\n")
    (stored,) = records.import_lines(store, match)
    assert store.game(stored).bots == ("c", "a", "b")
    (tmp_path / "bad.jsonl").write_text('{"nope": 1}\n')
    with pytest.raises(records.RecordsError, match=r"bad\.jsonl, line 1: not a game record"):
        records.import_lines(store, tmp_path / "bad.jsonl")
