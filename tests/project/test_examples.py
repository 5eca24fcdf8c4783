"""Every program in examples/ runs; the server loop keeps its promises."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import modern_art as ma
from tests.helpers.webkit import missing

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.py") if p.name != "__init__.py")


EXTRA_OF = {
    "numpy": "rl",
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "pyspiel": "openspiel",
    "starlette": "web",
    "uvicorn": "web",
    "ray": "ray",
    "openskill": "match",
    "pyarrow": "records",
    "duckdb": "records",
    "jax": "train",
    "optax": "train",
    "psycopg": "web-postgres",
}
"""The extra that brings each module an example may require."""


def _requires(path: Path) -> list[str]:
    """The modules an example declares on a ``# requires: a b`` line (optional extras)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# requires:"):
            return line.split(":", 1)[1].split()
    return []


def test_every_module_an_example_requires_names_its_extra() -> None:
    """A skip's install command names a real extra, never the module's own name."""
    required = {name for path in EXAMPLES for name in _requires(path)}
    assert required <= set(EXTRA_OF), sorted(required - set(EXTRA_OF))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(EXTRA_OF.values()) <= set(project["project"]["optional-dependencies"])


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(path: Path) -> None:
    """The example exits with status 0 and prints something, using this checkout's package."""
    absent = [name for name in _requires(path) if importlib.util.find_spec(name) is None]
    if absent:
        extras = sorted({EXTRA_OF.get(name, name) for name in absent})
        missing(f"{path.name} needs {', '.join(absent)}: pip install -e '.[{','.join(extras)}]'")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_server_loop_plays_a_game_that_replays() -> None:
    """The server loop's game record replays to the result it states."""
    record = _load("server_loop").main(seed=3)
    assert record.is_finished
    assert ma.replay(record).is_over


def test_server_refuses_bad_messages_with_an_error_to_the_sender_only() -> None:
    """Bad JSON, another seat's action and an illegal action each get one Error, to the sender."""
    server = _load("server_loop").Server(["A", "B", "C"], seed=1)
    card = server.state.players[0].hand[0]
    for seat, text, words in [
        (0, "{", "not valid JSON"),
        (1, ma.to_json(ma.PlayCard(0, card)), "you play seat 1, not seat 0"),
        (1, ma.to_json(ma.Pass(1)), "(R2.1)"),
    ]:
        outbox = server.receive(seat, text)
        assert list(outbox) == [seat]
        (message,) = (json.loads(text) for text in outbox[seat])
        assert message["type"] == "Error" and words in message["message"]
    assert server.state.step == 0


def test_server_sends_no_seat_a_secret_of_another() -> None:
    """Over a whole game, no seat is sent another's hand, dealt cards or sealed bid (R7.2)."""
    server = _load("server_loop").Server(["A", "B", "C", "D"], seed=5)
    rng = random.Random(5)
    received: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in server.seats()}
    while not server.state.is_over:
        action = rng.choice(ma.legal_actions(server.state))
        for seat, texts in server.receive(action.seat, ma.to_json(action)).items():
            received[seat] += [json.loads(text) for text in texts]
    sealed = 0
    for seat, messages in received.items():
        for message in messages:
            if message["type"] == "PlayerView":
                assert message["seat"] == seat
                assert "hand" in message and all("hand" not in p for p in message["players"])
                continue
            for event in message["events"]:
                if event["type"] == "CardsDealt" and event["seat"] != seat:
                    assert event["cards"] is None
                if event["type"] == "BidSealed" and event["seat"] != seat:
                    assert event["amount"] is None
                    sealed += 1
    assert sealed > 0  # the game had hidden auctions, so the check above was not vacuous
