"""``modern-art position`` and ``modern-art ask``: a rules question settled without Python."""

from __future__ import annotations

from pathlib import Path

import modern_art as ma
from tests.helpers.cli import run

README_FACTS = [
    *("Ann", "Bo", "Cy", "--round", "2", "--auctioneer", "0"),
    *("--hand", "melim/o thaler/h ...", "--hand", "carvalho/o ...", "--hand", "martins/f ..."),
    *("--museum", "melim/h melim/f", "--museum", "melim/n Melim/O#26", "--museum", "-"),
    *("--tiles", "carvalho=30", "--tiles", "melim=20", "--tiles", "thaler=10"),
]
"""The README's question: round 2, four Melims out, Ann offers a fifth."""


def test_position_writes_what_ma_setup_makes_of_the_same_facts(tmp_path: Path) -> None:
    """The command's position is ma.setup's for the same facts, written by ma.write_position."""
    out = tmp_path / "position.txt"
    done = run("position", *README_FACTS, "-o", str(out))
    assert done.returncode == 0, done.stderr
    state = ma.setup(
        ["Ann", "Bo", "Cy"],
        round=2,
        auctioneer=0,
        hands=[["melim/o", "thaler/h", ...], ["carvalho/o", ...], ["martins/f", ...]],
        museums=[["melim/h", "melim/f"], ["melim/n", "Melim/O#26"], []],
        tiles={"carvalho": [30], "melim": [20], "thaler": [10]},
    )
    assert out.read_text(encoding="utf-8") == ma.write_position(state)


def test_R6_1_ask_says_the_fifth_painting_ends_the_round_unsold_naming_each_rule(
    tmp_path: Path,
) -> None:
    """Asked about the fifth Melim: the round ends at once and each Melim pays 50, rule by rule."""
    out = tmp_path / "position.txt"
    assert run("position", *README_FACTS, "-o", str(out)).returncode == 0
    done = run("ask", str(out), "0 play melim/o")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert (
        lines[0] == "Ann offers Daniel Melim (open), the 5th Daniel Melim this round. (R2.1, R2.2)"
    )
    assert lines[1] == "Round 2 ends: Daniel Melim 1st (+30). (R6.1-R6.4)"
    assert "Ann sells 2 Daniel Melim paintings at 50 each for 100. (R6.5)" in lines
    assert "Bo sells 2 Daniel Melim paintings at 50 each for 100. (R6.5)" in lines


def test_R2_1_ask_refuses_an_action_the_rules_forbid_with_its_rule(tmp_path: Path) -> None:
    """An action out of turn is refused, exit 1, with the rule that forbids it."""
    out = tmp_path / "position.txt"
    assert run("position", *README_FACTS, "-o", str(out)).returncode == 0
    done = run("ask", str(out), "1 bid 30")
    assert done.returncode == 1
    assert done.stdout.startswith("Not allowed (R2.1): ")
    assert done.stdout.count("R2.1") == 1, done.stdout  # the rule is cited once


def test_position_at_step_n_of_a_record_is_the_replayed_state(tmp_path: Path) -> None:
    """--record FILE --step N writes the state after the record's first N actions."""
    record = ma.play_game([ma.RandomAgent(seed=s) for s in range(3)], seed=5)
    path = tmp_path / "game.json"
    path.write_text(ma.to_json(record), encoding="utf-8")
    done = run("position", "--record", str(path), "--step", "12")
    assert done.returncode == 0, done.stderr
    state = record.start()  # the record's own names
    for action in record.actions[:12]:
        state = ma.apply(state, action).state
    assert done.stdout == ma.write_position(state)
    assert ma.read_position(done.stdout) == state


def test_position_refuses_what_it_cannot_make_saying_why(tmp_path: Path) -> None:
    """Too few hands, a step past the record, a position no game reaches: exit 1, in words."""
    done = run("position", "Ann", "Bo", "Cy", "--hand", "...")
    assert done.returncode == 1 and "give --hand once for each of the 3 seats" in done.stderr
    done = run(
        "position", "Ann", "Bo", "Cy", "--hand", "melim/o", "--hand", "...", "--hand", "..."
    )
    assert done.returncode == 1 and "cannot arise in a game" in done.stderr
    path = tmp_path / "game.json"
    path.write_text(ma.to_json(ma.play_game([ma.RandomAgent()] * 3, seed=1)), encoding="utf-8")
    done = run("position", "--record", str(path), "--step", "100000")
    assert done.returncode == 1 and "--step must be from 0 to" in done.stderr
    assert "Traceback" not in done.stderr
