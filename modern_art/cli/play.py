"""``modern-art play``: a person plays one seat in the terminal against bots.

The command runs the game in a :class:`~modern_art.Host`: the bots act
from their views, and the person at the keyboard is asked
(:class:`~modern_art.cli.seat.Human`). Before each question it tells what
happened since their last answer (the others' bids included), the auction
or turn in one line, the hand when a card is wanted, the legal choices,
what each does and the payout hint (:mod:`modern_art.cli.prompts`); the
full tables of what the seat may see (R7) come on request, ``t``. ``u``
takes back the person's last decision; ``--resume FILE`` goes on with a
game saved unfinished. End of input (Ctrl-D), ``q`` or Ctrl-C leaves the
table, and ``--save`` (by default the file resumed) keeps the game so far;
nothing the person types can crash the game.
"""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from modern_art.agents import Agent, Host
from modern_art.agents.engine.agent import EngineAgent
from modern_art.agents.host import last_decision
from modern_art.agents.registry import FALLBACK_BOT, make_bot
from modern_art.cli import BOTS
from modern_art.cli.commands import (
    check_writable,
    console,
    read_records_file,
    rules_from,
    save_record,
)
from modern_art.cli.hints import hint_lines
from modern_art.cli.narrate import Narrator
from modern_art.cli.prompts import hand_line, status_line
from modern_art.cli.safe import markup_safe
from modern_art.cli.seat import Human, Quit, Undo
from modern_art.core.records import GameRecord, replay
from modern_art.core.transition import new_game
from modern_art.data.actions import Action
from modern_art.data.errors import CommandError, ReplayError
from modern_art.data.rules import Rules
from modern_art.data.state import GameState, Step
from modern_art.seeing.payout import best_case_payout, payout_if_round_ended_now
from modern_art.seeing.redaction import visible_events
from modern_art.seeing.views import OwnView, view
from modern_art.text.sentences import describe

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
DEFAULT_BOTS = ("heuristic", "heuristic", "montecarlo")
"""The other seats' bots without ``--bots``."""

_BOT_NAME = re.compile(rf"^\S+ \(({'|'.join(BOTS)})\)$")
"""A bot's name at the table, "Ada (heuristic)": the kind of bot in brackets."""


class Seating:
    """Who sits where: the names, the bots by seat, the person's seat, the seed and rules."""

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        kinds: dict[int, str],
        me: int,
        seed: int | None,
    ) -> None:
        self.rules = rules
        self.names = list(names)
        self.kinds = kinds
        self.me = me
        self.seed = seed

    def agents(
        self, playouts: int, iterations: int | None = None, move_time: float | None = None
    ) -> dict[int, Agent]:
        """A fresh bot for each bot seat, seeded from the game's seed.

        A seat of kind ``engine:COMMAND`` is an engine process (the engine
        protocol), with the registry's fallback bot to take over if it fails; :func:`play`
        ends every engine it started.
        """
        agents: dict[int, Agent] = {}
        for seat, kind in self.kinds.items():
            seed = (self.seed or 0) * 10 + seat
            if kind.startswith("engine:"):
                command = kind.removeprefix("engine:")
                agents[seat] = EngineAgent(command, fallback=make_bot(FALLBACK_BOT, seed=seed))
            else:
                agents[seat] = make_bot(kind, seed, playouts, iterations, move_time)
        return agents


