"""The web table's practice aids through the API: undo (durable) and analysis on request.

Undo and analysis are offered only where one person plays bots; undo cuts the
log in SQLite before the table forgets the moves, so they never come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.data.errors import TableError  # noqa: E402
from modern_art.web import Registry, Store, Timings, create_app  # noqa: E402
from modern_art.web import practice as practice_module  # noqa: E402
from modern_art.web.practice import Analyst  # noqa: E402
from modern_art.web.push import Hub, seat_stream  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.processes import alive, descendants  # noqa: E402
from tests.helpers.webclient import (  # noqa: E402
    FAST,
    NO_LIMITS,
    auth,
    free_port,
    open_http,
    play_to_the_end,
    post_action,
    seat_view,
    serve,
)

clock, registry = webclient.clock, webclient.registry  # the fixtures


@pytest.fixture
def client(registry: Registry) -> TestClient:
    """A test client whose analyses are small (20 samples), in a thread of this process."""
    analyst = Analyst(samples=20, processes=False)
    return TestClient(create_app(registry, limits=NO_LIMITS, analyst=analyst))


def act_first(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """Post the seat's first legal action; the seat's document before it."""
    doc = seat_view(client, table, token)
    action = {**doc["view"]["legal_actions"][0], "format": ma.FORMAT}
    reply = post_action(client, table, token, json.dumps(action), doc["view"]["step"])
    assert reply.status_code == 200, reply.text
    return doc


def undo(client: TestClient, table: str, token: str) -> Any:
    return client.post(f"/api/tables/{table}/undo", json={}, headers=auth(token))


# -- undo ---------------------------------------------------------------------------


def test_undo_takes_back_the_decision_and_the_bots_moves_after_it(
    client: TestClient, registry: Registry
) -> None:
    """Back to the state just before the person's last action; the log as it was then."""
    table_id, tokens = open_http(client, seed=7)
    act_first(client, table_id, tokens[0])
    before = act_first(client, table_id, tokens[0])  # a second decision, after the bots'
    table = registry.tables[table_id]
    step = before["view"]["step"]
    state_then = ma.replay(ma.record(table.start, table.actions[:step]))
    assert len(table.actions) > step + 1  # the bots answered the second decision too
    reply = undo(client, table_id, tokens[0])
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["step"] == step and body["undos"] == 1
    assert table.state == state_then and len(table.actions) == step
    after = seat_view(client, table_id, tokens[0])
    assert after["view"] == before["view"] and after["log"] == before["log"]
    assert after["next"] == before["next"] and after["table"]["undos"] == 1


def test_undo_says_what_it_took_back(client: TestClient, registry: Registry) -> None:
    """The decision in the person's words, and how many actions after it went too."""
    table_id, tokens = open_http(client, seed=7)
    act_first(client, table_id, tokens[0])
    table = registry.tables[table_id]
    index = max(i for i, a in enumerate(table.actions) if a.seat == 0)
    names = [s.name for s in table.seats]
    said = ma.describe(table.actions[index], names=names, you=0).removesuffix(".")
    later = len(table.actions) - index - 1
    body = undo(client, table_id, tokens[0]).json()
    assert (body["taken"], body["later"]) == (said, later)


def test_undo_and_analysis_are_refused_at_a_table_of_two_people(client: TestClient) -> None:
    """Either would be an advantage over the other person: 403, in JSON, nothing changes."""
    table_id, tokens = open_http(client, humans=[0, 1])
    mover = 0 if seat_view(client, table_id, tokens[0])["view"]["legal_actions"] else 1
    before = act_first(client, table_id, tokens[mover])
    for reply in (
        undo(client, table_id, tokens[mover]),
        client.get(f"/api/tables/{table_id}/analysis", headers=auth(tokens[mover])),
    ):
        assert reply.status_code == 403
        assert (
            "practice aid" in reply.json()["error"] and "seats 2 people" in reply.json()["error"]
        )
    assert seat_view(client, table_id, tokens[mover])["view"]["step"] > before["view"]["step"]


