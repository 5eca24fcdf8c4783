"""``SearchAgent``: information-set Monte Carlo tree search over sampled deals.

One search per decision, from the seat's view and its visible events only.
The budget is counted in **play-outs**: one move tried in one sampled world
and played on to the round's end.

1. **Candidates.** The seat weighs a few moves (:mod:`.candidates`): the
   heuristic's own first, then the other kinds of card to offer, or a few
   fractions of the lot's value as bids, prices and open-auction bid
   *limits* (a limit is kept for the rest of that auction, R4.1).
2. **Determinize, in common.** Each world is a full state drawn with
   :func:`~modern_art.sample_state` from what the seat knows (the unseen
   cards shuffled, screened money from the public record, R7.4, others'
   sealed bids within their money). *Every* candidate still in the running
   is played in the same world, so two candidates are compared on the same
   cards: the luck of the deal cancels out of their difference (common
   random numbers), as :class:`~modern_art.MonteCarloAgent` does.
3. **Sequential halving.** The budget is cut into stages; after each, the
   worse half of the rival candidates (by their mean gain over the
   heuristic's move, world by world) drop out, so most play-outs go to the
   moves that matter. The heuristic's move stays in throughout: it is the
   baseline.
4. **The tree below.** The seat's own later decisions in the round are
   nodes of a tree keyed by what the seat has *seen* since the root: every
   action, with another seat's sealed bid (R4.3) reduced to "a bid was
   sealed" until the bids are revealed. Two worlds that look the same to the
   seat share a node, an *information set*, so no statistic depends on a
   card the seat cannot see. A node plays the heuristic's move until it has
   been visited often enough to widen (progressive widening: its ``i``-th
   other candidate joins after ``WIDEN * i * i`` visits), then chooses by
   UCB1 among the candidates it has. One node is added per play-out. The
   tree goes on only through the seat's own moves and others' sealed bids
   (R4.3), the steps every world shows the seat alike; at another seat's
   visible move the worlds part, and the play-out goes on without the tree.
5. **Play on and score.** Below the tree every seat plays the heuristic to
   the round's end (:func:`~modern_art.playout`, ``until="round"``); the
   play-out's score is the seat's money minus the others' mean money then.

The move played is the heuristic's unless the last rival standing beats it
by more than one money unit and 1.3 standard errors of the paired
difference: with little evidence the search plays as the heuristic does.

The budget: ``iterations`` play-outs per decision (the same moves for the
same seed and the same view, on any machine) or ``move_time`` seconds of
search per decision (what fits in the time: not reproducible); the stages
split either evenly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from modern_art.agents.base import agent_repr
from modern_art.agents.budgets import check_count, check_seat_to_act, check_seconds, check_seed
from modern_art.agents.kept_limit import KeptLimit
from modern_art.agents.knowledge import SeatKnowledge
from modern_art.agents.ledger_cache import LedgerCache
from modern_art.agents.search.candidates import Candidate, candidate_actions
from modern_art.agents.search.rollout import (
    heuristic_move,
    keep_of,
    kept_move,
    margin,
    play_round,
    round_end,
)
from modern_art.core.legal import LegalActions, legal_actions
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply
from modern_art.data.actions import Action, Bid
from modern_art.data.events import BidsRevealed, Event
from modern_art.data.phases import HiddenAuction, OpenAuction
from modern_art.data.state import GameState
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import OwnView

__all__ = ["DEFAULT_ITERATIONS", "WIDEN", "SearchAgent"]

DEFAULT_ITERATIONS = 200
"""Play-outs per decision when neither ``iterations`` nor ``move_time`` is given."""

WIDEN = 4
"""A node below the root takes its ``i``-th other candidate after ``WIDEN * i * i`` visits."""

_EXPLORE = 25.0  # UCB1's exploration, in money units (a round's margins span about 100)
_Z = 1.3  # standard errors a rival must win by to overrule the heuristic (about 90%)
_MIN_GAIN = 1.0  # and money units

Seen = tuple[object, ...]


class _Node:
    """An information set below the root: its candidates and their statistics."""

    __slots__ = ("candidates", "limits", "score", "total", "visits")

    def __init__(self, candidates: Sequence[Candidate]) -> None:
        self.candidates = tuple(a for a, _ in candidates)
        self.limits = tuple(x for _, x in candidates)
        self.visits = [0] * len(candidates)
        self.score = [0.0] * len(candidates)
        self.total = 0

    def select(self, legal: LegalActions) -> int:
        """The candidate to try: the heuristic's until widened, then UCB1 (-1: none legal)."""
        self.total += 1
        best, best_value = -1, -math.inf
        for i, action in enumerate(self.candidates):
            if i and WIDEN * i * i > self.total:
                break  # not widened this far yet
            if action not in legal:
                continue
            n = self.visits[i]
            if n == 0:
                return i
            value = self.score[i] / n + _EXPLORE * math.sqrt(math.log(self.total) / n)
            if value > best_value:
                best, best_value = i, value
        return best

    def update(self, i: int, score: float) -> None:
        self.visits[i] += 1
        self.score[i] += score


