"""The Python side of ``modern-art.js``: one game, spoken in JSON strings.

The browser's JavaScript calls these functions through Pyodide; every answer
is a JSON string (``{"ok": value}`` or ``{"error": {...}}``), so no Python
object leaks into the page and the JavaScript side only parses. The same
module runs in CPython, where the tests compare it with the library.

>>> import json
>>> from modern_art.site.bridge import new_game
>>> game = new_game('{"players": 3, "seed": 7}')
>>> json.loads(game.legal_actions("0"))["ok"][:2]
['0 play Martins/D#52', '0 play Melim/D#38']
>>> json.loads(game.apply('"0 play Martins/D#52"'))["ok"]["events"][0]["type"]
'CardPlayed'
>>> json.loads(game.apply('"0 bid 5"'))["error"]["rule"]
'R5.2'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import modern_art as ma
from modern_art.agents.registry import BOTS as LIBRARY_BOTS

__all__ = ["BOTS", "BridgeGame", "new_game", "open_game", "version"]

BOTS: Mapping[str, Callable[[int], ma.Agent]] = MappingProxyType(
    {name: bot.factory(bot.browser_budget) for name, bot in LIBRARY_BOTS.items() if bot.browser}
)
"""The bots the page can seat, by name, each made with a seed: every bot of the one registry
(:data:`modern_art.agents.registry.BOTS`) that plays in the browser
(:attr:`~modern_art.agents.registry.Bot.browser`), weakest first, with its browser budget
(:attr:`~modern_art.agents.registry.Bot.browser_budget`): the page runs the pure build in
Pyodide, several times slower than CPython. Read-only.
"""


def _ok(value: object) -> str:
    return json.dumps({"ok": value}, separators=(",", ":"))


def _error(err: Exception) -> str:
    if isinstance(err, ma.IllegalAction):
        body: dict[str, str | None]
        body = {"type": "IllegalAction", "rule": err.rule, "reason": err.reason}
    else:
        body = {"type": type(err).__name__, "rule": None, "reason": str(err)}
    return json.dumps({"error": {**body, "message": str(err)}}, separators=(",", ":"))


def _answer(make: Callable[[], object]) -> str:
    """``make()`` as ``{"ok": ...}``, or its refusal as ``{"error": ...}``."""
    try:
        return _ok(make())
    except (ma.IllegalAction, ValueError) as err:  # NotationError is a ValueError
        return _error(err)


def _argument(text: str) -> Any:
    """A JSON argument from the page; a malformed one is a ValueError."""
    try:
        return json.loads(text)
    except (TypeError, json.JSONDecodeError) as err:
        raise ValueError(f"the argument is not JSON: {err}") from None


def _seat(game: ma.GameState, value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < game.num_players:
        raise ValueError(
            f"seat must be a whole number from 0 to {game.num_players - 1}, got {value!r}"
        )
    return value


def _rules(value: object) -> ma.Rules:
    if value is None:
        return ma.preset("cmon")
    if isinstance(value, str):
        presets = ma.presets()
        if value not in presets:
            raise ValueError(
                f"rules must be one of {sorted(presets)} or a rules document, got {value!r}"
            )
        return presets[value]
    if isinstance(value, dict):
        rules = ma.from_json(json.dumps(value), "rules")
        assert isinstance(rules, ma.Rules)
        return rules
    raise ValueError(f"rules must be a preset's name or a rules document, got {value!r}")


class BridgeGame:
    """One game in the page: a :class:`modern_art.Host` with undo and a record.

    Args:
        start: the fresh game.
        seed: the seed it was dealt with (for the record), or ``None``.
        bot_seed: the bots' seeds are ``bot_seed + seat``.
    """

    def __init__(self, start: ma.GameState, seed: int | None, bot_seed: int) -> None:
        self.start = start
        self.seed = seed
        self.bot_seed = bot_seed
        self.bots: dict[int, str] = {}
        self.host = ma.Host(start)

    # ---- reading ---------------------------------------------------------

    def legal_actions(self, seat: str = "null") -> str:
        """The legal actions of ``seat`` (a JSON seat or ``null`` for all), in the notation."""

        def make() -> list[str]:
            state = self.host.state
            chosen = _seat(state, _argument(seat))
            return [ma.format_action(a) for a in ma.legal_actions(state, chosen)]

        return _answer(make)

    def state(self) -> str:
        """The state document (:func:`modern_art.to_json`), the whole truth: every hand."""
        return ma.to_json(self.host.state)

    def view(self, seat: str) -> str:
        """``seat``'s view document (``null``: the public view), with the payout hints."""

        def make() -> object:
            state = self.host.state
            seen = ma.view(state, _seat(state, _argument(seat)))
            return {
                "view": json.loads(ma.to_json(seen)),
                "payout": {
                    "now": ma.payout_if_round_ended_now(seen),
                    "best": ma.best_case_payout(seen),
                },
            }

        return _answer(make)

    def status(self) -> str:
        """``{"isOver", "winners", "toAct", "step", "actions", "nextSeat"}``, the game in brief."""
        state = self.host.state
        return _ok(
            {
                "isOver": state.is_over,
                "winners": list(ma.winners(state)) if state.is_over else [],
                "toAct": sorted(state.to_act),
                "step": state.step,
                "actions": len(self.host.actions),
                "nextSeat": None if state.is_over else ma.next_seat(state),
            }
        )

    def bot_seats(self) -> str:
        """The seats bots play, as JSON."""
        return _ok(sorted(self.host.agents))

    def describe(self, events: str, seat: str) -> str:
        """The event documents as ``seat`` sees them (``null``: the public), told as sentences."""

        def make() -> list[str]:
            state = self.host.state
            you = _seat(state, _argument(seat))
            names = [p.name for p in state.players]
            docs = _argument(events)
            if not isinstance(docs, list):
                raise ValueError("events must be a list of event documents")
            parsed = [ma.from_json(json.dumps(d), "event") for d in docs]
            seen = ma.visible_events(parsed, you)
            return [ma.describe(e, names, you) for e in seen]

        return _answer(make)

    def record(self) -> str:
        """The game so far as a record document, as ``modern-art replay`` reads it."""
        return ma.to_json(self.host.record(seed=self.seed))

    # ---- acting ----------------------------------------------------------

    def _events(self, step: ma.Step) -> dict[str, object]:
        return {"events": [json.loads(ma.to_json(e)) for e in step.events]}

    def apply(self, action: str) -> str:
        """Apply ``action`` (a JSON string in the notation, or an action document)."""

        def make() -> object:
            given = _argument(action)
            state = self.host.state
            if isinstance(given, str):
                parsed = ma.parse_action(given, state)
            elif isinstance(given, dict):
                parsed = ma.from_json(json.dumps(given), "action")
            else:
                raise ValueError(
                    f"an action is a string in the notation or a document, got {given!r}"
                )
            return self._events(self.host.apply(parsed))

        return _answer(make)

    def set_bot(self, seat: str, name: str) -> str:
        """Seat the bot ``name`` (JSON) at ``seat`` (JSON); ``null`` hands the seat to a person."""

        def make() -> object:
            chosen = _seat(self.host.state, _argument(seat))
            if chosen is None:
                raise ValueError("give the bot a seat")
            bot = _argument(name)
            if bot is None:
                self.host.agents.pop(chosen, None)
                self.bots.pop(chosen, None)
                return None
            if bot not in BOTS:
                raise ValueError(f"bot must be one of {sorted(BOTS)}, got {bot!r}")
            self.host.agents[chosen] = BOTS[bot](self.bot_seed + chosen)
            self.bots[chosen] = bot
            return None

        return _answer(make)

    def play_bot(self, seat: str = "null") -> str:
        """The bot at ``seat`` (``null``: the next bot asked) acts: its action and the events."""

        def make() -> object:
            chosen = _seat(self.host.state, _argument(seat))
            if chosen is None:
                chosen = self.host.next_seat(tuple(self.host.agents))
            if chosen not in self.host.agents:
                raise ValueError(f"no bot sits at seat {chosen}")
            action = self.host.ask(chosen)
            return {"action": ma.format_action(action), **self._events(self.host.apply(action))}

        return _answer(make)

    def undo(self, count: str = "1") -> str:
        """Take back the last ``count`` actions: the game is replayed without them, bots afresh."""

        def make() -> int:
            n = _argument(count)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"count must be a whole number, got {n!r}")
            n = min(n, len(self.host.actions))
            kept = self.host.actions[: len(self.host.actions) - n]
            host = ma.Host(
                self.start, {s: BOTS[b](self.bot_seed + s) for s, b in self.bots.items()}
            )
            for action in kept:
                host.apply(action)
            self.host = host
            return n

        return _answer(make)