def test_undo_with_nothing_to_take_back_or_after_the_end_is_409(
    client: TestClient, registry: Registry
) -> None:
    """Before any decision, and once the game is over (its replay shows it), nothing is undone."""
    table_id, tokens = open_http(client, seed=7)
    reply = undo(client, table_id, tokens[0])
    assert reply.status_code == 409 and "nothing to take back" in reply.json()["error"]
    assert undo(client, table_id, "x" * 32).status_code == 403
    assert client.post(f"/api/tables/{table_id}/undo", json={}).status_code == 401
    assert undo(client, "nope", tokens[0]).status_code == 404
    play_to_the_end(registry, table_id)
    reply = undo(client, table_id, tokens[0])
    assert reply.status_code == 409 and "the game is over" in reply.json()["error"]
    assert registry.tables[table_id].state.is_over


def test_a_click_made_before_an_undo_is_refused(client: TestClient, registry: Registry) -> None:
    """An action naming an older undo count was made on a game taken back: 409."""
    table_id, tokens = open_http(client, seed=7)
    act_first(client, table_id, tokens[0])
    assert undo(client, table_id, tokens[0]).status_code == 200
    doc = seat_view(client, table_id, tokens[0])
    action = json.dumps({**doc["view"]["legal_actions"][0], "format": ma.FORMAT})
    step = doc["view"]["step"]
    url = f"/api/tables/{table_id}/actions?step={step}"
    stale = client.post(f"{url}&undos=0", content=action, headers=auth(tokens[0]))
    assert stale.status_code == 409 and "took a decision back" in stale.json()["error"]
    assert registry.tables[table_id].state.step == step
    fresh = client.post(f"{url}&undos=1", content=action, headers=auth(tokens[0]))
    assert fresh.status_code == 200


def test_undo_gives_the_seat_back_from_the_bot_that_played_it(clock: Clock) -> None:
    """A seat the clock handed to a bot: undo takes back its last move and the person is back."""
    registry = Registry(Timings(bot_delay=1.0, turn=5.0, bot_after=2, tick=None), clock=clock)
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    table_id, tokens = open_http(client, seed=9)
    table = registry.tables[table_id]
    for _ in range(200):
        if table.seats[0].away and any(a.seat == 0 for a in table.actions[-3:]):
            break
        clock.advance(1.0)
        registry.get(table_id)
    assert table.seats[0].away and 0 in table.host.agents
    reply = undo(client, table_id, tokens[0])
    assert reply.status_code == 200, reply.text
    assert not table.seats[0].away and 0 not in table.host.agents
    doc = seat_view(client, table_id, tokens[0])
    assert doc["view"]["legal_actions"] and not doc["table"]["seats"][0]["away"]
    assert doc["clock"]["passes_in"] == 5.0  # a full clock for the decision taken back


def test_the_stream_sends_the_whole_log_again_after_an_undo(clock: Clock) -> None:
    """After an undo the seat's stream starts its log from line 0: the page starts again."""
    registry = Registry(FAST, clock=clock)
    table, _ = registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=7)
    hub = Hub()

    async def run() -> list[dict[str, Any]]:
        stream = seat_stream(registry, hub, table.id, 0, 0)
        said = [await anext(stream)]
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        with registry.lock:
            table.act(0, ma.legal_actions(table.state, 0)[0], table.state.step, clock())
        hub.publish(registry)
        said.append(await asyncio.wait_for(waiting, 2.0))
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        with registry.lock:
            practice_module.undo(table, 0, clock())
        hub.publish(registry)
        said.append(await asyncio.wait_for(waiting, 2.0))
        await stream.aclose()
        return [json.loads(m.split("data: ", 1)[1]) for m in said]

    first, acted, undone = asyncio.run(run())
    assert acted["log"][0]["index"] == 0 and acted["table"]["undos"] == 0
    assert undone["table"]["undos"] == 1 and undone["view"] == first["view"]
    assert undone["log"] == first["log"] == [] and undone["next"] == 0


# -- undo is durable ------------------------------------------------------------------


