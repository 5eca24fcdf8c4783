"""A seat's observation and legal actions as numbers, written into buffers: :class:`Encoder`.

The kernel of the learning adapters (:mod:`modern_art.envs`): compiled in the
compiled build, it writes the observation vector of
:func:`~modern_art.envs.observation_slices` and the action mask of
:class:`~modern_art.envs.ActionCodec` straight from a state, builds no view
and no list of actions, and decodes an index back into an action (its base,
:class:`~modern_art.seeing.indices.IndexCodec`, does the masks and the
decoding). It knows no numpy: it writes through ``memoryview`` objects of the work arrays it is
given (``float32`` for the vector, ``int8`` for the mask) and hands out their
``copy()``, so the adapters' arrays are fresh each call and the same objects
as ever.

It reads only what the seat's view shows (its own hand; of a hidden
auction, who has sealed and the seat's own bid) and the public money, which
is every seat's money: every payment is public (R7.4), so the public record
of money is the state's. The test suite checks its vectors against
:func:`~modern_art.envs.observe` of the view and against a plain reference
encoding, and its masks against :func:`~modern_art.legal_actions`.

States are immutable and share every part an action leaves unchanged, so
"the same object" means "the same facts": the encoder keeps the public board
of the last state it saw in its work vector and rewrites only the board
entries whose objects changed (most actions are bids and passes that move
no card and no money), then the seat's own part and the phase part.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from modern_art.core.scoring import winners
from modern_art.data.cards import Card
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
from modern_art.seeing.indices import SYMBOLS, IndexCodec

__all__ = ["PARTS", "PHASE_PARTS", "Encoder"]

PHASE_PARTS: Final = (
    "phase",
    "to_act",
    "lot",
    "auctioneer",
    "double_player",
    "high_bid",
    "high_bidder",
    "passed_or_sealed",
    "own_bid",
    "winners",
)
"""The parts the phase fills, in order: the last of :data:`PARTS`, and the observation's
per-phase block (``modern_art.envs.observation``)."""

PARTS: Final = (
    "round",
    "counts",
    "tiles",
    "hand_sizes",
    "money",
    "museums",
    "deck_size",
    "me",
    "hand",
    *PHASE_PARTS,
)
"""The parts of the observation vector, in order: an :class:`Encoder` takes each one's start."""


