"""A position in the middle of a game in a few keywords: :func:`setup`.

"Round 2, four Melims already offered, Ann has 0 and is the auctioneer,
these hands": the builder places the cards you name, fills the discard and
the deck with the rest, and refuses a position that cannot arise in a game
(:func:`~modern_art.position_problems`), naming each problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import EllipsisType

from modern_art.core.decks import CardSpec, _artist, _pick
from modern_art.data.cards import Auction, Card
from modern_art.data.errors import NotationError
from modern_art.data.phases import PHASES, GameOver, Offering, Phase
from modern_art.data.rules import MAX_MONEY, Rules
from modern_art.data.shown import shown, size_of
from modern_art.data.state import GameState, PlayerState
from modern_art.seeing.problems.history import deal_problems
from modern_art.seeing.problems.position import position_problems
from modern_art.seeing.problems.steps import fewest_actions
from modern_art.seeing.problems.tiles import tiles_problem
from modern_art.text.notation import LETTERS, parse_kind
from modern_art.text.past_rounds import hand_sizes, past_rounds, top_up

__all__ = ["setup"]

CardWords = CardSpec | tuple[str, str] | str
"""A card as :func:`setup` takes it: a :class:`~modern_art.Card`, notation text or a pair.

Text is a card of the action notation: ``"Melim/O#25"`` is that card,
``"melim/o"`` any unused open Melim. A pair is ``(artist, symbol)``, the
symbol an :class:`~modern_art.Auction`, its name (``"double"``,
``"fixed_price"``, ``"fixed price"``) or its letter (``"d"``).
"""

HandWords = Sequence[CardWords | EllipsisType] | None
"""A hand as :func:`setup` takes it: cards, maybe ending in ``...`` ("and more"), or ``None``."""

_SYMBOL_WORDS = {
    **{a.value: a for a in Auction},
    **{a.label: a for a in Auction},
    **{letter.lower(): a for a, letter in LETTERS.items()},
}


def _spec(spec: object, rules: Rules, where: str) -> CardSpec:
    if isinstance(spec, Card):
        return spec
    if isinstance(spec, str):
        try:
            return parse_kind(spec, rules)
        except NotationError as exc:
            raise NotationError(f"{where}: {exc}") from None
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        artist, symbol = spec
        if isinstance(symbol, Auction):
            return (artist, symbol)
        if isinstance(symbol, str) and symbol.strip().lower() in _SYMBOL_WORDS:
            return (artist, _SYMBOL_WORDS[symbol.strip().lower()])
        raise ValueError(
            f"{where}: {shown(symbol)} is not an auction symbol; use an Auction, its name"
            " ('double') or its letter (O, N, H, F or D)"
        )
    raise ValueError(
        f"{where}: {shown(spec)} is not a card; write a Card, 'melim/o', or ('melim', 'open')"
    )


def _cards_arg(
    value: object, name: str, rules: Rules, *, fill: bool = False
) -> tuple[object, ...]:
    """A sequence argument of cards (``...`` last where ``fill``), checked before any work."""
    if value is None and fill:
        return (...,)
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ValueError(f"{name} must be a sequence of cards, got {type(value).__name__}")
    size = size_of(value)
    if size is None or size > len(rules.deck) + fill:
        raise ValueError(
            f"{name}: {shown(value)} names more cards than the deck's {len(rules.deck)}"
        )
    items = tuple(value)
    if fill and ... in items[:-1]:
        raise ValueError(f"{name}: ... (fill the hand) may only come last")
    if not fill and ... in items:
        raise ValueError(f"{name}: ... fills hands only")
    return items


def _names(players: object, rules: Rules) -> tuple[str, ...]:
    low, high = rules.min_players, rules.max_players
    if isinstance(players, int) and not isinstance(players, bool):
        if not low <= players <= high:
            raise ValueError(
                f"players: the game takes {low} to {high} players, got {shown(players)} (R1.1)"
            )
        return tuple(f"Seat {s}" for s in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a count or a sequence of names, got {shown(players)}")
    size = size_of(players)
    if size is None or not low <= size <= high:
        got = shown(players) if size is None else size
        raise ValueError(f"players: the game takes {low} to {high} players, got {got} (R1.1)")
    names = tuple(players)
    if not all(isinstance(name, str) for name in names):
        raise ValueError("players: each name must be a string")
    return names


def _whole(value: object, name: str, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"{name} must be a whole number {span}, got {shown(value)}")
    return value


def _cash(money: object, n: int) -> tuple[int, ...]:
    if money is None:
        return ()
    if isinstance(money, int) and not isinstance(money, bool):
        return (_amount(money, "money"),) * n
    if isinstance(money, str) or not isinstance(money, Sequence) or size_of(money) != n:
        raise ValueError(
            f"money must be a whole number or one per player, {n}, got {shown(money)}"
        )
    if not all(type(m) is int for m in money):
        raise ValueError(f"money: each amount must be a whole number, got {shown(money)}")
    return tuple(_amount(m, f"money[{s}]") for s, m in enumerate(money))


def _amount(money: int, name: str) -> int:
    """A seat's money, refused where JSON could not write it (at most 18 digits)."""
    if abs(money) >= MAX_MONEY:
        raise ValueError(
            f"{name}: {shown(money)} is more than the {MAX_MONEY - 1} a state can hold (R3.1)"
        )
    return money


