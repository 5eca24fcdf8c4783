"""The modern-art command, driven end to end through its real input and output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import modern_art as ma
from tests.helpers.cli import FAST_BOTS, ROOT, run


@pytest.mark.parametrize("command", ["demo", "play", "simulate", "replay", "rules"])
def test_every_subcommand_has_help(command: str) -> None:
    """``modern-art COMMAND --help`` prints its usage and exits 0."""
    result = run(command, "--help")
    assert result.returncode == 0
    assert f"usage: modern-art {command}" in result.stdout


def test_no_subcommand_is_a_usage_error() -> None:
    """Without a subcommand the usage goes to stderr and the exit code is 2."""
    result = run()
    assert result.returncode == 2
    assert "usage: modern-art" in result.stderr and not result.stdout


def test_unknown_option_is_a_usage_error() -> None:
    """A bad option or bot name exits 2 with argparse's message on stderr."""
    assert run("demo", "--frobnicate").returncode == 2
    result = run("simulate", "--bots", "heuristic,genius,random")
    assert result.returncode == 2
    assert "unknown bot 'genius'" in result.stderr


def test_demo_narrates_a_whole_game(tmp_path: Path) -> None:
    """The demo tells every round, its ranking and sales, and the final money; exit 0."""
    saved = tmp_path / "demo.json"
    result = run("demo", "--seed", "7", "--save", str(saved))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for text in ("Round 1 of 4", "Round 4 is over", "the ranking", "Final money"):
        assert text in out
    assert "in an open auction" in out and " buys " in out
    record = ma.from_json(saved.read_text(), "record")
    final = ma.replay(record)
    assert record.players == ("Ada", "Ben", "Cleo", "Dev")
    assert record.winners is not None
    winner = record.players[record.winners[0]] if record.winners else ""
    assert f"{winner} wins with {final.players[record.winners[0]].money}" in out


def test_demo_is_the_same_every_time() -> None:
    """The demo is seeded: two runs print the same story."""
    assert run("demo", "--seed", "3").stdout == run("demo", "--seed", "3").stdout


def test_replay_tells_a_saved_game(tmp_path: Path) -> None:
    """A record saved by the library replays through the command, with the same result."""
    record = ma.play_game([ma.HeuristicAgent(), ma.RandomAgent(1), ma.RandomAgent(2)], seed=9)
    path = tmp_path / "game.json"
    path.write_text(ma.to_json(record))
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert f"Replaying {len(record.actions)} actions" in result.stdout
    assert "The game is over." in result.stdout


def test_replay_tells_every_game_of_a_text_record_file(tmp_path: Path) -> None:
    """Two games in one .mart text file are both checked and told, in order."""
    games = [ma.play_game([ma.RandomAgent(s + k) for s in range(3)], seed=k) for k in (3, 4)]
    path = tmp_path / "two.mart"
    path.write_text(ma.write_records(games))
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "Game 1 of 2" in result.stdout and "Game 2 of 2" in result.stdout
    assert result.stdout.count("The game is over.") == 2


def test_replay_svg_draws_each_game_of_a_text_file_in_its_own_directory(tmp_path: Path) -> None:
    """--svg with two games in a .mart file writes game-1/ and game-2/, each with an index."""
    games = [ma.play_game([ma.RandomAgent(s + k) for s in range(3)], seed=k) for k in (5, 6)]
    path = tmp_path / "two.mart"
    path.write_text(ma.write_records(games))
    result = run("replay", str(path), "--svg", str(tmp_path / "pics"), "--every", "round")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "pics" / "game-1" / "index.html").exists()
    assert (tmp_path / "pics" / "game-2" / "index.html").exists()


def test_demo_saves_text_or_json_by_suffix(tmp_path: Path) -> None:
    """--save game.mart writes the text record, --save game.json the JSON: the same game."""
    text, doc = tmp_path / "game.mart", tmp_path / "game.json"
    assert run("demo", "--seed", "2", "--save", str(text)).returncode == 0
    assert run("demo", "--seed", "2", "--save", str(doc)).returncode == 0
    assert text.read_text().startswith('[Rules "cmon"]')
    assert ma.read_records(text.read_text()) == [ma.from_json(doc.read_text(), "record")]
    assert run("replay", str(text)).returncode == 0


