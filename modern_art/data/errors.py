"""The one exception the engine raises for an action the rules forbid."""

from __future__ import annotations

__all__ = ["IllegalAction", "NotationError"]


class IllegalAction(ValueError):  # noqa: N818 (the name is the public contract)
    """An action the rules forbid, with the rule it breaks and why.

    >>> err = IllegalAction("R3.2", "bid of 40 by seat 2 is not above the high bid of 45")
    >>> str(err)
    'bid of 40 by seat 2 is not above the high bid of 45 (R3.2)'
    >>> err.rule
    'R3.2'
    """

    rule: str
    """The number of the rule broken, such as ``"R4.2"``."""
    reason: str
    """What was expected and what came, in plain words."""
    action: object
    """The refused action, as given."""

    def __init__(self, rule: str, reason: str, action: object = None) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason
        self.action = action

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str, object]]:
        return (type(self), (self.rule, self.reason, self.action))


class NotationError(ValueError):
    """Text in the game's notations that cannot be read, saying what was expected.

    Raised by :func:`modern_art.parse_action`, :func:`modern_art.read_position`
    and :func:`modern_art.read_records` for bad text; it never guesses.

    >>> import modern_art as ma
    >>> try:
    ...     ma.parse_action("0 raise 30", ma.new_game(3, seed=1))
    ... except ma.NotationError as err:
    ...     print(err)
    '0 raise 30': 'raise' is not a verb; expected play, bid, pass, price or accept
    """
