"""The person at the keyboard in ``modern-art play``: reading answers until the rules take one.

:class:`Human` asks for one decision at a time. Besides the moves (a card's
number, a bid, ``p``, ``a``) it understands ``o`` (drop out of an open
auction: it is not asked again in that auction), ``u`` (take back your last
decision, :class:`Undo`), ``t`` (the tables), ``r`` (how to play), ``h``
and ``q``. A costly but legal answer (a card that would be the artist's
fifth, a bid above what the lot can pay) is confirmed by typing it again;
an illegal amount is answered in a player's words, citing the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console

from modern_art.agents import Host
from modern_art.cli.howto import SUMMARY
from modern_art.cli.prompts import (
    counts_line,
    hand_line,
    prompt_text,
    refusal,
    second_person,
    status_line,
)
from modern_art.cli.prompts import warning as stake_warning
from modern_art.cli.safe import markup_safe
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.errors import IllegalAction
from modern_art.data.phases import DoubleOffer, FixedPriceAuction, Offering, OpenAuction
from modern_art.data.state import Step
from modern_art.seeing.views import OwnView, view

__all__ = ["HELP", "Human", "Quit", "Undo", "parse_answer"]

HELP = """How to answer:
  a number     offer that card from your hand (when it is your turn to offer),
               add that card to a double, or bid / name that price
  p            pass: no bid, decline to add a card, or do not accept the price
  o            in an open auction: drop out (you are not asked again in it)
  a            accept the fixed price
  u            undo: take back your last decision (a practice aid)
  t            show the full tables: the board, the players, your hand (also v)
  r            how to play: the rules on one screen (modern-art rules --summary)
  h            this help
  q            leave the game (so does end of input, Ctrl-D)
An answer that costs you (a card that ends the round, a bid above what the
lot can pay) is asked again: type it a second time to confirm."""


class Quit(Exception):  # noqa: N818 (not an error: the person left)
    """The person left the table: ``q`` or end of input."""


class Undo(Exception):  # noqa: N818 (not an error: a request)
    """The person asked to take back their last decision (``u``)."""


def _auction_key(seen: OwnView) -> Hashable:
    """One auction, told apart from every other of the game: round, auctioneer, lot."""
    auction = seen.auction
    assert auction is not None
    return (seen.round, auction.auctioneer, auction.lot)


class Human:
    """Asks the person at the keyboard for their seat's action until the rules accept one.

    Args:
        out: where to print.
        seat: the person's seat.
        show_view: prints the full tables for ``t``.
        payout_hint: print the payout hint with each auction's question;
            ``play --hint`` turns it off, its analysis says the payout too.
    """

    def __init__(
        self,
        out: Console,
        seat: int,
        show_view: Callable[[], None] | None = None,
        *,
        payout_hint: bool = True,
    ) -> None:
        self.out = out
        self.payout_hint = payout_hint
        self.seat = seat
        self.show_view = show_view
        self.out_of: Hashable | None = None
        """The open auction the person dropped out of (``o``), if any."""

    def decide(self, host: Host) -> Step:
        """Say where the game stands, read answers until the host accepts one; its step.

        Raises:
            Quit: the person left (``q``, end of input).
            Undo: the person asked to take back their last decision (``u``).
        """
        seen = view(host.state, self.seat)
        if isinstance(seen.phase, OpenAuction) and self.out_of == _auction_key(seen):
            self.out.print(f"{status_line(seen)}\nYou are out of this auction: you pass.")
            return host.apply(Pass(self.seat))
        self.out.print(status_line(seen))
        if isinstance(seen.phase, Offering | DoubleOffer):
            self.out.print(counts_line(seen))
            self.out.print(hand_line(seen))
        question = prompt_text(seen, hint=self.payout_hint)
        again = question.rpartition("\n")[2]  # after a refusal, only the question's last line
        pending: Action | None = None  # a costly answer waiting to be typed again
        while True:
            self.out.print(question)
            question = again
            word = self._read()
            if word is None:
                continue
            action = parse_answer(seen, word)
            if action == "out":
                if not isinstance(seen.phase, OpenAuction):
                    self.out.print("[red]Not understood:[/] o drops out of an open auction only")
                    continue
                self.out_of = _auction_key(seen)
                self.out.print("You drop out of this auction; the table passes for you.")
                return host.apply(Pass(self.seat))
            if isinstance(action, str):
                self.out.print(f"[red]Not understood:[/] {markup_safe(action)}")
                continue
            why = refusal(seen, action)
            if why is not None:
                self.out.print(f"[red]Not allowed:[/] {why}")
                continue
            stake = stake_warning(seen, action)
            if stake is not None and action != pending:
                pending = action
                again_word = markup_safe(word)
                self.out.print(f"[yellow]Careful:[/] {stake} Type {again_word} again to confirm.")
                continue
            try:
                return host.apply(action)
            except IllegalAction as exc:
                said = second_person(str(exc), self.seat)  # "seat 0" is you here
                self.out.print(f"[red]Not allowed:[/] {markup_safe(said)}")

    def _read(self) -> str | None:
        """One answer, lower-cased; ``None`` after a request answered here (help, tables)."""
        try:
            word = input("> ").strip().lower()
        except EOFError:
            raise Quit("End of input.") from None
        if not word:
            return None
        if word in ("q", "quit", "exit"):
            raise Quit("Goodbye.")
        if word in ("u", "undo"):
            raise Undo
        if word in ("h", "help", "?"):
            self.out.print(HELP, highlight=False, markup=False)
            return None
        if word in ("r", "rules", "howto"):
            self.out.print(SUMMARY, highlight=False, markup=False)
            return None
        if word in ("t", "tables", "table", "v", "view"):
            if self.show_view is not None:
                self.show_view()
            return None
        return word


def parse_answer(seen: OwnView, word: str) -> Action | str:
    """The action ``word`` asks for in ``seen``'s phase, ``"out"`` to drop out, or why not.

    An amount that is not a whole number is answered here, citing R3.1; the
    engine judges every whole number.
    """
    seat = seen.seat
    if word in ("p", "pass", "n", "no"):
        return Pass(seat)
    if word in ("a", "accept", "y", "yes"):
        return Accept(seat)
    if word in ("o", "out"):
        return "out"
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