def test_replay_refuses_bad_text_records_with_the_reason(tmp_path: Path) -> None:
    """A text record with an illegal action exits 1 naming the step; markup is escaped."""
    game = ma.play_game([ma.RandomAgent(s) for s in range(3)], seed=1)
    text = ma.write_records([game]).replace("2. ", "2. 2 bid 5 [red]x[/] ", 1)
    path = tmp_path / "bad.mart"
    path.write_text(text)
    result = run("replay", str(path))
    assert result.returncode == 1 and "step 2" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_step_stops_cleanly_at_end_of_input(tmp_path: Path) -> None:
    """``replay --step`` waits for Enter and stops without a traceback at end of input."""
    record = ma.play_game([ma.RandomAgent(s) for s in range(3)], seed=9)
    path = tmp_path / "game.json"
    path.write_text(ma.to_json(record))
    result = run("replay", "--step", str(path), stdin="\n\n")
    assert result.returncode == 0
    assert "End of input: replay stopped." in result.stdout
    assert "Traceback" not in result.stderr


def test_replay_reports_bad_files_on_stderr(tmp_path: Path) -> None:
    """A missing file, a non-record and a record that does not replay exit 1 with a message."""
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    bad = run("replay", str(garbage))
    assert bad.returncode == 1 and "is not a game record" in bad.stderr
    record = ma.play_game([ma.RandomAgent(s) for s in range(3)], seed=9)
    doc = json.loads(ma.to_json(record))
    doc["money"][0] += 1
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(doc))
    lying = run("replay", str(wrong))
    assert lying.returncode == 1 and "does not replay" in lying.stderr
    assert "Traceback" not in bad.stderr + missing.stderr + lying.stderr


