"""The compiled build against this one: same games, same values, and it says what it is.

These tests run the compiled build (``MODERN_ART_COMPILE=1 pip install .``)
in its own interpreter, named by ``MODERN_ART_COMPILED_PYTHON``: ``.ci/run``
builds it in a second virtual environment and sets the variable. Without it
they skip, saying how to run them; under CI they fail instead.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.testing import behaviour_digest

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import copy, json, pickle, sys
import attrs
import modern_art as ma
from modern_art.testing import behaviour_digest

state = ma.new_game(4, seed=3)
step = ma.apply(state, ma.legal_actions(state)[0])
values = [state, state.players[0], state.phase, step, *step.events, state.players[0].hand[0]]
frozen = []
for value in values:
    try:
        setattr(value, attrs.fields(type(value))[0].name, 0)
    except AttributeError:
        frozen.append(True)
    else:
        frozen.append(False)
print(json.dumps({
    "compiled": ma.COMPILED,
    "native": type(ma.apply).__name__ != "function",
    "digest": behaviour_digest(int(sys.argv[1])),
    "frozen": frozen,
    "pickled": all(pickle.loads(pickle.dumps(v)) == v for v in values),
    "copied": all(copy.deepcopy(v) is v and copy.copy(v) is v for v in values),
    "reprs": all(eval(repr(v), vars(ma)) == v for v in values[1:]),
    "hashes": [hash(v) == hash(pickle.loads(pickle.dumps(v))) for v in values],
    "evolved": attrs.evolve(state, round=2).round,
    "json": ma.from_json(ma.to_json(step.state), "state") == step.state,
    "kept_hash": {step.state: 1}.get(ma.from_json(ma.to_json(step.state), "state")) == 1
    and hash(attrs.evolve(state, step=1)) != hash(state),
    "view": [
        pickle.loads(pickle.dumps(seen)) == seen == ma.from_json(ma.to_json(seen), "view")
        and seen.legal_actions == tuple(ma.legal_actions(step.state, seen.seat))
        for seen in (ma.view(step.state, seat) for seat in range(4))
    ],
}))
"""

_PLAYOUTS = """
import hashlib, json, random, sys
import modern_art as ma

def loop(state, seed):
    rng = random.Random(seed)
    while not state.is_over:
        acts = ma.legal_actions(state)
        state = ma.apply(state, acts[rng.randrange(len(acts))]).state
    return state

def facts(state):
    ids = lambda cards: [card.id for card in cards]
    return [state.step, state.round, list(state.tiles), ids(state.deck), ids(state.discard),
            [[p.money, ids(p.hand), ids(p.museum)] for p in state.players]]

games, checked = int(sys.argv[1]), int(sys.argv[2])
digest = hashlib.sha256()
for players in (3, 4, 5):
    for seed in range(games):
        end = ma.playout(ma.new_game(players, seed=seed), seed=seed)
        digest.update(json.dumps(facts(end)).encode())
starts = [ma.new_game(players, seed=seed) for players in (3, 4, 5) for seed in range(checked)]
same = all(ma.playout(start, seed=start_seed) == loop(start, start_seed)
           for start, start_seed in zip(starts, [*range(checked)] * 3))
refused = []
start = ma.new_game(3, seed=1)
for call in (
    lambda: ma.playout(start, seed=True),
    lambda: ma.playout(start, seed=None),
    lambda: ma.playout(start, seed="7"),
    lambda: ma.playout(start, seed=7.0),
    lambda: ma.playout("state", seed=1),
    lambda: ma.playout(start, seed=1, policy=3),
    lambda: ma.playout(ma.playout(start, seed=1), seed=1),
    lambda: ma.playout(start, seed=1, policy=lambda state, actions, rng: None),
    lambda: ma.playout(start, seed=1, policy=lambda state, actions, rng: ma.Pass(0)),
    lambda: ma.view(start, True),
    lambda: ma.view(start, "1"),
    lambda: ma.view(start, 1.0),
    lambda: ma.view(start, 3),
    lambda: ma.view("state", 1),
):
    try:
        call()
    except ma.IllegalAction as err:
        refused.append("IllegalAction " + err.rule)
    except ValueError:
        refused.append("ValueError")
    except Exception as err:
        refused.append(type(err).__name__)
    else:
        refused.append("accepted")
print(json.dumps({"compiled": ma.COMPILED, "digest": digest.hexdigest(), "same": same,
                  "refused": refused}))
"""
"""Plays ``argv[1]`` seeded playouts per player count (a digest of their ends) and checks
``argv[2]`` per count against the documented loop, in the build that runs it."""