def setup(
    players: int | Sequence[str],
    *,
    hands: Sequence[HandWords],
    rules: Rules | None = None,
    round: int = 1,
    money: int | Sequence[int] | None = None,
    museums: Sequence[Sequence[CardWords]] | None = None,
    tiles: Mapping[str, Sequence[int]] | None = None,
    auctioneer: int = 0,
    phase: Phase | None = None,
    discard: Sequence[CardWords] = (),
    deck: Sequence[CardWords] = (),
    step: int | None = None,
    check: bool = True,
) -> GameState:
    """A position in the middle of a game, from the facts that matter.

    What is not given is made up so that the position could arise in a
    game, and :func:`~modern_art.position_problems` is asked before it is
    returned:

    * **the past rounds**: round ``k`` ended on a fifth painting of the artist
      with the most cards left (R6.1), with at most four of every other; the
      discard is their cards, and the value tiles are their rankings
      (R6.3, R6.4), unless ``tiles`` is given;
    * **the discard's size**: every card dealt by this round (R1.4, R6.6) that
      is in no hand, museum or lot; later past rounds take more of them;
    * **hands ending in** ``...`` (or ``None``) are topped up from the unused
      cards to as few cards as make the position possible, at least this
      round's deal where the cards offered this round do not account for
      fewer;
    * **the deck**: ``deck``'s cards on top, then the unused cards in deck order.

    Args:
        players: the number of players, or their names in seat order.
        hands: each seat's hand: cards, written as a :class:`~modern_art.Card`,
            notation text (``"melim/o"``, ``"Melim/O#25"``) or ``(artist,
            symbol)`` (``("melim", "double")``, ``("melim", "d")``,
            ``("melim", ma.Auction.DOUBLE)``); a hand ending in ``...``, or
            ``None``, is filled as said above. In round 1 every seat was dealt
            ``rules.deals(n)[0]`` cards and nothing is discarded yet, so small
            hands need ``...`` or rules with a smaller deal.
        rules: the variant; CMON by default.
        round: the round being played.
        money: everyone's money, or each seat's; ``rules.starting_money`` by default.
        museums: each seat's paintings bought this round; this round's
            counts are these cards (and the lot's).
        tiles: value tiles by artist (any unique part of the name), oldest
            first; by default those of the past rounds made up.
        auctioneer: the seat to offer a card, when ``phase`` is not given.
        phase: the phase, for a position inside an auction or a double
            (its cards must be the deck's); ``Offering(auctioneer)`` by default.
        discard: cards of past rounds to put in the discard; the past rounds
            made up include them.
        deck: cards on top of the undealt deck, for the next deals.
        step: the actions applied so far; by default the fewest that reach the
            position: one per card offered, and for each sale the fewest its
            auction takes (one action a seat in an open, one-offer or hidden
            auction; the price and an accept at a fixed price; a decline for a
            double nobody added to), and what the phase shows done so far.
        check: ``False`` returns a position that cannot arise (a "what if"),
            whose problems :func:`~modern_art.position_problems` lists.

    Raises:
        ValueError: an argument out of range or of the wrong kind (naming it),
            a card named twice or not left to take, or, with ``check``, a
            position that cannot arise in a game (each problem named, with
            its rule).

    >>> import modern_art as ma
    >>> state = ma.setup(
    ...     ["Ann", "Bo", "Cy"], round=2, money=[0, 120, 95], auctioneer=0,
    ...     hands=[["melim/o", "thaler/h", ...], ["carvalho/o", ...], ["martins/f", ...]],
    ...     museums=[["melim/h", "melim/f"], ["melim/n", "melim/d"], []],
    ... )
    >>> state.counts, state.players[0].money, state.to_act
    ((0, 0, 4, 0, 0), 0, frozenset({0}))
    >>> [len(p.hand) for p in state.players], len(state.discard), state.tiles
    ([11, 10, 10], 13, ((20,), (10,), (), (), (30,)))
    >>> ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).events[1].ranking
    ('Daniel Melim',)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {type(rules).__name__}")
    names = _names(players, rules)
    n = len(names)
    round = _whole(round, "round", 1, rules.rounds)
    auctioneer = _whole(auctioneer, "auctioneer", 0, n - 1)
    if step is not None:
        _whole(step, "step", 0, MAX_MONEY - 1)
    if type(check) is not bool:
        raise ValueError(f"check must be True or False, got {shown(check)}")
    if phase is not None and not isinstance(phase, PHASES):
        raise ValueError(f"phase must be a phase of a state, got {type(phase).__name__}")
    cash = _cash(money, n)
    if isinstance(hands, str) or not isinstance(hands, Sequence) or size_of(hands) != n:
        raise ValueError(f"hands: give one hand per player, {n}, got {shown(hands)}")
    if museums is not None and (
        isinstance(museums, str) or not isinstance(museums, Sequence) or size_of(museums) != n
    ):
        raise ValueError(f"museums: give one museum per player, {n}, got {shown(museums)}")
    hand_args = [_cards_arg(h, f"hands[{s}]", rules, fill=True) for s, h in enumerate(hands)]
    museum_args = [
        _cards_arg(m, f"museums[{s}]", rules) for s, m in enumerate(museums or [()] * n)
    ]
    discard_arg = _cards_arg(discard, "discard", rules)
    deck_arg = _cards_arg(deck, "deck", rules)
    if sum(map(len, (*hand_args, *museum_args, discard_arg, deck_arg))) > len(rules.deck):
        raise ValueError(f"more cards are named than the deck's {len(rules.deck)}")
    board = None if tiles is None else _tiles(rules, tiles)
    over = isinstance(phase, GameOver)
    ranked = round if over else round - 1
    if check:  # the facts given, before any work: each as position_problems names it
        _given_facts(rules, n, round, ranked, board, hand_args, discard_arg, deck_arg)

    used: set[Card] = set()
    # The cards the phase holds (a lot, or a double waiting for its second card).
    held = (*getattr(phase, "lot", ()), getattr(phase, "card", None))
    fixed = [card for card in held if isinstance(card, Card)]
    for card in fixed:
        _pick(card, rules, used)

    def take(specs: Sequence[object], where: str) -> list[Card]:
        return [_pick(_spec(spec, rules, where), rules, used) for spec in specs if spec is not ...]

    hand_cards = [take(h, f"hands[{s}]") for s, h in enumerate(hand_args)]
    museum_cards = [tuple(take(m, f"museums[{s}]")) for s, m in enumerate(museum_args)]
    named_past = take(discard_arg, "discard")
    top = take(deck_arg, "deck")
    pool = [card for card in rules.deck if card not in used]
    offered_now = sum(map(len, museum_cards)) + len(fixed)
    # The seat to offer next comes first: the seats before it offered last, and are short.
    first = auctioneer if phase is None else getattr(phase, "auctioneer", auctioneer)
    first = (first if type(first) is int else 0) + (
        phase is not None and not isinstance(phase, Offering)
    )
    first %= n
    open_ended = [h[-1:] == (...,) for h in hand_args]
    sizes = hand_sizes(
        rules, n, round, [len(h) for h in hand_cards], open_ended, offered_now, len(pool), first
    )
    dealt = n * sum(rules.deals(n)[:round])
    size = dealt - sum(sizes) - offered_now
    if size < len(named_past):
        raise ValueError(
            f"{dealt - size} cards are in hands, museums and the lot, and {len(named_past)}"
            f" named for the discard: more than the {dealt} dealt by round {round}"
            " (R1.4, R6.6)"
        )
    if check:  # the deal against the rounds and hands, as position_problems words it
        empty = [] if over or any(sizes) else ["every hand is empty, yet the round goes on (R6.2)"]
        problems = [*empty, *deal_problems(rules, n, round, size, sizes, offered_now, over)]
        short = any("the hands lack" in problem for problem in problems)
        _refuse(problems, _SHORT_HANDS if short else "")
    try:
        if board is not None and ranked and len(named_past) == size:
            # The whole discard and the tiles are given: nothing to make up, and
            # position_problems judges them as they are (a plan would reorder them).
            past = tuple(named_past)
        else:
            past, board = past_rounds(rules, n, ranked, size, named_past, pool, board)
    except ValueError:
        if check:
            raise
        # A "what if" that no past rounds give: the discard as named, then unused cards.
        past = (*named_past, *pool[: max(0, size - len(named_past))])
        board = board if board is not None else _leftmost_tiles(rules, ranked)
    gone = set(past)
    pool = [card for card in pool if card not in gone]
    top_up(rules, hand_cards, sizes, pool)
    undealt = (*top, *pool)
    artists = rules.artists
    counts = [0] * len(artists)
    for card in (*(c for m in museum_cards for c in m), *fixed):
        counts[artists.index(card.artist)] += 1
    if step is None:
        phase_now = phase if phase is not None else Offering(auctioneer)
        step = fewest_actions(
            n,
            past,
            ranked,
            museum_cards,
            phase_now,
            [len(hand) for hand in hand_cards],
            len(past) + sum(counts),
        )
    state = GameState(
        rules,
        tuple(
            PlayerState(
                name,
                cash[s] if cash else rules.starting_money,
                tuple(hand_cards[s]),
                museum_cards[s],
            )
            for s, name in enumerate(names)
        ),
        undealt,
        round,
        tuple(counts),
        board if board is not None else ((),) * len(artists),
        past,
        phase if phase is not None else Offering(auctioneer),
        step,
    )
    if check:
        _refuse(position_problems(state))
    return state


_SHORT_HANDS = (
    "; end a hand with ... to have it filled, or give rules whose deal_schedule deals"
    " as many cards as the hands hold"
)
"""How to write small hands (setup's hint when the hands are short of the deal)."""


def _refuse(problems: Sequence[str], hint: str = "") -> None:
    if problems:
        raise ValueError(f"this position cannot arise in a game: {'; '.join(problems)}{hint}")


def _given_facts(
    rules: Rules,
    n: int,
    round: int,
    ranked: int,
    board: tuple[tuple[int, ...], ...] | None,
    hands: Sequence[tuple[object, ...]],
    discard: tuple[object, ...],
    deck: tuple[object, ...],
) -> None:
    """Refuse given tiles, hands, discard or deck that no game reaches (R1.4, R6.4-R6.6)."""
    if board is not None:
        problem = tiles_problem(board, rules.value_tiles, ranked)
        if problem:
            raise ValueError(f"tiles: {problem}")
    if discard and not ranked:
        raise ValueError("discard: the discard holds cards before any round has ended (R6.5)")
    dealt = sum(rules.deals(n)[:round])
    for seat, hand in enumerate(hands):
        held = sum(1 for card in hand if card is not ...)
        if held > dealt:
            raise ValueError(
                f"hands[{seat}]: seat {seat} holds {held} cards, more than the {dealt}"
                f" dealt to it by round {round} (R1.4, R6.6)"
            )
    undealt = len(rules.deck) - n * dealt
    if len(deck) > undealt:
        raise ValueError(
            f"deck: {len(deck)} cards named for the undealt deck, but after the deals of"
            f" rounds 1 to {round} it holds {undealt} (R1.4, R6.6)"
        )


def _tiles(rules: Rules, tiles: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(tiles, Mapping):
        raise ValueError(f"tiles must map artists to tile values, got {type(tiles).__name__}")
    artists = rules.artists
    board: list[tuple[int, ...]] = [()] * len(artists)
    for part, values in tiles.items():
        if not isinstance(part, str):
            raise ValueError(f"tiles: {shown(part)} is not an artist's name")
        if isinstance(values, str) or not isinstance(values, Sequence):
            raise ValueError(f"tiles: {shown(part)} must have a sequence of tile values")
        size = size_of(values)
        if size is None or size > rules.rounds or not all(type(t) is int for t in values):
            raise ValueError(
                f"tiles: {shown(part)} must have at most {rules.rounds} whole tile values,"
                f" got {shown(values)}"
            )
        board[artists.index(_artist(rules, part))] = tuple(values)
    return tuple(board)


def _leftmost_tiles(rules: Rules, ranked: int) -> tuple[tuple[int, ...], ...]:
    """For a "what if" only: each past round's tiles to the leftmost artists, 30 first."""
    places = min(len(rules.value_tiles), len(rules.artists))
    return tuple(
        (rules.value_tiles[a],) * ranked if a < places else () for a in range(len(rules.artists))
    )
