"""The subcommands: demo, simulate, replay and rules (play is in :mod:`.play`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs
from rich.console import Console
from rich.table import Table

from modern_art.agents import Agent, play_game
from modern_art.agents.registry import make_bot
from modern_art.cli import pictures
from modern_art.cli.howto import summary
from modern_art.cli.narrate import Narrator
from modern_art.cli.safe import markup_safe
from modern_art.core.records import GameRecord, replay
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.errors import CommandError, NotationError, ReplayError, SerializationError
from modern_art.data.events import RoundEnded
from modern_art.data.rules import DoublePayment, HiddenTie, Rules, preset, presets
from modern_art.data.state import GameState, Step
from modern_art.text.records import read_records, write_records
from modern_art.wire.documents import MAX_JSON_BYTES, from_json, to_json


def run(args: argparse.Namespace) -> int:
    """Run the subcommand ``args.run``; the exit code."""
    handler = {"demo": demo, "replay": replay_file, "rules": rules}
    return handler[args.run](args)


def console() -> Console:
    """The console for results: stdout, wide enough for tables when piped."""
    # No emoji codes either: a player named ":skull:" keeps their name.
    return Console(highlight=False, emoji=False, width=None if sys.stdout.isatty() else 100)


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules the options ask for: a preset, maybe with open money."""
    try:
        rules = preset(args.preset)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.open_money:
        rules = attrs.evolve(rules, open_money=True)
    return rules


def save_record(record: GameRecord, path: str | None) -> None:
    """Write ``record`` to ``path`` (nothing when ``None``): JSON for ``.json``, else text.

    Any other name (``.mart`` is the suggested suffix, ``.txt`` works too)
    gets the text game record of :func:`modern_art.write_records`.
    """
    if path is None:
        return
    text = to_json(record) + "\n" if path.lower().endswith(".json") else write_records([record])
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot save the record to {path}: {exc.strerror}") from None


def check_writable(path: str | None, what: str = "the record") -> None:
    """Refuse, before any game is played, a ``--save`` path that could not be written.

    The file is opened for appending (nothing in it changes) and, if this
    made it, removed again: the game writes it at the end.
    """
    if path is None:
        return
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise CommandError(f"cannot save {what} to {path}: {exc.strerror}") from None
    if not existed:
        os.remove(path)


# demo ---------------------------------------------------------------------------------

DEMO_PLAYERS = (
    ("Ada", "montecarlo"),
    ("Ben", "heuristic"),
    ("Cleo", "heuristic"),
    ("Dev", "random"),
)


def demo(args: argparse.Namespace) -> int:
    """Play one seeded game of four bots and tell it for a newcomer."""
    out = console()
    rules = Rules()
    names = [name for name, _ in DEMO_PLAYERS]
    check_writable(args.save)
    agents: list[Agent] = [
        make_bot(kind, seed=args.seed * 10 + seat) for seat, (_, kind) in enumerate(DEMO_PLAYERS)
    ]
    out.print("[bold]Modern Art[/]: a demo game of four bots.", highlight=False)
    out.print(
        "Each player starts with 100 money. In turn, each auctioneer offers a painting"
        " from hand, and the others (and the auctioneer) bid for it; the buyer pays the"
        " auctioneer. A round ends the moment a fifth painting of one artist is offered."
        " Then the three artists offered most earn value tiles (30, 20, 10), and every"
        " painting bought this round is sold to the bank for its artist's tiles, this"
        " round's and earlier ones', if that artist is in this round's top three."
        " After four rounds the richest player wins."
    )
    players = ", ".join(f"{name} ({kind} bot)" for name, kind in DEMO_PLAYERS)
    out.print(f"Players, clockwise: {players}. Deal seed {args.seed}.")
    out.print("Money is secret at a real table; this narrator shows it after each round.")
    narrator = Narrator(rules, names, viewer=None, show_money=True)
    for line in narrator.opening():
        out.print(line)

    def observe(state: GameState, action: Action, step: Step) -> None:
        for line in narrator.feed(step.events):
            out.print(line)

    record = play_game(agents, rules=rules, seed=args.seed, names=names, observer=observe)
    save_record(record, args.save)
    if args.save:
        saved = markup_safe(args.save)
        out.print(f"The game record is saved in {saved}: modern-art replay {saved}")
    return 0


# simulate -----------------------------------------------------------------------------


def replay_file(args: argparse.Namespace) -> int:
    """Check saved game records (JSON or text) and tell each game action by action."""
    if args.every is not None and not (args.svg or args.step):
        raise CommandError(
            f"--every {args.every} says how often to draw (--svg DIR) or to wait (--step):"
            " give one of them"
        )
    records = read_records_file(args.file)
    for record in records:
        try:
            replay(record)
        except ReplayError as exc:
            raise CommandError(f"{args.file} does not replay: {exc}") from None
    if args.svg:
        for number, record in enumerate(records, 1):
            # One game to the directory; several, each to a game-N directory in it.
            directory = Path(args.svg) if len(records) == 1 else Path(args.svg) / f"game-{number}"
            write_pictures(record, directory, args)
        return 0
    for number, record in enumerate(records, 1):
        if len(records) > 1:
            console().print(f"\n[bold]Game {number} of {len(records)}[/]")
        if not tell_game(record, args):
            break
    return 0


def write_pictures(record: GameRecord, directory: Path, args: argparse.Namespace) -> None:
    """Draw ``record`` into ``directory``: a picture every ``--every`` actions and an index."""
    try:
        count = pictures.write_replay(record, directory, args.every or "step")
    except OSError as exc:
        raise CommandError(f"cannot write the pictures to {directory}: {exc.strerror}") from None
    console().print(f"{count} pictures and index.html written to {markup_safe(str(directory))}")


