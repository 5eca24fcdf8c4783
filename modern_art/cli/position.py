"""``modern-art position`` writes a position; ``modern-art ask POSITION ACTION`` says what happens.

A rules question at the table, without Python: ``position`` takes the facts
:func:`~modern_art.setup` takes (names, round, hands, museums, tiles, money,
the auctioneer) or step N of a game record, and writes the position
(:func:`~modern_art.write_position`), which ``ask`` and ``analyse`` read.
``ask`` applies one action in the notation (:func:`~modern_art.parse_action`)
and tells each event in words (:func:`~modern_art.describe`), each with the
rules it follows; an action the rules forbid is refused with its rule.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs

from modern_art.core.records import replay
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.errors import CommandError, IllegalAction, NotationError
from modern_art.data.events import Event
from modern_art.data.rules import preset
from modern_art.data.state import GameState
from modern_art.text.notation import parse_action
from modern_art.text.positions import MAX_POSITION_CHARS, read_position, write_position
from modern_art.text.sentences import describe
from modern_art.text.setup import setup

RULE = re.compile(r"R\d+\.\d+(?:-R\d+\.\d+)?")
"""A rule's number as the rules reference writes it (``R4.3``, ``R6.1-R6.4``)."""


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``position`` and ``ask`` to the command's subcommands."""
    position = commands.add_parser(
        "position",
        help="write a position from the facts at the table, or at step N of a game record",
        description="Writes a position (ma.write_position), for ask and analyse. Either the"
        " facts ma.setup takes: the players' names (or their number), --hand once per seat"
        " in seat order (cards in the notation: melim/o, Melim/O#25; a hand ending in ..."
        " is filled with other cards), --museum once per seat, --tiles, --money, --round,"
        " --auctioneer, --rules; what is not given is made up so that a game could reach"
        " it, and a position no game could reach is refused, saying why. Or --record FILE"
        " --step N: the position after the record's first N actions.",
    )
    position.add_argument(
        "players", nargs="*", metavar="NAME", help="the players' names in seat order, or a count"
    )
    position.add_argument(
        "--hand", action="append", default=[], metavar="CARDS", help="a seat's hand (once a seat)"
    )
    position.add_argument(
        "--museum",
        action="append",
        default=[],
        metavar="CARDS",
        help="a seat's paintings bought this round (once a seat; '' or - for none)",
    )
    position.add_argument(
        "--tiles",
        action="append",
        default=[],
        metavar="ARTIST=V[,V]",
        help="an artist's value tiles, oldest first (repeat for each artist)",
    )
    position.add_argument(
        "--money", metavar="N[,N...]", help="everyone's money, or each seat's (default: the start)"
    )
    position.add_argument("--round", type=int, default=1, help="the round (default 1)")
    position.add_argument(
        "--auctioneer", type=int, default=0, help="the seat to offer a card (default 0)"
    )
    position.add_argument("--rules", default="cmon", help="the rules preset (default cmon)")
    position.add_argument("--record", metavar="FILE", help="a game record (JSON or text)")
    position.add_argument("--game", type=int, default=0, help="with --record: the game (from 0)")
    position.add_argument(
        "--step", type=int, default=None, help="with --record: after this many actions"
    )
    position.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    position.set_defaults(run="position")

    ask = commands.add_parser(
        "ask",
        help="what happens if ACTION is played in a written position, in words, rule by rule",
        description="Reads a position (modern-art position, ma.write_position), applies the"
        " action (the notation: '0 play melim/o', '1 bid 30', '2 pass', '1 price 20',"
        " '0 accept') and tells each thing that happens, with the rules it follows. An"
        " action the rules forbid is refused with its rule (exit 1).",
    )
    ask.add_argument("file", metavar="POSITION", help="the position file, or - for stdin")
    ask.add_argument("action", metavar="ACTION", help="the action, in the notation")
    ask.set_defaults(run="ask")