def _new_seating(args: argparse.Namespace) -> Seating:
    rules = rules_from(args)
    kinds_given = list(args.bots if args.bots is not None else DEFAULT_BOTS)
    kinds_given += [f"engine:{command}" for command in getattr(args, "engine", None) or ()]
    players = len(kinds_given) + 1
    if not rules.min_players <= players <= rules.max_players:
        raise CommandError(
            f"the game takes {rules.min_players} to {rules.max_players} players (R1.1):"
            f" give {rules.min_players - 1} to {rules.max_players - 1} bots,"
            f" got {len(kinds_given)}"
        )
    me = 0 if args.seat is None else args.seat
    if not 0 <= me < players:
        raise CommandError(f"--seat must be a seat from 0 to {players - 1}, got {me}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    names: list[str] = []
    kinds: dict[int, str] = {}
    bot_names = iter(BOT_NAMES)
    for seat in range(players):
        if seat == me:
            names.append(args.name)
            continue
        kinds[seat] = kinds_given.pop(0)
        names.append(f"{next(bot_names)} ({kinds[seat]})")
    return Seating(rules, names, kinds, me, seed)


def _resumed_seating(args: argparse.Namespace) -> tuple[Seating, GameRecord]:
    """The seating of the game saved in ``args.resume``, and its record.

    **(decision)** The record decides the players, their bots (named as
    ``play`` names them, "Ada (heuristic)"), the seed and the rules, so
    options that would change them are refused; the person's seat is the one
    without a bot's name, or ``--seat`` when there are several.
    """
    given = [
        option
        for option, value in (
            ("--bots", args.bots),
            ("--seed", args.seed),
            ("--preset", None if args.preset == "cmon" else args.preset),
            ("--open-money", args.open_money or None),
        )
        if value is not None
    ]
    if given:
        raise CommandError(
            "--resume goes on with the saved game's players, seed and rules:"
            f" drop {', '.join(given)}"
        )
    records = read_records_file(args.resume)
    if len(records) != 1:
        raise CommandError(f"{args.resume} holds {len(records)} games: --resume takes one")
    record = records[0]
    if record.money is not None:
        raise CommandError(
            f"the game in {args.resume} is over: see it with modern-art replay {args.resume}"
        )
    try:
        replay(record)
    except ReplayError as exc:
        raise CommandError(f"{args.resume} does not replay: {exc}") from None
    kinds: dict[int, str] = {}
    for seat, name in enumerate(record.players):
        found = _BOT_NAME.match(name)
        if found:
            kinds[seat] = found.group(1)
    people = [seat for seat in range(len(record.players)) if seat not in kinds]
    if args.seat is not None:
        me = args.seat
        if not 0 <= me < len(record.players):
            raise CommandError(
                f"--seat must be a seat from 0 to {len(record.players) - 1}, got {me}"
            )
        kinds.pop(me, None)
    elif len(people) == 1:
        me = people[0]
    else:
        raise CommandError(
            f'{args.resume}: {len(people)} seats have no bot\'s name ("Ada (heuristic)");'
            " say which is yours with --seat"
        )
    for seat in people:
        if seat != me:
            kinds[seat] = "heuristic"  # **(decision)** another person's seat: a heuristic bot
    return Seating(record.rules, record.players, kinds, me, record.seed), record


class Game:
    """One game at the terminal: the host, the narrator and what has been said."""

    def __init__(
        self, out: Console, seating: Seating, start: GameState, agents: dict[int, Agent]
    ) -> None:
        self.out = out
        self.seating = seating
        self.agents = agents
        self.quiet = False
        self.narrator = Narrator(seating.rules, seating.names, viewer=seating.me, show_money=False)
        self.host = Host(start, agents, observer=self._tell)

    def _tell(self, before: GameState, action: Action, step: Step) -> None:
        lines = self.narrator.feed(visible_events(step.events, self.seating.me))
        if not self.quiet:
            for line in lines:
                self.out.print(line)

    def replay_silently(self, actions: Sequence[Action]) -> None:
        """Apply ``actions`` without telling them (a resumed game, an undo)."""
        self.quiet = True
        try:
            for action in actions:
                self.host.apply(action)
            self.narrator.flush()
        finally:
            self.quiet = False

    def record(self) -> GameRecord:
        """The game so far."""
        return self.host.record(self.seating.seed)


def play(args: argparse.Namespace) -> int:
    """Run ``modern-art play``; the exit code."""
    record: GameRecord | None = None
    if args.resume is not None:
        seating, record = _resumed_seating(args)
        start = record.start()
    else:
        seating = _new_seating(args)
        start = new_game(seating.names, seed=seating.seed, rules=seating.rules)
    save = args.save if args.save is not None else args.resume
    check_writable(save)
    out = console()
    agents = seating.agents(args.playouts, args.iterations, args.move_time)
    try:
        return _play(args, out, seating, start, record, save, agents)
    finally:  # an engine's process ends with the game, however the game ends
        for agent in agents.values():
            if isinstance(agent, EngineAgent):
                agent.close()


def _play(
    args: argparse.Namespace,
    out: Console,
    seating: Seating,
    start: GameState,
    record: GameRecord | None,
    save: str | None,
    agents: dict[int, Agent],
) -> int:
    """The game itself, from its opening lines to the saved record; the exit code."""
    me, names = seating.me, seating.names
    out.print(
        f"[bold]Modern Art[/]: you are {markup_safe(names[me])}, seat {me}, against"
        f" {', '.join(markup_safe(names[s]) for s in sorted(agents))}. Seed {seating.seed}."
    )
    out.print("Type h for help, r for how to play, or t for the full tables, at any prompt.")
    game = Game(out, seating, start, agents)
    for line in game.narrator.opening():
        out.print(line)
    if record is not None:
        game.replay_silently(record.actions)
        out.print(
            f"Resumed from {markup_safe(args.resume)}: {len(record.actions)}"
            f" action{'' if len(record.actions) == 1 else 's'} replayed;"
            f" round {game.host.state.round} of {seating.rules.rounds}."
        )
    human = Human(
        out,
        me,
        show_view=lambda: show_view(out, view(game.host.state, me)),
        payout_hint=not args.hint,  # one hint: with --hint, the analysis says the payout
    )
    interrupted = False
    try:
        while not game.host.state.is_over:
            game.host.run()  # the bots act until the person is asked
            if game.host.state.is_over:
                break
            for line in game.narrator.flush():  # what the others did since your last answer
                out.print(line)
            if args.hint:  # the analysis of this decision (ma.analyse), before the question
                state = game.host.state
                seed = (seating.seed or 0) + state.step
                seen = game.host.seen(me)
                for line in hint_lines(view(state, me), seen, args.hint_samples, seed):
                    out.print(line)
            try:
                human.decide(game.host)
            except Undo:
                game = _undo(game, human)
    except Quit as reason:
        out.print(f"\n{reason} You leave the table; the game is abandoned.")
    except KeyboardInterrupt:  # Ctrl-C: leave like q, and keep the game so far
        interrupted = True
        out.print("\nInterrupted. You leave the table; the game is abandoned.")
    save_record(game.record(), save)
    if save:
        saved = markup_safe(save)
        if game.host.state.is_over:
            out.print(f"The game record is saved in {saved}: modern-art replay {saved}")
        else:
            out.print(
                f"The game so far is saved in {saved}: modern-art play --resume {saved}"
                " goes on with it."
            )
    elif not game.host.state.is_over:
        out.print("Not saved: start with --save FILE to be able to resume a game.")
    return 130 if interrupted else 0


def _undo(game: Game, human: Human) -> Game:
    """The game as it was before the person's last decision (``u``), or as it is.

    **(decision)** Undo is a practice aid against bots: it takes back your
    last decision and what the bots did after it, and the game goes on from
    there; what you saw meanwhile (a revealed hidden bid, a bot's offer) you
    have seen. The saved record holds the game as finally played.
    """
    me = game.seating.me
    actions = game.host.actions
    last = last_decision(actions, me)
    if last is None:
        game.out.print("Nothing to take back: you have not decided anything yet.")
        return game
    taken = describe(actions[last], game.seating.names, me).removesuffix(".")
    later = len(actions) - last - 1
    again = Game(game.out, game.seating, game.host.start, game.agents)
    again.replay_silently(actions[:last])
    human.out_of = None
    after = f" and the {later} action{'s' if later != 1 else ''} after it" if later else ""
    game.out.print(f"Taken back: {markup_safe(taken)}{after}. Decide again.")
    return again


def show_view(out: Console, seen: OwnView) -> None:
    """Everything the seat may see, as tables: board, players, hand, auction."""
    rules = seen.rules
    now = payout_if_round_ended_now(seen)
    best = best_case_payout(seen)
    board = Table(title=f"Round {seen.round} of {rules.rounds}", title_justify="left")
    for column in ("artist", "offered", "tiles", "pays if round ended now", "at best", "in hand"):
        board.add_column(column, justify="left" if column == "artist" else "right")
    for a, artist in enumerate(rules.artists):
        held = sum(1 for card in seen.hand if card.artist == artist)
        board.add_row(
            markup_safe(artist),
            str(seen.counts[a]),
            " + ".join(map(str, seen.tiles[a])) or "-",
            str(now[artist]),
            str(best[artist]),
            str(held),
        )
    out.print(board)
    table = Table(title="Players (money is secret unless shown)", title_justify="left")
    for column in ("seat", "player", "money", "cards", "museum"):
        table.add_column(column)
    for s, p in enumerate(seen.players):
        museum = ", ".join(markup_safe(c.artist) for c in p.museum) or "-"
        you = s == seen.seat and p.name.lower() != "you"
        who = markup_safe(p.name) + (" (you)" if you else "")
        table.add_row(
            str(s), who, "?" if p.money is None else str(p.money), str(p.hand_size), museum
        )
    out.print(table)
    out.print(hand_line(seen))
    out.print(status_line(seen))
