"""Refusing an action: :func:`refuse` and the checks the handlers share, citing the rule."""

from __future__ import annotations

from typing import NoReturn

from modern_art.data.errors import IllegalAction


def action_name(action: object) -> str:
    """The action's kind in words, for messages: ``"a Bid"``, ``"an Accept"``."""
    name = type(action).__name__
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def refuse(rule: str, reason: str, action: object) -> NoReturn:
    """Raise :class:`IllegalAction`."""
    raise IllegalAction(rule, reason, action)


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
