"""Impossible positions, one fact of the history each: money, discard, deal, turn order, views
(issue 24). Each case breaks one necessary condition of reachability that
:func:`modern_art.position_problems` checks (docs/text.rst, "What is checked"); the base
states are found in random 3-player games. The facts of the position itself (seats, cards,
phases) are in impossible_facts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

import modern_art as ma
from tests.helpers.impossible import Impossible, WhatIf, swap_cards
from tests.helpers.textgames import NO_DOUBLES, game_states


def _first(test: Callable[[ma.GameState], bool], players: int = 3) -> ma.GameState:
    for seed in range(80):
        for state, _ in game_states(players, seed):
            if test(state):
                return state
    raise AssertionError("no such state in 80 random games")  # pragma: no cover


def _no_double_now(s: ma.GameState) -> bool:
    now = [c for p in s.players for c in p.museum] + list(getattr(s.phase, "lot", ()))
    return all(c.auction is not ma.Auction.DOUBLE for c in now)


START = ma.new_game(["Ann", "Bo", "Cy"], seed=1)
FIRST_SALE = _first(
    lambda s: (
        s.round == 1
        and [len(p.hand) for p in s.players] == [9, 10, 10]
        and isinstance(s.phase, ma.Offering)
        and sum(len(p.museum) for p in s.players) == 1
        and _no_double_now(s)
    )
)
SOLD_R1 = _first(
    lambda s: (
        s.round == 1
        and isinstance(s.phase, ma.Offering)
        and sum(len(p.museum) for p in s.players) >= 3
    )
)
OPEN_R1 = _first(
    lambda s: (
        s.round == 1
        and isinstance(s.phase, ma.OpenAuction)
        and len(s.phase.lot) == 1
        and s.step > 4
        and _no_double_now(s)
    )
)
ROUND2 = _first(
    lambda s: s.round == 2 and s.counts == (0,) * 5 and isinstance(s.phase, ma.Offering)
)
MID2 = _first(
    lambda s: (
        s.round == 2
        and isinstance(s.phase, ma.Offering)
        and sum(len(p.museum) for p in s.players) >= 3
    )
)
ROUND3 = _first(lambda s: s.round == 3 and isinstance(s.phase, ma.Offering))
ROUND4 = _first(lambda s: s.round == 4 and isinstance(s.phase, ma.Offering))
HIDDEN = _first(lambda s: isinstance(s.phase, ma.HiddenAuction) and s.phase.bids.count(None) == 1)
OVER = _first(lambda s: s.is_over and s.round == 4 and sum(30 in pile for pile in s.tiles) >= 2)


def _player(state: ma.GameState, seat: int, **changes: Any) -> ma.GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def _discarded(state: ma.GameState) -> Counter[str]:
    return Counter(card.artist for card in state.discard)


def _winners(state: ma.GameState) -> list[str]:
    return [a for a, pile in zip(state.rules.artists, state.tiles, strict=True) if 30 in pile]


def _unplayed(state: ma.GameState, artist: str | None, avoid: str = "") -> ma.Card:
    """An undealt or hand card by ``artist`` (by any other than ``avoid`` if ``None``)."""
    places = [state.deck, *(p.hand for p in state.players)]
    return next(
        c
        for cards in places
        for c in cards
        if (c.artist == artist if artist else c.artist != avoid)
        and c.auction is not ma.Auction.DOUBLE
    )


def _spare(state: ma.GameState, avoid: str) -> str:
    """The discarded artist, not ``avoid``, with the most paintings beyond its tiles' need."""

    def spare(artist: str) -> int:
        pile = state.tiles[state.rules.artists.index(artist)]
        return _discarded(state)[artist] - 5 * pile.count(30) - sum(t != 30 for t in pile)

    return max((a for a in _discarded(state) if a != avoid), key=spare)


def _room(state: ma.GameState) -> Callable[[str], int]:
    """How many more of an artist's paintings the discard could hold (4 a round it lost)."""
    rounds = state.round if state.is_over else state.round - 1

    def room(artist: str) -> int:
        pile = state.tiles[state.rules.artists.index(artist)]
        return 5 * pile.count(30) + 4 * (rounds - pile.count(30)) - _discarded(state)[artist]

    return room


