"""``SearchAgent``: information-set Monte Carlo tree search over sampled deals.

One search per decision, from the seat's view and its visible events only:

1. **Determinize.** Each iteration draws a full state consistent with what
   the seat knows (:func:`~modern_art.sample_state`: the unseen cards
   shuffled, screened money from the public record, R7.4, others' sealed
   bids drawn within their money).
2. **Select and expand.** The tree's nodes are the seat's own decisions
   this round, each keyed by what the seat has *seen* since the search's
   root: every action, with another seat's sealed bid (R4.3) reduced to "a
   bid was sealed". Two sampled worlds that look the same to the seat share
   a node: it is an *information set*, so the statistics never depend on a
   card the seat cannot see. At a node the seat chooses among a few
   candidate actions (the heuristic's own first; see below) by UCB1, counted
   over the iterations in which each candidate was available; one new node
   is added per iteration.
3. **Play out.** The other seats, and the seat itself below the tree, play
   the heuristic (:mod:`modern_art.agents.heuristic`) to the round's end.
4. **Score and back up.** The iteration's score is the seat's money minus
   the others' mean money at the round's end, added to every choice made on
   the way down.

The move played is the root's most visited candidate (ties: the
heuristic's choice first). Candidates, as :class:`~modern_art.MonteCarloAgent`
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
from modern_art.data.events import Event
from modern_art.data.phases import HiddenAuction, OpenAuction
from modern_art.data.state import GameState
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import OwnView, PlayerView, view

__all__ = ["DEFAULT_ITERATIONS", "SearchAgent", "candidate_actions"]

DEFAULT_ITERATIONS = 200
"""Iterations per decision when neither ``iterations`` nor ``move_time`` is given."""

_EXPLORE = 25.0  # UCB1's exploration, in money units (a round's margins span about 100)

Seen = tuple[object, ...]


def candidate_actions(table: SeatKnowledge, own: PlayerView) -> list[Action]:
    """The seat's actions worth a search, the heuristic's choice first, none twice."""
    choice = heuristic_action(table)
    phase = own.phase
    if isinstance(phase, OpenAuction):
        found = [raise_to(table.seat, phase.high_bid, x) for x in _limits(table, phase)]
    else:
        found = _candidates(table, own, choice)
    if choice in found:
        found.remove(choice)
    return [choice, *dict.fromkeys(found)]


class _Node:
    """One information set of the seat: its candidates and their statistics."""

    __slots__ = ("candidates", "score", "shown", "visits")

    def __init__(self, candidates: Sequence[Action]) -> None:
        self.candidates = tuple(candidates)
        self.visits = [0] * len(candidates)
        self.score = [0.0] * len(candidates)
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
        table = SeatKnowledge.from_view(view, self._ledger.money(view, events))
        root = _Node(candidate_actions(table, view))
        if len(root.candidates) == 1:
            return root.candidates[0]
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
        return root.candidates[max(range(len(root.candidates)), key=lambda i: root.visits[i])]


def _iterate(world: GameState, seat: int, root: _Node, tree: dict[Seen, _Node]) -> None:
    """One iteration from ``world``: down the tree, a play-out, and the score back up."""
    memo: dict[object, float] = {}
    i = root.select(None)  # the root's candidates are all legal: they come from the view
    path: list[tuple[_Node, int]] = [(root, i)]
    action = root.candidates[i]
    seen: Seen = ()
    state = world
    expanded = False
    while True:
        step = apply(state, action)
        seen = (*seen, _seen(action, state, seat))
        state = step.state
        if round_end(step.events) is not None or state.is_over:
            break
        node = None
        if next_seat(state) == seat:
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
    score = margin(state, seat)
    for visited, i in path:
        visited.update(i, score)
