"""``modern-art play`` as a newcomer meets it, typed in through a pipe.

Each test finds a position in a seeded random game (the person's seat
playing at random too), saves the game so far as a record, goes on with it
through ``play --resume FILE`` and types answers into the command's stdin:
the second person, the fifth-card and double warnings, a costly bid, the
drop-out from an open auction, undo, and the resume itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.seeing.payout import best_case_payout
from tests.helpers.cli import run

NAMES = ("You", "Ada (random)", "Ben (random)")

Position = Callable[[ma.GameState, ma.PlayerView], bool]


def saved_at(
    tmp_path: Path, wanted: Position, names: tuple[str, ...] = NAMES, name: str = "game.json"
) -> tuple[Path, ma.GameState]:
    """A record saved at the first position where seat 0 is asked and ``wanted`` holds."""
    for seed in range(400):
        state = ma.new_game(list(names), seed=seed)
        start, actions = state, list[ma.Action]()
        rng = random.Random(seed)
        while not state.is_over:
            if ma.next_seat(state) == 0 and wanted(state, ma.view(state, 0)):
                path = tmp_path / name
                path.write_text(ma.to_json(ma.record(start, actions, seed=seed)), "utf-8")
                return path, state
            legal = ma.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            actions.append(action)
            state = ma.apply(state, action).state
    raise AssertionError("no seeded game reaches the position")


def resume(path: Path, answers: str) -> str:
    """The output of ``play --resume path`` given ``answers``; it must exit 0."""
    result = run("play", "--resume", str(path), stdin=answers)
    assert result.returncode == 0, result.stderr
    return " ".join(result.stdout.split())


def _count(seen: ma.PlayerView, artist: str) -> int:
    return seen.counts[seen.rules.artists.index(artist)]


def _fitting(seen: ma.PlayerView) -> list[int]:
    phase = seen.phase
    assert isinstance(phase, ma.DoubleOffer)
    return [
        i
        for i, card in enumerate(seen.hand, 1)
        if card.artist == phase.card.artist and card.auction is not ma.Auction.DOUBLE
    ]


def _fifth_in_hand(seen: ma.PlayerView) -> list[int]:
    return [i for i, c in enumerate(seen.hand, 1) if _count(seen, c.artist) == 4]


def test_R6_1_offering_a_fifth_card_warns_and_asks_again(tmp_path: Path) -> None:
    """The hand marks the 5th card and the prompt says it ends the round; typed twice, it goes."""
    path, state = saved_at(
        tmp_path,
        lambda s, v: isinstance(v.phase, ma.Offering) and bool(_fifth_in_hand(v)),
    )
    number = _fifth_in_hand(ma.view(state, 0))[0]
    out = resume(path, f"{number}\n{number}\nq\n")
    assert "(5th: ends the round)" in out
    assert f"Card {number}" in out and "would be its artist's 5th this round" in out
    assert "Careful: " in out and f"Type {number} again to confirm." in out
    assert "the round ends at once, and this painting is not sold" in out
    assert out.index("Careful:") < out.index("the round ends at once, and this painting")


def test_R5_2_the_double_prompt_says_which_cards_fit_and_what_declining_does(
    tmp_path: Path,
) -> None:
    """Asked to add to another's double: the fitting cards, who runs it, who takes it free."""
    path, state = saved_at(
        tmp_path,
        lambda s, v: (
            isinstance(v.phase, ma.DoubleOffer)
            and v.phase.double_player != 0
            and bool(_fitting(v))
            and _count(v, v.phase.card.artist) < 4
        ),
    )
    seen = ma.view(state, 0)
    fits = ", ".join(map(str, _fitting(seen)))
    out = resume(path, "q\n")
    assert f"card {fits} fits" in out
    assert "Whoever adds it runs the auction and takes its money (R5.3)" in out
    assert "p to decline: the chance passes on" in out
    assert "takes the double free (R5.5)" in out


def test_R5_7_adding_a_fifth_card_to_a_double_warns_that_neither_sells(tmp_path: Path) -> None:
    """The second card that is the artist's 5th is flagged, and confirmed by typing it again."""
    path, state = saved_at(
        tmp_path,
        lambda s, v: (
            isinstance(v.phase, ma.DoubleOffer)
            and bool(_fitting(v))
            and _count(v, v.phase.card.artist) == 4
        ),
    )
    number = _fitting(ma.view(state, 0))[0]
    out = resume(path, f"{number}\nq\n")
    assert "Yours would be the 5th" in out and "neither painting be sold (R5.7)" in out
    assert "Careful:" in out and f"Type {number} again to confirm." in out


def test_your_own_double_is_told_in_the_second_person_whatever_your_name(tmp_path: Path) -> None:
    """Seat 0 named "Me" played the double: "You played a double ...; you may add", never "Me"."""
    path, _ = saved_at(
        tmp_path,
        lambda s, v: isinstance(v.phase, ma.DoubleOffer) and v.phase.double_player == 0,
        names=("Me", "Ada (random)", "Ben (random)"),
    )
    out = resume(path, "q\n")
    assert "You played a double" in out and "you may add a second card" in out
    assert "Me played" not in out and "Me may" not in out