def _to_deck(state: ma.GameState, *artists: str, avoid: tuple[str, ...] = ()) -> ma.GameState:
    """A discarded painting of each of ``artists`` trades places with an unplayed card of an
    artist holding no tile: every hand, the deck and the discard keep their sizes."""
    for artist in artists:
        card = next(c for c in state.discard if c.artist == artist)
        others = [a for a in state.rules.artists if a not in artists + avoid]
        state = swap_cards(state, card, _unplayed(state, max(others, key=_room(state))))
    return state


def _to_discard(state: ma.GameState, artist: str, k: int = 1) -> ma.GameState:
    """``k`` unplayed paintings by ``artist`` trade places with discarded paintings of the
    artists with most to spare: every hand, the deck and the discard keep their sizes."""
    for _ in range(k):
        out = next(c for c in state.discard if c.artist == _spare(state, artist))
        state = swap_cards(state, out, _unplayed(state, artist))
    return state


def _short_of_fifths(state: ma.GameState, artists: list[str]) -> ma.GameState:
    """Each of ``artists`` has one painting fewer in the discard than its tiles need."""
    for artist in artists:
        pile = state.tiles[state.rules.artists.index(artist)]
        needed = 5 * pile.count(30) + sum(1 for t in pile if t != 30)
        for _ in range(_discarded(state)[artist] - needed + 1):
            state = _to_deck(state, artist, avoid=tuple(artists))
    return state


def _swap_tiles(state: ma.GameState, first: int, second: int) -> ma.GameState:
    """The artists holding tile values ``first`` and ``second`` trade them."""
    tiles = [
        tuple(second if t == first else first if t == second else t for t in pile)
        for pile in state.tiles
    ]
    return attrs.evolve(state, tiles=tuple(tiles))


def _offer_from_hand(state: ma.GameState, seat: int, buyer: int, k: int = 1) -> ma.GameState:
    """Seat ``seat`` offers ``k`` non-double cards that ``buyer`` bought: hands, museum, counts."""
    hand = list(state.players[seat].hand)
    cards = [c for c in hand if c.auction is not ma.Auction.DOUBLE][:k]
    state = _player(state, seat, hand=tuple(c for c in hand if c not in cards))
    state = _player(state, buyer, museum=state.players[buyer].museum + tuple(cards))
    counts = list(state.counts)
    for card in cards:
        counts[state.rules.artists.index(card.artist)] += 1
    return attrs.evolve(state, counts=tuple(counts), step=state.step + k)


def _short_hand(state: ma.GameState, seat: int, k: int) -> ma.GameState:
    """``k`` of the seat's cards go to the discard, as if offered in a past round."""
    hand = state.players[seat].hand
    state = _player(state, seat, hand=hand[k:])
    return attrs.evolve(state, discard=state.discard + hand[:k])


def _tiles_carvalho_thrice() -> ma.GameState:
    return attrs.evolve(ROUND4, tiles=((30, 30, 30), (20, 20, 20), (10, 10, 10), (), ()))


def _most_of_one_unranked() -> ma.GameState:
    """An artist that never ranked first gets more than four a round in the discard."""
    never = [a for a in ROUND3.rules.artists if a not in _winners(ROUND3)]
    artist = max(never, key=lambda a: sum(1 for c in ROUND3.discard if c.artist == a))
    k = 4 * 2 + 1 - _discarded(ROUND3)[artist]
    return _to_discard(ROUND3, artist, k)


_ALL_OFFERED_IN_ROUND_1 = WhatIf(
    3,
    round=2,
    rules=ma.Rules(deal_schedule={n: (5, 2, 2, 0) for n in (3, 4, 5)}),
    hands=[["melim/o", "melim/h"], ["thaler/o", "thaler/h"], ["martins/o", "martins/h"]],
)
"""Round 2, with every card round 1 dealt in the discard: round 1 emptied every hand."""


def _next_auctioneer(phase: Any) -> Any:
    """The auction with the seat after its auctioneer as auctioneer."""
    return attrs.evolve(phase, auctioneer=(phase.auctioneer + 1) % 3)


def _view(state: ma.GameState, seat: int | None, **changes: Any) -> ma.PlayerView:
    return attrs.evolve(ma.view(state, seat), **changes)


def _view_money(
    state: ma.GameState, seat: int | None, shown: int, money: int | None
) -> ma.PlayerView:
    v = ma.view(state, seat)
    players = list(v.players)
    players[shown] = attrs.evolve(players[shown], money=money)
    return attrs.evolve(v, players=tuple(players))


def _hidden_view(seat: int | None, **changes: Any) -> ma.PlayerView:
    v = ma.view(HIDDEN, seat)
    return attrs.evolve(v, phase=attrs.evolve(v.phase, **changes))


