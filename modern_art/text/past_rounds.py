"""What :func:`modern_art.setup` makes up: past rounds that could have happened, and hands.

Round ``k`` of the past is made as a round of the game: it ended on a fifth
painting of its winner (R6.1), every other artist offered at most four
(so the winner ranks first, R6.3), and its ranking gave the value tiles
(R6.4). The rounds offer as many cards as the deals gave and the hands do
not hold (R1.4, R6.6), and no past round left every hand empty (R8.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.core.scoring import ROUND_ENDING_COUNT, rank_artists
from modern_art.data.cards import Card
from modern_art.data.rules import Rules
from modern_art.seeing.problems.tiles import count, tile_rounds

__all__ = ["PastRounds", "hand_sizes", "past_rounds", "top_up"]

_FIVE = ROUND_ENDING_COUNT

PastRounds = tuple[tuple[Card, ...], tuple[tuple[int, ...], ...] | None]
"""The discard, oldest round first, and the tiles its rankings gave (``None`` if given)."""


def past_rounds(
    rules: Rules,
    n: int,
    rounds: int,
    size: int,
    named: Sequence[Card],
    pool: Sequence[Card],
    tiles: tuple[tuple[int, ...], ...] | None,
) -> PastRounds:
    """``rounds`` past rounds offering ``size`` cards: ``named`` ones and more from ``pool``.

    With ``tiles`` given the rounds' winners are the artists holding a first
    tile; without, the rounds are made here and the tiles are their rankings.

    Raises:
        ValueError: no such rounds exist, saying why.
    """
    artists = rules.artists
    index = {artist: a for a, artist in enumerate(artists)}
    if rounds == 0:
        if size:
            raise ValueError(
                f"{size} cards are in no hand, museum or lot, but nothing is discarded before"
                " round 1 ends (R6.5): give hands ending in ... to have them filled, or rules"
                " whose deal_schedule deals as many cards as the hands hold"
            )
        return (), tiles
    left = [0] * len(artists)  # named cards first, then the pool's, per artist
    by_artist: list[list[Card]] = [[] for _ in artists]
    named_left = [0] * len(artists)
    for card in named:
        by_artist[index[card.artist]].append(card)
        named_left[index[card.artist]] += 1
    for card in pool:
        by_artist[index[card.artist]].append(card)
    for a, cards in enumerate(by_artist):
        left[a] = len(cards)
    ordered = None if tiles is None else tile_rounds(tiles, rules.value_tiles, rounds)
    if ordered is not None:  # the rounds' rankings in an order each artist's pile keeps
        winners = [ranking[0] for ranking in ordered]
    else:
        winners = _winners(rules, rounds, left, named_left, tiles)
    plan = [[0] * len(artists) for _ in range(rounds)]
    for k, w in enumerate(winners):
        plan[k][w] = _FIVE
        left[w] -= _FIVE
        named_left[w] = max(0, named_left[w] - _FIVE)
    deals = rules.deals(n)
    caps = [n * sum(deals[: k + 1]) - 1 for k in range(rounds)]  # a card stays in hand (R8.1)
    placed = _FIVE * rounds
    if placed > size:
        raise ValueError(
            f"{rounds} past rounds each ended on a fifth painting, {placed} cards at least,"
            f" but only {size} cards are in no hand, museum or lot: give smaller hands (R6.1)"
        )
    intended = ordered
    if tiles is not None and intended is None:
        intended = _given_rankings(rules, winners, tiles)
    if intended is not None:
        for k, ranking in enumerate(intended):
            for place, a in enumerate(ranking[1:], 1):
                plan[k][a] = len(ranking) - place  # 5, then 2, 1: strictly below each other
                left[a] -= plan[k][a]
                named_left[a] = max(0, named_left[a] - plan[k][a])
                placed += plan[k][a]
        if placed > size or min(left) < 0 or not _within(plan, caps):
            raise ValueError(
                f"the tiles given need {placed} cards offered in the past rounds, but"
                f" {size} are in no hand, museum or lot (R6.3, R6.4)"
            )
    # Named cards first, then the rest one card a slot; later rounds first, so that
    # the early rounds (fewer cards dealt) stay small.
    for wanted in (named_left, left):
        for _ in range(_FIVE - 1):
            for k in reversed(range(rounds)):
                for a in range(len(artists)):
                    if placed >= size or wanted[a] <= 0 or a == winners[k]:
                        continue
                    if plan[k][a] >= _FIVE - 1 or not _fits(plan, caps, k):
                        continue
                    plan[k][a] += 1
                    if intended is not None and rank_artists(plan[k], rules) != intended[k]:
                        plan[k][a] -= 1  # with tiles given, a round keeps its ranking
                        continue
                    placed += 1
                    left[a] -= 1
                    named_left[a] = max(0, named_left[a] - 1)
    if placed < size:
        raise ValueError(
            f"{size} cards are in no hand, museum or lot, more than {rounds} past rounds"
            " could have offered (each ends on a fifth painting with four or fewer of every"
            " other artist and a card left in hand): give fuller hands, or end them"
            " with ... to have them filled (R6.1, R6.6)"
        )
    if any(named_left):
        raise ValueError("the named discard cannot be placed in the past rounds (R6.1)")
    return _deal_out(plan, by_artist, rules, tiles)


def _winners(
    rules: Rules,
    rounds: int,
    left: Sequence[int],
    named_left: Sequence[int],
    tiles: tuple[tuple[int, ...], ...] | None,
) -> list[int]:
    """Each past round's first artist: the ones given a first tile, or those with most cards."""
    first = rules.value_tiles[0]
    if tiles is not None:
        winners = [a for a, pile in enumerate(tiles) for t in pile if t == first]
        if len(winners) != rounds:
            raise ValueError(
                f"{rounds} past rounds each gave one {first} tile, but the tiles hold"
                f" {len(winners)} (R6.3, R6.4)"
            )
        return winners
    stock = list(left)
    winners = []
    for _ in range(rounds):
        a = max(range(len(stock)), key=lambda i: (named_left[i] > 0, stock[i], -i))
        if stock[a] < _FIVE:
            raise ValueError(
                f"no artist has five paintings left for round {len(winners) + 1} to end on"
                " (R6.1): name fewer cards, or play fewer rounds"
            )
        stock[a] -= _FIVE
        winners.append(a)
    return winners


