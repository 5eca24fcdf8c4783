"""``SearchAgent``: information-set Monte Carlo tree search over sampled deals.

One search per decision, from the seat's view and its visible events only:

1. **Determinize.** Each iteration draws a full state consistent with what
   the seat knows (:func:`~modern_art.sample_state`: the unseen cards
   shuffled, screened money from the public record, R7.4, others' sealed
   bids drawn within their money).
2. **Select and expand.** The tree's nodes are the seat's own decisions
   this round, each keyed by what the seat has *seen* since the search's
   root: every action, with another seat's sealed bid (R4.3) reduced to "a
   bid was sealed" until the bids are revealed. Two sampled worlds that
   look the same to the seat share a node: it is an *information set*, so
   the statistics never depend on a card the seat cannot see. At a node the
   seat chooses among a few candidate actions (the heuristic's own first;
   see below) by UCB1, counted over the iterations in which each candidate
   was available; one new node is added per iteration.
3. **Play out.** The other seats, and the seat itself below the tree, play
   the heuristic (:mod:`modern_art.agents.heuristic`) to the round's end.
4. **Score and back up.** The iteration's score is the seat's money minus
   the others' mean money at the round's end, added to every choice made on
   the way down.

The move played is the heuristic's own choice unless the root's most
visited rival beats it by more than one money unit and 1.3 standard errors
of the difference. Candidates, as :class:`~modern_art.MonteCarloAgent`
searches them: the heuristic's best few kinds of card to offer; each kind
of fitting second card, or declining; for bids and prices the heuristic's
amount, the lowest raise, passing and a few fractions of the lot's value;
in an open auction, raises towards a few bid limits.

The budget: ``iterations`` per decision (the same moves for the same seed
and the same view, on any machine) or ``move_time`` seconds of search per
decision (what fits in the time: not reproducible).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from modern_art.agents.heuristic import heuristic_action, raise_to
from modern_art.agents.knowledge import SeatKnowledge
from modern_art.agents.ledger_cache import LedgerCache
from modern_art.agents.montecarlo import _candidates, _limits
from modern_art.agents.search.rollout import heuristic_move, margin, round_end
from modern_art.core.legal import legal_actions
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply
from modern_art.data.actions import Action, Bid
from modern_art.data.events import BidsRevealed, Event
from modern_art.data.phases import HiddenAuction, OpenAuction
from modern_art.data.state import GameState
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import OwnView, PlayerView, view

__all__ = ["DEFAULT_ITERATIONS", "SearchAgent", "candidate_actions"]

DEFAULT_ITERATIONS = 200
"""Iterations per decision when neither ``iterations`` nor ``move_time`` is given."""

_EXPLORE = 25.0  # UCB1's exploration, in money units (a round's margins span about 100)
_Z = 1.3  # standard errors a rival must win by to overrule the heuristic (about 90%)
_MIN_GAIN = 1.0  # and money units

Seen = tuple[object, ...]


def candidate_actions(table: SeatKnowledge, own: PlayerView) -> list[tuple[Action, int | None]]:
    """The seat's moves worth a search, the heuristic's first, each once, with bid limits.

    In an open auction each candidate is a bid *limit* (with the move towards
    it): the seat keeps to the limit for the rest of that auction (R4.1).
    """
    phase = own.phase
    found: list[tuple[Action, int | None]] = []
    if isinstance(phase, OpenAuction):
        for limit in _limits(table, phase):  # the heuristic's own limit first, each once
            found.append((raise_to(table.seat, phase.high_bid, limit), limit))
        return found
    choice = heuristic_action(table)
    found.append((choice, None))
    for action in dict.fromkeys(_candidates(table, own, choice)):
        if action != choice:
            found.append((action, None))
    return found


class _Node:
    """One information set of the seat: its candidates and their statistics."""

    __slots__ = ("candidates", "limits", "score", "shown", "squares", "visits")

    def __init__(self, candidates: Sequence[tuple[Action, int | None]]) -> None:
        self.candidates = tuple(a for a, _ in candidates)
        self.limits = tuple(x for _, x in candidates)
        self.visits = [0] * len(candidates)
        self.score = [0.0] * len(candidates)
        self.squares = [0.0] * len(candidates)
        self.shown = [0] * len(candidates)  # iterations in which the candidate was there

    def select(self, legal: frozenset[Action] | None) -> int:
        """UCB1 over the candidates available (all when ``legal`` is ``None``)."""
        best, best_value = -1, -math.inf
        for i, action in enumerate(self.candidates):
            if legal is not None and action not in legal:
                continue
            self.shown[i] += 1
            n = self.visits[i]
            if n == 0:
                value = math.inf
            else:
                value = self.score[i] / n + _EXPLORE * math.sqrt(math.log(self.shown[i]) / n)
            if value > best_value:
                best, best_value = i, value
        return best

    def update(self, i: int, score: float) -> None:
        self.visits[i] += 1
        self.score[i] += score
        self.squares[i] += score * score

    def choice(self) -> int:
        """The move to play: the heuristic's (0) unless a rival is clearly better.

        The rival is the most visited other candidate; it is played when its
        mean beats the heuristic's by more than ``_MIN_GAIN`` money and
        ``_Z`` standard errors of the difference.
        """
        if len(self.candidates) == 1 or self.visits[0] == 0:
            return max(range(len(self.candidates)), key=lambda i: self.visits[i])
        rival = max(range(1, len(self.candidates)), key=lambda i: (self.visits[i], -i))
        if self.visits[rival] < 2 or self.visits[0] < 2:
            return 0
        gain = self._mean(rival) - self._mean(0)
        noise = math.sqrt(self._var(rival) / self.visits[rival] + self._var(0) / self.visits[0])
        return rival if gain > _MIN_GAIN and gain > _Z * noise else 0

    def _mean(self, i: int) -> float:
        return self.score[i] / self.visits[i]

    def _var(self, i: int) -> float:
        n = self.visits[i]
        return max(0.0, (self.squares[i] - self.score[i] ** 2 / n) / (n - 1))


def _seen(action: Action, state: GameState, seat: int) -> object:
    """``action`` as ``seat`` sees it: another seat's sealed bid hides its amount (R4.3, R7.2)."""
    if isinstance(action, Bid) and action.seat != seat and isinstance(state.phase, HiddenAuction):
        return ("sealed", action.seat)
    return action


