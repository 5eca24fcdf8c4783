"""A state or view read from JSON must be a position the engine can work with.

The fields of a state may each be well formed and still not add up: seats
outside the table, a card twice or missing, facts that no game could reach.
The converter hands each :class:`~modern_art.GameState` and
:class:`~modern_art.PlayerView` it reads to these checks, which refuse such
a document with a :class:`~modern_art.wire.strict.WireError`.
"""

from __future__ import annotations

from modern_art.data.phases import DoubleOffer
from modern_art.data.state import GameState
from modern_art.seeing.problems.position import position_problems
from modern_art.seeing.views import PlayerView
from modern_art.wire.strict import PositionError, WireError

__all__ = ["check_state", "check_view"]

_SEAT_FIELDS = ("auctioneer", "double_player", "asking", "high_bidder", "turn")


def check_state(state: GameState) -> GameState:
    """Refuse a state the engine could not work with, or that no game reaches.

    The problems :func:`~modern_art.position_problems` names come first, so
    the refusal says what is wrong as every reader says it; the checks after
    them guard the engine should a problem be missed.
    """
    _refuse_problems(position_problems(state), "state")
    rules, n, phase = state.rules, len(state.players), state.phase
    if not rules.min_players <= n <= rules.max_players:
        raise WireError(
            f"the rules allow {rules.min_players} to {rules.max_players} players, got {n}"
        )
    artists = len(rules.artists)
    if len(state.counts) != artists or len(state.tiles) != artists:
        raise WireError(f"counts and tiles must have one entry per artist ({artists})")
    if not 1 <= state.round <= rules.rounds or state.step < 0:
        raise WireError(f"round must be 1 to {rules.rounds} and step not negative")
    if any(p.money < 0 for p in state.players):
        raise WireError("money must not be negative")
    seats = [getattr(phase, name, None) for name in _SEAT_FIELDS]
    seats += sorted(getattr(phase, "passed", ()))
    if any(seat is not None and not 0 <= seat < n for seat in seats):
        raise WireError(f"the phase names a seat outside 0 to {n - 1}")
    bids = getattr(phase, "bids", None)
    if bids is not None and len(bids) != n:
        raise WireError(f"a hidden auction has one bid per seat, got {len(bids)}")
    held = [*state.deck, *state.discard, *getattr(phase, "lot", ())]
    held += [phase.card] if isinstance(phase, DoubleOffer) else []
    for player in state.players:
        held += (*player.hand, *player.museum)
    if sorted([card.id for card in held]) != list(range(len(rules.deck))):
        raise WireError(
            f"the state must hold each of the deck's {len(rules.deck)} cards exactly once,"
            f" got {len(held)} cards"
        )
    return state


def check_view(view: PlayerView) -> PlayerView:
    """Refuse a view whose facts do not add up (R7), as :func:`position_problems` finds them."""
    _refuse_problems(position_problems(view), "view")
    return view


def _refuse_problems(problems: tuple[str, ...], what: str) -> None:
    if problems:
        raise PositionError(f"the {what} cannot arise in a game: {'; '.join(problems)}")