def test_an_undone_action_does_not_come_back_after_a_restart(tmp_path: Path, clock: Clock) -> None:
    """The log lines are deleted in the database first; what is played after is kept."""
    path = str(tmp_path / "web.sqlite3")
    registry = Registry(FAST, clock=clock, store=Store(path))
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    table_id, tokens = open_http(client, seed=7)
    act_first(client, table_id, tokens[0])
    assert undo(client, table_id, tokens[0]).status_code == 200
    undone = seat_view(client, table_id, tokens[0])
    again = TestClient(
        create_app(Registry(FAST, clock=clock, store=Store(path)), limits=NO_LIMITS)
    )
    restored = seat_view(again, table_id, tokens[0])
    assert restored["view"] == undone["view"] and restored["log"] == undone["log"]
    assert restored["table"] == undone["table"]  # the count of undos too
    # A decision made after the undo is acknowledged, so it is kept.
    act_first(client, table_id, tokens[0])
    played = seat_view(client, table_id, tokens[0])
    third = TestClient(
        create_app(Registry(FAST, clock=clock, store=Store(path)), limits=NO_LIMITS)
    )
    assert seat_view(third, table_id, tokens[0])["view"] == played["view"]


def test_an_undo_the_database_refuses_changes_nothing(
    tmp_path: Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """503 with one log line; the table keeps every move."""
    store = Store(str(tmp_path / "web.sqlite3"))
    registry = Registry(FAST, clock=clock, store=store)
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    table_id, tokens = open_http(client, seed=7)
    act_first(client, table_id, tokens[0])
    before = seat_view(client, table_id, tokens[0])
    store.close()
    reply = undo(client, table_id, tokens[0])
    assert reply.status_code == 503 and "could not take it back" in reply.json()["error"]
    assert "could not take a decision back" in caplog.text
    with registry.lock:
        assert len(registry.tables[table_id].log) == before["next"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int, list[subprocess.Popen[bytes]]]]:
    """A database, a port, and the servers started on them (killed and waited for after)."""
    processes: list[subprocess.Popen[bytes]] = []
    yield tmp_path / "web.sqlite3", free_port(), processes
    for process in processes:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def test_a_killed_server_keeps_the_undo_and_the_moves_after_it(
    served: tuple[Path, int, list[subprocess.Popen[bytes]]],
) -> None:
    """SIGKILL after an undo and a new decision: the undone moves are gone, the new one kept."""
    httpx = need("httpx")
    db, port, processes = served
    base = f"http://127.0.0.1:{port}"
    processes.append(serve(db, port))
    opened = httpx.post(f"{base}/api/tables", json={"players": 3, "seed": 7}).json()
    table, token = opened["table"], opened["you"]["token"]

    def seat() -> dict[str, Any]:
        found: dict[str, Any] = httpx.get(
            f"{base}/api/tables/{table}/seat", headers=auth(token)
        ).json()
        return found

    def act(index: int) -> None:
        doc = seat()
        choice = {**doc["view"]["legal_actions"][index], "format": ma.FORMAT}
        url = f"{base}/api/tables/{table}/actions?step={doc['view']['step']}"
        assert httpx.post(url, json=choice, headers=auth(token)).status_code == 200

    act(0)
    assert httpx.post(f"{base}/api/tables/{table}/undo", json={}, headers=auth(token)).is_success
    act(-1)  # another decision: acknowledged
    before = seat()
    os.kill(processes[-1].pid, signal.SIGKILL)
    processes[-1].wait(timeout=10)
    processes.append(serve(db, port))
    after = seat()
    assert after["view"] == before["view"] and after["log"] == before["log"]
    assert after["table"] == before["table"] and after["table"]["undos"] == 1


# -- analysis -------------------------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts processes in /proc")
def test_the_analysis_workers_end_with_a_killed_server(
    served: tuple[Path, int, list[subprocess.Popen[bytes]]],
) -> None:
    """The audit: workers outlived a SIGKILL of the main process alone (as the OOM killer
    sends it) by 60-90 s, computing. Now none is left a few seconds after."""
    httpx = need("httpx")
    db, port, processes = served
    base = f"http://127.0.0.1:{port}"
    server = serve(db, port, "--analysis-samples", "200000")  # minutes of work
    processes.append(server)
    opened = httpx.post(f"{base}/api/tables", json={"players": 3, "seed": 7}).json()
    url = f"{base}/api/tables/{opened['table']}/analysis"

    def ask() -> None:
        with contextlib.suppress(httpx.HTTPError):  # cut off when the server is killed
            httpx.get(url, headers=auth(opened["you"]["token"]), timeout=60)

    asking = threading.Thread(target=ask, daemon=True)
    workers: set[int] = set()
    try:
        asking.start()
        deadline = time.monotonic() + 60
        while not workers and time.monotonic() < deadline:
            workers = descendants(server.pid)
            time.sleep(0.1)
        assert workers, "no worker process started"
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = {pid for pid in workers if alive(pid)}
        assert not left, f"worker processes {sorted(left)} outlived the server"
    finally:
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        asking.join(timeout=10)


