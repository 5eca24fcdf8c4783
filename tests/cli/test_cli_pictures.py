"""``modern-art replay --svg`` and ``modern-art simulate --report``: the pages they write."""

from __future__ import annotations

import re
from pathlib import Path

import modern_art as ma
from tests.helpers.cli import FAST_BOTS, run
from tests.helpers.svgcheck import problems

HOSTILE = ['<script>alert("x")</script>', "Bo\x00\x1b[2J</figcaption>", "Cy & <img src=x>"]


def _record(tmp_path: Path) -> tuple[ma.GameRecord, Path]:
    agents: list[ma.Agent] = [ma.HeuristicAgent(), ma.RandomAgent(1), ma.RandomAgent(2)]
    record = ma.play_game(agents, seed=9, names=HOSTILE)
    path = tmp_path / "game.json"
    path.write_text(ma.to_json(record), encoding="utf-8")
    return record, path


def test_replay_svg_writes_a_board_per_step_and_a_page_that_escapes_every_name(
    tmp_path: Path,
) -> None:
    """One SVG per action plus the deal, each passing the checks; the page escapes names."""
    record, path = _record(tmp_path)
    out = tmp_path / "pictures"
    result = run("replay", str(path), "--svg", str(out))
    assert result.returncode == 0, result.stderr
    pictures = sorted(out.glob("*.svg"))
    assert len(pictures) == len(record.actions) + 1
    for picture in pictures[:: max(1, len(pictures) // 15)] + pictures[-1:]:
        assert problems(picture.read_text(encoding="utf-8")) == []
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count("<script") == 1 and "<img src=x>" not in page
    assert "&lt;script&gt;alert" in page and "\x1b" not in page and "\x00" not in page
    assert all(f'data-src="{p.name}"' in page for p in pictures)


def test_replay_svg_every_round_draws_the_start_and_each_round_end(tmp_path: Path) -> None:
    """``--every round``: the deal, then the state after each action that ended a round."""
    record, path = _record(tmp_path)
    out = tmp_path / "rounds"
    result = run("replay", str(path), "--svg", str(out), "--every", "round")
    assert result.returncode == 0, result.stderr
    steps = sorted(int(p.stem.split("-")[1]) for p in out.glob("*.svg"))
    state, ends = record.start(), [0]
    for index, action in enumerate(record.actions, start=1):
        step = ma.apply(state, action)
        state = step.state
        if any(isinstance(e, ma.RoundEnded) for e in step.events):
            ends.append(index)
    assert steps == ends and len(steps) == record.rules.rounds + 1


def test_replay_svg_reports_a_directory_it_cannot_write(tmp_path: Path) -> None:
    """A target that is a file exits 1 with a message, no traceback."""
    _, path = _record(tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("replay", str(path), "--svg", str(blocker / "sub"))
    assert result.returncode == 1 and "cannot write the pictures" in result.stderr
    assert "Traceback" not in result.stderr


def test_simulate_report_holds_the_standings_and_two_inline_charts(tmp_path: Path) -> None:
    """The report is one page without script: a table row per bot and two valid SVG charts."""
    report = tmp_path / "report.html"
    result = run("simulate", "--bots", FAST_BOTS, "--games", "6", "--report", str(report))
    assert result.returncode == 0, result.stderr
    page = report.read_text(encoding="utf-8")
    assert "<script" not in page
    charts = re.findall(r"<svg .*?</svg>", page, flags=re.S)
    assert len(charts) == 2
    for chart in charts:
        assert problems(chart) == []
    assert page.count("<tr><td>heuristic</td>") == 1 and page.count("<tr><td>random</td>") == 1
