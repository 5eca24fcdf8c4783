"""The bot ``learned``: the shipped weights play legal games, see only their seat, load by path."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.registry import BOTS, make_bot
from tests.helpers.webkit import NUMPY, need

np = need("numpy", NUMPY)

from modern_art.agents.learned import LearnedAgent  # noqa: E402
from modern_art.envs.learned import (  # noqa: E402
    NumpyPolicy,
    feature_size,
    load_policy,
    shipped_weights,
)

MAX_BYTES = 2 * 1024 * 1024
"""The issue's bound on the shipped weights."""


def test_the_shipped_weights_are_package_data_under_two_megabytes() -> None:
    """modern_art/envs/learned.npz, at most 2 MB, read by numpy with no pickle."""
    path = shipped_weights()
    assert path.is_file() and path.stat().st_size <= MAX_BYTES
    policy = load_policy()
    assert isinstance(policy, NumpyPolicy)
    assert policy.inputs == feature_size(ma.Rules())
    with np.load(path, allow_pickle=False) as data:
        assert not any(name.startswith("opt/") for name in data.files)  # no optimizer state
        assert "trained" in json.loads(str(data["meta"]))  # how it was trained


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_shipped_weights_play_legal_games_at_every_table_size(players: int) -> None:
    """50 games in all (the host refuses any illegal action), against every kind of rival."""
    games = {3: 17, 4: 17, 5: 16}[players]
    for g in range(games):
        rivals: list[ma.Agent] = [
            ma.RandomAgent(g),
            ma.HeuristicAgent(g),
            ma.RandomAgent(g + 1),
            ma.HeuristicAgent(),
        ]
        seat = g % players
        agents: list[ma.Agent] = rivals[: players - 1]
        agents.insert(seat, make_bot("learned", seed=g))
        record = ma.play_game(agents, seed=1000 * players + g)
        assert record.players[seat] == "learned"
        assert ma.replay(record).is_over


def _decision_points(seed: int) -> list[tuple[ma.GameState, list[ma.Event]]]:
    """States of a game of heuristic bots, one every few steps, with the events so far."""
    rng = random.Random(seed)
    state = ma.new_game(4, seed=seed)
    bots = [ma.HeuristicAgent(seed + s) for s in range(4)]
    events: list[ma.Event] = []
    found = []
    for step in range(600):
        if state.is_over:
            break
        seat = ma.next_seat(state)
        if step % 9 == 0:
            found.append((state, list(events)))
        mine = ma.visible_events(events, seat)
        action = bots[seat].act(ma.view(state, seat), mine) if rng.random() < 0.9 else None
        if action is None:
            action = rng.choice(list(ma.legal_actions(state, seat)))
        result = ma.apply(state, action)
        state = result.state
        events.extend(result.events)
    return found


def test_twin_views_give_identical_decisions() -> None:
    """A state and one the seat cannot tell apart (other hands, the deck, sealed bids redrawn)."""
    rng = random.Random(3)
    compared = 0
    for seed in range(3):
        for state, events in _decision_points(seed):
            seat = ma.next_seat(state)
            seen = ma.visible_events(events, seat)
            mine = ma.view(state, seat)
            twin = ma.sample_state(mine, rng, events=seen)
            assert twin.deck != state.deck or not state.deck  # the unseen cards dealt anew
            their = ma.view(twin, seat)
            assert their == mine
            one = LearnedAgent().act(mine, seen)
            other = LearnedAgent().act(their, seen)
            assert one == other
            compared += 1
    assert compared > 30


def test_the_policy_sees_only_the_view_it_is_given() -> None:
    """act() takes a view and events; the decision is a function of the view alone."""
    state = ma.new_game(4, seed=5)
    view = ma.view(state, 0)
    first = LearnedAgent(seed=1).act(view, ())
    assert all(LearnedAgent(seed=s).act(view, ()) == first for s in range(5))
    assert first in view.legal_actions


def test_a_weights_file_loads_by_path_and_in_a_match(tmp_path: Path) -> None:
    """``LearnedAgent(weights=PATH)`` and the match PLAYER ``learned:PATH`` play that file."""
    copy = tmp_path / "mine.npz"
    copy.write_bytes(shipped_weights().read_bytes())
    agent = LearnedAgent(weights=copy)
    assert agent.weights == str(copy) and "mine.npz" in repr(agent)
    plan = MatchPlan.of([f"learned:{copy}", "random", "random"], seed=1)
    player = plan.players[0]
    assert (player.bot, player.weights, player.given) == ("learned", str(copy), f"learned:{copy}")
    made = plan.agent(0, 7, None)
    assert isinstance(made, LearnedAgent) and made.weights == str(copy)


def test_a_missing_or_foreign_weights_file_is_refused_clearly(tmp_path: Path) -> None:
    """No file, a file that is no .npz, an .npz with no meta: each a clear error."""
    with pytest.raises(FileNotFoundError, match="no weights file"):
        LearnedAgent(weights=tmp_path / "none.npz")
    with pytest.raises(ValueError, match="no weights file"):
        MatchPlan.of([f"learned:{tmp_path / 'none.npz'}", "random", "random"])
    junk = tmp_path / "junk.npz"
    junk.write_text("not a zip", encoding="utf-8")
    with pytest.raises(ValueError, match="is not a weights file"):
        LearnedAgent(weights=junk)
    bare = tmp_path / "bare.npz"
    np.savez(bare, w0=np.zeros((2, 2), np.float32))
    with pytest.raises(ValueError, match="no 'meta' entry"):
        LearnedAgent(weights=bare)


def test_the_registry_entry_and_the_command_line_seat_it(tmp_path: Path) -> None:
    """``learned`` is a registry bot: in ``modern-art match``, not in the static site."""
    assert BOTS["learned"].agent is LearnedAgent and not BOTS["learned"].browser
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "modern_art",
            "match",
            "learned",
            "heuristic",
            "random",
            "--games",
            "3",
            "--records",
            str(tmp_path / "games.jsonl"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "learned" in result.stdout