def test_R7_2_the_analysis_is_of_the_seats_own_view_in_a_worker(
    client: TestClient, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """analyse sees the seat's view and shown events, never the state, off the event loop."""
    calls: list[tuple[str, Any, Any]] = []
    real = practice_module._analyse

    def spy(seen: Any, events: Any, samples: int, seed: int) -> Any:
        calls.append((threading.current_thread().name, seen, events))
        return real(seen, events, samples, seed)

    monkeypatch.setattr(practice_module, "_analyse", spy)
    table_id, tokens = open_http(client, seed=7)
    reply = client.get(f"/api/tables/{table_id}/analysis", headers=auth(tokens[0]))
    assert reply.status_code == 200, reply.text
    body = reply.json()
    table = registry.tables[table_id]
    ((thread, seen, events),) = calls
    assert thread.startswith("modern-art-analysis")
    assert isinstance(seen, ma.PlayerView) and seen == ma.view(table.state, 0)
    assert events == tuple(table.host.seen(0))
    assert body["step"] == table.state.step and body["samples"] == 20 and body["seat"] == 0
    assert [a["artist"] for a in body["artists"]] == list(table.state.rules.artists)
    assert all(abs(sum(a["p_rank"]) - 1) < 1e-9 for a in body["artists"])
    legal = ma.legal_actions(table.state, 0)
    assert 1 <= len(body["actions"]) <= 5
    for value in body["actions"]:
        action = ma.from_json(json.dumps(value["action"]), "action", rules=table.state.rules)
        assert action in legal and value["text"].startswith("You ")
        assert value["stderr"] >= 0 and value["samples"] > 0
    # R7.2: no card of another hand in it (the only cards named are the seat's own offers).
    named = {a["action"]["card"]["id"] for a in body["actions"] if "card" in a["action"]}
    assert named <= {c.id for c in table.state.players[0].hand}


def test_one_analysis_at_a_time_per_table_and_a_bounded_server(registry: Registry) -> None:
    """A table's second request while one runs is 429; past the server's bound, 503."""
    analyst = Analyst(samples=5, workers=1, waiting=0, processes=False)
    first, _ = registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=7)
    second, _ = registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=8)
    seen, events, seed = analyst.ask(first, 0, "198.51.100.0/24")
    with pytest.raises(TableError) as again:
        analyst.ask(first, 0, "203.0.113.0/24")
    assert again.value.status == 429 and again.value.retry_after == 1
    with pytest.raises(TableError) as busy:
        analyst.ask(second, 0, "203.0.113.0/24")
    assert busy.value.status == 503 and busy.value.retry_after == 2
    document = asyncio.run(analyst.run(first.id, seen, events, seed))
    assert document["samples"] == 5
    analyst.ask(second, 0, "203.0.113.0/24")  # the first is done: room again
    analyst.close()


def test_the_analysis_slots_are_shared_by_network(registry: Registry) -> None:
    """Five practice tables of one network asking at once hold one slot: another finds one.

    The audit: one address's five tables asking in a loop left another address
    503 on 28 of 28 requests.
    """
    analyst = Analyst(samples=5, workers=1, waiting=4, processes=False)
    tables = [
        registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=n, owner="198.51.100.7")[0]
        for n in range(6)
    ]
    analyst.ask(tables[0], 0, "198.51.100.0/24")
    for table in tables[1:5]:
        with pytest.raises(TableError) as held:
            analyst.ask(table, 0, "198.51.100.0/24")
        assert held.value.status == 429 and "network" in str(held.value)
    others = [analyst.ask(table, 0, f"203.0.{n}.0/24") for n, table in enumerate(tables[5:])]
    assert len(others) == 1
    analyst.close()