class Encoder(IndexCodec):
    """One table's observations, and its masks and decoding (:class:`IndexCodec`).

    Args:
        rules: the rules of every state it is given.
        players: the table size.
        starts: where each of :data:`PARTS` starts in the vector.
        max_amount: the codec's largest bid or price with an index.
        vector: the work vector, zeros (``float32``, the observation's size);
            observations are its copies.
        mask: the work mask, zeros (``int8``, the codec's size); masks are its copies.

    Not for sharing between threads: each env keeps its own.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        starts: Sequence[int],
        max_amount: int,
        vector: Any,
        mask: Any,
    ) -> None:
        if len(starts) != len(PARTS):
            raise ValueError(f"give {len(PARTS)} starts, one per part, got {len(starts)}")
        super().__init__(rules, players, max_amount, mask)
        (
            self._round,
            self._counts,
            self._tiles,
            self._sizes,
            self._money,
            self._museums,
            self._deck,
            self._me,
            self._hand,
            self._phase,
            self._to_act,
            self._lot,
            self._auctioneer,
            self._double,
            self._high_bid,
            self._high_bidder,
            self._passed,
            self._own_bid,
            self._winners,
        ) = starts
        self._artists = len(rules.artists)
        self._rounds = rules.rounds
        self._scale = 1.0 / rules.starting_money if rules.starting_money else 1.0
        self._phase_of: dict[type, int] = {cls: i for i, cls in enumerate(PHASES)}
        # 1.0 made once: a float written through a memoryview is an object.
        self._one: object = 1.0
        # The work arrays and their writable views.
        self._vector: Any = vector
        self._copy_vector: Any = vector.copy  # looked up once: a fresh array per call
        self._v: Any = memoryview(vector)
        self._tail_size = len(vector) - self._me
        self._tail_zeros: Any = memoryview(bytearray(4 * self._tail_size)).cast("f")
        self._v_tail: Any = self._v[self._me :]
        # The objects the board part was written from; none yet.
        self._seen = False
        self._seen_players: tuple[Any, ...] = ()
        self._seen_counts: tuple[int, ...] = ()
        self._seen_tiles: tuple[tuple[int, ...], ...] = ()
        self._seen_money: object = None
        self._seen_round = 0
        self._seen_deck = 0
        # Each seat's last hand and the tail of the vector (``me`` on) it gives.
        self._tail_hands: list[object] = [None] * players
        self._tails: list[Any] = [None] * players
        # Each seat's count of each card kind in that hand, and of each artist in its museum.
        self._held: list[list[int]] = [[] for _ in range(players)]
        self._rows: list[list[int]] = [[0] * self._artists for _ in range(players)]

    def observe(self, state: GameState, seat: int, money: Sequence[int] | None = None) -> Any:
        """The observation of ``seat`` in ``state`` (a new array).

        ``money`` is every seat's money from the public record, the same
        object for the same amounts; ``None`` reads it from the state (R7.4).
        """
        self.write(state, seat, money)
        return self._copy_vector()

    def observe_and_mask(self, state: GameState, seat: int) -> dict[str, Any]:
        """PettingZoo's observation of ``seat``: ``{"observation": ..., "action_mask": ...}``."""
        self.write(state, seat, None)
        self.fill_mask(state, seat)
        return {"observation": self._copy_vector(), "action_mask": self._copy_mask()}

    def write(self, state: GameState, seat: int, money: Sequence[int] | None) -> None:
        """Bring the work vector to the observation of ``seat`` in ``state``."""
        players = state.players
        if state.rules is not self.rules or len(players) != self.players:
            self._check(state)
        if (
            not self._seen
            or players is not self._seen_players
            or state.counts is not self._seen_counts
            or state.tiles is not self._seen_tiles
            or money is not self._seen_money
            or state.round != self._seen_round
            or len(state.deck) != self._seen_deck
        ):
            self._board(state, money)
        v, one = self._v, self._one
        # The seat's part and the phase part, in one copy: the seat's ``me`` and
        # hand written on zeros, kept while the seat holds the same hand.
        hand = players[seat].hand
        tail = self._tails[seat]
        if tail is None or self._tail_hands[seat] is not hand:
            tail = self._tail(seat, hand)
            self._tails[seat] = tail
            self._tail_hands[seat] = hand
        self._v_tail[:] = tail
        phase = state.phase
        kind = type(phase)
        v[self._phase + self._phase_of[kind]] = one
        start = self._to_act
        bits = self._asked_bits if state is self._asked else self.to_act_bits(state)
        s = 0
        while bits:
            if bits & 1:
                v[start + s] = one
            bits >>= 1
            s += 1
        if isinstance(phase, Offering):
            v[self._auctioneer + phase.auctioneer] = one
            return
        if isinstance(phase, DoubleOffer):
            double_player = phase.double_player
            v[self._lot + self._kinds[phase.card.id]] = one
            v[self._auctioneer + double_player] = one
            v[self._double + double_player] = one
            return
        if isinstance(phase, GameOver):
            for s in winners(state):
                v[self._winners + s] = one
            return
        scale = self._scale
        if isinstance(phase, OpenAuction):
            self._lot_part(phase.auctioneer, phase.lot, phase.double_player)
            v[self._high_bid] = phase.high_bid * scale
            if phase.high_bidder is not None:
                v[self._high_bidder + phase.high_bidder] = one
            start = self._passed
            for s in phase.passed:
                v[start + s] = one
        elif isinstance(phase, OneOfferAuction):
            self._lot_part(phase.auctioneer, phase.lot, phase.double_player)
            v[self._high_bid] = phase.high_bid * scale
            if phase.high_bidder is not None:
                v[self._high_bidder + phase.high_bidder] = one
        elif isinstance(phase, HiddenAuction):
            self._lot_part(phase.auctioneer, phase.lot, phase.double_player)
            start = self._passed
            bids = phase.bids
            for s in range(len(bids)):
                if bids[s] is not None:
                    v[start + s] = one
            own_bid = bids[seat]
            if own_bid is not None:
                v[self._own_bid] = one
                v[self._own_bid + 1] = own_bid * scale
        elif isinstance(phase, FixedPriceAuction):
            self._lot_part(phase.auctioneer, phase.lot, phase.double_player)
            if phase.price is not None:
                v[self._high_bid] = phase.price * scale

    def _lot_part(self, auctioneer: int, lot: tuple[Card, ...], double_player: int | None) -> None:
        v, start, kinds, one = self._v, self._lot, self._kinds, self._one
        v[self._auctioneer + auctioneer] = one
        if len(lot) == 1:
            v[start + kinds[lot[0].id]] = one
        elif len(lot) == 2 and kinds[lot[0].id] != kinds[lot[1].id]:
            v[start + kinds[lot[0].id]] = one
            v[start + kinds[lot[1].id]] = one
        else:  # two cards of one kind (a double and its second), or a lot made by hand
            for card in lot:
                i = start + kinds[card.id]
                v[i] = v[i] + 1.0
        if double_player is not None:
            v[self._double + double_player] = one

    def _check(self, state: GameState) -> None:
        if state.rules != self.rules or len(state.players) != self.players:
            raise ValueError(
                f"this encoder is for {self.players} players under its own rules,"
                f" not {len(state.players)} players under {state.rules!r}"
            )

    def _tail(self, seat: int, hand: tuple[Card, ...]) -> Any:
        """The vector from ``me`` on, with ``seat``'s ``me`` and ``hand`` and the rest zero.

        Written into the seat's own buffer, made on its first use; after that only
        the kinds whose count changed since the seat's last hand are rewritten.
        """
        kinds = self._kinds
        held = [0] * self._pass_index
        for card in hand:
            held[kinds[card.id]] += 1
        tail: Any = self._tails[seat]
        before = self._held[seat]
        if tail is None:
            tail = memoryview(bytearray(4 * self._tail_size)).cast("f")
            tail[seat] = self._one
            before = [0] * len(held)
        start = self._hand - self._me
        for kind in range(len(held)):
            count = held[kind]
            if count != before[kind]:
                tail[start + kind] = float(count)
        self._held[seat] = held
        return tail

    def _board(self, state: GameState, money: Sequence[int] | None) -> None:
        """Bring the board part of the work vector up to ``state`` and ``money``."""
        v, scale, a = self._v, self._scale, self._artists
        players, counts, tiles = state.players, state.counts, state.tiles
        n = len(players)
        seen = self._seen
        old_players = self._seen_players
        if not seen or counts is not self._seen_counts:
            start = self._counts
            old_counts = self._seen_counts
            for i in range(len(counts)):
                if not seen or counts[i] != old_counts[i]:
                    v[start + i] = counts[i]
        if not seen or tiles is not self._seen_tiles:
            start = self._tiles
            for i in range(len(tiles)):
                v[start + i] = sum(tiles[i]) * scale
        if not seen or state.round != self._seen_round:
            start, rounds = self._round, self._rounds
            for i in range(rounds):
                v[start + i] = 0.0
            v[start + min(state.round, rounds) - 1] = 1.0
        if money is not None:
            if not seen or money is not self._seen_money:
                start = self._money
                old_money: Any = self._seen_money
                for s in range(n):
                    if old_money is None or not seen or money[s] != old_money[s]:
                        v[start + s] = money[s] * scale
        elif not seen or self._seen_money is not None:
            start = self._money
            for s in range(n):
                v[start + s] = players[s].money * scale
        if not seen or players is not old_players:
            sizes, museums = self._sizes, self._museums
            for s in range(n):
                player = players[s]
                before: Any = old_players[s] if seen else None
                if player is before:
                    continue
                if before is None or len(player.hand) != len(before.hand):
                    v[sizes + s] = len(player.hand)
                if money is None and (before is None or player.money != before.money):
                    v[self._money + s] = player.money * scale
                if before is None or player.museum is not before.museum:
                    row = [0] * a
                    for card in player.museum:
                        row[self._kinds[card.id] // SYMBOLS] += 1
                    old_row = self._rows[s]
                    start = museums + s * a
                    for i in range(a):
                        if before is None or row[i] != old_row[i]:
                            v[start + i] = row[i]
                    self._rows[s] = row
        deck_size = len(state.deck)
        if not seen or deck_size != self._seen_deck:
            v[self._deck] = deck_size
        self._seen = True
        self._seen_players = players
        self._seen_counts = counts
        self._seen_tiles = tiles
        self._seen_money = money
        self._seen_round = state.round
        self._seen_deck = deck_size
