"""What a bot reasons about: one seat's knowledge of the table, and painting values.

:class:`SeatKnowledge` gathers what a seat knows, from its :class:`~modern_art.PlayerView`
(what a real agent sees) or from a whole :class:`~modern_art.GameState` (a
sampled world inside a Monte Carlo playout, where nothing is secret any more).
The valuation functions turn the payout helpers' numbers into the estimate
a bot bids with.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.core.legal import legal_actions
from modern_art.core.scoring import ROUND_ENDING_COUNT, round_values
from modern_art.data.actions import Action
from modern_art.data.cards import Card
from modern_art.data.phases import Phase
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.seeing.payout import best_case_payout
from modern_art.seeing.views import OwnView, PlayerView, PublicPhase


class SeatKnowledge:
    """One seat's knowledge of the table, in the shape the bots' rules of thumb read."""

    __slots__ = (
        "_best",
        "_game",
        "_index",
        "_stake",
        "counts",
        "hand",
        "hand_sizes",
        "legal",
        "money",
        "moneys",
        "museums",
        "n",
        "phase",
        "rules",
        "seat",
        "tiles",
    )

    def __init__(
        self,
        rules: Rules,
        seat: int,
        hand: tuple[Card, ...],
        moneys: Sequence[int],
        museums: Sequence[tuple[Card, ...]],
        hand_sizes: Sequence[int],
        counts: tuple[int, ...],
        tiles: tuple[tuple[int, ...], ...],
        phase: Phase | PublicPhase,
        legal: Sequence[Action],
        game: GameState | PlayerView,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.n = len(moneys)
        self.hand = hand
        self.money = moneys[seat]
        self.moneys = moneys
        self.museums = museums
        self.hand_sizes = hand_sizes
        self.counts = counts
        self.tiles = tiles
        self.phase = phase
        self.legal = legal
        self._game = game
        self._best: tuple[int, ...] | None = None
        self._stake: tuple[float, ...] | None = None
        self._index = _artist_index(rules)

    @classmethod
    def from_view(cls, view: OwnView, moneys: Sequence[int]) -> SeatKnowledge:
        """The table as ``view``'s seat knows it; ``moneys`` fills screened money (R7.4)."""
        return cls(
            view.rules,
            view.seat,
            view.hand,
            moneys,
            tuple(p.museum for p in view.players),
            tuple(p.hand_size for p in view.players),
            view.counts,
            view.tiles,
            view.phase,
            view.legal_actions,
            view,
        )

    @classmethod
    def from_state(
        cls,
        state: GameState,
        seat: int,
        legal: Sequence[Action] | None = None,
        best: tuple[int, ...] | None = None,
    ) -> SeatKnowledge:
        """The table of a whole (sampled) state, seen from ``seat``.

        ``legal`` is the seat's legal actions and ``best`` the state's
        :attr:`best` when the caller has them already (a play-out that has
        seen the same hands).
        """
        players = state.players
        moneys, museums, sizes = [], [], []
        for p in players:  # one loop, not three generators: this runs every play-out step
            moneys.append(p.money)
            museums.append(p.museum)
            sizes.append(len(p.hand))
        table = cls(
            state.rules,
            seat,
            players[seat].hand,
            tuple(moneys),
            tuple(museums),
            tuple(sizes),
            state.counts,
            state.tiles,
            state.phase,
            legal_actions(state, seat) if legal is None else legal,
            state,
        )
        table._best = best
        return table

    @property
    def best(self) -> tuple[int, ...]:
        """Per artist, :func:`~modern_art.best_case_payout` in board order (worked out once)."""
        if self._best is None:
            best = best_case_payout(self._game)
            self._best = tuple(best[a] for a in self.rules.artists)
        return self._best

    @property
    def stake(self) -> tuple[float, ...]:
        """Per artist, the seat's museum paintings minus the others' mean.

        What the seat's sale beats the others' by at the round's end is this
        stake times each artist's value, summed (R6.5).
        """
        if self._stake is None:
            index = self._index
            stake = [0.0] * len(self.counts)
            share = 1.0 / (self.n - 1)
            for s, museum in enumerate(self.museums):
                weight = 1.0 if s == self.seat else -share
                for card in museum:
                    stake[index[card.artist]] += weight
            self._stake = tuple(stake)
        return self._stake

    def edge(self, values: Sequence[float]) -> float:
        """What the seat's sale beats the others' mean by, at ``values`` per painting."""
        # Loops rather than generators: the compiled build runs these in every play-out step.
        stake = self.stake
        if len(values) != len(stake):
            raise ValueError(f"{len(values)} values for {len(stake)} artists")
        total = 0.0
        for i in range(len(stake)):
            s = stake[i]
            if s:
                total += s * values[i]
        return total

    def edge_change(self, after: Sequence[float], before: Sequence[float]) -> float:
        """:meth:`edge` of ``after`` minus ``before``, artist by artist."""
        stake = self.stake
        if not len(after) == len(before) == len(stake):
            raise ValueError(f"{len(after)} and {len(before)} values for {len(stake)} artists")
        total = 0.0
        for i in range(len(stake)):
            s = stake[i]
            if s:
                total += s * (after[i] - before[i])
        return total

    def artist_index(self, card: Card) -> int:
        """The board index of ``card``'s artist."""
        return self._index[card.artist]


_INDEXES: dict[tuple[str, ...], dict[str, int]] = {}


def _artist_index(rules: Rules) -> dict[str, int]:
    """Artist name -> board index, made once per edition."""
    artists = rules.artists
    index = _INDEXES.get(artists)
    if index is None:
        index = _INDEXES[artists] = {artist: i for i, artist in enumerate(artists)}
    return index


def estimates(
    table: SeatKnowledge, counts: Sequence[int] | None = None, *, own: bool = True
) -> list[float]:
    """Per artist, what one painting is likely to pay at this round's end.

    The payout if the round ended now (counting the seat's own hand as half
    offered already when ``own``, since it can push those artists), moved a
    little towards the best case while the round is young: early on every
    artist can still climb.
    """
    counts = table.counts if counts is None else counts
    rules = table.rules
    n = len(counts)
    if own:
        pushed = [float(c) for c in counts]
        index = table._index
        for card in table.hand:
            pushed[index[card.artist]] += 0.5
        now: Sequence[float] = round_values(pushed, table.tiles, rules)
    else:
        now = round_values(counts, table.tiles, rules)
    youth = 1.0 - min(1.0, max(counts) / (ROUND_ENDING_COUNT - 1))
    if youth <= 0.0:
        return list(now)
    best = table.best
    out = [0.0] * n
    for i in range(n):
        v = now[i]
        out[i] = v + 0.3 * youth * max(0.0, best[i] - v)
    return out