def _within(plan: list[list[int]], caps: Sequence[int]) -> bool:
    """Whether every round's total so far is within its deal, a card left in hand."""
    total = 0
    for row, cap in zip(plan, caps, strict=True):
        total += sum(row)
        if total > cap:
            return False
    return True


def _fits(plan: list[list[int]], caps: Sequence[int], k: int) -> bool:
    """Whether one more card in round ``k`` keeps every round's total within its deal."""
    total = 0
    for j, row in enumerate(plan):
        total += sum(row)
        if j >= k and total + 1 > caps[j]:
            return False
    return True


def _given_rankings(
    rules: Rules, winners: Sequence[int], tiles: Sequence[Sequence[int]]
) -> list[tuple[int, ...]]:
    """Each past round's ranking, first the winner, that together give the ``tiles``."""
    values = rules.value_tiles
    rankings: list[list[int | None]] = [[w] + [None] * (len(values) - 1) for w in winners]
    for a, pile in enumerate(tiles):
        for t in pile:
            if t == values[0]:
                continue
            place = values.index(t) if t in values else -1
            free = [
                k
                for k in reversed(range(len(rankings)))
                if place > 0 and rankings[k][place] is None and a not in rankings[k]
            ]
            if not free:
                raise ValueError(
                    f"{rules.artists[a]}'s tiles {tuple(pile)} cannot come from"
                    f" {count(len(rankings), 'past round')}: each ranking gives"
                    f" {', '.join(map(str, values))} to different artists (R6.3, R6.4)"
                )
            rankings[free[0]][place] = a
    out = []
    for ranking in rankings:
        given = [a for a in ranking if a is not None]
        if ranking[: len(given)] != given:
            raise ValueError(
                "the tiles given leave a ranking with a gap: a round that gave a"
                f" {values[-1]} tile gave every tile above it (R6.4)"
            )
        out.append(tuple(given))
    return out


