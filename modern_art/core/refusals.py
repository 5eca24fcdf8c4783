"""Refusing an action: :func:`refuse` and the checks the handlers share, citing the rule."""

from __future__ import annotations

from typing import NoReturn

from modern_art.data.actions import Bid
from modern_art.data.errors import IllegalAction
from modern_art.data.state import GameState


def action_name(action: object) -> str:
    """The action's kind in words, for messages: ``"a Bid"``, ``"an Accept"``."""
    name = type(action).__name__
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def refuse(rule: str, reason: str, action: object) -> NoReturn:
    """Raise :class:`IllegalAction`."""
    raise IllegalAction(rule, reason, action)


def out_of_turn(rule: str, due: int, seat: int, doing: str, action: object) -> NoReturn:
    """Refuse ``seat``'s action: it is ``due``'s turn ``doing`` ("to offer a painting")."""
    refuse(rule, f"it is seat {due}'s turn {doing}, not seat {seat}'s", action)


def wrong_kind(rule: str, allowed: str, action: object) -> NoReturn:
    """Refuse an action of a kind the phase does not take: ``allowed`` says which it takes."""
    refuse(rule, f"{allowed}, not {action_name(action)}", action)


def whole_amount(value: object, what: str, seat: int, action: object) -> int:
    """``value`` as a whole number of money units, or a refusal (R3.1)."""
    if type(value) is not int:
        refuse(
            "R3.1", f"{what} by seat {seat} must be a whole number of money, got {value!r}", action
        )
    return value


def affordable(amount: int, money: int, what: str, seat: int, action: object) -> None:
    """Refuse an amount above the player's money (R3.1)."""
    if amount > money:
        refuse(
            "R3.1",
            f"{what} of {amount} by seat {seat} is more than the {money} it holds",
            action,
        )


def public_bid(state: GameState, high_bid: int, action: Bid) -> int:
    """Check an open or one-offer bid: whole, at least 1, above the high bid, affordable (R3.2)."""
    seat = action.seat
    # Untyped reads of what the user sent: the compiled build checks typed ones.
    amount = whole_amount(getattr(action, "amount"), "a bid", seat, action)  # noqa: B009
    if amount < 1:
        refuse("R3.2", f"a bid by seat {seat} must be at least 1, got {amount}", action)
    if amount <= high_bid:
        refuse(
            "R3.2",
            f"bid of {amount} by seat {seat} is not above the high bid of {high_bid}",
            action,
        )
    affordable(amount, state.players[seat].money, "bid", seat, action)
    return amount