def tell_game(record: GameRecord, args: argparse.Namespace) -> bool:
    """Tell one replayed game; ``False`` if the reader left at the end of input."""
    out = console()
    names = list(record.players)
    narrator = Narrator(record.rules, names, viewer=None, show_money=True)
    out.print(
        f"[bold]Replaying[/] {len(record.actions)} actions:"
        f" {', '.join(markup_safe(name) for name in names)}"
        f" ({markup_safe(record.rules.edition.name)} rules)."
    )
    for line in narrator.opening():
        out.print(line)
    state = record.start()
    for index, action in enumerate(record.actions):
        step = apply(state, action)
        for line in narrator.feed(step.events):
            out.print(line)
        state = step.state
        at_round_end = any(isinstance(event, RoundEnded) for event in step.events)
        pause = args.step and (args.every != "round" or at_round_end)
        if pause and index + 1 < len(record.actions):
            what = "round" if args.every == "round" else "one"
            try:
                input(f"[action {index + 1} of {len(record.actions)}] Enter for the next {what} ")
            except EOFError:
                out.print("\nEnd of input: replay stopped.")
                return False
    return True


def write_file(path: Path, text: str, what: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {what} to {path}: {exc.strerror}") from None


def read_records_file(path: str) -> list[GameRecord]:
    """The game records in ``path`` (``-`` for stdin), or a :class:`CommandError`.

    A file whose text starts with ``{`` is one JSON record; any other is text
    game records (:func:`modern_art.read_records`), one game or more. At most
    :data:`~modern_art.MAX_JSON_BYTES` are read, so an endless input
    (``/dev/zero``) is refused without filling the memory; a UTF-8
    byte-order mark, which some editors write, is skipped.
    """
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_JSON_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > MAX_JSON_BYTES:
        raise CommandError(f"{path} is larger than a game record may be ({MAX_JSON_BYTES} bytes)")
    try:
        text = data.decode("utf-8-sig")  # skips a byte-order mark
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not a text file (not UTF-8)") from None
    try:
        if text.lstrip().startswith("{"):
            return [from_json(text, "record")]
        records = read_records(text)
    except (SerializationError, NotationError) as exc:
        raise CommandError(f"{path} is not a game record: {exc}") from None
    if not records:
        raise CommandError(f"{path} is not a game record: it holds no game")
    return records


# rules --------------------------------------------------------------------------------


def rules(args: argparse.Namespace) -> int:
    """Print a preset's settings."""
    out = console()
    if args.summary:
        out.print(summary(rules_from(args)), highlight=False, markup=False)
        return 0
    if args.list:
        for name in sorted(presets()):
            out.print(name)
        return 0
    chosen = rules_from(args)
    out.print(
        f"[bold]Rules preset {markup_safe(repr(args.preset))}[/]"
        f" (edition {markup_safe(repr(chosen.edition.name))})"
    )
    deck = Table(title="The deck, artists in board order (R1.3)", title_justify="left")
    deck.add_column("artist")
    for label in ("cards", "open", "one-offer", "hidden", "fixed price", "double"):
        deck.add_column(label, justify="right")
    for artist, row in zip(chosen.artists, chosen.edition.symbols, strict=True):
        deck.add_row(markup_safe(artist), str(sum(row)), *map(str, row))
    out.print(deck)
    settings = Table(title="Settings", title_justify="left")
    settings.add_column("field")
    settings.add_column("value")
    settings.add_column("rule")
    deals = ", ".join(
        f"{n} players: {'/'.join(map(str, chosen.deals(n)))}"
        for n in range(chosen.min_players, chosen.max_players + 1)
    )
    rows: Sequence[tuple[str, str, str]] = (
        ("players", f"{chosen.min_players} to {chosen.max_players}", "R1.1"),
        ("starting_money", str(chosen.starting_money), "R1.2"),
        ("open_money", "yes" if chosen.open_money else "no (money behind screens)", "R1.2"),
        ("deal_schedule", deals, "R1.4, R6.6"),
        ("value_tiles", ", ".join(map(str, chosen.value_tiles)), "R6.4"),
        ("rounds", str(chosen.rounds), "R8.1"),
        ("hidden_tie", _words(chosen.hidden_tie), "R4.3"),
        ("double_payment", _words(chosen.double_payment), "R5.3"),
    )
    for setting in rows:
        settings.add_row(*setting)
    out.print(settings)
    return 0


SETTING_WORDS: dict[HiddenTie | DoublePayment, str] = {
    HiddenTie.AUCTIONEER_FIRST: "a tie for the highest hidden bid goes to the auctioneer,"
    " else to the tied player nearest clockwise from the auctioneer's left",
    HiddenTie.CLOCKWISE_FROM_LEFT: "a tie for the highest hidden bid goes to the tied player"
    " nearest clockwise from the auctioneer's left, the auctioneer last",
    DoublePayment.SUPPLIER_TAKES_ALL: "the player who adds the second card to a double is"
    " paid the whole price; the double card's player gets nothing",
    DoublePayment.SPLIT: "the price of a double is split between the double card's player"
    " and the one who added the second card (who gets the odd unit)",
}
"""Each variant setting in a player's words (``rules`` prints its value beside them)."""


def _words(setting: HiddenTie | DoublePayment) -> str:
    """A variant setting in a player's words, with the value a rules line takes."""
    return f"{SETTING_WORDS[setting]} ({setting.value})"
