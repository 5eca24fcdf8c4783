"""Pages of pictures: a replay to step through with the arrow keys, a tournament report.

``modern-art replay FILE --svg DIR`` writes one board per step (or per
round) and an ``index.html`` that shows them one at a time; ``modern-art
simulate --report FILE.html`` writes one self-contained page with the
standings and the money charts. Both pages work from ``file://``: the
replay's small script is inline and static (every game fact is in escaped
HTML, none is written into the script), and the report has no script.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from html import escape
from pathlib import Path

from attrs import frozen
from rich.text import Text

from modern_art.agents import TournamentResult
from modern_art.cli.narrate import Narrator
from modern_art.core.records import GameRecord
from modern_art.core.transition import apply
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.events import Event, RoundEnded
from modern_art.data.state import GameState
from modern_art.svg import board, standings_html
from modern_art.svg._markup import clean

__all__ = ["Frame", "frames", "replay_page", "report_page", "write_replay"]

_NAME = 24


@frozen
class Frame:
    """One picture of a replay: its state and what led to it, in words (unescaped)."""

    index: int
    """How many actions of the record led to it."""
    state: GameState
    """The state drawn."""
    caption: str
    """The action that led to it."""
    lines: tuple[str, ...]
    """The narrator's lines for that action's events."""

    @property
    def file_name(self) -> str:
        """The picture's file name, in step order."""
        return f"step-{self.state.step:04d}.svg"


def _action_words(state: GameState, action: Action) -> str:
    name = clean(state.players[action.seat].name, _NAME)
    if isinstance(action, PlayCard):
        return f"{name} offers {clean(action.card.artist, 40)} ({action.card.auction.label})"
    if isinstance(action, Bid):
        return f"{name} bids {action.amount}"
    if isinstance(action, SetPrice):
        return f"{name} names the price {action.price}"
    if isinstance(action, Accept):
        return f"{name} accepts the price"
    assert isinstance(action, Pass)
    return f"{name} passes"


def frames(record: GameRecord, every: str = "step") -> Iterator[Frame]:
    """The replay's pictures: every step, or (``every="round"``) each round's end.

    With ``"round"`` the frames are the start, the state after each action
    that ended a round, and the last state.
    """
    names = list(record.players)
    narrator = Narrator(record.rules, names, viewer=None, show_money=False)
    state = record.start()
    yield Frame(0, state, "The deal: round 1 begins", ())
    total = len(record.actions)
    for index, action in enumerate(record.actions, start=1):
        words = _action_words(state, action)
        step = apply(state, action)
        lines = _plain(narrator.feed(step.events))
        state = step.state
        if every == "step" or _ends_round(step.events) or index == total:
            yield Frame(index, state, f"Step {index} of {total}: {words}", tuple(lines))


def _ends_round(events: Sequence[Event]) -> bool:
    return any(isinstance(event, RoundEnded) for event in events)


def _plain(lines: Sequence[object]) -> list[str]:
    """The narrator's lines as plain text (its tables are left out)."""
    return [Text.from_markup(line).plain.strip() for line in lines if isinstance(line, str)]


def write_replay(record: GameRecord, directory: Path, every: str = "step") -> int:
    """Write each frame's SVG and ``index.html`` into ``directory``; how many frames."""
    directory.mkdir(parents=True, exist_ok=True)
    written = list(frames(record, every))
    for frame in written:
        (directory / frame.file_name).write_text(board(frame.state), encoding="utf-8")
    (directory / "index.html").write_text(replay_page(record, written), encoding="utf-8")
    return len(written)


_STEPPER = """
const frames = Array.from(document.querySelectorAll("figure.frame"));
const position = document.getElementById("position");
let current = 0;
function show(i) {
  current = Math.max(0, Math.min(frames.length - 1, i));
  frames.forEach((f, k) => { f.hidden = k !== current; });
  const img = frames[current].querySelector("img");
  if (!img.getAttribute("src")) img.setAttribute("src", img.dataset.src);
  position.textContent = (current + 1) + " / " + frames.length;
}
document.addEventListener("keydown", (e) => {
  const moves = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
  if (e.key in moves) { show(current + moves[e.key]); e.preventDefault(); }
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(frames.length - 1);
});
document.getElementById("back").addEventListener("click", () => show(current - 1));
document.getElementById("next").addEventListener("click", () => show(current + 1));
show(0);
"""
"""The replay page's only script: static, it reads the page and never game data."""

_STYLE = """
body { font-family: sans-serif; margin: 1em auto; max-width: 800px; color: #222; }
figure { margin: 0; } figure img { max-width: 100%; height: auto; }
figcaption { margin: 0.5em 0; } figcaption p { margin: 0.2em 0; font-size: 0.9em; }
nav { margin: 0.5em 0; } table { border-collapse: collapse; }
td, th { padding: 0.2em 0.7em; border-bottom: 1px solid #ccc; text-align: right; }
td:first-child, th:first-child { text-align: left; }
"""


def replay_page(record: GameRecord, shown: Sequence[Frame]) -> str:
    """The replay's ``index.html``: one frame at a time, arrow keys to move."""
    players = ", ".join(escape(clean(name, _NAME)) for name in record.players)
    figures = []
    for frame in shown:
        details = "".join(f"<p>{escape(clean(line, 300))}</p>" for line in frame.lines)
        figures.append(
            f'<figure class="frame" hidden><img data-src="{frame.file_name}" width="760"'
            f' alt="The board after step {frame.state.step}">'
            f"<figcaption><strong>{escape(frame.caption)}</strong>{details}</figcaption></figure>"
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Modern Art replay</title>"
        f"<style>{_STYLE}</style></head><body>"
        f"<h1>Modern Art replay</h1><p>{players}. Arrow keys (or the buttons) step through"
        " the game; Home and End jump to its ends.</p>"
        '<nav><button id="back" type="button">&larr; back</button>'
        ' <span id="position"></span> <button id="next" type="button">next &rarr;</button></nav>'
        + "".join(figures)
        + f"<script>{_STEPPER}</script></body></html>\n"
    )


def report_page(result: TournamentResult, command: str, seconds: float) -> str:
    """A self-contained tournament report: the standings table and two inline SVG charts."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Modern Art tournament</title><style>{_STYLE}</style></head><body>"
        f"<h1>Modern Art tournament</h1><p>{result.games} games of {result.players} players"
        f" in {seconds:.1f} s. Reproduce with: <code>{escape(clean(command, 500))}</code></p>"
        "<p>Bars: the share of games won (a shared victory split evenly), whiskers: the 95%"
        " Wilson interval, dashed red tick: the fair share of an agent no better than its"
        " rivals. Histograms: how each agent's seats ended, on one scale; the red line is"
        " the mean.</p>"
        f"{standings_html(result)}</body></html>\n"
    )
