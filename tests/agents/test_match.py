"""The match runner: seats rotated, deals shared, workers, records and resume, SPRT, ratings."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.ratings import ranks, rate
from modern_art.agents.match.runner import run_match
from modern_art.agents.match.sprt import Sprt, fixed_games
from tests.helpers.processes import descendants
from tests.helpers.webkit import need

MATCH_EXTRA = "the match extra: pip install -e '.[match]'"

ROOT = Path(__file__).resolve().parents[2]
GREEDY = f"engine:{sys.executable} {ROOT / 'examples' / 'engines' / 'greedy_bot.py'}"


def test_R1_5_every_deal_is_played_from_every_seat_by_every_player() -> None:
    """In each block of n games one deal is dealt, and each player holds each seat once."""
    plan = MatchPlan.of(["heuristic", "random", "random", "montecarlo"], seed=8)
    for block in range(3):
        games = range(4 * block, 4 * block + 4)
        assert len({plan.deal_seed(g) for g in games}) == 1
        for seat in range(4):
            assert sorted(plan.seats(g)[seat] for g in games) == [0, 1, 2, 3]
    assert plan.deal_seed(0) != plan.deal_seed(4)


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["random", "random"], "3 to 5 players"),
        (["random"] * 6, "3 to 5 players"),
        (["random", "random", "chess"], "unknown bot 'chess'"),
        (["random", "random", "engine:"], "empty"),
        (["random", "random", "engine:node 'x"], "cannot split"),
    ],
)
def test_R1_1_a_match_refuses_bad_players_with_a_value_error(
    players: list[str], words: str
) -> None:
    """Too few or many players, an unknown bot, an empty engine command: ValueError."""
    with pytest.raises(ValueError, match=words):
        MatchPlan.of(players)


def test_workers_give_the_records_and_summary_of_one_process(tmp_path: Path) -> None:
    """Two worker processes write the same records file and summary as this process does."""
    before = descendants()
    players = ["heuristic", GREEDY, "random"]
    plan = MatchPlan.of(players, seed=4, move_time=5)
    here = run_match(plan, 6, records=tmp_path / "here.jsonl")
    there = run_match(plan, 6, records=tmp_path / "there.jsonl", workers=2)
    assert (tmp_path / "here.jsonl").read_bytes() == (tmp_path / "there.jsonl").read_bytes()
    assert here == there
    assert descendants() - before == set()


def test_a_stopped_match_resumes_from_its_records_and_ends_as_an_unstopped_one(
    tmp_path: Path,
) -> None:
    """A file cut mid-line resumes: whole lines kept, the cut game replayed, the same end."""
    plan = MatchPlan.of(["heuristic", GREEDY, "random"], seed=6, move_time=5)
    whole = tmp_path / "whole.jsonl"
    full = run_match(plan, 6, records=whole)
    lines = whole.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:2]) + lines[2][:100])
    resumed = run_match(plan, 6, records=cut)
    assert cut.read_bytes() == whole.read_bytes()
    assert resumed.played == 4 and resumed.players == full.players


def test_a_records_file_of_another_match_is_refused(tmp_path: Path) -> None:
    """Another seed's games are not resumed: ValueError naming the line and the field."""
    path = tmp_path / "match.jsonl"
    run_match(MatchPlan.of(["random"] * 3, seed=1), 3, records=path)
    with pytest.raises(ValueError, match=r"line 1 holds a game of another match: seed is 1"):
        run_match(MatchPlan.of(["random"] * 3, seed=2), 3, records=path)
    path.write_text("not json\n")
    with pytest.raises(ValueError, match="line 1 is not a match's game line"):
        run_match(MatchPlan.of(["random"] * 3, seed=2), 3, records=path)
    with pytest.raises(ValueError, match="games must be a positive integer"):
        run_match(MatchPlan.of(["random"] * 3), 0)


def test_sprt_stops_for_p1_on_a_clearly_stronger_bot_in_far_fewer_games() -> None:
    """Heuristic against three random: H1 (0.45, not 0.25) in a tenth of a fixed test's games."""
    plan = MatchPlan.of(["heuristic", "random", "random", "random"], seed=1)
    result = run_match(plan, 400, sprt=(0.25, 0.45))
    assert result.sprt is not None and result.sprt.decision == "H1"
    assert result.games == result.sprt.games <= result.sprt.fixed_games / 5
    assert result.sprt.fixed_games == fixed_games(0.25, 0.45) == 59


def test_sprt_on_equal_bots_claims_a_difference_no_more_often_than_alpha() -> None:
    """Random against three random, 20 seeded matches: H1 is claimed at most once (alpha 0.05)."""
    claims = 0
    for seed in range(20):
        plan = MatchPlan.of(["random"] * 4, seed=seed)
        result = run_match(plan, 1000, sprt=(0.25, 0.45))
        assert result.sprt is not None and result.sprt.decision is not None
        claims += result.sprt.decision == "H1"
    assert claims <= 0.05 * 20


@pytest.mark.parametrize(("truth", "wrong"), [(0.25, "H1"), (0.45, "H0")])
def test_sprt_errors_stay_within_alpha_and_beta_over_many_seeded_runs(
    truth: float, wrong: str
) -> None:
    """4000 seeded Bernoulli runs at P0 (or P1): the wrong decision in at most 6% of them."""
    rng = random.Random(27)
    mistakes = 0
    for _ in range(4000):
        test = Sprt(0.25, 0.45)
        while test.update(float(rng.random() < truth)) is None:
            pass
        mistakes += test.decision == wrong
    assert mistakes / 4000 <= 0.06


@pytest.mark.parametrize(
    "rates", [(0.5, 0.4), (0.0, 0.5), (0.2, 1.0), (0.2, 0.3, 0.0, 0.05), (0.2, 0.3, 0.05, 0.6)]
)
def test_sprt_refuses_rates_out_of_range(rates: tuple[float, ...]) -> None:
    """P0 < P1 inside (0, 1), alpha and beta inside (0, 0.5): else ValueError."""
    with pytest.raises(ValueError, match=r"P0|alpha|beta"):
        Sprt(*rates)


def test_R8_2_ranks_share_equal_money_and_ratings_follow_the_ranking() -> None:
    """Equal money shares a rank; a player that always finishes first rates highest."""
    need("openskill", MATCH_EXTRA)
    assert ranks([50, 50, 10]) == [1, 1, 3]
    games = [((g % 3, (g + 1) % 3, (g + 2) % 3), (300, 200, 100)) for g in range(9)]
    first = rate(3, [((0, 1, 2), (300, 200, 100))] * 9)
    assert first[0][0] > first[1][0] > first[2][0]
    rotated = rate(3, games)
    assert max(mu for mu, _ in rotated) - min(mu for mu, _ in rotated) < 3


def test_the_json_summary_has_the_fields_design_fixes(tmp_path: Path) -> None:
    """games, and per PLAYER: player, name, games, wins, win_rate, ci, rating, errors."""
    need("openskill", MATCH_EXTRA)
    result = run_match(MatchPlan.of(["heuristic", "random", "random"], seed=3), 3)
    doc = json.loads(json.dumps(result.to_dict()))
    assert set(doc) == {"games", "players"} and doc["games"] == 3
    for entry in doc["players"]:
        assert set(entry) == {
            "player",
            "name",
            "games",
            "wins",
            "win_rate",
            "ci",
            "rating",
            "errors",
        }
        assert set(entry["rating"]) == {"mu", "sigma"}
        assert set(entry["errors"]) == {"crashed", "timed_out", "illegal", "protocol"}
