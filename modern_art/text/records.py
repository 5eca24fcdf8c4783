"""Game records as text, like chess's PGN: :func:`write_records` and :func:`read_records`.

One game is a few tag lines (:func:`write_records`'s example shows them),
then its actions in the action notation, numbered by step:
``1. 0 play Melim/O#25 2. 1 bid 5 3. 2 pass 4. 0 pass ...``.

Tags: ``Rules`` (the edition and the fields that differ from it),
``Seat0``, ``Seat1``, ... (the names), ``Seed`` or ``Deck`` (the stacked
deck, top card first), ``FirstAuctioneer`` (0 if left out), and for a
finished game ``Money`` and ``Winners``; other tags (``Date``, ``Event``
...) are allowed and ignored. A file holds any number of games, each
starting with its tags. Comments run from ``;`` to the end of the line, or
between ``{`` and ``}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from modern_art.core.records import GameRecord
from modern_art.core.scoring import winners as final_winners
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.errors import IllegalAction, NotationError
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.text.lexer import quote, unquote
from modern_art.text.notation import card_texts, format_action, parse_action, parse_card
from modern_art.text.rules_line import parse_rules, rules_text

__all__ = ["MAX_RECORDS_CHARS", "read_records", "write_records"]

MAX_RECORDS_CHARS: Final = 4_000_000
"""The longest text :func:`read_records` reads (a CMON game is about 3,000 characters)."""

_TAG: Final = re.compile(
    r'\s*+\[(?P<name>[A-Za-z][A-Za-z0-9_]{0,39})\s++(?P<value>"(?:[^"\\\n]++|\\.)*+")\]\s*+'
)
_COMMENT_START: Final = re.compile(r"[{;]")
_NUMBER: Final = re.compile(r"[0-9]{1,9}\.")
_WIDTH = 79


def write_records(records: Iterable[GameRecord], *, date: str | None = None) -> str:
    """The records as text, one game after another; :func:`read_records` reads them back.

    Args:
        records: the games.
        date: a ``Date`` tag to write for every game, such as ``"2026.11.30"``.

    Raises:
        ValueError: a record holds an action the notation cannot write.

    >>> import modern_art as ma
    >>> game = ma.record(ma.new_game(["Ann", "Bo", "Cy"], seed=7), [], seed=7)
    >>> print(ma.write_records([game]), end="")
    [Rules "cmon"]
    [Seat0 "Ann"]
    [Seat1 "Bo"]
    [Seat2 "Cy"]
    [Seed "7"]
    [FirstAuctioneer "0"]
    <BLANKLINE>
    """
    games: list[str] = []
    for game in records:
        tags = [("Rules", rules_text(game.rules))]
        tags += [(f"Seat{seat}", name) for seat, name in enumerate(game.players)]
        if game.seed is not None:
            tags.append(("Seed", str(game.seed)))
        else:
            texts = card_texts(game.rules)
            tags.append(("Deck", " ".join(texts[card.id] for card in game.deck or ())))
        tags.append(("FirstAuctioneer", str(game.first_auctioneer)))
        if date is not None:
            tags.append(("Date", date))
        if game.money is not None and game.winners is not None:
            tags.append(("Money", " ".join(map(str, game.money))))
            tags.append(("Winners", " ".join(map(str, game.winners))))
        out = [f"[{name} {quote(value)}]" for name, value in tags]
        out.append("")
        line = ""
        for step, action in enumerate(game.actions, 1):
            move = f"{step}. {format_action(action)}"
            if line and len(line) + 1 + len(move) > _WIDTH:
                out.append(line)
                line = move
            else:
                line = f"{line} {move}" if line else move
        if line:
            out.append(line)
        games.append("\n".join(out) + "\n")
    return "\n".join(games)


def read_records(text: str, rules: Rules | None = None) -> list[GameRecord]:
    """Every game in ``text``, as :func:`write_records` writes them.

    Each game is replayed as it is read (the notation needs the hand a card
    comes from), so a record that is read is one whose actions are legal.

    Args:
        text: one or more games.
        rules: the rules, for games whose edition is not a preset.

    Raises:
        NotationError: the text is not game records: a bad tag, a missing one,
            an action that cannot be read or is illegal where it stands (the
            message names the game and the step), or a stated result that is
            not the game's.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected the text of game records, got a {type(text).__name__}")
    if len(text) > MAX_RECORDS_CHARS:
        raise NotationError(f"game records are at most {MAX_RECORDS_CHARS} characters")
    games: list[tuple[int, dict[str, str], list[str]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        tag = _TAG.fullmatch(line)
        if tag is not None:
            if not games or games[-1][2]:
                games.append((number, {}, []))
            tags = games[-1][1]
            if tag["name"] in tags:
                raise NotationError(f"line {number}: the tag {tag['name']} appears twice")
            tags[tag["name"]] = unquote(tag["value"])
        elif line.lstrip().startswith(";"):
            continue  # a comment line, wherever it stands
        elif line.lstrip().startswith("["):
            raise NotationError(f'line {number}: expected a tag such as [Seed "7"]')
        elif line.strip():
            if not games:
                raise NotationError(f"line {number}: a game starts with its tags")
            games[-1][2].append(line)
    return [_game(number, tags, "\n".join(lines), rules) for number, tags, lines in games]


def _game(line: int, tags: dict[str, str], moves: str, given: Rules | None) -> GameRecord:
    where = f"the game at line {line}"
    try:
        rules = parse_rules(tags.get("Rules", "cmon"), given)
        names: list[str] = []
        while f"Seat{len(names)}" in tags:
            names.append(tags[f"Seat{len(names)}"])
        seed = _number(tags["Seed"], "Seed") if "Seed" in tags else None
        deck = None
        if "Deck" in tags:
            deck = tuple(parse_card(word, rules, None) for word in tags["Deck"].split())
        first = _number(tags.get("FirstAuctioneer", "0"), "FirstAuctioneer")
        money = _numbers(tags["Money"], "Money") if "Money" in tags else None
        winners = _numbers(tags["Winners"], "Winners") if "Winners" in tags else None
        record = GameRecord(rules, names, seed, deck, first, (), money, winners)
        state = record.start()
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None
    except ValueError as exc:  # GameRecord or new_game refusing the setup
        raise NotationError(f"{where}: the setup is refused: {exc}") from None
    actions, state = _actions(_without_comments(moves, where), state, where)
    if money is None and winners is None:
        if state.is_over:
            raise NotationError(f"{where}: the game ends, but its Money and Winners are missing")
    elif not state.is_over:
        raise NotationError(f"{where}: Money and Winners are stated, but the game goes on")
    elif money != tuple(p.money for p in state.players) or winners != final_winners(state):
        raise NotationError(
            f"{where}: the game ends with money {tuple(p.money for p in state.players)} and"
            f" winners {final_winners(state)}, not as its Money and Winners tags say"
        )
    return GameRecord(rules, names, seed, deck, first, actions, money, winners)


def _without_comments(moves: str, where: str) -> str:
    """``moves`` with ``{...}`` and ``;...`` comments blanked, in one pass (linear time)."""
    out: list[str] = []
    i = 0
    while (start := _COMMENT_START.search(moves, i)) is not None:
        j = start.start()
        out.append(moves[i:j])
        if moves[j] == "{":
            end = moves.find("}", j)
            if end < 0:
                raise NotationError(f"{where}: a comment opened with {{ does not close")
            i = end + 1
        else:
            end = moves.find("\n", j)
            i = len(moves) if end < 0 else end
        out.append(" ")
    out.append(moves[i:])
    return "".join(out)


def _number(text: str, tag: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,18}", text):
        raise NotationError(f"the {tag} tag must be a whole number, got {text[:40]!r}")
    return int(text)


def _numbers(text: str, tag: str) -> tuple[int, ...]:
    return tuple(_number(word, tag) for word in text.split())


def _actions(moves: str, state: GameState, where: str) -> tuple[tuple[Action, ...], GameState]:
    words = moves.split()
    actions: list[Action] = []
    i = 0
    while i < len(words):
        step = len(actions) + 1
        if words[i] != f"{step}.":
            wanted = f"step number {step}."
            got = words[i][:40]
            if _NUMBER.fullmatch(words[i]):
                raise NotationError(f"{where}: expected {wanted}, got {got!r}")
            raise NotationError(f"{where}: expected {wanted} before the action, got {got!r}")
        j = i + 1
        while j < len(words) and not _NUMBER.fullmatch(words[j]):
            j += 1
        text = " ".join(words[i + 1 : j])
        try:
            action = parse_action(text, state)
            state = apply(state, action).state
        except (NotationError, IllegalAction) as exc:
            raise NotationError(f"{where}, step {step}: {exc}") from None
        actions.append(action)
        i = j
    return tuple(actions), state