def test_no_analysis_when_it_is_not_your_decision_or_the_game_is_over(clock: Clock) -> None:
    """409 in both cases; the reply names why."""
    registry = Registry(Timings(bot_delay=100.0, ttl=1e9, tick=None), clock=clock)
    analyst = Analyst(samples=5, processes=False)
    client = TestClient(create_app(registry, limits=NO_LIMITS, analyst=analyst))
    table, tokens = registry.open_table(
        ["Ann", "Bo", "Cy"], humans=[0], seed=7, first_auctioneer=1
    )
    url = f"/api/tables/{table.id}/analysis"
    reply = client.get(url, headers=auth(tokens[0]))  # Bo offers first: nothing to decide
    assert reply.status_code == 409 and "not your decision" in reply.json()["error"]
    assert client.get(url).status_code == 401
    for _ in range(2000):
        with registry.lock:
            if table.state.is_over:
                break
            mine = ma.legal_actions(table.state, 0)
            if mine:
                table.act(0, mine[0], table.state.step, clock())
        clock.advance(100.0)
        registry.get(table.id)
    reply = client.get(url, headers=auth(tokens[0]))
    assert reply.status_code == 409 and "the game is over" in reply.json()["error"]


def test_a_worker_process_is_handed_only_the_view_and_gives_the_same_analysis(
    registry: Registry,
) -> None:
    """The server's way: a spawned process computes what analyse makes of the view; it ends."""
    analyst = Analyst(samples=8)
    table, _ = registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=7)
    seen, events, seed = analyst.ask(table, 0)
    try:
        document = asyncio.run(analyst.run(table.id, seen, events, seed))
        assert [c.name for c in multiprocessing.active_children()]  # it ran in another process
    finally:
        analyst.close()
    assert multiprocessing.active_children() == []  # closed: nothing left behind
    here = ma.analyse(seen, samples=8, seed=seed, events=events)
    assert document == practice_module.analysis_document(here, seen)


def test_a_request_that_goes_away_keeps_its_tables_slot_until_the_worker_is_done(
    registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hanging up does not free the table for another analysis while the first still runs."""
    release = threading.Event()

    def slow(seen: Any, events: Any, samples: int, seed: int) -> Any:
        release.wait(10)
        return ma.analyse(seen, samples=samples, seed=seed, events=events)

    monkeypatch.setattr(practice_module, "_analyse", slow)
    analyst = Analyst(samples=3, processes=False)
    table, _ = registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=7)

    async def run() -> tuple[bool, bool]:
        task = asyncio.ensure_future(analyst.run(table.id, *analyst.ask(table, 0)))
        await asyncio.sleep(0.05)
        task.cancel()  # the client hung up
        await asyncio.sleep(0.05)
        held = table.id in analyst._running
        release.set()
        for _ in range(200):
            await asyncio.sleep(0.02)
            if table.id not in analyst._running:
                break
        return held, table.id in analyst._running

    held, still = asyncio.run(run())
    analyst.close()
    assert (held, still) == (True, False)


def test_a_failed_analysis_is_a_500_in_json_and_frees_the_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug in the analysis is logged and answered in one sentence; the next request runs."""

    def broken(seen: Any, events: Any, samples: int, seed: int) -> Any:
        raise ValueError("a bug")

    table_id, tokens = open_http(client, seed=7)
    monkeypatch.setattr(practice_module, "_analyse", broken)
    url = f"/api/tables/{table_id}/analysis"
    reply = client.get(url, headers=auth(tokens[0]))
    assert reply.status_code == 500 and "could not be made" in reply.json()["error"]
    assert "the analysis failed: ValueError: a bug" in caplog.text
    monkeypatch.undo()
    assert client.get(url, headers=auth(tokens[0])).status_code == 200


def test_the_analysis_budget_is_a_serve_option() -> None:
    """``--analysis-samples N`` is listed by ``--help``; below 1 it is refused in one line."""
    command = [sys.executable, "-m", "modern_art", "serve"]
    shown = subprocess.run(
        [*command, "--help"],
        cwd=webclient.ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "--analysis-samples N" in shown.stdout
    refused = subprocess.run(
        [*command, "--analysis-samples", "0"],
        cwd=webclient.ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode == 2
    assert "--analysis-samples must be at least 1" in refused.stderr
