"""A position in the middle of a game in a few keywords: :func:`setup`.

"Round 2, four Melims already offered, Ann has 0 and is the auctioneer,
these hands": the builder places the cards you name, fills the discard and
the deck with the rest, and refuses a position that cannot arise in a game
(:func:`~modern_art.position_problems`), naming each problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from modern_art.core.decks import CardSpec, _artist, _pick
from modern_art.data.cards import Card
from modern_art.data.phases import Offering, Phase
from modern_art.data.rules import Rules
from modern_art.data.state import GameState, PlayerState
from modern_art.seeing.problems.position import position_problems
from modern_art.text.notation import parse_kind

__all__ = ["setup"]

CardWords = CardSpec | str
"""A card as :func:`setup` takes it: a :data:`~modern_art.CardSpec`, or notation text.

Text is a card of the action notation: ``"Melim/O#25"`` is that card,
``"melim/o"`` any unused open Melim.
"""


def _spec(spec: CardWords, rules: Rules) -> CardSpec:
    return parse_kind(spec, rules) if isinstance(spec, str) else spec


def setup(
    players: int | Sequence[str],
    *,
    hands: Sequence[Sequence[CardWords]],
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
) -> GameState:
    """A position in the middle of a game, from the facts that matter.

    Args:
        players: the number of players, or their names in seat order.
        hands: each seat's hand. A card is written as in
            :func:`~modern_art.stack_deck`, ``(artist, symbol)`` or a
            :class:`~modern_art.Card`, or as notation text (``"melim/o"``,
            ``"Melim/O#25"``).
        rules: the variant; CMON by default.
        round: the round being played.
        money: everyone's money, or each seat's; ``rules.starting_money`` by default.
        museums: each seat's paintings bought this round; this round's
            counts are these cards (and the lot's).
        tiles: value tiles by artist (any unique part of the name), oldest
            first. By default each past round gave its tiles to the leftmost
            artists on the board, 30 to the first.
        auctioneer: the seat to offer a card, when ``phase`` is not given.
        phase: the phase, for a position inside an auction or a double
            (its cards must be the deck's); ``Offering(auctioneer)`` by default.
        discard: cards of past rounds to put in the discard; as many more
            as the deals need are taken from the unused cards.
        deck: cards on top of the undealt deck, for the next deals; the
            unused cards follow in the deck's order.
        step: the actions applied so far; by default one per card offered.

    Raises:
        ValueError: a card named twice or not left to take, or a position
            that cannot arise in a game (each problem named, with its rule).

    >>> import modern_art as ma
    >>> state = ma.setup(
    ...     ["Ann", "Bo", "Cy"], round=2, money=[0, 120, 95], auctioneer=0,
    ...     hands=[["melim/o", "thaler/h"], ["carvalho/o"], ["martins/f", "melim/d"]],
    ...     museums=[["melim/h", "melim/f"], ["melim/n", "melim/o"], []],
    ... )
    >>> state.counts, state.players[0].money, state.to_act
    ((0, 0, 4, 0, 0), 0, frozenset({0}))
    >>> ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).events[1].ranking
    ('Daniel Melim',)
    """
    rules = rules or Rules()
    names = (
        tuple(f"Seat {s}" for s in range(players)) if isinstance(players, int) else tuple(players)
    )
    n = len(names)
    if len(hands) != n or (museums is not None and len(museums) != n):
        raise ValueError(f"give one hand (and one museum, if any) per player, {n}")
    used: set[Card] = set()
    # The cards the phase holds (a lot, or a double waiting for its second card).
    held = (*getattr(phase, "lot", ()), getattr(phase, "card", None))
    fixed = [card for card in held if isinstance(card, Card)]
    for card in fixed:
        _pick(card, rules, used)

    def take(specs: Sequence[CardWords]) -> tuple[Card, ...]:
        return tuple(_pick(_spec(spec, rules), rules, used) for spec in specs)

    hand_cards = [take(hand) for hand in hands]
    museum_cards = [take(m) for m in museums] if museums is not None else [()] * n
    past = take(discard)
    top = take(deck)
    rest = [card for card in rules.deck if card not in used]
    dealt = n * sum(rules.deals(n)[:round]) if 1 <= round <= rules.rounds else 0
    in_play = sum(map(len, hand_cards)) + sum(map(len, museum_cards)) + len(fixed) + len(past)
    more = dealt - in_play
    if more < 0:
        raise ValueError(
            f"{in_play} cards are in hands, museums, the lot and the discard, more than the"
            f" {dealt} dealt by round {round} (R1.4, R6.6)"
        )
    if more and round == 1:
        raise ValueError(
            f"{more} of the cards round 1 deals are in no hand, museum or lot, and nothing"
            " is discarded before round 1 ends (R6.5): give fuller hands, museums, or"
            " rules whose deal_schedule deals fewer cards"
        )
    past += tuple(rest[:more])
    undealt = (*top, *rest[more:])
    artists = rules.artists
    counts = [0] * len(artists)
    for card in (*(c for m in museum_cards for c in m), *fixed):
        counts[artists.index(card.artist)] += 1
    board = _tiles(rules, round, tiles)
    cash = (
        (rules.starting_money,) * n
        if money is None
        else (money,) * n
        if isinstance(money, int)
        else tuple(money)
    )
    if len(cash) != n:
        raise ValueError(f"give one amount of money per player, {n}")
    state = GameState(
        rules,
        tuple(
            PlayerState(name, cash[s], hand_cards[s], museum_cards[s])
            for s, name in enumerate(names)
        ),
        undealt,
        round,
        tuple(counts),
        board,
        past,
        phase if phase is not None else Offering(auctioneer),
        len(past) + sum(counts) if step is None else step,
    )
    problems = position_problems(state)
    if problems:
        raise ValueError(f"this position cannot arise in a game: {'; '.join(problems)}")
    return state


def _tiles(
    rules: Rules, round: int, tiles: Mapping[str, Sequence[int]] | None
) -> tuple[tuple[int, ...], ...]:
    artists = rules.artists
    if tiles is None:
        past = max(round - 1, 0)
        ranked = min(len(rules.value_tiles), len(artists))
        return tuple(
            (rules.value_tiles[a],) * past if a < ranked else () for a in range(len(artists))
        )
    board: list[tuple[int, ...]] = [()] * len(artists)
    for part, values in tiles.items():
        board[artists.index(_artist(rules, part))] = tuple(values)
    return tuple(board)
