"""``analyse``: what a seat can know about its decision, weighed by sampled play-outs.

An **estimate under a stated policy**: each sample draws a full state
consistent with the seat's view (:func:`~modern_art.sample_state`), and
every seat (the analysed one included) then plays the heuristic
(:mod:`modern_art.agents.heuristic`) to the round's end. Other players who
bid differently from the heuristic make other outcomes; the numbers say
what happens *if the table plays like the heuristic*.

- **Artists.** Per artist, the share of samples in which it ranked 1st, 2nd,
  3rd or not at all (R6.3), and the mean pay of one of its paintings at the
  round's end (R6.5), with its standard error. These come from the samples
  in which the seat too plays the heuristic. Where the outcome is forced
  (:mod:`.settled`: an artist that can no longer rank, or whose place no
  play can change) the answer is exact, with standard error 0.
- **Actions.** Each graded action (:mod:`.grid`) is played in sampled
  worlds and the heuristic plays on; its ``money`` is the mean change, from
  now to the round's end, of the seat's money minus the others' mean money.
  Every sample plays the heuristic's own choice (the samples of the
  artists) and one other graded action in turn, in the same world, so
  ``samples`` samples cost about ``2 * samples`` play-outs.
"""

from __future__ import annotations

import math
import random

from attrs import frozen

from modern_art.agents.budgets import check_count, check_seat_to_act, check_seed
from modern_art.agents.heuristic import heuristic_action
from modern_art.agents.knowledge import SeatKnowledge
from modern_art.agents.search.grid import graded_actions
from modern_art.agents.search.rollout import margin, places, play_round, round_end
from modern_art.agents.search.settled import settled_place, settled_value
from modern_art.core.scoring import artist_value
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.data.state import GameState
from modern_art.seeing.money import MoneyLedger, known_money
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import OwnView, PlayerView

__all__ = ["ActionValue", "Analysis", "ArtistOutlook", "analyse"]


@frozen
class ArtistOutlook:
    """One artist's round, as the analysed seat can foresee it."""

    artist: str
    """The artist's name."""
    p_rank: tuple[float, ...]
    """The probabilities of ranking 1st, 2nd, 3rd (one per value tile, R6.4) and
    last of all not at all, summing to 1."""
    value: float
    """The expected pay of one of the artist's paintings at this round's end (R6.5)."""
    stderr: float
    """The standard error of ``value``: 0 where the outcome is forced."""
    exact: bool
    """Whether the outcome is forced: no play can change the artist's place."""


@frozen
class ActionValue:
    """One legal action of the seat, weighed."""

    action: Action
    """The action, one of the seat's legal actions."""
    money: float
    """The expected change, from now to the round's end, of the seat's money
    minus the others' mean money, if it plays ``action`` and the heuristic plays on."""
    stderr: float
    """The standard error of ``money``."""
    samples: int
    """The play-outs behind ``money``."""


@frozen
class Analysis:
    """What :func:`analyse` found: the artists' outlook and the seat's actions, best first."""

    seat: int
    """The analysed seat."""
    samples: int
    """Sampled states drawn."""
    artists: tuple[ArtistOutlook, ...]
    """One outlook per artist, in board order."""
    actions: tuple[ActionValue, ...]
    """One value per graded action, best ``money`` first (empty when the seat
    has no decision to make now)."""


class _Mean:
    """A running mean and standard error (Welford)."""

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def stderr(self) -> float:
        if self.n < 2:
            return 0.0
        return math.sqrt(self.m2 / (self.n - 1) / self.n)