class _Paired:
    """The root's candidates, compared world by world with the heuristic's (candidate 0)."""

    __slots__ = ("alive", "candidates", "diff", "diff2", "worlds")

    def __init__(self, candidates: Sequence[Candidate]) -> None:
        self.candidates = tuple(candidates)
        self.alive = list(range(len(candidates)))
        self.worlds = [0] * len(candidates)
        self.diff = [0.0] * len(candidates)  # sums of (score - the heuristic's score)
        self.diff2 = [0.0] * len(candidates)

    def add(self, scores: dict[int, float]) -> None:
        base = scores[0]
        for i, score in scores.items():
            d = score - base
            self.worlds[i] += 1
            self.diff[i] += d
            self.diff2[i] += d * d

    def gain(self, i: int) -> float:
        return self.diff[i] / self.worlds[i] if self.worlds[i] else -math.inf

    def halve(self) -> None:
        """Keep the heuristic's move and the better half of the rivals."""
        rivals = sorted(self.alive[1:], key=lambda i: (-self.gain(i), i))
        self.alive = [0, *sorted(rivals[: (len(rivals) + 1) // 2])]

    def choice(self) -> int:
        """The heuristic's (0) unless the best rival still in clearly beats it."""
        rivals = self.alive[1:]
        if not rivals:
            return 0
        best = max(rivals, key=lambda i: (self.gain(i), -i))
        n = self.worlds[best]
        if n < 2:
            return 0
        mean = self.diff[best] / n
        var = max(0.0, (self.diff2[best] - n * mean * mean) / (n - 1))
        return best if mean > _MIN_GAIN and mean > _Z * math.sqrt(var / n) else 0


class SearchAgent:
    """IS-MCTS over determinizations, the heuristic playing the rest (see the module's docstring).

    Args:
        seed: seeds the agent's own generator, the only chance it uses.
        iterations: play-outs per decision (default :data:`DEFAULT_ITERATIONS`
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
        if iterations is not None:
            check_count("iterations", iterations)
        if move_time is not None:
            check_seconds("move_time", move_time)
        check_seed("seed", seed)
        if iterations is None and move_time is None:
            iterations = DEFAULT_ITERATIONS
        self.seed = seed
        self.iterations = iterations
        self.move_time = move_time
        self._rng = random.Random(seed)
        self._ledger = LedgerCache()
        self._kept = KeptLimit()

    def __repr__(self) -> str:
        return agent_repr(self, "seed", "iterations", "move_time")

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """Search from ``view`` (and the seat's visible ``events``) and return the move.

        Raises:
            ValueError: a spectator's view, a finished game, or a seat not to act.
        """
        view = check_seat_to_act(view, "SearchAgent.act")
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        kept = self._kept.move(view, view.seat)
        if kept is not None:
            return kept
        table = SeatKnowledge.from_view(view, self._ledger.money(view, events))
        root = _Paired(candidate_actions(table))
        if len(root.candidates) > 1:
            self._search(view, self._ledger.ledger(view, events), root)
        move, limit = root.candidates[root.choice()]
        phase = view.phase
        if limit is not None and isinstance(phase, OpenAuction):
            self._kept.keep(view, phase, limit)
        return move

    def _search(self, view: OwnView, ledger: MoneyLedger, root: _Paired) -> None:
        """Spend the budget on ``root``'s candidates in stages, halving the rivals."""
        stages = 1 + math.ceil(math.log2(len(root.candidates) - 1))
        start = time.perf_counter()
        tree: dict[Seen, _Node] = {}
        seat = view.seat
        done = 0
        for stage in range(stages):
            if stage:
                root.halve()
            alive = len(root.alive)
            worlds = 0
            while not self._stage_over(
                (stage + 1) / stages, worlds >= 1 + (stage == 0), done + alive, start
            ):
                world = sample_state(view, self._rng, ledger=ledger)
                root.add({i: _iterate(world, seat, root.candidates[i], tree) for i in root.alive})
                done += alive
                worlds += 1

    def _stage_over(self, share: float, tried: bool, after: int, start: float) -> bool:
        """Whether a stage that ends at ``share`` of the budget is over.

        ``tried``: the stage has had its fewest worlds (two in the first, one
        after); ``after``: the play-outs done once one more world is played.
        """
        if not tried:
            return False
        if self.iterations is not None and after > int(self.iterations * share):
            return True
        return self.move_time is not None and time.perf_counter() - start >= self.move_time * share


def _iterate(world: GameState, seat: int, first: Candidate, tree: dict[Seen, _Node]) -> float:
    """One play-out from ``world``: ``first``, down the tree, then the heuristic; the score.

    The walk goes step by step through the seat's own moves (and raises to
    its kept limit) and the others' sealed bids, while the seat's next
    decision may be a node of the tree; once the play-out has added its
    node, or another seat makes a move the seat sees, the rest is one
    :func:`~modern_art.playout`.
    """
    action, limit = first
    keep = keep_of(world, seat, limit)
    path: list[tuple[_Node, int]] = []
    memo: dict[object, float] = {}
    seen: Seen = ()
    state = world
    while True:
        step = apply(state, action)
        seen = (*seen, _seen(action, state, seat), *_revealed(step.events))
        state = step.state
        if state.is_over or round_end(step.events) is not None:
            break
        actor = next_seat(state)
        kept = None if keep is None else kept_move(keep, state, actor)
        if kept is not None:
            action = kept
            continue
        if actor != seat:
            if not isinstance(state.phase, HiddenAuction):
                # Another seat's move the seat sees: the worlds part here, and the
                # seat's later decisions would be nodes of one world each. Play on.
                state = play_round(state, keep)
                break
            action = heuristic_move(state, memo)  # a sealed bid: every world alike (R4.3)
            continue
        legal = legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
            continue
        node = tree.get(seen)
        expanded = node is None
        if node is None:
            table = SeatKnowledge.from_state(state, seat, legal)
            node = tree[seen] = _Node(candidate_actions(table))
        i = node.select(legal)
        if i < 0:  # pragma: no cover (an information set's candidates are its legal moves)
            state = play_round(state, keep)
            break
        path.append((node, i))
        action = node.candidates[i]
        if node.limits[i] is not None:
            keep = keep_of(state, seat, node.limits[i])
        if expanded:  # nothing deeper is in the tree: play on in one go
            step = apply(state, action)
            state = step.state
            if not (state.is_over or round_end(step.events) is not None):
                state = play_round(state, keep)
            break
    score = margin(state, seat)
    for node, i in path:
        node.update(i, score)
    return score


def _seen(action: Action, state: GameState, seat: int) -> object:
    """``action`` as ``seat`` sees it: another seat's sealed bid hides its amount (R4.3, R7.2)."""
    if isinstance(action, Bid) and action.seat != seat and isinstance(state.phase, HiddenAuction):
        return ("sealed", action.seat)
    return action


def _revealed(events: tuple[Event, ...]) -> tuple[object, ...]:
    """What ``events`` show every seat that no action did: sealed bids, once revealed (R4.3)."""
    return tuple(("revealed", e.bids) for e in events if isinstance(e, BidsRevealed))
