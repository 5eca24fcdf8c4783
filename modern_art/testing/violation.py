"""What a failed invariant says: :data:`INVARIANTS`, :class:`InvariantViolation` and its replay."""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.state import GameState

__all__ = ["INVARIANTS", "InvariantViolation", "replay_script"]

INVARIANTS: dict[int, str] = {
    1: "money is conserved: the players' total is the start plus the bank's net payout,"
    " summed from events alone",
    2: "cards are conserved: every card of the deck is in exactly one place",
    3: "no money is negative and no bid or price exceeds its player's money",
    4: "a round ends exactly at a fifth painting or empty hands, with the right tiles and values",
    5: "the game ends: the potential drops with every action and the step bound holds",
    6: "apply leaves its input state unchanged",
    7: "the same action on the same state gives equal states and events",
    8: "events are complete: folding them onto a ledger reproduces money, museums, hands, round",
    9: "legal actions are sound and complete",
}
"""Each invariant's number and what it says."""


class InvariantViolation(AssertionError):  # noqa: N818 (a violation, not an error)
    """An invariant failed; the message holds a script that replays the failing game.

    Attributes:
        invariant: the number of the failed invariant (see :data:`INVARIANTS`).
        detail: what was found, in words.
        start: the state the game started from.
        actions: the actions applied from ``start``, the failing one last.
    """

    invariant: int
    detail: str
    start: GameState
    actions: tuple[object, ...]

    def __init__(
        self, invariant: int, detail: str, start: GameState, actions: Sequence[object]
    ) -> None:
        self.invariant = invariant
        self.detail = detail
        self.start = start
        self.actions = tuple(actions)
        super().__init__(
            f"invariant {invariant} ({INVARIANTS[invariant]}) fails after"
            f" {len(self.actions)} actions: {detail}\n\n"
            f"Replay:\n{replay_script(start, self.actions)}"
        )

    def __reduce__(self) -> tuple[type[InvariantViolation], tuple[object, ...]]:
        return (type(self), (self.invariant, self.detail, self.start, self.actions))


def _setup_call(start: GameState) -> str:
    """A ``new_game(...)`` call that makes ``start``, or the state's own repr."""
    rules = start.rules
    n = start.num_players
    dealt = rules.deals(n)[0]
    fresh = (
        start.step == 0
        and start.round == 1
        and not start.discard
        and not any(start.counts)
        and all(len(p.hand) == dealt and not p.museum for p in start.players)
        and all(p.money == rules.starting_money for p in start.players)
    )
    if not fresh:
        return f"state = {start!r}"
    order = [card.id for p in start.players for card in p.hand] + [c.id for c in start.deck]
    names = [p.name for p in start.players]
    who = n if names == [f"Seat {s}" for s in range(n)] else names
    auctioneer = sorted(start.to_act)[0] if start.to_act else 0
    return (
        f"state = new_game({who!r}, deck=[rules.deck[i] for i in {order!r}],"
        f" rules=rules, first_auctioneer={auctioneer})"
    )


def replay_script(start: GameState, actions: Sequence[object]) -> str:
    """Python that rebuilds ``start`` and applies ``actions``; paste it to reproduce a failure."""
    lines = [
        "from modern_art import *",
        f"rules = {start.rules!r}",
        _setup_call(start),
        "actions = [",
        *(f"    {action!r}," for action in actions),
        "]",
        "for action in actions:",
        "    state = apply(state, action).state",
    ]
    return "\n".join(lines)
