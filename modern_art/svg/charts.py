"""Tournament pictures: win rates with confidence intervals, final money per bot, a learning curve.

The first two read a :class:`~modern_art.TournamentResult` and nothing else, so
``modern-art simulate --report`` and a notebook draw the same charts;
:func:`curve_chart` draws win rates with their intervals over a training run
(``modern-art train``'s ``curve.svg``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from modern_art.svg._markup import document, text

if TYPE_CHECKING:
    # Only the types: drawing a card must not load the bots (the players layer
    # sits above the pictures, and agents/standings.py draws with these charts).
    from modern_art.agents.standings import Standing, TournamentResult

__all__ = ["CurvePoint", "curve_chart", "money_chart", "standings_chart", "standings_html"]

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


CurvePoint: TypeAlias = tuple[str, float, float, float, float]
"""One evaluation of a learning curve: (series, x, win rate, interval low, interval high)."""

_SERIES = ("#5b8fd1", "#c0392b", "#27ae60", "#8e44ad", "#d68910")
_CURVE_H = 260


def curve_chart(points: Sequence[CurvePoint], *, par: float, x_label: str = "updates") -> str:
    """Win rates over a run, one line a series, each point's 95% interval a band; par dashed.

    >>> from modern_art import svg
    >>> points = [("random", 0, 0.2, 0.1, 0.3), ("random", 10, 0.6, 0.5, 0.7)]
    >>> picture = svg.curve_chart(points, par=0.25)
    >>> picture.count("<polyline"), "par 25%" in picture
    (1, True)
    """
    series = list(dict.fromkeys(p[0] for p in points))
    xs = [p[1] for p in points]
    low_x, high_x = min(xs, default=0.0), max(xs, default=1.0)
    span = (high_x - low_x) or 1.0
    top, bottom = 34, 34 + _CURVE_H
    left, width = 60, _WIDTH - 60 - 150

    def at(x: float, y: float) -> str:
        return f"{round(left + (x - low_x) / span * width, 1)},{round(bottom - y * _CURVE_H, 1)}"

    parts = [f'<text x="{left}" y="18" font-weight="bold">Win rate, 95% interval</text>']
    for pct in (0, 25, 50, 75, 100):
        y = round(bottom - pct / 100 * _CURVE_H, 1)
        parts.append(
            f'<line x1="{left}" y1="{y}" x2="{left + width}" y2="{y}" stroke="currentColor"'
            ' stroke-opacity="0.2"/>'
            f'<text x="{left - 6}" y="{y + 4}" text-anchor="end" font-size="10">{pct}%</text>'
        )
    par_y = round(bottom - par * _CURVE_H, 1)
    parts.append(
        f'<line x1="{left}" y1="{par_y}" x2="{left + width}" y2="{par_y}" stroke="#c0392b"'
        f' stroke-dasharray="4 3"/><text x="{left + width + 6}" y="{par_y + 4}"'
        f' font-size="10">par {par:.0%}</text>'
    )
    for i, name in enumerate(series):
        colour = _SERIES[i % len(_SERIES)]
        mine = sorted((p for p in points if p[0] == name), key=lambda p: p[1])
        band = [at(p[1], p[4]) for p in mine] + [at(p[1], p[3]) for p in reversed(mine)]
        parts.append(
            f'<polygon points="{" ".join(band)}" fill="{colour}" fill-opacity="0.15"/>'
            f'<polyline points="{" ".join(at(p[1], p[2]) for p in mine)}" fill="none"'
            f' stroke="{colour}" stroke-width="2"/>'
        )
        for p in mine:
            cx, cy = at(p[1], p[2]).split(",")
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="2.5" fill="{colour}"><title>{text(name, 30)}'
                f" at {p[1]:g}: {p[2]:.1%} ({p[3]:.1%} to {p[4]:.1%})</title></circle>"
            )
        legend_y = top + 16 * i + 8
        parts.append(
            f'<line x1="{left + width + 6}" y1="{legend_y}" x2="{left + width + 26}"'
            f' y2="{legend_y}" stroke="{colour}" stroke-width="2"/>'
            f'<text x="{left + width + 30}" y="{legend_y + 4}" font-size="11">against'
            f" {text(name, 14)}</text>"
        )
    parts.append(
        f'<text x="{left}" y="{bottom + 16}" font-size="10">{low_x:g}</text>'
        f'<text x="{left + width}" y="{bottom + 16}" font-size="10" text-anchor="end">'
        f"{high_x:g}</text>"
        f'<text x="{left + width / 2}" y="{bottom + 30}" font-size="11" text-anchor="middle">'
        f"{text(x_label, 40)}</text>"
    )
    label = f"Win rate over a training run against {', '.join(series)}, with 95% intervals"
    return document(_WIDTH, bottom + 40, label, "".join(parts))