def test_simulate_prints_a_table_and_games_per_second() -> None:
    """simulate plays the games and prints win rates, confidence intervals and speed."""
    result = run("simulate", "--bots", FAST_BOTS, "--games", "6", "--seed", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "heuristic" in out and "random" in out and "95% CI" in out
    assert "games per second" in out
    assert "Reproduce with: modern-art simulate --bots heuristic,random,heuristic" in out


def test_simulate_json_matches_the_library() -> None:
    """simulate --json gives the standings tournament() computes, with any worker count."""
    expected = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.HeuristicAgent], 6, seed=1)
    for workers in ("1", "2"):
        result = run(
            "simulate", "--bots", FAST_BOTS, "--games", "6", "--seed", "1", "--json",
            "--workers", workers,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["games"] == 6 and doc["players"] == 3
        got = {s["agent"]: s["win_rate"] for s in doc["standings"]}
        assert got == {s.name: s.win_rate for s in expected.standings}
        assert doc["games_per_second"] > 0


def test_simulate_refuses_a_lineup_the_rules_do_not_allow() -> None:
    """Two bots are too few players (R1.1): exit 1 with the reason on stderr."""
    result = run("simulate", "--bots", "heuristic,random", "--games", "2")
    assert result.returncode == 1
    assert "R1.1" in result.stderr and not result.stdout


def test_rules_prints_a_preset() -> None:
    """rules prints the deck and settings; an unknown preset exits 1."""
    result = run("rules", "--preset", "original")
    assert result.returncode == 0
    assert "Lite Metal" in result.stdout and "hidden_tie" in result.stdout
    assert "cmon" in run("rules", "--list").stdout
    bad = run("rules", "--preset", "nope")
    assert bad.returncode == 1 and "no preset named 'nope'" in bad.stderr


# play: seed 3 deals seat 0 a fixed-price Daniel Melim as its first card.
PLAY = ("play", "--seed", "3", "--bots", FAST_BOTS)


def test_play_rejects_bad_input_with_the_rules_message_and_asks_again() -> None:
    """Nonsense, a missing card and an illegal action are answered, then the game goes on."""
    answers = ["hello", "99", "p", "1", "0", "2.5", "500", "h", "v"]
    result = run(*PLAY, stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Not understood: type the number of a card, 1 to 9" in out
    assert "there is no card 99 in your hand" in out
    # Refusals speak to the player, citing the rule, not in the engine's words.
    assert "Not allowed: it is your turn to offer a painting: you cannot pass" in out
    assert "(R2.1)" in out and "with PlayCard" not in out
    assert "You offer Daniel Melim (fixed price)" in out
    assert "Payout hint: one painting of Daniel Melim would pay 30" in out
    assert "Not allowed: a price is at least 1: name 1 to 100 (R4.4)." in out
    assert "Not understood: bids and prices are whole numbers of money, got '2.5' (R3.1)" in out
    assert "Not allowed: you have 100: name a price you could pay yourself, 1 to 100" in out
    assert "How to answer:" in out
    assert "End of input. You leave the table" in out
    assert "Traceback" not in result.stderr


def test_play_survives_immediate_end_of_input() -> None:
    """Ctrl-D at the first prompt leaves the game cleanly with exit code 0."""
    result = run(*PLAY, stdin="")
    assert result.returncode == 0
    assert "End of input" in result.stdout and "Traceback" not in result.stderr


def test_play_saves_an_abandoned_game_in_progress(tmp_path: Path) -> None:
    """Leaving early with --save writes a record of the game so far, without a result."""
    saved = tmp_path / "partial.json"
    result = run(*PLAY, "--save", str(saved), stdin="1\n")
    assert result.returncode == 0, result.stderr
    record = ma.from_json(saved.read_text(), "record")
    assert record.money is None and record.actions[0] == ma.PlayCard(
        0, record.start().players[0].hand[0]
    )
    assert not ma.replay(record).is_over


def test_play_quits_on_q() -> None:
    """``q`` leaves the table."""
    result = run(*PLAY, stdin="q\n")
    assert result.returncode == 0 and "Goodbye." in result.stdout


def test_play_a_whole_game_to_the_end(tmp_path: Path) -> None:
    """Answering p, 1, 0 in turn always gets a legal answer through; the game ends and saves."""
    saved = tmp_path / "mine.json"
    answers = "p\n1\n0\n" * 400
    result = run(*PLAY, "--name", "Zoe", "--save", str(saved), stdin=answers)
    assert result.returncode == 0, result.stderr
    assert "The game is over." in result.stdout
    record = ma.from_json(saved.read_text(), "record")
    assert record.players[0] == "Zoe"
    assert ma.replay(record).is_over


def test_play_refuses_bad_table_options() -> None:
    """A seat off the table or too many bots exit 1 with a message on stderr."""
    seat = run("play", "--seat", "7", "--bots", FAST_BOTS)
    assert seat.returncode == 1 and "--seat" in seat.stderr
    crowd = run("play", "--bots", "random,random,random,random,random")
    assert crowd.returncode == 1 and "R1.1" in crowd.stderr


def test_core_does_not_import_rich() -> None:
    """Importing the library (and playing) never loads rich."""
    code = (
        "import sys, modern_art as ma; ma.play_game([ma.HeuristicAgent(), ma.RandomAgent(1),"
        " ma.MonteCarloAgent(2, playouts=2)], seed=1); print('rich' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "False"


def test_R5_5_narrator_says_nobody_added_a_second_card() -> None:
    """A double nobody completes is told as such, not as an auction nobody bid on."""
    from modern_art.cli.narrate import Narrator

    names = ("Ann", "Bo", "Cy")
    narrator = Narrator(ma.Rules(), names)
    events: list[ma.Event] = [
        ma.CardPlayed(0, ma.Card(10, "Manuel Carvalho", ma.Auction.DOUBLE), 1),
        ma.SecondCardDeclined(0),
        ma.SecondCardDeclined(1),
        ma.SecondCardDeclined(2),
        ma.LotTakenFree(0, (ma.Card(10, "Manuel Carvalho", ma.Auction.DOUBLE),)),
    ]
    told = " ".join(str(line) for line in narrator.feed(events))
    assert "Nobody added a second card: Ann takes the Manuel Carvalho free." in told
    assert "Nobody bid" not in told


def test_version_names_the_build() -> None:
    """``--version`` prints the version and whether this build is compiled."""
    build = "compiled" if ma.COMPILED else "pure Python"
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"modern-art {ma.__version__} ({build})"