def _never_doubled(s: ma.GameState) -> bool:
    """No double offered in the game yet: not in the discard, a museum or the lot."""
    return not any(c.auction is ma.Auction.DOUBLE for c in s.discard) and _no_double_now(s)


def _offers(s: ma.GameState) -> list[int]:
    dealt = sum(s.rules.deals(len(s.players))[: s.round])
    return [dealt - len(p.hand) for p in s.players]


def _uneven(s: ma.GameState) -> bool:
    return max(_offers(s)) > min(_offers(s))


NO_DOUBLE_2 = _first(
    lambda s: (
        s.round == 2 and isinstance(s.phase, ma.Offering) and _never_doubled(s) and _uneven(s)
    )
)
NO_DOUBLE_AUCTION_2 = _first(
    lambda s: (
        s.round == 2
        and isinstance(s.phase, ma.OpenAuction | ma.OneOfferAuction | ma.HiddenAuction)
        and _never_doubled(s)
        and _uneven(s)
    )
)
NO_DOUBLE_2_4P = _first(
    lambda s: s.round == 2 and isinstance(s.phase, ma.Offering) and _never_doubled(s), players=4
)
ONE_DOUBLE = _first(
    lambda s: (
        isinstance(s.phase, ma.Offering)
        and sum(c.auction is ma.Auction.DOUBLE for p in s.players for c in p.museum) == 1
        and not s.discard
    )
)


def _round_3_without_doubles() -> ma.GameState:
    """Round 3 of a game of an edition without doubles, its seats' offers uneven."""
    rules = ma.Rules(edition=NO_DOUBLES)
    for seed in range(40):
        for state, _ in game_states(3, seed, rules):
            if state.round == 3 and isinstance(state.phase, ma.Offering) and _uneven(state):
                return state
    raise AssertionError("no such state in 40 games")  # pragma: no cover


NO_DOUBLE_3 = _round_3_without_doubles()


def _not_side_by_side() -> ma.GameState:
    """Round 2 of four players, no double yet: seats apart have offered one card more."""
    state, offers = NO_DOUBLE_2_4P, _offers(NO_DOUBLE_2_4P)
    for chosen in itertools.product((0, 1), repeat=4):
        after = [o + c for o, c in zip(offers, chosen, strict=True)]
        ahead = [o == max(after) for o in after]
        starts = sum(ahead[s] and not ahead[s - 1] for s in range(4))
        if max(after) - min(after) == 1 and starts == 2:
            for seat in (s for s in range(4) if chosen[s]):
                state = _offer_from_hand(state, seat, 0)
            return state
    raise AssertionError("no seats to offer from")  # pragma: no cover


_LATER_TURNS: list[tuple[str, Callable[[], ma.GameState], str]] = [
    # Turn order in later rounds: the turn runs on across the round's end (R6.7)
    (
        "round 2, no double yet: the seat to offer is not the one after the seats ahead",
        lambda: attrs.evolve(
            NO_DOUBLE_2,
            phase=ma.Offering((NO_DOUBLE_2.phase.auctioneer + 1) % 3),  # type: ignore[union-attr]
        ),
        "offers next, but the seats have offered",
    ),
    (
        "round 3 of a game without doubles: the seat to offer is not after the seats ahead",
        lambda: attrs.evolve(
            NO_DOUBLE_3,
            phase=ma.Offering((NO_DOUBLE_3.phase.auctioneer + 2) % 3),  # type: ignore[union-attr]
        ),
        "offers next, but the seats have offered",
    ),
    (
        "round 2, no double yet: an auctioneer that did not offer last",
        lambda: attrs.evolve(
            NO_DOUBLE_AUCTION_2, phase=_next_auctioneer(NO_DOUBLE_AUCTION_2.phase)
        ),
        "is the auctioneer, but the seats have offered",
    ),
    (
        "round 2, no double yet: a seat two offers ahead",
        lambda: _offer_from_hand(
            NO_DOUBLE_2, max(range(3), key=_offers(NO_DOUBLE_2).__getitem__), 0, k=2
        ),
        "no seat offers two more than another",
    ),
    (
        "round 2, no double yet: the seats ahead not side by side",
        _not_side_by_side,
        "are not side by side",
    ),
    (
        "one double offered: a seat three offers ahead",
        lambda: _offer_from_hand(
            ONE_DOUBLE, max(range(3), key=_offers(ONE_DOUBLE).__getitem__), 0, k=3
        ),
        "no seat offers more than 2 beyond another",
    ),
]


