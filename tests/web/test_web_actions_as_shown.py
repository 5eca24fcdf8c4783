"""The actions endpoint takes each legal action as the seat's document shows it.

A front-end copies an entry of ``view.legal_actions`` and posts it back,
unchanged: over whole games of three people, in every phase, every post is
taken (tests/wire/test_actions_as_shown.py checks the library's side).
"""

from __future__ import annotations

import json
import random
import typing

import pytest

from tests.helpers.webkit import need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from tests.helpers.webclient import (  # noqa: E402
    auth,
    client,
    clock,
    open_http,
    registry,
    seat_view,
)

__all__ = ["client", "clock", "registry"]  # the fixtures, used by name

PHASES = {cls.__name__ for cls in typing.get_args(ma.Phase)} - {"GameOver"}


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_action_a_view_shows_is_taken_as_it_is(client: TestClient, seed: int) -> None:
    """Each seat to act posts one of its view's legal_actions verbatim; every post is taken."""
    rng = random.Random(seed)
    table, tokens = open_http(client, players=3, humans=[0, 1, 2])
    kinds: set[str] = set()
    for _ in range(3000):
        views = {seat: seat_view(client, table, token)["view"] for seat, token in tokens.items()}
        if all(v["phase"]["type"] == "GameOver" for v in views.values()):
            break
        acting = [seat for seat, v in views.items() if v["legal_actions"]]
        assert acting, "someone is to act"
        seat = rng.choice(acting)
        view = views[seat]
        kinds.add(view["phase"]["type"].removesuffix("View"))  # a hidden auction's public face
        entry = rng.choice(view["legal_actions"])
        reply = client.post(
            f"/api/tables/{table}/actions?step={view['step']}",
            content=json.dumps(entry),
            headers=auth(tokens[seat]),
        )
        assert reply.status_code in (200, 201, 202), (entry, reply.text)
    else:
        raise AssertionError("the game does not end")
    assert kinds == PHASES
