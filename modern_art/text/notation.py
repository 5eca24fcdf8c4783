"""The action notation: :func:`format_action` and :func:`parse_action`.

An action is written as the seat, a verb and, for three verbs, an argument::

    0 play Melim/O#25     PlayCard: offer a card, or add a double's second card
    1 bid 30              Bid (open, one-offer and hidden auctions)
    2 pass                Pass
    0 price 40            SetPrice: the auctioneer names the fixed price
    3 accept              Accept the fixed price

A card is an artist, a symbol letter and the card's ``#id`` in the edition's
deck: ``Melim/O#25`` is card 25, Daniel Melim's first open card. The
letters are ``O`` open, ``N`` one-offer, ``H`` hidden, ``F`` fixed price
and ``D`` double. :func:`format_action` writes the artist's surname, a
slash and the ``#id``; a reader takes any case, the slash or not, any
unique prefix of the surname (or of the whole name, or ``@k`` for the k-th
artist on the board), and may leave the ``#id`` out when the acting seat's
hand holds one card of that kind: ``0 play meo``. The ``#id`` alone
(``0 play #25``) names a card too.
"""

from __future__ import annotations

import functools
import re
from typing import Final

from modern_art._speed import IdentityCache
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.errors import NotationError
from modern_art.data.rules import Rules
from modern_art.data.shown import shown
from modern_art.data.state import GameState
from modern_art.seeing.views import PlayerView

__all__ = [
    "LETTERS",
    "MAX_ACTION_CHARS",
    "card_text",
    "card_texts",
    "cards_by_text",
    "format_action",
    "parse_action",
    "parse_card",
    "parse_kind",
]

LETTERS: Final = {
    Auction.OPEN: "O",
    Auction.ONE_OFFER: "N",
    Auction.HIDDEN: "H",
    Auction.FIXED_PRICE: "F",
    Auction.DOUBLE: "D",
}
"""The symbol letter of each auction: O, N (one-offer), H, F and D."""

_SYMBOLS: Final = {letter.lower(): auction for auction, letter in LETTERS.items()}

MAX_ACTION_CHARS: Final = 200
"""The longest action text :func:`parse_action` reads; longer text is refused at once."""

_MAX_DIGITS = 18  # amounts and ids fit a 64-bit integer, as on the wire

_CARD: Final = re.compile(
    r"(?:(?P<artist>@[0-9]{1,4}|[^\W_]{1,64})/?(?P<symbol>[onhfd]))?(?:#(?P<id>[0-9]{1,6}))?",
    re.IGNORECASE,
)
_INTEGER: Final = re.compile(r"-?[0-9]{1,18}")
_VERBS: Final = ("play", "bid", "pass", "price", "accept")


def _key(text: str) -> str:
    """A name as a reader matches it: letters and digits only, case folded."""
    return "".join(ch for ch in text if ch.isalnum()).casefold()


def _surname(artist: str) -> str:
    words = artist.split()
    return "".join(ch for ch in (words[-1] if words else "") if ch.isalnum())