def _deal_out(
    plan: list[list[int]],
    by_artist: list[list[Card]],
    rules: Rules,
    tiles: tuple[tuple[int, ...], ...] | None,
) -> PastRounds:
    discard: list[Card] = []
    made: list[list[int]] = [[] for _ in rules.artists]
    taken = [0] * len(rules.artists)
    for row in plan:
        for a, k in enumerate(row):
            discard += by_artist[a][taken[a] : taken[a] + k]
            taken[a] += k
        for place, a in enumerate(rank_artists(row, rules)):
            made[a].append(rules.value_tiles[place])
    return tuple(discard), tiles if tiles is not None else tuple(map(tuple, made))


def hand_sizes(
    rules: Rules,
    n: int,
    round: int,
    sizes: list[int],
    open_ended: Sequence[bool],
    offered_now: int,
    spare: int,
    first: int,
) -> list[int]:
    """How many cards each hand ending in ``...`` holds: the fewest that fit.

    A seat's hand is at least this round's deal where the cards offered this
    round cannot account for less (R6.6), and the hands together hold every
    card dealt that the past rounds could not have offered (R6.1, R8.1).
    Seats are filled clockwise from ``first``, the seat to offer next, so the
    seats just before it, which offered last, hold one card fewer (R2.4).
    ``spare``: the unused cards there are to fill with.
    """
    sizes = list(sizes)
    if not any(open_ended):
        return sizes
    deals = rules.deals(n)
    now, cap = deals[round - 1], sum(deals[:round])
    dealt, before = n * cap, n * sum(deals[: round - 1])
    # A past round offers 5 to 5 + 4 a other artist cards; aim at a usual 13 (R6.1).
    widest = 5 + 4 * (len(rules.artists) - 1)
    most_past = 0 if round == 1 else min(before - 1, (round - 1) * min(widest, 13))
    fillable = [s % n for s in range(first, first + n) if open_ended[s % n]]

    def short() -> int:
        return sum(max(0, now - size) for size in sizes)

    def grow(seat: int) -> bool:
        nonlocal spare
        if sizes[seat] >= cap or not spare:
            return False
        sizes[seat] += 1
        spare -= 1
        return True

    grew = True
    while grew and short() > offered_now:  # a card a seat a pass, clockwise from ``first``
        grew = False
        for seat in fillable:
            if short() > offered_now and sizes[seat] < now and grow(seat):
                grew = True
    while dealt - offered_now - sum(sizes) > most_past:
        if not grow(min(fillable, key=sizes.__getitem__)):
            break
    return sizes


def top_up(rules: Rules, hands: list[list[Card]], sizes: Sequence[int], pool: list[Card]) -> None:
    """Give each hand cards from ``pool`` (taking them) up to its size, the artists in turn."""
    seen: dict[str, int] = {}
    ranks = []
    for card in pool:
        seen[card.artist] = seen.get(card.artist, -1) + 1
        ranks.append((seen[card.artist], rules.artists.index(card.artist)))
    order = sorted(range(len(pool)), key=ranks.__getitem__)
    named = {(card.artist, card.auction) for hand in hands for card in hand}
    mixed = [pool[i] for i in reversed(order)]  # popped from the end: first in turn last
    for seat, hand in enumerate(hands):
        while len(hand) < sizes[seat] and mixed:
            # A kind no hand names and this one does not hold yet: a card named without
            # #id stays one card, and a kind named in one hand is not made up in another.
            kinds = named | {(card.artist, card.auction) for card in hand}
            at = next(
                (
                    i
                    for i in reversed(range(len(mixed)))
                    if (mixed[i].artist, mixed[i].auction) not in kinds
                ),
                len(mixed) - 1,
            )
            hand.append(mixed.pop(at))
    taken = {card for hand in hands for card in hand}
    pool[:] = [card for card in pool if card not in taken]
