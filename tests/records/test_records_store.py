"""The records store: every stored game replays exactly; parts appended, never rewritten;
damaged and foreign files refused by name, nothing lost; games read back by id; export, import."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.webkit import need

INSTALL = "the records extra: pip install -e '.[records]'"
need("pyarrow", INSTALL)
need("duckdb", INSTALL)

import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art import records  # noqa: E402


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> records.RecordStore:
    """60 seeded playout games of 4, 10 of 3 under a variant, and 2 of heuristic bots."""
    found = records.RecordStore(tmp_path_factory.mktemp("store"))
    records.generate(found, 60, seed=100)
    variant = ma.Rules(hidden_tie=ma.HiddenTie.CLOCKWISE_FROM_LEFT)
    records.generate(found, 10, players=3, rules=variant, seed=500)
    records.generate(found, 2, bots=["heuristic", "random", "random"], seed=900)
    return records.RecordStore(found.path)


def files_of(store: records.RecordStore) -> dict[Path, str]:
    return {
        path: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in store.path.rglob("*.parquet")
    }


def test_every_stored_game_replays_to_the_state_its_play_ended_in(
    store: records.RecordStore,
) -> None:
    assert len(store) == 72
    for stored in store.games():
        game = stored.record
        final = ma.replay(game)  # store -> record -> replay, checked against the stored result
        assert final.is_over and game.money == tuple(p.money for p in final.players)
        if stored.bots == ("playout",) * len(game.players) and game.seed is not None:
            start = ma.new_game(game.players, seed=game.seed, rules=game.rules)
            assert final == ma.playout(start, seed=game.seed)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(3, 5))
def test_a_generated_game_read_back_by_id_replays_exactly(
    tmp_path_factory: pytest.TempPathFactory, seed: int, players: int
) -> None:
    store = records.RecordStore(tmp_path_factory.mktemp("one"))
    (game_id,) = records.generate(store, 1, players=players, seed=seed)
    stored = store.game(game_id)
    start = ma.new_game(players, seed=seed)
    names = stored.record.players
    assert (
        ma.replay(stored.record) == ma.playout(ma.new_game(names, seed=seed), seed=seed)
        and len(start.players) == players
    )


def test_playout_steps_plays_the_game_playout_plays() -> None:
    for seed in range(30):
        start = ma.new_game(3 + seed % 3, seed=seed)
        end, actions, events = records.playout_steps(start, seed)
        assert end == ma.playout(start, seed=seed)
        state = start
        for action, happened in zip(actions, events, strict=True):
            step = ma.apply(state, action)
            assert tuple(happened) == step.events
            state = step.state
        assert state == end


def test_games_and_steps_agree(store: records.RecordStore) -> None:
    _names, rows = store.query(
        "SELECT g.id, g.steps, count(s.step), max(s.step)"
        " FROM games g JOIN steps s ON s.game = g.id GROUP BY ALL"
    )
    assert len(rows) == 72 and all(steps == count == top + 1 for _id, steps, count, top in rows)
    _names, [(low, high)] = store.query("SELECT min(id), max(id) FROM games")
    assert (low, high) == (1, 72)
    _names, presets = store.query("SELECT DISTINCT preset FROM games ORDER BY 1")
    assert presets == [("cmon",), ("cmon-variant",)]


def test_a_second_run_appends_new_files_and_rewrites_none(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    assert records.generate(store, 30, seed=1, chunk=10) == range(1, 31)
    before = files_of(store)
    assert len(before) == 6  # three parts, each a games and a steps file
    assert records.generate(store, 5, seed=2) == range(31, 36)
    after = files_of(store)
    assert {path: after[path] for path in before} == before and len(after) == 8
    assert len(records.RecordStore(store.path)) == 35


def test_a_damaged_file_is_refused_by_name_and_nothing_is_lost(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    records.generate(store, 20, seed=3, chunk=10)
    victim = store.parts[1].steps
    kept = {path: digest for path, digest in files_of(store).items() if path != victim}
    victim.write_bytes(victim.read_bytes()[:-40])  # the footer torn off
    with pytest.raises(records.RecordsError, match="damaged") as refused:
        records.RecordStore(store.path)
    assert str(victim) in str(refused.value)
    with pytest.raises(records.RecordsError, match=str(victim)):
        records.generate(store, 5, seed=4)  # no append to a store with a damaged file
    assert {p: d for p, d in files_of(store).items() if p != victim} == kept
    assert len(files_of(store)) == 4  # nothing added, nothing removed
    victim.rename(tmp_path / "aside.parquet")
    store.parts[1].games.rename(tmp_path / "aside-games.parquet")
    assert len(records.RecordStore(store.path)) == 10


def test_a_foreign_parquet_file_is_refused_by_name(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    records.generate(store, 5, seed=3)
    foreign = store.parts[0].games.with_name("part-foreign.parquet")
    pq.write_table(pa.table({"id": [1, 2]}), foreign)
    with pytest.raises(records.RecordsError, match="another program's Parquet file") as refused:
        records.RecordStore(store.path)
    assert str(foreign) in str(refused.value)


def test_a_steps_file_without_its_games_file_is_refused(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    records.generate(store, 5, seed=3)
    store.parts[0].games.unlink()
    with pytest.raises(records.RecordsError, match="has no games file"):
        records.RecordStore(store.path)


def test_a_stopped_write_leaves_no_part(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    records.generate(store, 3, seed=3)
    writer = store.writer("cmon", name="stopped")
    game = store.game(1)
    writer.add(99, game.record, [()] * len(game.record.actions), bots=game.bots, source="x")
    writer.abandon()
    assert len(records.RecordStore(store.path)) == 3
    assert not [p for p in store.path.rglob("*") if p.name.endswith(".tmp")]


def test_an_unknown_id_is_refused(store: records.RecordStore) -> None:
    with pytest.raises(records.RecordsError, match="no game 999"):
        store.game(999)
    with pytest.raises(records.RecordsError, match="whole number"):
        store.game("7")  # type: ignore[arg-type]


def test_a_store_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(records.RecordsError, match="is a file"):
        records.RecordStore(tmp_path / "file")


def test_export_then_import_keeps_every_game(store: records.RecordStore, tmp_path: Path) -> None:
    text = io.StringIO()
    games = [store.game(game_id) for game_id in (1, 2, 61, 71)]
    assert records.export_records(games, text) == 4
    read = ma.read_records(text.getvalue())
    assert read == [game.record for game in games]
    other = records.RecordStore(tmp_path / "other")
    assert records.import_records(other, read, source="x.mart") == [1, 2, 3, 4]
    assert [other.game(i).record for i in (1, 2, 3, 4)] == read
    assert {other.game(i).source for i in (1, 2, 3, 4)} == {"import:x.mart"}
    lines = io.StringIO()
    records.export_records(games[:2], lines, json_lines=True)
    assert [ma.from_json(line, "record") for line in lines.getvalue().splitlines()] == read[:2]


def test_an_unfinished_or_illegal_record_is_refused_and_nothing_stored(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    start = ma.new_game(3, seed=1)
    unfinished = ma.record(start, [ma.legal_actions(start)[0]], seed=1)
    with pytest.raises(records.RecordsError, match="not a finished game"):
        records.import_records(store, [unfinished], source="x")
    end = ma.playout(start, seed=1)
    finished = ma.record(start, [], seed=1, final=end)  # states a result its actions do not reach
    with pytest.raises(records.RecordsError, match="does not end as its record states"):
        records.import_records(store, [finished], source="x")
    assert len(records.RecordStore(store.path)) == 0


def test_generate_refuses_what_it_cannot_play(tmp_path: Path) -> None:
    store = records.RecordStore(tmp_path / "store")
    with pytest.raises(records.RecordsError, match="unknown bot 'nobody'"):
        records.generate(store, 1, bots=["nobody"])
    with pytest.raises(records.RecordsError, match="seats"):
        records.generate(store, 1, bots=["playout", "playout"], players=4)
    with pytest.raises(records.RecordsError, match="every seat or none"):
        records.generate(store, 1, bots=["playout", "random", "random"])
    with pytest.raises(records.RecordsError, match="from 1"):
        records.generate(store, 0)


def test_generate_in_two_workers_stores_the_same_games_as_in_one(tmp_path: Path) -> None:
    one = records.RecordStore(tmp_path / "one")
    two = records.RecordStore(tmp_path / "two")
    records.generate(one, 40, seed=7)
    records.generate(two, 40, seed=7, workers=2, chunk=10)
    assert [g.record for g in one.games()] == sorted(
        (g.record for g in two.games()), key=lambda record: record.seed or 0
    )