def _cards(text: str) -> list[object]:
    """A hand or museum as ma.setup takes it: card words, ``...`` as the Ellipsis."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w and w != "-"]
    return [... if w == "..." else w for w in words]


def _money(text: str | None) -> int | list[int] | None:
    if text is None:
        return None
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise CommandError(f"--money takes N or N,N,...; got {text!r}") from None
    return values[0] if len(values) == 1 else values


def _tiles(items: Sequence[str]) -> dict[str, list[int]] | None:
    if not items:
        return None
    tiles: dict[str, list[int]] = {}
    for item in items:
        artist, _, values = item.partition("=")
        try:
            tiles[artist.strip()] = [int(v) for v in values.split(",") if v.strip()]
        except ValueError:
            raise CommandError(f"--tiles takes ARTIST=V[,V]; got {item!r}") from None
        if not artist.strip() or not values.strip():
            raise CommandError(f"--tiles takes ARTIST=V[,V]; got {item!r}")
    return tiles


def _read(file: str) -> str:
    if file == "-":
        return sys.stdin.read(MAX_POSITION_CHARS + 1)
    try:
        return Path(file).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise CommandError(f"cannot read {file}: {exc.strerror}") from None


def _from_record(args: argparse.Namespace) -> GameState:
    from modern_art.cli.commands import read_records_file  # noqa: PLC0415 (needs rich)

    if args.players or args.hand or args.museum or args.tiles:
        raise CommandError("--record takes no names, hands, museums or tiles")
    games = read_records_file(args.record)
    if not 0 <= args.game < len(games):
        raise CommandError(f"--game must be from 0 to {len(games) - 1}, got {args.game}")
    game = games[args.game]
    step = len(game.actions) if args.step is None else args.step
    if not 0 <= step <= len(game.actions):
        raise CommandError(f"--step must be from 0 to {len(game.actions)}, got {step}")
    return replay(attrs.evolve(game, actions=game.actions[:step], money=None, winners=None))


def _from_facts(args: argparse.Namespace) -> GameState:
    if args.step is not None:
        raise CommandError("--step needs --record")
    names: int | list[str]
    if len(args.players) == 1 and args.players[0].isdigit():
        names = int(args.players[0])
    elif args.players:
        names = list(args.players)
    else:
        raise CommandError("name the players (or give their number), or give --record")
    count = names if isinstance(names, int) else len(names)
    if len(args.hand) != count:
        raise CommandError(f"give --hand once for each of the {count} seats, in seat order")
    if args.museum and len(args.museum) != count:
        raise CommandError(f"give --museum once for each of the {count} seats, or not at all")
    try:
        rules = preset(args.rules)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    try:
        return setup(
            names,
            hands=[_cards(h) for h in args.hand],  # type: ignore[misc]
            rules=rules,
            round=args.round,
            money=_money(args.money),
            museums=[_cards(m) for m in args.museum] if args.museum else None,  # type: ignore[misc]
            tiles=_tiles(args.tiles),
            auctioneer=args.auctioneer,
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def position(args: argparse.Namespace) -> int:
    """``modern-art position``: write the position; 0, or a ``CommandError``."""
    state = _from_record(args) if args.record else _from_facts(args)
    text = write_position(state)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def event_rules(event: Event) -> tuple[str, ...]:
    """The rules an event follows, as its class's description names them.

    >>> import modern_art as ma
    >>> event_rules(ma.PriceSet(seat=1, price=20))
    ('R4.4',)
    """
    summary = (type(event).__doc__ or "").strip().split("\n\n")[0]
    return tuple(RULE.findall(summary))


def ask(args: argparse.Namespace) -> int:
    """``modern-art ask``: apply the action to the position, tell what happens; 0, or 1."""
    text = _read(args.file)
    if len(text) > MAX_POSITION_CHARS:
        raise CommandError(f"{args.file}: a position is at most {MAX_POSITION_CHARS:,} characters")
    try:
        state = read_position(text)
    except ValueError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    names = [p.name for p in state.players]
    try:
        action: Action = parse_action(args.action, state)
    except NotationError as exc:
        raise CommandError(str(exc)) from None
    try:
        step = apply(state, action)
    except IllegalAction as exc:
        print(f"Not allowed ({exc.rule}): {exc.reason}")
        return 1
    for event in step.events:
        rules = event_rules(event)
        sentence = describe(event, names)
        print(f"{sentence} ({', '.join(rules)})" if rules else sentence)
    return 0
