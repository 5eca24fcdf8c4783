"""Whether the past rounds could have happened: the deal, the discard, the tiles (R6).

Part of :func:`modern_art.position_problems`. Every card offered in a past
round is in the discard (a sold painting or a round-ending card), so the
discard's paintings per artist are the sum of the past rounds' counts, and
the value tiles are the rankings of those counts. Each check below is a
necessary condition, computed in one pass over the discard and the tiles:

* a round that did not end the game ended on a fifth painting of its first
  artist, with a card left in some hand (R6.1, R6.2, R8.1);
* an artist's 30 tiles (the first tile) each need five of its paintings, its
  other tiles one each, and it has at most five in a round it won and four
  in any other (R6.1, R6.3);
* after one round the discard is that round's counts, so its ranking gives
  the board's tiles exactly (R6.3, R6.4);
* the past rounds offered no more cards than their deals gave (R1.4, R6.6),
  and each seat holds at least this round's deal less the cards offered
  since it (R6.6, R2.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from modern_art._speed import IdentityCache
from modern_art.core.scoring import ROUND_ENDING_COUNT, rank_artists
from modern_art.data.cards import Auction, Card
from modern_art.data.rules import Rules
from modern_art.seeing.problems.tiles import count

__all__ = ["by_artist", "deal_problems", "discard_problems", "doubles_in"]


_COUNTS: IdentityCache[list[int]] = IdentityCache(256)
"""Paintings per artist of a tuple of cards (a discard, a deck), by the tuple's identity.

Consecutive states share their discard and their rules' deck, so each is counted once.
"""


def by_artist(rules: Rules, cards: Sequence[Card]) -> list[int]:
    """How many of ``cards`` each artist painted, in board order (do not change the list)."""
    artists = rules.artists
    known = _COUNTS.get(cards, artists)
    if known is not None:
        return known
    tally = Counter([card.artist for card in cards])
    counts = [tally[artist] for artist in artists]
    if isinstance(cards, tuple):  # immutable: safe to keep
        _COUNTS.keep(cards, counts, artists)
    return counts


_DOUBLES: IdentityCache[int] = IdentityCache(256)
"""Double cards in a tuple of cards (a discard), by the tuple's identity."""


def doubles_in(cards: Sequence[Card]) -> int:
    """How many of ``cards`` (a discard: consecutive states share it) are doubles (R5)."""
    known = _DOUBLES.get(cards)
    if known is not None:
        return known
    found = sum(1 for card in cards if card.auction is Auction.DOUBLE)
    if isinstance(cards, tuple):  # immutable: safe to keep
        _DOUBLES.keep(cards, found)
    return found


def discard_problems(
    rules: Rules,
    discard: Sequence[Card],
    tiles: Sequence[Sequence[int]],
    ranked: int,
    over: bool,
) -> list[str]:
    """The discard against the value tiles of ``ranked`` past rankings (R6.1, R6.3-R6.5).

    ``over``: the game is over, so the last ranked round may have ended with
    every hand empty rather than on a fifth painting (R6.2).
    """
    if ranked == 0:
        return []
    artists, first = rules.artists, rules.value_tiles[0]
    offered = by_artist(rules, discard)
    in_deck = by_artist(rules, rules.deck)
    five = ROUND_ENDING_COUNT
    out: list[str] = []
    short: list[tuple[int, int]] = []  # (artist, paintings it lacks for its tiles)
    for a, name in enumerate(artists):
        wins = sum(1 for t in tiles[a] if t == first)
        needed = five * wins + (len(tiles[a]) - wins)
        most = five * wins + (five - 1) * (ranked - wins)
        # Over, the last round may have ended with every hand empty: one win on 1 painting.
        if needed - (five - 1 if over and wins else 0) > in_deck[a]:
            out.append(
                f"{name} took the {first} tile {wins} times, each on its fifth painting,"
                f" which needs {five * wins} of its paintings; the deck has {in_deck[a]}"
                " (R6.1, R6.3)"
            )
        elif offered[a] < needed:
            short.append((a, needed - offered[a]))
        if offered[a] > most:
            out.append(
                f"the discard holds {offered[a]} paintings by {name}, more than its"
                f" {count(wins, 'win')} and {ranked - wins} other rounds could offer"
                f" (5 in a round it won, 4 in any other) (R6.1)"
            )
    # A game that is over may have ended its last round with every hand empty: then its
    # first artist needs one painting, not five (R6.2); no other round may fall short.
    allowed = over and len(short) == 1 and short[0][1] <= five - 1
    if short and not allowed:
        for a, lack in short:
            out.append(
                f"{artists[a]} holds {count(len(tiles[a]), 'tile')}, which need at least"
                f" {offered[a] + lack} of its paintings offered (5 for each {first}, as a"
                f" round that does not end the game ends on a fifth painting), but the"
                f" discard holds {offered[a]} (R6.1, R6.3)"
            )
    if ranked == 1 and not out:
        out += _one_round(rules, offered, tiles, over)
    return out


def _one_round(
    rules: Rules, offered: Sequence[int], tiles: Sequence[Sequence[int]], over: bool
) -> list[str]:
    """After one ranking the discard is that round's counts: its ranking is the board's."""
    ranking = rank_artists(offered, rules)
    expected: list[tuple[int, ...]] = [()] * len(offered)
    for place, a in enumerate(ranking):
        expected[a] = (rules.value_tiles[place],)
    if [tuple(t) for t in tiles] == expected:
        return []
    order = ", ".join(f"{rules.artists[a]} {rules.value_tiles[p]}" for p, a in enumerate(ranking))
    return [
        f"round 1's discarded paintings, {tuple(offered)} by artist, rank {order or 'no artist'};"
        " the board's tiles differ (R6.3, R6.4)"
    ]


def deal_problems(
    rules: Rules,
    n: int,
    round_: int,
    discard: int,
    hand_sizes: Sequence[int],
    offered_now: int,
    over: bool,
) -> list[str]:
    """The deal schedule against the rounds so far, the discard and the hands (R1.4, R6.6)."""
    deals = rules.deals(n)
    out: list[str] = []
    dealt = 0
    five = ROUND_ENDING_COUNT
    for k in range(1, round_):
        dealt += n * deals[k - 1]
        if five * k + 1 > dealt:
            out.append(
                f"round {k + 1} cannot begin: rounds 1 to {k} deal {dealt} cards, and"
                f" {k} rounds ending on a fifth painting with a card left in hand need"
                f" {five * k + 1} (R6.1, R6.6, R8.1)"
            )
            return out
    if over:
        return out
    if round_ > 1 and discard >= dealt:
        past = "round 1" if round_ == 2 else f"rounds 1 to {round_ - 1}"
        out.append(
            f"the discard holds {discard} cards offered in {past}, but {past} dealt"
            f" {dealt} and left at least one in hand, or the game would have ended"
            " (R6.6, R8.1)"
        )
    now = deals[round_ - 1]
    short = sum(max(0, now - size) for size in hand_sizes)
    if short > offered_now:
        out.append(
            f"each seat was dealt {now} cards at the start of round {round_} and a card"
            f" leaves a hand only when offered, but the hands lack {short} of them and"
            f" only {count(offered_now, 'card')} {'was' if offered_now == 1 else 'were'}"
            " offered this round (R6.6, R2.1)"
        )
    return out
