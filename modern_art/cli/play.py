"""``modern-art play``: a person plays one seat in the terminal against bots.

The command runs the game in a :class:`~modern_art.Host`: the bots act
from their views, and the person at the keyboard is asked. Before each
question it tells what happened since their last answer (the others' bids
included), the auction or turn in one line, the hand when a card is wanted, the legal
choices and the payout hint; the full tables of what the seat may see (R7)
come on request, ``t``. An action the rules refuse is answered with the
rule's own message, and the question is asked again. End of input (Ctrl-D),
``q`` or Ctrl-C leaves the table, and ``--save`` keeps the game so far;
nothing the person types can crash the game.
"""

from __future__ import annotations

import argparse
import random

from rich.console import Console
from rich.table import Table

from modern_art.agents import Agent, Host
from modern_art.cli.commands import (
    CommandError,
    bot_factory,
    check_writable,
    console,
    rules_from,
    save_record,
)
from modern_art.cli.hints import hint_lines
from modern_art.cli.narrate import EXPLAIN, Narrator, card_text
from modern_art.cli.safe import markup_safe
from modern_art.core.transition import new_game
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.errors import IllegalAction
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.state import GameState, Step
from modern_art.seeing.payout import best_case_payout, payout_if_round_ended_now
from modern_art.seeing.redaction import visible_events
from modern_art.seeing.views import HiddenAuctionView, OwnView, PlayerView, view

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")

HELP = """How to answer:
  a number     offer that card from your hand (when it is your turn to offer),
               add that card to a double, or bid / name that price
  p            pass: no bid, decline to add a card, or do not accept the price
  a            accept the fixed price
  t            show the full tables: the board, the players, your hand (also v)
  h            this help
  q            leave the game (so does end of input, Ctrl-D)"""


class Quit(Exception):  # noqa: N818 (not an error: the person left)
    """The person left the table: ``q`` or end of input."""


def play(args: argparse.Namespace) -> int:
    """Run ``modern-art play``; the exit code."""
    rules = rules_from(args)
    players = len(args.bots) + 1
    if not rules.min_players <= players <= rules.max_players:
        raise CommandError(
            f"the game takes {rules.min_players} to {rules.max_players} players (R1.1):"
            f" give {rules.min_players - 1} to {rules.max_players - 1} bots, got {len(args.bots)}"
        )
    me = args.seat
    if not 0 <= me < players:
        raise CommandError(f"--seat must be a seat from 0 to {players - 1}, got {me}")
    check_writable(args.save)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    kinds = list(args.bots)
    names: list[str] = []
    agents: dict[int, Agent] = {}
    bot_names = iter(BOT_NAMES)
    for seat in range(players):
        if seat == me:
            names.append(args.name)
            continue
        kind = kinds.pop(0)
        names.append(f"{next(bot_names)} ({kind})")
        agents[seat] = bot_factory(kind, args.playouts, args.iterations, args.move_time)(
            seed * 10 + seat
        )
    out = console()
    out.print(
        f"[bold]Modern Art[/]: you are {markup_safe(args.name)}, seat {me}, against"
        f" {', '.join(markup_safe(names[s]) for s in sorted(agents))}. Seed {seed}."
    )
    out.print("Type h for help, or t for the full tables, at any prompt.")
    narrator = Narrator(rules, names, viewer=me, show_money=False)
    for line in narrator.opening():
        out.print(line)

    def tell(before: GameState, action: Action, step: Step) -> None:
        for line in narrator.feed(visible_events(step.events, me)):
            out.print(line)

    host = Host(new_game(names, seed=seed, rules=rules), agents, observer=tell)
    human = Human(out, me, hint=args.hint_samples if args.hint else None, seed=seed)
    interrupted = False
    try:
        while not host.state.is_over:
            host.run()  # the bots act until the person is asked
            if not host.state.is_over:
                for line in narrator.flush():  # what the others did since your last answer
                    out.print(line)
                human.decide(host)
    except Quit as reason:
        out.print(f"\n{reason} You leave the table; the game is abandoned.")
    except KeyboardInterrupt:  # Ctrl-C: leave like q, and keep the game so far
        interrupted = True
        out.print("\nInterrupted. You leave the table; the game is abandoned.")
    save_record(host.record(seed), args.save)
    if args.save:
        saved = markup_safe(args.save)
        out.print(f"The game record is saved in {saved}: modern-art replay {saved}")
    return 130 if interrupted else 0


class Human:
    """Asks the person at the keyboard for their seat's action until the rules accept one."""

    def __init__(self, out: Console, seat: int, hint: int | None = None, seed: int = 0) -> None:
        self.out = out
        self.seat = seat
        self.hint = hint  # sampled deals behind each hint (--hint), or None
        self.seed = seed

    def decide(self, host: Host) -> Step:
        """Say where the game stands, read answers until the host accepts one; its step."""
        state = host.state
        seen = view(state, self.seat)
        self.out.print(status_line(seen))
        if isinstance(seen.phase, Offering | DoubleOffer):
            self.out.print(counts_line(seen))
            self.out.print(hand_line(seen))
        if self.hint is not None:
            for line in hint_lines(seen, host.seen(self.seat), self.hint, self.seed + state.step):
                self.out.print(line)
        question = prompt_text(seen)
        again = question.rpartition("\n")[2]  # after a refusal, only the question's last line
        while True:
            self.out.print(question)
            question = again
            try:
                answer = input("> ").strip()
            except EOFError:
                raise Quit("End of input.") from None
            word = answer.lower()
            if not word:
                continue
            if word in ("q", "quit", "exit"):
                raise Quit("Goodbye.")
            if word in ("h", "help", "?"):
                self.out.print(HELP, highlight=False, markup=False)
                continue
            if word in ("t", "tables", "table", "v", "view"):
                show_view(self.out, seen)
                continue
            action = parse_answer(seen, word)
            if isinstance(action, str):
                self.out.print(f"[red]Not understood:[/] {markup_safe(action)}")
                continue
            try:
                return host.apply(action)
            except IllegalAction as exc:
                self.out.print(f"[red]Not allowed:[/] {markup_safe(str(exc))}")


