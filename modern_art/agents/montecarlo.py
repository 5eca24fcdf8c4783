"""A search player: samples the hidden cards and plays each choice out.

For every decision with more than one sensible choice, the agent
determinizes: it draws full game states consistent with what its seat knows
(:func:`~modern_art.sample_state`, money from the public record, R7.4), and
in each sampled world plays a candidate action followed by a playout to the
end of the round (:func:`~modern_art.playout` with ``until="round"``), every
seat playing by the playout policy (the heuristic's rules of thumb, or
uniformly random moves), seeded from the agent's own generator. A playout scores the seat's
money minus the others' mean money at the round's end. Every candidate is
tried in the same sampled worlds, so comparisons are not blurred by the luck
of the draw.

The budget (``playouts`` per decision) is spent in two stages: about half
on every candidate, then the rest on the heuristic's own choice and the
best rival found. The rival is played only if it beats the heuristic's
choice by more than the noise (a paired test: the mean gain must exceed
1.3 standard errors). So a small budget falls back on the heuristic
rather than on luck, and a larger one finds more.

Candidates: the heuristic's best few kinds of card to offer; adding each
kind of fitting card to a double, or declining; for bids and prices, the
heuristic's own amount, the lowest legal bid, passing, and a few fractions
of the lot's value. In an open auction the search chooses a bid *limit* once
per auction; the agent then raises towards it whenever asked, and the
playouts follow the same limit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Literal

from modern_art.agents.base import agent_repr
from modern_art.agents.budgets import check_count, check_seat_to_act, check_seed
from modern_art.agents.heuristic import heuristic_action, raise_to, ranked_offers
from modern_art.agents.kept_limit import KeptLimit
from modern_art.agents.knowledge import SeatKnowledge, estimates
from modern_art.agents.ledger_cache import LedgerCache
from modern_art.agents.search.candidates import bid_limits, one_per_kind
from modern_art.core.legal import LegalActions, legal_actions
from modern_art.core.playout import playout
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply
from modern_art.data.actions import Action, Bid, Pass, SetPrice
from modern_art.data.events import Event
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.state import GameState
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import HiddenAuctionView, OwnView, PlayerView

__all__ = ["MonteCarloAgent"]

Policy = Callable[[GameState, int, random.Random, dict[object, float]], Action]
"""A rollout policy: the action of the seat to act (``next_seat``) in a full state, with the
playout's generator and a memo kept for one playout."""

_BID_SHARES = (0.5, 0.8, 1.1)
_OFFERS = 4  # the heuristic's best few kinds of card are searched
_Z = 1.3  # standard errors a rival must win by (about 90% one-sided)
_MIN_GAIN = 1.0  # and money units


def heuristic_policy(
    state: GameState, seat: int, rng: random.Random, memo: dict[object, float]
) -> Action:
    """The heuristic's action for ``seat`` in a (sampled) full state."""
    return heuristic_action(SeatKnowledge.from_state(state, seat), memo)


def random_policy(
    state: GameState, seat: int, rng: random.Random, memo: dict[object, float]
) -> Action:
    """A uniformly random legal action for ``seat``."""
    legal = legal_actions(state, seat)
    return legal[rng.randrange(len(legal))]


_POLICIES: dict[str, Policy] = {"heuristic": heuristic_policy, "random": random_policy}


