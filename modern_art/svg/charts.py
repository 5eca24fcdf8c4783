"""Tournament pictures: win rates with confidence intervals, and final money per bot.

Both read a :class:`~modern_art.TournamentResult` and nothing else, so
``modern-art simulate --report`` and a notebook draw the same charts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from modern_art.svg._markup import document, text

if TYPE_CHECKING:
    # Only the types: drawing a card must not load the bots (the players layer
    # sits above the pictures, and agents/standings.py draws with these charts).
    from modern_art.agents.standings import Standing, TournamentResult

__all__ = ["money_chart", "standings_chart", "standings_html"]

_WIDTH = 680
_LABEL = 130
_PLOT = _WIDTH - _LABEL - 70
_BAR = "#5b8fd1"
_ROW = 34


def _x(fraction: float) -> float:
    return round(_LABEL + fraction * _PLOT, 1)


def standings_chart(result: TournamentResult) -> str:
    """Each agent's win rate as a bar with its 95% interval; a dashed tick marks a fair share.

    The fair share of an agent holding ``k`` of ``n`` seats is ``k / n``:
    what it wins if it is no better than its rivals.

    >>> import modern_art as ma
    >>> from modern_art import svg
    >>> result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=1)
    >>> svg.standings_chart(result).count("<rect")
    2
    """
    rows = result.standings
    height = 40 + _ROW * len(rows) + 36
    parts = [
        f'<text x="{_LABEL}" y="18" font-weight="bold">Win rate, 95% interval'
        f" ({result.games} games)</text>"
    ]
    for pct in (0, 25, 50, 75, 100):
        x = _x(pct / 100)
        parts.append(
            f'<line x1="{x}" y1="28" x2="{x}" y2="{height - 30}" stroke="currentColor"'
            ' stroke-opacity="0.2"/>'
            f'<text x="{x}" y="{height - 14}" text-anchor="middle" font-size="10">{pct}%</text>'
        )
    for i, standing in enumerate(rows):
        parts += _standing_row(standing, result.players, 34 + i * _ROW)
    label = f"Win rates of {len(rows)} agents over {result.games} games, with 95% intervals"
    return document(_WIDTH, height, label, "".join(parts))


def _standing_row(standing: Standing, players: int, top: int) -> list[str]:
    low, high = standing.win_rate_ci
    mid = top + _ROW / 2 - 4
    fair = _x(standing.seats / players)
    return [
        f'<text x="{_LABEL - 8}" y="{mid + 4}" text-anchor="end">{text(standing.name, 18)}</text>',
        f'<rect x="{_LABEL}" y="{top}" width="{round(_x(standing.win_rate) - _LABEL, 1)}"'
        f' height="{_ROW - 12}"'
        f' fill="{_BAR}" fill-opacity="0.75"><title>{text(standing.name, 40)}:'
        f" {standing.win_rate:.1%} ({low:.1%} to {high:.1%})</title></rect>",
        f'<line x1="{_x(low)}" y1="{mid}" x2="{_x(high)}" y2="{mid}" stroke="currentColor"'
        ' stroke-width="1.5"/>'
        f'<line x1="{_x(low)}" y1="{mid - 5}" x2="{_x(low)}" y2="{mid + 5}"'
        ' stroke="currentColor"/>'
        f'<line x1="{_x(high)}" y1="{mid - 5}" x2="{_x(high)}" y2="{mid + 5}"'
        ' stroke="currentColor"/>',
        f'<line x1="{fair}" y1="{top - 2}" x2="{fair}" y2="{top + _ROW - 10}" stroke="#c0392b"'
        ' stroke-dasharray="3 2"/>',
        f'<text x="{_x(high) + 6}" y="{mid + 4}" font-size="11">{standing.win_rate:.1%}</text>',
    ]


_BINS = 12
_HIST_H = 46


def money_chart(result: TournamentResult) -> str:
    """Each agent's final money as a histogram, on one shared scale, with its mean marked.

    >>> import modern_art as ma
    >>> from modern_art import svg
    >>> result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=1)
    >>> "mean" in svg.money_chart(result)
    True
    """
    rows = result.standings
    values = [m for s in rows for m in s.final_money]
    low = min(values, default=0)
    high = max(values, default=0)
    span = max(1, high - low)
    width = span / _BINS
    height = 30 + (_HIST_H + 18) * len(rows) + 24
    parts = [
        f'<text x="{_LABEL}" y="18" font-weight="bold">Final money per seat,'
        f" {low} to {high}</text>"
    ]
    for i, standing in enumerate(rows):
        top = 30 + i * (_HIST_H + 18)
        counts = [0] * _BINS
        for m in standing.final_money:
            counts[min(_BINS - 1, int((m - low) / width))] += 1
        tallest = max(counts, default=0) or 1
        parts.append(
            f'<text x="{_LABEL - 8}" y="{top + _HIST_H / 2 + 4}" text-anchor="end">'
            f"{text(standing.name, 18)}</text>"
            f'<line x1="{_LABEL}" y1="{top + _HIST_H}" x2="{_LABEL + _PLOT}" y2="{top + _HIST_H}"'
            ' stroke="currentColor" stroke-opacity="0.4"/>'
        )
        bar_w = _PLOT / _BINS
        for b, count in enumerate(counts):
            if not count:
                continue
            h = round(_HIST_H * count / tallest, 1)
            x = round(_LABEL + b * bar_w, 1)
            start = round(low + b * width)
            parts.append(
                f'<rect x="{x}" y="{top + _HIST_H - h}" width="{round(bar_w - 2, 1)}"'
                f' height="{h}" fill="{_BAR}" fill-opacity="0.75"><title>{count} seats from'
                f" {start}</title></rect>"
            )
        if standing.final_money:
            mean_x = round(_LABEL + (standing.mean_money - low) / span * _PLOT, 1)
            parts.append(
                f'<line x1="{mean_x}" y1="{top - 2}" x2="{mean_x}" y2="{top + _HIST_H}"'
                ' stroke="#c0392b" stroke-width="1.5"/>'
                f'<text x="{mean_x + 4}" y="{top + 8}" font-size="10">mean'
                f" {standing.mean_money:.0f}</text>"
            )
    bottom = 30 + (_HIST_H + 18) * len(rows) + 8
    parts.append(
        f'<text x="{_LABEL}" y="{bottom}" font-size="10">{low}</text>'
        f'<text x="{_LABEL + _PLOT}" y="{bottom}" font-size="10" text-anchor="end">{high}</text>'
    )
    label = f"Final money of each agent's seats over {result.games} games"
    return document(_WIDTH, height, label, "".join(parts))


def standings_html(result: TournamentResult) -> str:
    """The standings as an HTML table followed by both charts: no script, names escaped.

    This is what a notebook shows for a :class:`~modern_art.TournamentResult`
    (``_repr_html_``) and the body of ``modern-art simulate --report``.
    """
    rows = "".join(
        f"<tr><td>{text(s.name, 40)}</td><td>{s.seats}/{result.players}</td>"
        f"<td>{s.win_rate:.1%}</td><td>{s.win_rate_ci[0]:.1%} to {s.win_rate_ci[1]:.1%}</td>"
        f"<td>{s.mean_money:.1f}</td><td>{s.money_sd:.1f}</td></tr>"
        for s in result.standings
    )
    return (
        f"<table><caption>{result.games} games, {result.players} players, seats rotated"
        "</caption><thead><tr><th>agent</th><th>seats</th><th>win rate</th><th>95% CI</th>"
        f"<th>mean money</th><th>sd</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<div>{standings_chart(result)}</div><div>{money_chart(result)}</div>"
    )