class SearchAgent:
    """IS-MCTS over determinizations, the heuristic playing the rest (see the module's docstring).

    Args:
        seed: seeds the agent's own generator, the only chance it uses.
        iterations: iterations per decision (default :data:`DEFAULT_ITERATIONS`
            when ``move_time`` is not given either).
        move_time: seconds of search per decision; with ``iterations``
            too, the search stops at whichever comes first.

    Raises:
        ValueError: ``iterations`` is not a positive integer, or
            ``move_time`` not a positive number of seconds.

    >>> import modern_art as ma
    >>> agent = ma.SearchAgent(seed=1, iterations=20)
    >>> state = ma.new_game(3, seed=2)
    >>> agent.act(ma.view(state, 0), ()) in ma.legal_actions(state, 0)
    True
    """

    name = "search"
    """The agent's short name in tables."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        move_time: float | None = None,
    ) -> None:
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
        if move_time is not None and (
            isinstance(move_time, bool)
            or not isinstance(move_time, int | float)
            or not 0 < move_time < math.inf
        ):
            raise ValueError(f"move_time must be a positive number of seconds, got {move_time!r}")
        if iterations is None and move_time is None:
            iterations = DEFAULT_ITERATIONS
        self.seed = seed
        self.iterations = iterations
        self.move_time = move_time
        self._rng = random.Random(seed)
        self._ledger = LedgerCache()
        self._plan: tuple[object, int] | None = None  # an open auction's bid limit

    def __repr__(self) -> str:
        return (
            f"SearchAgent(seed={self.seed!r}, iterations={self.iterations!r},"
            f" move_time={self.move_time!r})"
        )

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """Search from ``view`` (and the seat's visible ``events``) and return the move."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if isinstance(phase, OpenAuction):
            key = (view.round, phase.lot, phase.auctioneer)
            if self._plan is not None and self._plan[0] == key:  # keep to the limit (R4.1)
                return raise_to(view.seat, phase.high_bid, self._plan[1])
        table = SeatKnowledge.from_view(view, self._ledger.money(view, events))
        root = _Node(candidate_actions(table, view))
        if len(root.candidates) == 1:
            return self._play(root, 0, view)
        ledger = self._ledger.ledger(view, events)
        deadline = None if self.move_time is None else time.perf_counter() + self.move_time
        done = 0
        tree: dict[Seen, _Node] = {}
        while self.iterations is None or done < self.iterations:
            enough = done >= len(root.candidates)  # every candidate tried once
            if deadline is not None and enough and time.perf_counter() >= deadline:
                break
            world = sample_state(view, self._rng, ledger=ledger)
            _iterate(world, view.seat, root, tree)
            done += 1
        return self._play(root, root.choice(), view)

    def _play(self, root: _Node, i: int, view: OwnView) -> Action:
        """Candidate ``i`` of the root; in an open auction its limit becomes the plan."""
        limit, phase = root.limits[i], view.phase
        if limit is not None and isinstance(phase, OpenAuction):
            self._plan = ((view.round, phase.lot, phase.auctioneer), limit)
        return root.candidates[i]


def _iterate(world: GameState, seat: int, root: _Node, tree: dict[Seen, _Node]) -> None:
    """One iteration from ``world``: down the tree, a play-out, and the score back up."""
    memo: dict[object, float] = {}
    i = root.select(None)  # the root's candidates are all legal: they come from the view
    path: list[tuple[_Node, int]] = [(root, i)]
    action = root.candidates[i]
    keep = _keep(world, root.limits[i])
    seen: Seen = ()
    state = world
    expanded = False
    while True:
        step = apply(state, action)
        seen = (*seen, _seen(action, state, seat), *_revealed(step.events))
        state = step.state
        if round_end(step.events) is not None or state.is_over:
            break
        node = None
        actor = next_seat(state)
        if keep is not None and actor == seat and _within(state, keep):
            action = raise_to(seat, state.phase.high_bid, keep[1])  # type: ignore[union-attr]
            if action in legal_actions(state, seat):
                continue
        if actor == seat:
            node = tree.get(seen)
            if node is None and not expanded:
                own = view(state, seat)
                node = _Node(candidate_actions(SeatKnowledge.from_state(state, seat), own))
                tree[seen] = node
                expanded = True
        if node is None:
            action = heuristic_move(state, memo)
        else:
            i = node.select(frozenset(legal_actions(state, seat)))
            if i < 0:  # pragma: no cover (an information set's candidates are its legal moves)
                action = heuristic_move(state, memo)
            else:
                path.append((node, i))
                action = node.candidates[i]
                if node.limits[i] is not None:
                    keep = _keep(state, node.limits[i])
    score = margin(state, seat)
    for visited, i in path:
        visited.update(i, score)


def _revealed(events: tuple[Event, ...]) -> tuple[object, ...]:
    """What ``events`` show every seat that no action did: sealed bids, once revealed (R4.3)."""
    return tuple(("revealed", e.bids) for e in events if isinstance(e, BidsRevealed))


def _keep(state: GameState, limit: int | None) -> tuple[tuple[object, ...], int] | None:
    """The open auction under way in ``state`` and the limit to keep in it, if any."""
    phase = state.phase
    if limit is None or not isinstance(phase, OpenAuction):
        return None
    return (state.round, phase.lot, phase.auctioneer), limit


def _within(state: GameState, keep: tuple[tuple[object, ...], int]) -> bool:
    """Whether ``state`` is still in the open auction ``keep`` was made for."""
    phase = state.phase
    return isinstance(phase, OpenAuction) and (state.round, phase.lot, phase.auctioneer) == keep[0]