def _one_above_the_bound(state: ma.GameState) -> ma.GameState:
    """Seat 0 gets the money that makes the table hold one more than the sales could pay."""
    sold = Counter(c.artist for c in state.discard)
    paid = sum(sold[a] * sum(t) for a, t in zip(state.rules.artists, state.tiles, strict=True))
    bound = len(state.players) * state.rules.starting_money + paid
    others = sum(p.money for p in state.players[1:])
    return _player(state, 0, money=bound + 1 - others)


UNPAINTED_2 = _first(
    lambda s: (
        s.round == 2
        and isinstance(s.phase, ma.Offering)
        and (10,) in s.tiles
        and len(_discarded(s)) < len(s.rules.artists)
    )
)


def _ten_for_an_unpainted_artist() -> ma.GameState:
    """After round 1 the 10 tile goes to an artist none of whose paintings was offered."""
    state, artists = UNPAINTED_2, UNPAINTED_2.rules.artists
    third = state.tiles.index((10,))
    unpainted = next(a for a, artist in enumerate(artists) if not _discarded(state)[artist])
    tiles = list(state.tiles)
    tiles[third], tiles[unpainted] = (), (10,)
    return attrs.evolve(state, tiles=tuple(tiles))


def _third_tile_taken_away() -> ma.GameState:
    """After round 1 three artists had paintings offered, but only two hold tiles."""
    return attrs.evolve(
        ROUND2, tiles=tuple(() if pile == (10,) else pile for pile in ROUND2.tiles)
    )


_UNSEALED = HIDDEN.phase.bids.index(None)  # type: ignore[union-attr]
_SEALED = (_UNSEALED + 1) % 3
_BID = HIDDEN.phase.bids[_SEALED]  # type: ignore[union-attr]

_HISTORY: list[tuple[str, Callable[[], ma.GameState], str]] = [
    # Money against history (R1.2, R3.3, R6.5)
    ("99 at step 0", lambda: _player(START, 0, money=99), "still has its starting 100"),
    ("500 at step 0", lambda: _player(START, 1, money=500), "still has its starting 100"),
    (
        "round-1 totals above the starting money",
        lambda: _player(SOLD_R1, 0, money=SOLD_R1.players[0].money + 301),
        "more than the 300 the game could have paid",
    ),
    ("10**12 in round 2", lambda: _player(MID2, 1, money=10**12), "the game could have paid"),
    ("10**6 in round 4", lambda: _player(ROUND4, 2, money=10**6), "the game could have paid"),
    # Past rounds against the discard (R6.1, R6.3, R6.4)
    ("round-1 tiles 30 and 10 swapped", lambda: _swap_tiles(ROUND2, 30, 10), "0 wins"),
    ("round-1 tiles 20 and 10 swapped", lambda: _swap_tiles(ROUND2, 20, 10), "tiles differ"),
    (
        "six of one artist in a round-1 discard",
        lambda: _to_discard(ROUND2, _winners(ROUND2)[0]),
        "more than its 1 win and 0 other rounds could offer",
    ),
    (
        "no artist at five after round 1",
        lambda: _to_deck(ROUND2, _winners(ROUND2)[0]),
        "5 for each 30",
    ),
    (
        "a round-2 winner without its fifth painting",
        lambda: _short_of_fifths(ROUND3, _winners(ROUND3)[-1:]),
        "5 for each 30",
    ),
    (
        "nine of a never-first artist in two rounds",
        _most_of_one_unranked,
        "(5 in a round it won, 4 in any other)",
    ),
    (
        "two rounds of a finished game short of a fifth painting",
        lambda: _short_of_fifths(OVER, _winners(OVER)[:2]),
        "5 for each 30",
    ),
    # Tiles against the deck (R6.1, R6.3)
    ("Carvalho's 30 three times", _tiles_carvalho_thrice, "the deck has 12"),
    # Cards dealt against cards held (R1.4, R6.6, R8.1)
    (
        "the docs' old setup example: round 2, five cards in hands, four offered",
        WhatIf(
            ["Ann", "Bo", "Cy"],
            round=2,
            money=[0, 120, 95],
            hands=[["melim/o", "thaler/h"], ["carvalho/o"], ["martins/f", "melim/d"]],
            museums=[["melim/h", "melim/f"], ["melim/n", "melim/o"], []],
        ),
        "the hands lack",
    ),
    ("a seat short of its round-2 deal", lambda: _short_hand(ROUND2, 0, 9), "the hands lack"),
    (
        "round 2 after round 1 emptied every hand",
        _ALL_OFFERED_IN_ROUND_1,
        "left at least one in hand",
    ),
    # Rounds that cannot exist (R6.1, R8.1)
    (
        "round 2 with one card each a round",
        WhatIf(
            3,
            round=2,
            hands=[["melim/o"], ["thaler/o"], ["martins/o"]],
            rules=ma.Rules(deal_schedule={n: (1, 1, 1, 1) for n in (3, 4, 5)}),
        ),
        "round 2 cannot begin",
    ),
    (
        "round 3 after two rounds of three cards each",
        WhatIf(
            3,
            round=3,
            hands=[[...], [...], [...]],
            rules=ma.Rules(deal_schedule={n: (2, 1, 1, 0) for n in (3, 4, 5)}),
        ),
        "round 3 cannot begin",
    ),
    # Turn order against hands (R2.1, R2.4)
    (
        "hands 9, 10, 10 with seat 0 to offer again",
        lambda: attrs.evolve(FIRST_SALE, phase=ma.Offering(0)),
        "offers next, but the seats have offered",
    ),
    (
        "one seat two offers ahead",
        lambda: _offer_from_hand(START, 0, 1, k=2),
        "no seat offers two more than another",
    ),
    (
        "the seats ahead not side by side",
        lambda: _offer_from_hand(_offer_from_hand(ma.new_game(4, seed=3), 0, 1), 2, 1),
        "are not side by side",
    ),
    (
        "an auction whose auctioneer did not offer last",
        lambda: attrs.evolve(OPEN_R1, phase=_next_auctioneer(OPEN_R1.phase)),
        "is the auctioneer, but the seats have offered",
    ),
    (
        "step 10**9 in round 1",
        lambda: attrs.evolve(SOLD_R1, step=10**9),
        "offered cards could take",
    ),
    (
        "step 10**7 in round 3",
        lambda: attrs.evolve(ROUND3, step=10**7),
        "offered cards could take",
    ),
    *_LATER_TURNS,
    (
        "the seats hold one more than every sale so far could have paid",
        lambda: _one_above_the_bound(ROUND3),
        "the game could have paid",
    ),
    (
        "a 10 tile for an artist with no painting discarded",
        _ten_for_an_unpainted_artist,
        "which need at least 1 of its paintings offered",
    ),
    (
        "fewer tiles after round 1 than artists painted",
        _third_tile_taken_away,
        "tiles differ",
    ),
]
"""(fact, make the state, what its problem says)."""

