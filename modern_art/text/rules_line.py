"""Rules in one line of text: the edition's name and the fields that differ from the defaults.

``cmon`` is the CMON rules; ``cmon hidden_tie=clockwise_from_left
double_payment=split`` the CMON deck with two variants; ``original`` the
original edition's artists. Positions and text game records both use it.
An edition that is not a preset (``cmon``, ``original``) is written by its
name, and read only when the caller passes rules with that edition.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import attrs

from modern_art._speed import IdentityCache
from modern_art.data.errors import NotationError
from modern_art.data.rules import DealSchedule, DoublePayment, HiddenTie, Rules, presets
from modern_art.text.lexer import quote, unquote, words

__all__ = ["parse_rules", "rules_text"]

_NAME: Final = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_INT: Final = re.compile(r"[0-9]{1,9}")


def _ints(text: str) -> tuple[int, ...]:
    parts = text.split(",")
    if not all(_INT.fullmatch(p) for p in parts):
        raise ValueError(f"expected whole numbers separated by commas, got {text!r}")
    return tuple(map(int, parts))


def _schedule(text: str) -> DealSchedule:
    entries: dict[int, tuple[int, ...]] = {}
    for part in text.split("/"):
        players, colon, deals = part.partition(":")
        if not colon or not _INT.fullmatch(players):
            raise ValueError(f"expected players:deals, such as 3:10,6,6,0, got {part!r}")
        entries[int(players)] = _ints(deals)
    return DealSchedule(entries)


def _enum(kind: Any) -> Callable[[str], Any]:
    def read(text: str) -> Any:
        for member in kind:
            if member.value == text:
                return member
        raise ValueError(f"expected one of {', '.join(m.value for m in kind)}, got {text!r}")

    return read


def _bool(text: str) -> bool:
    if text not in ("true", "false"):
        raise ValueError(f"expected true or false, got {text!r}")
    return text == "true"


def _int(text: str) -> int:
    if not _INT.fullmatch(text):
        raise ValueError(f"expected a whole number, got {text!r}")
    return int(text)


_READERS: Final[dict[str, Callable[[str], Any]]] = {
    "min_players": _int,
    "max_players": _int,
    "starting_money": _int,
    "value_tiles": _ints,
    "rounds": _int,
    "deal_schedule": _schedule,
    "hidden_tie": _enum(HiddenTie),
    "double_payment": _enum(DoublePayment),
    "open_money": _bool,
}


_DEFAULTS: Final = {f.name: f.default for f in attrs.fields(Rules)}
"""Each field's default (the CMON value), which the text leaves out."""


def _write(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, HiddenTie | DoublePayment):
        return str(value.value)
    if isinstance(value, DealSchedule):
        return "/".join(f"{k}:{','.join(map(str, v))}" for k, v in value.items())
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


_WRITTEN: IdentityCache[str] = IdentityCache(64)


def rules_text(rules: Rules) -> str:
    """``rules`` as its edition's name and the fields that differ from that edition's defaults.

    >>> rules_text(Rules(double_payment=DoublePayment.SPLIT))
    'cmon double_payment=split'
    """
    text = _WRITTEN.get(rules)
    return _WRITTEN.keep(rules, _rules_text(rules)) if text is None else text


def _rules_text(rules: Rules) -> str:
    name = rules.edition.name
    head = name if _NAME.fullmatch(name) else quote(name)
    diffs = [
        f"{field}={_write(getattr(rules, field))}"
        for field in _READERS
        if getattr(rules, field) != _DEFAULTS[field]
    ]
    return " ".join([head, *diffs])


def parse_rules(text: str, given: Rules | None = None) -> Rules:
    """The rules :func:`rules_text` wrote; ``given`` supplies an edition that is not a preset.

    Raises:
        NotationError: the text is not rules, names an unknown edition
            without ``given``, or differs from ``given``.
    """
    parts = words(text)
    if not parts:
        raise NotationError("expected rules: an edition's name and maybe field=value changes")
    name = unquote(parts[0]) if parts[0].startswith('"') else parts[0]
    known = {rules.edition.name: rules.edition for rules in presets().values()}
    if given is not None and given.edition.name == name:
        edition = given.edition
    elif name in known:
        edition = known[name]
    else:
        raise NotationError(
            f"unknown edition {name!r}: expected {' or '.join(sorted(known))},"
            " or pass the rules with that edition"
        )
    changes: dict[str, Any] = {}
    for word in parts[1:]:
        field, equals, value = word.partition("=")
        reader = _READERS.get(field)
        if not equals or reader is None:
            raise NotationError(
                f"{word!r} is not a rules change; expected field=value with a field among"
                f" {', '.join(_READERS)}"
            )
        if field in changes:
            raise NotationError(f"{field} is changed twice")
        try:
            changes[field] = reader(value)
        except ValueError as exc:
            raise NotationError(f"{field}: {exc}") from None
    try:
        rules = Rules(edition=edition, **changes)
    except ValueError as exc:
        raise NotationError(f"these rules are refused: {exc}") from None
    if given is not None and rules != given:
        raise NotationError(f"the text's rules, {text!r}, differ from the rules given")
    return rules