def parse_answer(seen: OwnView, word: str) -> Action | str:
    """The action ``word`` asks for in ``seen``'s phase, or why it cannot be read.

    An amount that is not a whole number is answered here, citing R3.1; the
    engine judges every whole number.
    """
    seat = seen.seat
    if word in ("p", "pass", "n", "no"):
        return Pass(seat)
    if word in ("a", "accept", "y", "yes"):
        return Accept(seat)
    phase = seen.phase
    if isinstance(phase, Offering | DoubleOffer):
        try:
            number = int(word)
        except ValueError:
            return f"type the number of a card, 1 to {len(seen.hand)}, or h for help"
        if not 1 <= number <= len(seen.hand):
            return f"there is no card {number} in your hand: type 1 to {len(seen.hand)}"
        return PlayCard(seat, seen.hand[number - 1])
    try:
        amount = int(word)
    except ValueError:
        return f"bids and prices are whole numbers of money, got {word!r} (R3.1)"
    if isinstance(phase, FixedPriceAuction):
        if phase.price is None:
            return SetPrice(seat, amount)
        return f"type a to accept the price of {phase.price}, or p to pass"
    return Bid(seat, amount)


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


def hand_line(seen: PlayerView) -> str:
    """The seat's hand on one line, numbered as the person types the cards."""
    hand = "  ".join(f"[bold]{i}[/]. {card_text(c)}" for i, c in enumerate(seen.hand, 1))
    return f"Your hand: {hand or '(empty)'}"


def counts_line(seen: PlayerView) -> str:
    """Paintings offered this round, per artist, on one line (R2.2)."""
    counts = " · ".join(
        f"{markup_safe(artist)} {count}"
        for artist, count in zip(seen.rules.artists, seen.counts, strict=True)
    )
    return f"Offered this round: {counts}."


def status_line(seen: PlayerView) -> str:
    """One line on the auction in progress, or whose turn it is."""
    names = [markup_safe(p.name) for p in seen.players]
    phase = seen.phase
    money = f"You have {seen.money}."
    if isinstance(phase, Offering):
        if phase.auctioneer == seen.seat:
            return f"It is your turn to offer a painting. {money}"
        return f"{names[phase.auctioneer]} is to offer a painting. {money}"
    if isinstance(phase, DoubleOffer):
        return (
            f"{names[phase.double_player]} played a double {card_text(phase.card)};"
            f" {names[phase.asking]} may add a second card. {money}"
        )
    auction = seen.auction
    if auction is None:
        return money
    lot = " and ".join(card_text(c) for c in auction.lot)
    line = (
        f"{auction.kind.label.capitalize()} auction of {lot}, run by {names[auction.auctioneer]}"
    )
    if isinstance(auction, OpenAuction | OneOfferAuction):
        if auction.high_bidder is None:
            line += ": no bid yet"
        else:
            line += f": high bid {auction.high_bid} by {names[auction.high_bidder]}"
    elif isinstance(auction, FixedPriceAuction) and auction.price is not None:
        line += f": price {auction.price}"
    elif isinstance(auction, HiddenAuctionView):
        line += f": {len(auction.sealed)} sealed so far"
    return f"{line}. {money}"


def payout_hint(seen: PlayerView) -> str:
    """What the lot under auction would pay now and at best (the host's duty, R6.5)."""
    auction = seen.auction
    if auction is None:
        return ""
    now = payout_if_round_ended_now(seen)
    best = best_case_payout(seen)
    artist = auction.lot[0].artist
    k = len(auction.lot)
    per = f"{k} paintings, each" if k > 1 else "one painting"
    return (
        f"Payout hint: {per} of {markup_safe(artist)} would pay {now[artist]} if the round"
        f" ended now, and at most {best[artist]} this round."
    )


def prompt_text(seen: PlayerView) -> str:
    """The question for the seat, with the legal choices and the payout hint."""
    phase = seen.phase
    money = seen.money
    if isinstance(phase, Offering):
        return f"Offer a painting: type its number, 1 to {len(seen.hand)}."
    if isinstance(phase, DoubleOffer):
        artist = markup_safe(phase.card.artist)
        return (
            f"Add a second {artist} (not a double) to sell both together: type its number;"
            " or p to decline."
        )
    auction = seen.auction
    assert auction is not None
    hint = payout_hint(seen)
    if isinstance(auction, FixedPriceAuction):
        if auction.price is None:
            return (
                f"{hint}\nName your price, 1 to {money}: if nobody accepts, you buy the lot"
                " yourself and pay the bank."
            )
        return f"{hint}\nThe price is {auction.price}: a to accept, p to pass."
    if isinstance(auction, HiddenAuctionView):
        return f"{hint}\nSeal your bid, 0 to {money} ({EXPLAIN[auction.kind]})."
    low = auction.high_bid + 1
    once = " You bid only once." if isinstance(auction, OneOfferAuction) else ""
    return f"{hint}\nBid {low} to {money}, or p to pass.{once}"