def test_R4_1_dropping_out_of_an_open_auction_stops_the_questions(tmp_path: Path) -> None:
    """After o, the person is not asked again in that auction: no prompt until it is sold."""
    path, _ = saved_at(tmp_path, lambda s, v: isinstance(v.phase, ma.OpenAuction))
    result = run("play", "--resume", str(path), stdin="o\nq\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "o to drop out of this auction" in " ".join(out.split())
    after = out[out.index("You drop out of this auction") :]
    sold = min(i for i in (after.find("→"), after.find("Round ")) if i >= 0)
    assert "> " not in after[:sold]


def test_R3_1_a_bid_above_what_the_lot_can_pay_asks_for_confirmation(tmp_path: Path) -> None:
    """Bidding more than the lot pays at best says the loss and waits for the bid again."""

    def costly(s: ma.GameState, v: ma.PlayerView) -> bool:
        auction = v.auction
        if not isinstance(auction, ma.OpenAuction) or v.money is None:
            return False
        value = best_case_payout(v)[auction.lot[0].artist] * len(auction.lot)
        return auction.high_bid < value + 1 <= v.money

    path, state = saved_at(tmp_path, costly)
    seen = ma.view(state, 0)
    assert seen.auction is not None
    value = best_case_payout(seen)[seen.auction.lot[0].artist] * len(seen.auction.lot)
    out = resume(path, f"{value + 1}\nq\n")
    assert f"Careful: {value + 1} is more than this lot can pay you this round" in out
    assert f"{value} at best" in out and "loses at least 1" in out
    assert "You bid" not in out.split("Careful:")[1]


def test_an_amount_you_cannot_pay_is_refused_in_a_players_words(tmp_path: Path) -> None:
    """A bid above your money: "you have N, so you cannot bid M (R3.1)", no engine words."""
    path, state = saved_at(tmp_path, lambda s, v: isinstance(v.phase, ma.OpenAuction))
    money = ma.view(state, 0).money
    assert money is not None
    out = resume(path, f"{money + 1}\nq\n")
    assert f"Not allowed: you have {money}, so you cannot bid {money + 1} (R3.1)." in out
    assert "by seat 0" not in out and "more than the" not in out


def test_undo_takes_back_your_last_decision(tmp_path: Path) -> None:
    """u after an offer: "Taken back: You play ...", and the offer is asked for again."""
    result = run("play", "--seed", "3", "--bots", "random,random", stdin="1\nu\nq\n")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "Taken back: You play " in out and "). Decide again." in out
    assert out.count("Offer a painting: type its number") == 2


def test_a_game_left_midway_is_resumed_from_its_file_and_saved_there(tmp_path: Path) -> None:
    """play --save, q after one answer; play --resume goes on and finishes the same game."""
    path = tmp_path / "game.mart"
    lineup = ("--seed", "5", "--bots", "random,random")
    first = run("play", *lineup, "--save", str(path), stdin="1\nq\n")
    assert first.returncode == 0, first.stderr
    assert f"modern-art play --resume {path}" in " ".join(first.stdout.split())
    (saved,) = ma.read_records(path.read_text("utf-8"))
    assert saved.money is None and saved.actions
    answers = "p\n1\n0\n" * 400
    second = run("play", "--resume", str(path), stdin=answers)
    assert second.returncode == 0, second.stderr
    told = " ".join(second.stdout.split())
    count = len(saved.actions)
    assert f"Resumed from {path}: {count} action{'s' * (count != 1)} replayed" in told
    assert "The game is over." in second.stdout
    (finished,) = ma.read_records(path.read_text("utf-8"))
    assert finished.money is not None
    assert finished.actions[: len(saved.actions)] == saved.actions
    assert ma.replay(finished).is_over


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path: Path) -> None:
    """A finished game, options that would change the game, two people: exit 1, said why."""
    over = tmp_path / "over.json"
    assert run("demo", "--save", str(over)).returncode == 0
    result = run("play", "--resume", str(over))
    assert result.returncode == 1 and "is over: see it with modern-art replay" in result.stderr
    path, _ = saved_at(tmp_path, lambda s, v: True)
    result = run("play", "--resume", str(path), "--seed", "4")
    assert result.returncode == 1 and "drop --seed" in result.stderr
    people, _ = saved_at(tmp_path, lambda s, v: True, names=("Ann", "Bo", "Cy"), name="p.json")
    result = run("play", "--resume", str(people))
    assert result.returncode == 1 and "say which is yours with --seat" in result.stderr


def test_rules_summary_fits_one_screen_and_r_shows_it_in_a_game() -> None:
    """rules --summary: at most 24 lines of 80 characters, naming the rules; r at a prompt too."""
    result = run("rules", "--summary")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.rstrip("\n").splitlines()
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    for rule in ("R2.1", "R3.3", "R4.1", "R4.4", "R5", "R6.1", "R6.5"):
        assert rule in result.stdout
    original = run("rules", "--summary", "--preset", "original").stdout
    assert "Each starts with 100" in original
    game = run("play", "--seed", "3", "--bots", "random,random", stdin="r\nq\n")
    assert "MODERN ART: how to play" in game.stdout


@pytest.mark.parametrize("every", ["round", "step"])
def test_replay_every_without_svg_or_step_is_refused(tmp_path: Path, every: str) -> None:
    """--every says how often to draw or wait: alone it would be silently ignored, so exit 1."""
    game = tmp_path / "game.json"
    assert run("demo", "--save", str(game)).returncode == 0
    result = run("replay", str(game), "--every", every)
    assert result.returncode == 1 and "give one of them" in result.stderr
    paused = run("replay", str(game), "--step", "--every", "round", stdin="\n" * 10)
    assert paused.returncode == 0
    assert 1 <= paused.stdout.count("Enter for the next round") <= 4