@functools.lru_cache(maxsize=64)
def _artist_keys(artists: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((_key(_surname(a)), _key(a)) for a in artists)


def _artists_matching(text: str, artists: tuple[str, ...]) -> list[int]:
    """The artists ``text`` may name: exact names, else surname prefixes, else name prefixes."""
    if text.startswith("@"):
        place = int(text[1:])
        return [place - 1] if 1 <= place <= len(artists) else []
    wanted = text.casefold()
    keys = _artist_keys(artists)
    for test in (
        lambda s, f: wanted in (s, f),
        lambda s, f: s.startswith(wanted),
        lambda s, f: f.startswith(wanted),
    ):
        found = [i for i, (surname, full) in enumerate(keys) if test(surname, full)]
        if found:
            return found
    return []


def card_text(card: Card) -> str:
    """A card in the notation: surname, slash, symbol letter and ``#id``.

    >>> card_text(Rules().deck[25])
    'Melim/O#25'
    """
    surname = _surname(card.artist)
    letter = LETTERS[card.auction]
    return f"{surname}/{letter}#{card.id}" if surname else f"#{card.id}"


_TEXTS: IdentityCache[tuple[str, ...]] = IdentityCache(64)
_BY_TEXT: IdentityCache[dict[str, Card]] = IdentityCache(64)


def card_texts(rules: Rules) -> tuple[str, ...]:
    """Every card of ``rules.deck`` in the notation, by id; made once per deck, for speed."""
    deck = rules.deck
    texts = _TEXTS.get(deck)
    if texts is None:
        texts = _TEXTS.keep(deck, tuple(card_text(card) for card in deck))
    return texts


def cards_by_text(rules: Rules) -> dict[str, Card]:
    """Each card of the deck by its notation, case folded; made once per deck."""
    deck = rules.deck
    found = _BY_TEXT.get(deck)
    if found is None:
        texts = {card_text(card).casefold(): card for card in deck}
        # A made-up edition may write two cards alike (one surname for two artists): not here.
        found = _BY_TEXT.keep(deck, texts if len(texts) == len(deck) else {})
    return found


def parse_kind(text: str, rules: Rules) -> Card | tuple[str, Auction]:
    """The card ``text`` names with its ``#id``, or the kind it names without one.

    Raises:
        NotationError: the text is not a card, or its artist is unknown or ambiguous.

    >>> parse_kind("meo", Rules())
    ('Daniel Melim', Auction.OPEN)
    """
    known = cards_by_text(rules).get(text.casefold())
    if known is not None:  # the notation's own spelling: a dictionary look-up
        return known
    match = _CARD.fullmatch(text)
    if match is None or not (match["artist"] or match["id"]):
        raise NotationError(
            f"{shown(text)} is not a card; expected an artist, a symbol letter"
            " (O, N, H, F or D) and maybe #id, such as Melim/O#25"
        )
    artists = rules.artists
    auction = _SYMBOLS[match["symbol"].lower()] if match["symbol"] else None
    named = _artists_matching(match["artist"], artists) if match["artist"] else None
    if named == []:
        raise NotationError(f"{shown(text)}: no artist is called {shown(match['artist'])}")
    if match["id"] is not None:
        deck = rules.deck
        card_id = int(match["id"])
        if card_id >= len(deck):
            raise NotationError(f"{shown(text)}: the deck has no card #{card_id}")
        card = deck[card_id]
        if named is not None and (
            artists.index(card.artist) not in named or card.auction is not auction
        ):
            raise NotationError(
                f"{shown(text)}: card #{card_id} is {card.artist} ({card.auction.label})"
            )
        return card
    assert named is not None and auction is not None  # the pattern gives both or an id
    if len(named) > 1:
        choices = " or ".join(artists[i] for i in named)
        raise NotationError(f"{shown(text)}: {shown(match['artist'])} could be {choices}")
    return (artists[named[0]], auction)


def parse_card(
    text: str, rules: Rules, hand: tuple[Card, ...] | None, holder: str = "the hand"
) -> Card:
    """The card ``text`` names (see the module's grammar).

    Args:
        text: one card in the notation, such as ``Melim/O#25`` or ``meo``.
        rules: the rules whose deck the card comes from.
        hand: where a card without ``#id`` is looked up; ``None`` if unknown.
        holder: how messages name that hand.

    Raises:
        NotationError: the text names no card, or more than one.
    """
    kind = parse_kind(text, rules)
    if isinstance(kind, Card):
        return kind
    artist, auction = kind
    if hand is None:
        raise NotationError(
            f"{shown(text)}: without its #id a card is looked up in {holder},"
            " which is not known here"
        )
    found = [card for card in hand if card.artist == artist and card.auction is auction]
    if len(found) != 1:
        what = f"{artist} ({auction.label})"
        if not found:
            raise NotationError(f"{shown(text)}: {holder} holds no {what}")
        ids = " and ".join(f"#{card.id}" for card in found)
        raise NotationError(f"{shown(text)}: {holder} holds {len(found)} {what}: add {ids}")
    return found[0]


def format_action(action: Action) -> str:
    """``action`` in the notation; :func:`parse_action` reads it back exactly.

    Raises:
        NotationError: the action holds a value the notation cannot write (a
            seat that is not an ``int``, a card that is not a
            :class:`~modern_art.Card`, an amount that is not an ``int``).

    >>> import modern_art as ma
    >>> format_action(ma.Bid(seat=1, amount=30))
    '1 bid 30'
    >>> format_action(ma.PlayCard(0, ma.Rules().deck[25]))
    '0 play Melim/O#25'
    """
    seat = getattr(action, "seat", None)
    if type(seat) is not int or seat < 0:
        raise NotationError(f"cannot write {action!r}: its seat must be a whole number")
    # Exactly the five classes (as apply takes them), tested with type() so that
    # the type checker knows which fields each has.
    if type(action) is Pass:
        return f"{seat} pass"
    if type(action) is Accept:
        return f"{seat} accept"
    if type(action) is PlayCard:
        card: object = action.card
        if not isinstance(card, Card):
            raise NotationError(f"cannot write {action!r}: its card must be a Card")
        return f"{seat} play {card_text(card)}"
    if type(action) is Bid or type(action) is SetPrice:
        verb, amount = (
            ("bid", action.amount) if isinstance(action, Bid) else ("price", action.price)
        )
        if type(amount) is not int or len(str(abs(amount))) > _MAX_DIGITS:
            raise NotationError(f"cannot write {action!r}: its amount must be a whole number")
        return f"{seat} {verb} {amount}"
    raise NotationError(f"cannot write {action!r}: it is not an action")


def parse_action(text: str, context: GameState | PlayerView) -> Action:
    """The action ``text`` writes (see the module's grammar), for the game ``context``.

    Args:
        text: one action, such as ``"1 bid 30"``; any case, any spaces.
        context: the game it is played in: its rules give the deck, and the
            acting seat's hand (a state's, or a view's own) resolves a card
            written without its ``#id``.

    Returns:
        The action. It is not checked against the rules: :func:`modern_art.apply`
        does that, citing the rule.

    Raises:
        NotationError: the text is not an action of this table, or names a
            card it cannot tell apart, saying what was expected.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> parse_action("2 BID 30", state)
    Bid(seat=2, amount=30)
    >>> first = ma.legal_actions(state)[0]
    >>> parse_action(format_action(first), state) == first
    True
    """
    if not isinstance(text, str):
        raise NotationError(f"expected the text of an action, got a {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise NotationError(f"an action is at most {MAX_ACTION_CHARS} characters, got {len(text)}")
    words = text.split()
    if not 2 <= len(words) <= 3:
        raise NotationError(
            f"{shown(text)}: expected a seat, a verb and maybe an amount or card,"
            " such as '1 bid 30'"
        )
    seat_text, verb = words[0], words[1].lower()
    n = len(context.players)
    if not seat_text.isdecimal() or not seat_text.isascii() or len(seat_text) > 6:
        raise NotationError(f"{shown(text)}: {seat_text!r} is not a seat; expected 0 to {n - 1}")
    seat = int(seat_text)
    if seat >= n:
        raise NotationError(f"{shown(text)}: there is no seat {seat}; seats run from 0 to {n - 1}")
    if verb not in _VERBS:
        raise NotationError(
            f"{shown(text)}: {words[1]!r} is not a verb; expected play, bid, pass, price or accept"
        )
    takes = verb in ("play", "bid", "price")
    if takes != (len(words) == 3):
        wanted = "a card" if verb == "play" else "an amount" if takes else "nothing"
        raise NotationError(f"{shown(text)}: {verb!r} takes {wanted} after it")
    if verb == "pass":
        return Pass(seat)
    if verb == "accept":
        return Accept(seat)
    if verb == "play":
        return PlayCard(seat, _card_for(words[2], seat, context, text))
    if not _INTEGER.fullmatch(words[2]):
        raise NotationError(f"{shown(text)}: {words[2]!r} is not a whole number of money")
    amount = int(words[2])
    return Bid(seat, amount) if verb == "bid" else SetPrice(seat, amount)


def _card_for(word: str, seat: int, context: GameState | PlayerView, text: str) -> Card:
    hand: tuple[Card, ...] | None
    if isinstance(context, GameState):
        hand = context.players[seat].hand
    else:
        hand = context.hand if context.seat == seat else None
    try:
        return parse_card(word, context.rules, hand, f"seat {seat}'s hand")
    except NotationError as exc:
        raise NotationError(f"{shown(text)}: {exc}") from None
