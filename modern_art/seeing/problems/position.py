"""Checking a position: :func:`position_problems`, every reason a state cannot arise in play.

A state made by hand (with :func:`modern_art.setup`, :func:`modern_art.read_position`,
JSON or ``attrs.evolve``) can say things no game can reach: negative money, a
card in two places, a count that does not match the cards offered, a bid
above the bidder's money. Each problem is one sentence citing the rule it
breaks. The list is empty for every state reached by play, and the readers
refuse a state whose list is not, so the engine never meets one.

A :class:`~modern_art.PlayerView` gets the same kind of check against its
own facts (what a seat sees must add up), so no library function can later
fail on it.
"""

from __future__ import annotations

from collections import Counter
from typing import Final, TypeGuard

from attrs import frozen

from modern_art._speed import IdentityCache
from modern_art.core.scoring import ROUND_ENDING_COUNT
from modern_art.data.cards import Auction, Card
from modern_art.data.phases import (
    PHASES,
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.seeing.problems.history import deal_problems, discard_problems, doubles_in
from modern_art.seeing.problems.money import money_bound, money_problems
from modern_art.seeing.problems.phase import phase_problems
from modern_art.seeing.problems.secrets import state_phase_problem, view_secret_problems
from modern_art.seeing.problems.steps import fewest_actions, step_problems
from modern_art.seeing.problems.tiles import count, tiles_problem
from modern_art.seeing.problems.turns import turn_problems
from modern_art.seeing.views import HiddenAuctionView, PlayerView, PublicPhase

__all__ = ["position_problems"]

_SEAT_FIELDS = ("auctioneer", "double_player", "asking", "high_bidder", "turn")


@frozen
class _BySeat:
    """What the progress and history checks read of every seat, alike for a state and a view."""

    hand_sizes: tuple[int, ...]
    museums: tuple[tuple[Card, ...], ...]
    money: tuple[int | None, ...]
    """``None`` where a view screens it."""


def _by_seat(game: GameState | PlayerView) -> _BySeat:
    players = game.players
    if isinstance(game, GameState):
        hand_sizes = tuple(len(p.hand) for p in game.players)
    else:  # a view knows only how many cards each seat holds
        hand_sizes = tuple(p.hand_size for p in game.players)
    return _BySeat(hand_sizes, tuple(p.museum for p in players), tuple(p.money for p in players))


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(isinstance(card, Card) for card in value)


def position_problems(game: GameState | PlayerView) -> tuple[str, ...]:
    """Every reason ``game`` could not arise in a game under its rules, each citing a rule.

    Args:
        game: a :class:`~modern_art.GameState`, or a :class:`~modern_art.PlayerView`
            (checked against the facts it holds).

    Returns:
        One sentence per problem, ``()`` for every state reached by play.

    Raises:
        ValueError: ``game`` is neither a state nor a view.

    >>> import attrs, modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> ma.position_problems(state)
    ()
    >>> ann = attrs.evolve(state.players[0], money=-5)
    >>> odd = attrs.evolve(state, players=(ann, *state.players[1:]))
    >>> for problem in ma.position_problems(odd):
    ...     print(problem[:59])
    seat 0 has negative money, -5 (R3.1)
    seat 0 has -5, but no painting has been bought yet in round
    """
    if isinstance(game, PlayerView):
        return tuple(_view_problems(game))
    if not isinstance(game, GameState):
        raise ValueError(f"expected a GameState or a PlayerView, got a {type(game).__name__}")
    return tuple(_state_problems(game))


def _frame_problems(game: GameState | PlayerView) -> list[str]:
    """Rules, player count, round and the shape of counts and tiles: what the rest relies on."""
    rules = game.rules
    if not isinstance(rules, Rules):
        return [f"the rules must be a Rules, got {type(rules).__name__}"]
    n = len(game.players) if type(game.players) is tuple else -1
    if not rules.min_players <= n <= rules.max_players:
        return [
            f"the rules allow {rules.min_players} to {rules.max_players} players, got {n} (R1.1)"
        ]
    out = []
    if not _is_int(game.round) or not 1 <= game.round <= rules.rounds:
        out.append(f"round {game.round!r} is not a round from 1 to {rules.rounds} (R8.1)")
    if not _is_int(game.step) or game.step < 0:
        out.append(f"step {game.step!r} is not a count of actions (R2.1)")
    artists = len(rules.artists)
    counts, tiles = game.counts, game.tiles
    if type(counts) is not tuple or len(counts) != artists or not all(map(_is_int, counts)):
        out.append(f"counts must be {artists} whole numbers, one per artist (R6.3)")
    elif any(c < 0 for c in counts):
        pairs = zip(rules.artists, counts, strict=True)
        negative = ", ".join(f"{a} {c}" for a, c in pairs if c < 0)
        out.append(f"this round's counts hold a negative count: {negative} (R2.2)")
    if (
        type(tiles) is not tuple
        or len(tiles) != artists
        or not all(type(t) is tuple and all(map(_is_int, t)) for t in tiles)
    ):
        out.append(f"tiles must be {artists} tuples of tile values, one per artist (R6.4)")
    if not _is_cards(game.discard):
        out.append("the discard must be a tuple of cards (R6.5)")
    return out


def _rankings_so_far(game: GameState | PlayerView) -> int:
    """How many rounds have been ranked: the past ones, and the last once the game is over."""
    return game.round if isinstance(game.phase, GameOver) else game.round - 1


def _state_problems(state: GameState) -> list[str]:
    out = _frame_problems(state)
    if out:
        return out
    n = len(state.players)
    for seat, p in enumerate(state.players):
        if not isinstance(p.name, str):
            out.append(f"seat {seat}'s name must be a string (R1.5)")
        if not _is_int(p.money):
            out.append(f"seat {seat}'s money must be a whole number, got {p.money!r} (R3.1)")
        if not _is_cards(p.hand) or not _is_cards(p.museum):
            out.append(f"seat {seat}'s hand and museum must be tuples of cards (R1.6)")
    if not _is_cards(state.deck):
        out.append("the deck must be a tuple of cards (R1.4)")
    out += _phase_shape(state.phase, n)
    wrong_phase = state_phase_problem(state.phase)
    if wrong_phase:
        out.append(wrong_phase)
    if out:  # values of the wrong type: the checks below would not know what to compare
        return out
    out += [
        f"seat {seat} has negative money, {p.money} (R3.1)"
        for seat, p in enumerate(state.players)
        if p.money < 0
    ]
    out += _card_problems(state)
    by_seat = _by_seat(state)
    out += _progress_problems(state, by_seat)
    out += phase_problems(state, state.phase, by_seat.money, by_seat.hand_sizes)
    if not out and not state.is_over and not state.to_act:
        out.append("the game is not over, yet no seat may act (R8.1)")
    return out


_PHASE_KINDS: Final = (*PHASES, HiddenAuctionView)
"""What a phase may be: a state's phase, or a view's (a hidden auction with its bids sealed)."""


def _phase_shape(phase: object, n: int) -> list[str]:
    """Seats the phase names are seats of the table; its fields have their types (R1.5)."""
    if not isinstance(phase, _PHASE_KINDS):
        return [f"the phase must be a phase, got {type(phase).__name__} (R2.1)"]
    out = []
    for name in _SEAT_FIELDS:
        seat = getattr(phase, name, None)
        if seat is None and name in ("double_player", "high_bidder"):
            continue
        if name in ("auctioneer", "asking", "turn") and not hasattr(phase, name):
            continue
        if not _is_int(seat) or not 0 <= seat < n:
            out.append(f"the phase's {name} is {seat!r}, not a seat from 0 to {n - 1} (R1.5)")
    for name in ("passed", "sealed"):
        seats: object = getattr(phase, name, frozenset())
        if type(seats) is not frozenset or not all(_is_int(s) and 0 <= s < n for s in seats):
            out.append(f"the phase's {name} seats must be seats from 0 to {n - 1} (R1.5)")
    lot = getattr(phase, "lot", ())
    if not _is_cards(lot):
        out.append("the lot must be a tuple of cards (R2.1)")
    if isinstance(phase, DoubleOffer) and not isinstance(phase.card, Card):
        out.append("the double card must be a card (R5.1)")
    for name in ("high_bid", "price", "own_bid"):
        value = getattr(phase, name, None)
        if value is not None and not _is_int(value):
            out.append(f"the phase's {name} must be a whole number, got {value!r} (R3.1)")
    if isinstance(phase, HiddenAuction):
        bids = phase.bids
        if type(bids) is not tuple or len(bids) != n:
            out.append(f"a hidden auction holds one bid per seat, {n} (R4.3)")
        elif not all(b is None or _is_int(b) for b in bids):
            out.append("hidden bids must be whole numbers or None (R4.3)")
    return out


def _in_play(phase: object) -> tuple[Card, ...]:
    """The cards offered but not yet in a museum: the lot, or the double card."""
    if isinstance(phase, DoubleOffer):
        return (phase.card,)
    return tuple(getattr(phase, "lot", ()))


def _card_problems(state: GameState) -> list[str]:
    rules, n = state.rules, len(state.players)
    places: list[tuple[str, tuple[Card, ...]]] = [
        ("the deck", state.deck),
        ("the discard", state.discard),
        ("the lot", _in_play(state.phase)),
    ]
    for seat, p in enumerate(state.players):
        places += [(f"seat {seat}'s hand", p.hand), (f"seat {seat}'s museum", p.museum)]
    out = _cards_known_and_once(rules, places)
    held = sum(len(cards) for _, cards in places)
    if not out and held != len(rules.deck):
        gone = len(rules.deck) - held
        out.append(
            f"{count(gone, 'card')} of the deck {'is' if gone == 1 else 'are'} missing (R1.3)"
        )
    dealt_each = sum(rules.deals(n)[: state.round])
    if len(state.deck) != len(rules.deck) - n * dealt_each:
        out.append(
            f"the deck holds {len(state.deck)} cards, but after the deals of rounds 1 to"
            f" {state.round} it holds {len(rules.deck) - n * dealt_each} (R1.4, R6.6)"
        )
    for seat, p in enumerate(state.players):
        if len(p.hand) > dealt_each:
            out.append(
                f"seat {seat} holds {len(p.hand)} cards, more than the {dealt_each}"
                f" dealt to it by round {state.round} (R1.4, R6.6)"
            )
    return out


_DECK_OBJECTS: IdentityCache[frozenset[int]] = IdentityCache(64)
"""The ``id`` of each card object ``deck[i]`` whose id is ``i``, by the deck's identity."""


def _deck_objects(deck: tuple[Card, ...]) -> frozenset[int]:
    """The card objects that are a deck's card of their own id (the fast path's test, R1.3).

    A card among them is ``deck[card.id]`` itself, so distinct ones have distinct ids.
    """
    known = _DECK_OBJECTS.get(deck)
    if known is None:
        own = frozenset(id(c) for i, c in enumerate(deck) if type(c.id) is int and c.id == i)
        known = _DECK_OBJECTS.keep(deck, own)
    return known


def _cards_known_and_once(rules: Rules, places: list[tuple[str, tuple[Card, ...]]]) -> list[str]:
    """Each card is the deck's card of its id, and in one place only (R1.3)."""
    deck = rules.deck
    # Fast path: play and JSON hold the deck's own card objects, each once.
    objects = [id(card) for _, cards in places for card in cards]
    if len(set(objects)) == len(objects) and _deck_objects(deck).issuperset(objects):
        return []
    out = []
    where: dict[int, str] = {}
    for place, cards in places:
        for card in cards:
            if not (_is_int(card.id) and 0 <= card.id < len(deck) and deck[card.id] == card):
                out.append(f"{place} holds {card!s}, which is not a card of the deck (R1.3)")
            elif card.id in where:
                out.append(f"{card!s} is in {where[card.id]} and in {place} (R1.3)")
            else:
                where[card.id] = place
            if len(out) >= 10:
                return out
    return out


def _progress_problems(game: GameState | PlayerView, by_seat: _BySeat) -> list[str]:
    """Counts, tiles, the discard, money and the step against the cards offered so far."""
    rules, out = game.rules, []
    hand_sizes, museums = by_seat.hand_sizes, by_seat.museums
    artists = rules.artists
    offered = Counter(card.artist for museum in museums for card in museum)
    offered.update(card.artist for card in _in_play(game.phase))
    expected = tuple(offered[a] for a in artists)
    over = isinstance(game.phase, GameOver)
    if game.counts != expected and not over:
        for artist, said, held in zip(artists, game.counts, expected, strict=True):
            if said != held:
                out.append(
                    f"this round's count of {artist} is {said}, but museums and the lot"
                    f" hold {held} of {artist}'s paintings (R2.2)"
                )
    for artist, said in zip(artists, game.counts, strict=True):
        if said >= ROUND_ENDING_COUNT and not over:
            out.append(
                f"this round's count of {artist} is {said}, yet {ROUND_ENDING_COUNT}"
                " paintings of one artist end the round (R6.1)"
            )
    if over:
        if any(game.counts) or any(museums):
            out.append("the game is over, yet counts or museums are not cleared (R6.5)")
        if game.round != rules.rounds and any(hand_sizes):
            out.append(
                f"the game is over in round {game.round} of {rules.rounds} with cards"
                " in hand (R8.1)"
            )
    elif not any(hand_sizes):
        out.append("every hand is empty, yet the round goes on (R6.2)")
    ranked = _rankings_so_far(game)
    problem = tiles_problem(game.tiles, rules.value_tiles, ranked)
    if problem:
        out.append(problem)
    if ranked == 0 and game.discard:
        out.append("the discard holds cards before any round has ended (R6.5)")
    elif len(game.discard) < ranked:
        out.append(
            f"{count(ranked, 'round')} ended so far, each on an offered card,"
            f" yet the discard holds {len(game.discard)} (R6.1, R6.5)"
        )
    offers = len(game.discard) + sum(map(len, museums)) + len(_in_play(game.phase))
    if game.step < offers:
        out.append(f"step {game.step} is below the {offers} cards offered so far (R2.1)")
    if problem or out:  # the tiles or the counts are off: the history checks would repeat it
        return out
    out += _history_problems(game, by_seat, offers)
    return out


def _history_problems(game: GameState | PlayerView, by_seat: _BySeat, offers: int) -> list[str]:
    """The past rounds, the money and the turn against the deal and the discard (R1, R2, R6)."""
    rules, n, over = game.rules, len(game.players), isinstance(game.phase, GameOver)
    hand_sizes, museums = by_seat.hand_sizes, by_seat.museums
    ranked = _rankings_so_far(game)
    out = discard_problems(rules, game.discard, game.tiles, ranked, over)
    now = (*(card for museum in museums for card in museum), *_in_play(game.phase))
    out += deal_problems(rules, n, game.round, len(game.discard), hand_sizes, len(now), over)
    bound = money_bound(rules, n, game.discard, game.tiles)
    untouched = game.round == 1 and not over and not any(museums)
    bought = [bool(museum) for museum in museums] if game.round == 1 and not over else None
    out += money_problems(rules, by_seat.money, bound, untouched, bought)
    fewest = fewest_actions(n, game.discard, ranked, museums, game.phase, hand_sizes, offers)
    out += step_problems(game.step, offers, n, bound, fewest)
    dealt = sum(rules.deals(n)[: game.round])
    doubles = doubles_in(game.discard) + sum(card.auction is Auction.DOUBLE for card in now)
    out += turn_problems(game.round, dealt, hand_sizes, doubles, game.phase)
    return out


def _asked(phase: PublicPhase, n: int) -> frozenset[int]:
    """Who a public phase asks to act: each room's ``to_act``, read from what a view shows.

    (The rooms' own functions take a state; the compiled build would refuse a view.)
    """
    if isinstance(phase, Offering):
        return frozenset((phase.auctioneer,))
    if isinstance(phase, DoubleOffer):
        return frozenset((phase.asking,))
    if isinstance(phase, OneOfferAuction | FixedPriceAuction):
        return frozenset((phase.turn,))
    if isinstance(phase, OpenAuction):
        return frozenset(range(n)).difference(phase.passed, (phase.high_bidder,))
    if isinstance(phase, HiddenAuctionView):
        return frozenset(range(n)).difference(phase.sealed)
    return frozenset()  # the game is over


def _claim_problems(view: PlayerView) -> list[str]:
    """What the view says of the phase: who is to act, and the winners (R2-R5, R8.2)."""
    out = []
    phase, n = view.phase, len(view.players)
    expected = _asked(phase, n)
    if view.to_act != expected:
        out.append(
            f"the view says seats {sorted(view.to_act)} are to act, but its phase asks"
            f" seats {sorted(expected)} (R2.1, R4, R5.2)"
        )
    winners = view.winners
    if not isinstance(phase, GameOver):
        if winners:
            out.append(f"the view names winners {list(winners)} before the game is over (R8.2)")
        return out
    money = [p.money for p in view.players]
    if None in money:
        out.append("the game is over, yet the view screens some money: all is shown (R7.2)")
        return out
    shown = [m for m in money if m is not None]
    most = max(shown)
    richest = tuple(s for s, m in enumerate(shown) if m == most)
    if tuple(winners) != richest:
        out.append(
            f"the view names winners {list(winners)}, but the most money, {most},"
            f" is held by seats {list(richest)} (R8.2)"
        )
    return out


def _view_problems(view: PlayerView) -> list[str]:
    out = _frame_problems(view)
    if out:
        return out
    rules, n = view.rules, len(view.players)
    if view.seat is not None and (not _is_int(view.seat) or not 0 <= view.seat < n):
        return [f"the view's seat {view.seat!r} is not a seat from 0 to {n - 1} (R1.5)"]
    for seat, p in enumerate(view.players):
        if p.money is not None and (not _is_int(p.money) or p.money < 0):
            out.append(f"seat {seat}'s money, {p.money!r}, is not a whole number from 0 (R3.1)")
        if not _is_int(p.hand_size) or p.hand_size < 0:
            out.append(f"seat {seat}'s hand size, {p.hand_size!r}, is not a count (R7.1)")
        if not _is_cards(p.museum):
            out.append(f"seat {seat}'s museum must be a tuple of cards (R3.5)")
    if not _is_cards(view.hand):
        out.append("the view's hand must be a tuple of cards (R7.2)")
    out += _phase_shape(view.phase, n)
    for name, seats in (("to_act", view.to_act), ("winners", view.winners)):
        if not all(_is_int(s) and 0 <= s < n for s in seats):
            out.append(f"{name} names a seat outside 0 to {n - 1} (R1.5)")
    if not _is_int(view.deck_size) or view.deck_size < 0:
        out.append(f"the deck size {view.deck_size!r} is not a count (R7.1)")
    if out:
        return out
    own = view.seat
    if own is not None and len(view.hand) != view.players[own].hand_size:
        out.append(
            f"the view holds {len(view.hand)} cards but seat {own}'s hand size is"
            f" {view.players[own].hand_size} (R7.1)"
        )
    if own is not None and view.players[own].money is None:
        out.append(f"seat {own} cannot see its own money (R7.2)")
    if own is None and view.hand:
        out.append("a spectator's view holds a hand (R7.2)")
    if any(getattr(action, "seat", own) != own for action in view.legal_actions):
        out.append("the view lists legal actions of another seat (R7.2)")
    out += _claim_problems(view)
    by_seat = _by_seat(view)
    places = [("the view's hand", view.hand), ("the discard", view.discard)]
    places += [("the lot", _in_play(view.phase))]
    places += [(f"seat {s}'s museum", m) for s, m in enumerate(by_seat.museums)]
    out += _cards_known_and_once(rules, places)
    unseen = sum(p.hand_size for s, p in enumerate(view.players) if s != own) + view.deck_size
    seen = sum(len(cards) for _, cards in places)
    if not out and seen + unseen != len(rules.deck):
        out.append(
            f"{seen} cards in sight, {unseen} in other hands and the deck: not the deck's"
            f" {len(rules.deck)} cards (R1.3)"
        )
    out += view_secret_problems(view)
    out += _progress_problems(view, by_seat)
    out += phase_problems(view, view.phase, by_seat.money, by_seat.hand_sizes)
    return out