STATES = [
    Impossible(fact, make, says, setup=make.checked if isinstance(make, WhatIf) else None)
    for fact, make, says in _HISTORY
]
"""Each history fact as a case for the three readers (tests/helpers/impossible.py)."""


VIEWS: list[tuple[str, Callable[[], ma.PlayerView], str]] = [
    (
        "another seat's money under secret money",
        lambda: _view_money(MID2, 0, 1, MID2.players[1].money),
        "which the screens hide from seat 0",
    ),
    (
        "a spectator sees money under secret money",
        lambda: _view_money(MID2, None, 2, MID2.players[2].money),
        "which the screens hide from a spectator",
    ),
    (
        "money hidden once the game is over",
        lambda: _view_money(OVER, 0, 1, None),
        "the game is over",
    ),
    (
        "money hidden under open money",
        lambda: _view_money(
            attrs.evolve(MID2, rules=attrs.evolve(MID2.rules, open_money=True)), 0, 1, None
        ),
        "money is open",
    ),
    (
        "a view's own money at step 0",
        lambda: _view_money(START, 0, 0, 99),
        "still has its starting 100",
    ),
    ("a view's own money of 10**12", lambda: _view_money(MID2, 1, 1, 10**12), "could have paid"),
    (
        "a view holding another seat's sealed bid",
        lambda: _hidden_view(_UNSEALED, own_bid=_BID),
        "it is another seat's",
    ),
    (
        "a spectator's view holding a sealed bid",
        lambda: _hidden_view(None, own_bid=_BID),
        "a spectator's view holds a sealed bid",
    ),
    (
        "a seat's view without its own sealed bid",
        lambda: _hidden_view(_SEALED, own_bid=None),
        "yet its view does not hold it",
    ),
    (
        "a view whose phase holds every bid",
        lambda: _view(HIDDEN, 0, phase=HIDDEN.phase),
        "holds every seat's sealed bid",
    ),
]