def new_game(options: str) -> BridgeGame:
    """A game from the JSON ``options``: ``players``, ``seed``, ``rules``, ``botSeed``.

    ``players`` is a count or the names in seat order; ``rules`` a preset's
    name (``"cmon"``, ``"original"``) or a rules document.

    Raises:
        ValueError: an option the library refuses, with its reason.
    """
    given = _argument(options)
    if not isinstance(given, dict):
        raise ValueError("the options are a JSON object")
    unknown = sorted(set(given) - {"players", "seed", "rules", "botSeed"})
    if unknown:
        raise ValueError(f"unknown options {unknown}: give players, seed, rules, botSeed")
    seed = given.get("seed")
    plain_seed = isinstance(seed, int) and not isinstance(seed, bool)
    bot_seed = given.get("botSeed", seed if plain_seed else 0)
    if isinstance(bot_seed, bool) or not isinstance(bot_seed, int):
        raise ValueError(f"botSeed must be a whole number, got {bot_seed!r}")
    state = ma.new_game(given.get("players", 4), seed=seed, rules=_rules(given.get("rules")))
    return BridgeGame(state, seed, bot_seed)


def open_game(options: str) -> BridgeGame | str:
    """:func:`new_game`, or its refusal as an ``{"error": ...}`` JSON string (for the page)."""
    try:
        return new_game(options)
    except ValueError as err:
        return _error(err)


def version() -> str:
    """The library's version and the bots' names, as JSON."""
    return _ok({"version": ma.__version__, "bots": list(BOTS), "presets": sorted(ma.presets())})
