"""A compact board in text: what ``str(state)`` and ``str(view)`` print.

One screen (at most about 25 lines): the round, each artist with this
round's count and its value tiles, each seat with its money (or
"screened"), hand (or hand size) and museum, the deck and discard, the phase
and who is to act. Cards are written in the action notation
(``Melim/O#25``). ``str(state)`` is the god view, every hand and the money
of all; ``str(view)`` shows exactly what that view holds, so two views a
seat cannot tell apart print the same text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from modern_art.core.scoring import winners as final_winners
from modern_art.data.cards import Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.state import GameState, PlayerState
from modern_art.seeing.views import HiddenAuctionView, PlayerView, SeatView
from modern_art.text.notation import card_text

__all__ = ["board_text", "printable"]


def printable(text: str) -> str:
    """``text`` with control and other unprintable characters written as escapes.

    >>> printable("Ann\\x1b[31m")
    'Ann\\\\x1b[31m'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card_text(card) for card in cards) if cards else "-"


def _seats(seats: Iterable[object], names: Sequence[str]) -> str:
    chosen = sorted(s for s in seats if isinstance(s, int))
    return ", ".join(names[s] if 0 <= s < len(names) else f"seat {s}" for s in chosen) or "nobody"


def board_text(game: GameState | PlayerView) -> str:
    """The board of a state (everything) or of a view (what that seat may see).

    >>> import modern_art as ma
    >>> print(str(ma.new_game(["Ann", "Bo", "Cy"], seed=1)).splitlines()[0])
    Round 1 of 4, step 0 (cmon edition)
    """
    rules = game.rules
    names = [printable(p.name) for p in game.players]
    edition = printable(rules.edition.name)
    lines = [f"Round {game.round} of {rules.rounds}, step {game.step} ({edition} edition)"]
    if isinstance(game, PlayerView):
        lines[0] += f", seen by {'a spectator' if game.seat is None else names[game.seat]}"
    width = max((len(printable(a)) for a in rules.artists), default=0)
    for artist, count, tiles in zip(rules.artists, game.counts, game.tiles, strict=False):
        tile_text = "+".join(map(str, tiles)) or "-"
        lines.append(f"  {printable(artist):<{width}}  offered {count}  tiles {tile_text}")
    name_width = max(map(len, names), default=0)
    players: Sequence[PlayerState | SeatView] = game.players
    for seat, player in enumerate(players):
        money = "screened" if player.money is None else str(player.money)
        line = f"  {seat} {names[seat]:<{name_width}}  money {money}"
        hand: Sequence[Card] | None = None
        if isinstance(game, GameState):
            hand = game.players[seat].hand
        elif seat == game.seat:
            hand = game.hand
        else:
            size = game.players[seat].hand_size
            line += f"  hand {size} card{'' if size == 1 else 's'}"
        lines.append(f"{line}  museum {_cards(player.museum)}")
        if hand is not None:
            lines.append(f"      hand {_cards(hand)}")
    deck = game.deck_size if isinstance(game, PlayerView) else len(game.deck)
    lines.append(f"  deck {deck} cards, discard {len(game.discard)} cards")
    lines.append(_phase_text(game, names))
    return "\n".join(lines)


def _phase_text(game: GameState | PlayerView, names: list[str]) -> str:
    phase = game.phase
    who = _seats(game.to_act, names)
    if isinstance(phase, GameOver):
        winners = game.winners if isinstance(game, PlayerView) else final_winners(game)
        return f"Game over; {_seats(winners, names)} won."
    if isinstance(phase, Offering):
        return f"{who} to offer a painting."
    if isinstance(phase, DoubleOffer):
        return (
            f"{_seats((phase.double_player,), names)} played {card_text(phase.card)};"
            f" {who} to add a second card or pass."
        )
    head = (
        f"{phase.kind.label.capitalize()} auction by {_seats((phase.auctioneer,), names)}"
        f" of {_cards(phase.lot)}"
    )
    if isinstance(phase, OpenAuction | OneOfferAuction):
        high = (
            f"high bid {phase.high_bid} by {_seats((phase.high_bidder,), names)}"
            if phase.high_bidder is not None
            else "no bid yet"
        )
        passed = (
            f"; passed: {_seats(phase.passed, names)}"
            if isinstance(phase, OpenAuction) and phase.passed
            else ""
        )
        return f"{head}: {high}{passed}; {who} to act."
    if isinstance(phase, HiddenAuction):
        sealed = [s for s, bid in enumerate(phase.bids) if bid is not None]
        bids = ", ".join(f"{names[s]} {phase.bids[s]}" for s in sealed) or "none"
        return f"{head}: sealed bids {bids}; {who} to bid."
    if isinstance(phase, HiddenAuctionView):
        own = "" if phase.own_bid is None else f"; your bid {phase.own_bid}"
        return f"{head}: sealed by {_seats(phase.sealed, names)}{own}; {who} to bid."
    assert isinstance(phase, FixedPriceAuction)
    if phase.price is None:
        return f"{head}: {who} to name the price."
    return f"{head}: price {phase.price}; {who} to accept or pass."
