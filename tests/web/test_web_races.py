"""Still held with clicks that keep their meaning: of many simultaneous posts exactly one applies.

A real ``modern-art serve`` on 127.0.0.1 and 16 threads posting at once: the
same offer of a card, then the same bid from one seat. With stale clicks now
applied when they still mean the same, a second copy of an offer (made for
a turn that has passed) and of a bid (no longer above the high bid) must
still be refused.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.webkit import need

httpx = need("httpx")
need("uvicorn")

import modern_art as ma  # noqa: E402
from tests.helpers.webclient import free_port, serve  # noqa: E402

COPIES = 16


def _at_once(url: str, body: dict[str, Any], token: str) -> list[int]:
    """``COPIES`` threads post ``body`` to ``url`` together; their statuses."""
    gate = threading.Barrier(COPIES)
    statuses: list[int] = []

    def post() -> None:
        with httpx.Client(timeout=30) as client:
            gate.wait()
            reply = client.post(url, json=body, headers={"Authorization": f"Bearer {token}"})
            statuses.append(reply.status_code)

    threads = [threading.Thread(target=post) for _ in range(COPIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


@pytest.fixture
def base(tmp_path: Path) -> Any:
    port = free_port()
    process = serve(tmp_path / "web.sqlite3", port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.kill()
        process.wait(timeout=10)
        if process.stderr:
            process.stderr.close()


def _three_people(base: str) -> tuple[str, list[str]]:
    """A table of three people (no bot to act first), every invitation claimed."""
    opened = httpx.post(f"{base}/api/tables", json={"players": 3, "humans": [0, 1, 2]}).json()
    table = opened["table"]
    tokens = [opened["you"]["token"]]
    for invitation in opened["invitations"]:
        code = invitation["link"].split("#invite=")[1]
        claimed = httpx.post(f"{base}/api/tables/{table}/claim", json={"invite": code})
        tokens.append(claimed.json()["token"])
    return table, tokens


def test_of_many_simultaneous_posts_exactly_one_applies(base: str) -> None:
    """16 copies of one offer, then 16 copies of one bid: one 200 each, the rest 409."""
    for _ in range(8):  # a deal (shuffled with secrets) whose seat 0 holds an open card
        table, tokens = _three_people(base)
        seat = httpx.get(
            f"{base}/api/tables/{table}/seat", headers={"Authorization": f"Bearer {tokens[0]}"}
        ).json()
        offers = [
            a
            for a in seat["view"]["legal_actions"]
            if a["type"] == "PlayCard" and a["card"]["auction"] == "open"
        ]
        if offers:
            break
    assert offers, "8 deals without an open card for seat 0"
    offer = {**offers[0], "format": ma.FORMAT}
    statuses = _at_once(f"{base}/api/tables/{table}/actions?step=0", offer, tokens[0])
    assert sorted(statuses) == [200] + [409] * (COPIES - 1)
    step = httpx.get(f"{base}/api/tables/{table}").json()["table"]["step"]
    bid = {"type": "Bid", "seat": 1, "amount": 5, "format": ma.FORMAT}
    statuses = _at_once(f"{base}/api/tables/{table}/actions?step={step}", bid, tokens[1])
    assert sorted(statuses) == [200] + [409] * (COPIES - 1)
    log = httpx.get(
        f"{base}/api/tables/{table}/seat", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).json()["log"]
    bids = [e for line in log for e in line["events"]["events"] if e["type"] == "BidPlaced"]
    assert [(b["seat"], b["amount"]) for b in bids] == [(1, 5)]