def compiled_python() -> str:
    """The compiled build's interpreter, or a skip (a failure under CI) saying how to get one."""
    python = os.environ.get("MODERN_ART_COMPILED_PYTHON")
    if python:
        return python
    reason = (
        "no compiled build to compare: set MODERN_ART_COMPILED_PYTHON to the python of an"
        " environment where 'MODERN_ART_COMPILE=1 pip install .' ran"
    )
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so this fails instead of skipping)", pytrace=False)
    pytest.skip(reason)


def run_compiled(*args: str) -> str:
    """Run the compiled build's interpreter outside this checkout, so it imports its own build."""
    # Not this checkout's sources either, which a PYTHONPATH of this run may name.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    result = subprocess.run(
        [compiled_python(), *args],
        cwd=ROOT.parent,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return result.stdout


@pytest.fixture(scope="module")
def probe() -> dict[str, object]:
    """What the compiled build reports about itself, its games and its values."""
    report: dict[str, object] = json.loads(run_compiled("-c", _PROBE, "200"))
    return report


def test_the_compiled_build_is_compiled(probe: dict[str, object]) -> None:
    """The compiled build says so (``ma.COMPILED``) and its engine is no Python function."""
    assert probe["compiled"] is True and probe["native"] is True


def test_both_builds_play_200_seeded_games_alike(probe: dict[str, object]) -> None:
    """Actions, events and redacted events of 200 seeded games hash the same in both builds."""
    assert probe["digest"] == behaviour_digest(200)


def test_compiled_values_stay_frozen_equal_and_picklable(probe: dict[str, object]) -> None:
    """Setting a field raises; pickle, copy, repr, (kept) hash, evolve, JSON and views work."""
    assert probe["frozen"] and all(probe["frozen"])  # type: ignore[arg-type]
    assert probe["hashes"] and all(probe["hashes"])  # type: ignore[arg-type]
    assert probe["pickled"] is True and probe["copied"] is True and probe["reprs"] is True
    assert probe["evolved"] == 2 and probe["json"] is True and probe["kept_hash"] is True
    assert probe["view"] == [True] * 4


def test_version_says_which_build() -> None:
    """``modern-art --version`` names the version and the build, compiled or pure."""
    out = run_compiled("-m", "modern_art", "--version")
    assert out.strip() == f"modern-art {ma.__version__} (compiled)"


def test_R8_1_both_builds_play_out_alike_and_as_the_loop() -> None:
    """ma.playout ends 300 seeded games per count alike in both builds; 1,000 equal the loop.

    And both builds refuse the same bad arguments of ``playout`` and ``view`` with the
    documented errors (R8.1, R1.5): never the TypeError of a compiled signature.
    """
    compiled: dict[str, object] = json.loads(run_compiled("-c", _PLAYOUTS, "300", "1000"))
    pure = subprocess.run(
        [sys.executable, "-c", _PLAYOUTS, "300", "0"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert compiled["compiled"] is True and compiled["same"] is True
    assert compiled["digest"] == json.loads(pure.stdout)["digest"]
    # The documented refusals in both builds, never a TypeError (a compiled signature's).
    refused = ["ValueError"] * 7 + ["IllegalAction R2.1"] * 2 + ["ValueError"] * 5
    assert compiled["refused"] == json.loads(pure.stdout)["refused"] == refused