def analyse(
    view: PlayerView,
    *,
    samples: int = 1000,
    seed: int | None = None,
    ledger: MoneyLedger | None = None,
    events: tuple[Event, ...] | list[Event] | None = None,
) -> Analysis:
    """Weigh the seat's decision from its ``view`` (see :mod:`this module <.analysis>`).

    Args:
        view: a seat's view (:func:`~modern_art.view` with a seat).
        samples: sampled states to draw.
        seed: seeds the sampling; the same seed and view give the same analysis.
        ledger: every seat's money from the public record, needed when money is
            screened (R7.2, R7.4) ...
        events: ... or instead the seat's visible events since the game began.

    Raises:
        ValueError: a spectator's view, a finished game, ``samples`` not a
            positive integer, or screened money with neither ``ledger`` nor
            ``events`` (or both).

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=2)
    >>> report = ma.analyse(ma.view(state, 0), samples=20, seed=1, events=())
    >>> [round(sum(a.p_rank), 9) for a in report.artists]
    [1.0, 1.0, 1.0, 1.0, 1.0]
    >>> all(v.action in ma.legal_actions(state, 0) for v in report.actions)
    True
    """
    view = check_seat_to_act(view, "analyse", to_act=False)
    check_count("samples", samples)
    check_seed("seed", seed)
    money = known_money(
        view.rules,
        [p.money for p in view.players],
        ledger,
        None if events is None else tuple(events),
        asker="analyse",
    )
    return _analyse(view, samples, random.Random(seed), MoneyLedger(money))


def _analyse(view: OwnView, samples: int, rng: random.Random, ledger: MoneyLedger) -> Analysis:
    seat, rules = view.seat, view.rules
    places = len(rules.value_tiles) + 1
    artists = len(rules.artists)
    ranks = [[0] * places for _ in range(artists)]
    values = [_Mean() for _ in range(artists)]
    table = SeatKnowledge.from_view(view, ledger.money)
    choice = heuristic_action(table) if view.legal_actions else None
    graded = graded_actions(view, choice) if choice is not None else []
    gains = [_Mean() for _ in graded]
    now = margin_of(ledger.money, seat)
    for i in range(samples):
        world = sample_state(view, rng, ledger=ledger)
        if choice is None:
            end, ended = _play(world, None)
        else:
            end, ended = _play(world, choice)
            gains[0].add(margin(end, seat) - now)
            if len(graded) > 1:
                k = 1 + i % (len(graded) - 1)
                other, _ = _play(world, graded[k])
                gains[k].add(margin(other, seat) - now)
        _tally(ended, view, ranks, values)
    outlooks = []
    for a, artist in enumerate(rules.artists):
        place = settled_place(view, a)
        if place is not None:
            p = tuple(1.0 if q == place else 0.0 for q in range(places))
            outlooks.append(
                ArtistOutlook(artist, p, float(settled_value(view, a, place)), 0.0, True)
            )
        else:
            p = tuple(count / samples for count in ranks[a])
            mean = values[a]
            outlooks.append(ArtistOutlook(artist, p, mean.mean, mean.stderr(), False))
    actions = [
        ActionValue(action, g.mean, g.stderr(), g.n)
        for action, g in zip(graded, gains, strict=True)
        if g.n
    ]
    actions.sort(key=lambda v: -v.money)  # stable: ties keep the grid's order
    return Analysis(seat, samples, tuple(outlooks), tuple(actions))


def margin_of(money: tuple[int, ...], seat: int) -> float:
    """``seat``'s money minus the others' mean."""
    return money[seat] - (sum(money) - money[seat]) / (len(money) - 1)


def _play(world: GameState, action: Action | None) -> tuple[GameState, dict[int, int]]:
    """``action`` (if any), then the heuristic for everyone to the round's end.

    Returns the state after the round and each ranked artist's place in it.
    """
    state = world
    if action is not None:
        step = apply(world, action)
        state = step.state
        if round_end(step.events) is not None:
            return state, places(world, state)
    end = play_round(state)
    return end, places(world, end)


def _tally(
    placed: dict[int, int], view: PlayerView, ranks: list[list[int]], values: list[_Mean]
) -> None:
    """Count one sample's ranking (R6.3) and one painting's pay per artist (R6.5)."""
    rules = view.rules
    unranked = len(rules.value_tiles)
    for a in range(len(rules.artists)):
        q = placed.get(a, unranked)
        ranks[a][q] += 1
        tile = () if q == unranked else (rules.value_tiles[q],)
        values[a].add(float(artist_value((*view.tiles[a], *tile), ranked=q != unranked)))