class MonteCarloAgent:
    """Determinized Monte Carlo search with a fixed budget of playouts per decision.

    Args:
        seed: seeds the agent's own generator, the only chance it uses.
        playouts: playouts per decision, shared out among the candidates
            (at least one sampled world each).
        rollout: the playout policy, ``"heuristic"`` or ``"random"``.

    >>> import modern_art as ma
    >>> agent = ma.MonteCarloAgent(seed=1, playouts=8)
    >>> state = ma.new_game(3, seed=2)
    >>> agent.act(ma.view(state, 0), ()) in ma.legal_actions(state, 0)
    True
    """

    name = "montecarlo"
    """The agent's short name in tables."""

    def __init__(
        self,
        seed: int | None = None,
        playouts: int = 16,
        rollout: Literal["heuristic", "random"] = "heuristic",
    ) -> None:
        check_count("playouts", playouts)
        check_seed("seed", seed)
        if rollout not in _POLICIES:
            raise ValueError(f"rollout must be 'heuristic' or 'random', got {rollout!r}")
        self.seed = seed
        self.playouts = playouts
        self.rollout = rollout
        self._policy = _POLICIES[rollout]
        self._rng = random.Random(seed)
        self._ledger = LedgerCache()
        self._kept = KeptLimit()

    def __repr__(self) -> str:
        return agent_repr(self, "seed", "playouts", "rollout")

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """Search the candidate actions and return the best (see the module's docstring).

        Raises:
            ValueError: a spectator's view, a finished game, or a seat not to act.
        """
        view = check_seat_to_act(view, "MonteCarloAgent.act")
        seat = view.seat
        phase = view.phase
        kept = self._kept.move(view, seat)
        if kept is not None:
            return kept
        ledger = self._ledger.ledger(view, events)
        table = SeatKnowledge.from_view(view, self._ledger.money(view, events))
        choice = heuristic_action(table)
        if isinstance(phase, OpenAuction):
            limits = bid_limits(table, phase, _BID_SHARES)
            best = self._search(
                view, ledger, [(raise_to(seat, phase.high_bid, x), x) for x in limits]
            )
            self._kept.keep(view, phase, limits[best])
            return raise_to(seat, phase.high_bid, limits[best])
        candidates = _candidates(table, view, choice)
        if len(candidates) == 1:
            return choice
        return candidates[self._search(view, ledger, [(a, None) for a in candidates])]

    def _search(
        self,
        view: OwnView,
        ledger: MoneyLedger,
        candidates: Sequence[tuple[Action, int | None]],
    ) -> int:
        """The candidate to play: 0, the heuristic's, unless another is clearly better.

        Each candidate is an action and, in an open auction, the bid limit the
        seat keeps to for the rest of that auction.
        """
        if len(candidates) == 1:
            return 0
        seat, rng, policy = view.seat, self._rng, self._policy
        # Stage 1: about half the budget, every candidate in the same worlds.
        first = max(2, self.playouts // (2 * len(candidates)))
        results: list[list[float]] = [[] for _ in candidates]
        for _ in range(first):
            world = sample_state(view, rng, ledger=ledger)
            for i, (action, limit) in enumerate(candidates):
                results[i].append(_playout(world, action, seat, limit, policy, rng))
        gains = [_mean_gain(results[i], results[0]) for i in range(len(candidates))]
        challenger = max(range(1, len(candidates)), key=lambda i: (gains[i], -i))
        # Stage 2: the rest of the budget on the heuristic's choice and its best rival.
        spent = first * len(candidates)
        for _ in range(max(0, self.playouts - spent) // 2):
            world = sample_state(view, rng, ledger=ledger)
            for i in (0, challenger):
                action, limit = candidates[i]
                results[i].append(_playout(world, action, seat, limit, policy, rng))
        return challenger if _clearly_better(results[challenger], results[0]) else 0


def _candidates(table: SeatKnowledge, view: PlayerView, choice: Action) -> list[Action]:
    """The heuristic's choice first, then the few other actions worth a search."""
    legal = view.legal_actions
    phase = view.phase
    if isinstance(phase, Offering):
        return ranked_offers(table)[:_OFFERS]
    found: list[Action] = [choice]
    if isinstance(phase, DoubleOffer):
        found.extend(a for a in one_per_kind(legal) if a != choice)
        return found
    auction = view.auction
    if auction is None:  # pragma: no cover (every other phase is an auction)
        return list(legal)
    if isinstance(auction, FixedPriceAuction) and auction.price is not None:
        return found + [a for a in legal if a != choice]  # accept or pass
    values = estimates(table, own=not isinstance(auction, FixedPriceAuction))
    value = sum(values[table.artist_index(card)] for card in auction.lot)
    amounts = {int(value * share) for share in _BID_SHARES}
    if isinstance(auction, OpenAuction | OneOfferAuction):
        amounts.add(auction.high_bid + 1)
        found.extend(a for a in legal if isinstance(a, Pass) and a not in found)
    if isinstance(auction, HiddenAuctionView):
        amounts.add(0)
    make = SetPrice if isinstance(auction, FixedPriceAuction) else Bid
    for amount in sorted(amounts):
        action = make(table.seat, amount)
        if action in legal and action not in found:
            found.append(action)
    return found


def _mean_gain(results: Sequence[float], baseline: Sequence[float]) -> float:
    """The mean of ``results`` minus ``baseline``, world by world."""
    return sum(r - b for r, b in zip(results, baseline, strict=False)) / len(results)


def _clearly_better(results: Sequence[float], baseline: Sequence[float]) -> bool:
    """Whether ``results`` beat ``baseline`` by more than the noise (a paired test).

    The paired differences' mean must exceed 1.3 standard errors and
    ``_MIN_GAIN``: the search overrules the heuristic only on evidence.
    """
    diffs = [r - b for r, b in zip(results, baseline, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= _MIN_GAIN:
        return False
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean > _Z * math.sqrt(var / n)


def _playout(
    world: GameState,
    action: Action,
    seat: int,
    limit: int | None,
    policy: Policy,
    rng: random.Random,
) -> float:
    """Play ``action`` then ``policy`` for every seat to the round's end; score ``seat``.

    The rest of the round is :func:`~modern_art.playout` (``until="round"``),
    seeded from ``rng``; each choice is ``policy``'s for the seat to act
    (:func:`~modern_art.next_seat`). With a ``limit``, ``seat`` keeps to it in
    the open auction under way.
    """
    lot = world.phase.lot if isinstance(world.phase, OpenAuction) else None
    state = apply(world, action).state
    if state.round == world.round and not state.is_over:  # the action did not end the round
        memo: dict[object, float] = {}

        def choose(now: GameState, actions: LegalActions, chance: random.Random) -> Action:
            actor = next_seat(now)
            phase = now.phase
            if (
                actor == seat
                and limit is not None
                and isinstance(phase, OpenAuction)
                and phase.lot == lot
            ):  # the auction the plan is for: keep to its limit
                return raise_to(seat, phase.high_bid, limit)
            return policy(now, actor, chance, memo)

        state = playout(state, seed=rng.getrandbits(64), policy=choose, until="round")
    money = [p.money for p in state.players]
    n = len(money)
    return money[seat] - (sum(money) - money[seat]) / (n - 1)
