"""The OpenSpiel game ``"python_modern_art"``, registered when this module is imported.

>>> import pyspiel
>>> import modern_art.envs.openspiel
>>> game = pyspiel.load_game("python_modern_art", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 268, 70)

Parameters: ``players`` (3 to 5, default 4), ``max_amount`` (the codec's
amount cap, default 240) and ``reward`` (``"rank"``, the default, or
``"money"``). The rules are CMON's; :class:`ModernArtGame` takes other
:class:`~modern_art.Rules` from Python.

- **Chance.** The game opens with one chance node per card of the deck: each
  draws the next card, uniformly among those left (the outcome is the card's
  id), so the shuffle is explicit. The library's game then starts from that
  stacked deck (R1.4).
- **Players.** Actions are :class:`~modern_art.envs.ActionCodec` indices.
  When several seats may act at once, the current player is
  :func:`modern_art.next_seat`: the game is sequential.
- **Observation tensor** (and information-state tensor): the seat's vector,
  :func:`~modern_art.envs.observe`; zeros while the deck is being shuffled.
- **Strings.** The observation string lists the seat's own hand and the
  public board; the information-state string adds every public action so
  far, oldest first (cards named by artist and symbol, other seats' sealed
  bids without their amounts until revealed).
- **Returns** come at the end: ``"rank"`` or ``"money"``
  (:func:`~modern_art.envs.rewards.final_rewards`); the game is zero-sum.
- ``resample_from_infostate`` draws a state the seat cannot tell from this
  one with :func:`modern_art.sample_state` (money from the public record),
  as OpenSpiel's IS-MCTS bot needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from attrs import evolve, frozen

from modern_art.core.seats import next_seat
from modern_art.core.transition import apply, new_game
from modern_art.data.actions import Action, Bid
from modern_art.data.cards import Card
from modern_art.data.events import BidsRevealed, Event
from modern_art.data.phases import HiddenAuction
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.envs.codec import ActionCodec, default_max_amount
from modern_art.envs.incremental import ObservationCache, follow_money, observe_state
from modern_art.envs.observation import observation_size
from modern_art.envs.rewards import (
    Reward,
    check_players,
    check_reward,
    final_rewards,
    reward_bounds,
)
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import view

__all__ = ["GAME_NAME", "ModernArtGame", "ModernArtObserver", "ModernArtState", "max_game_length"]

GAME_NAME = "python_modern_art"
"""The short name the game is registered under."""

_RULES = Rules()
_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "max_amount": default_max_amount(_RULES),
    "reward": "rank",
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Modern Art (Python, modern-art library)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_RULES.max_players,
    min_num_players=_RULES.min_players,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def max_game_length(rules: Rules, players: int, max_amount: int) -> int:
    """A bound on the players' actions in one game, chance excluded.

    With amounts capped at ``M``, an open auction takes at most ``M`` bids
    (each raises the high bid, R4.1) and ``n`` passes before the first bid
    and after each; other auctions take at most ``n`` actions. Each card
    adds its offer and up to ``n`` answers to a double (R5.2), and at most
    ``n * sum(deals)`` cards are ever offered.

    >>> import modern_art as ma
    >>> from modern_art.envs.openspiel import max_game_length
    >>> max_game_length(ma.Rules(), 4, 240)
    82484
    """
    auction = max_amount + players * (max_amount + 1) + players
    return players * sum(rules.deals(players)) * (1 + players + auction)


class ModernArtGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """The OpenSpiel game: ``pyspiel.load_game("python_modern_art", {...})`` makes one.

    Args:
        params: ``players``, ``max_amount`` and ``reward`` (see the module).
        rules: the variant, from Python only; CMON by default. OpenSpiel's
            ``deserialize_game_and_state`` loads a game by name and
            parameters, so it restores CMON rules: keep such a game's states
            with ``game.deserialize_state`` on the same game object.
    """

    def __init__(self, params: dict[str, Any] | None = None, rules: Rules | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        self.rules = rules if rules is not None else _RULES
        players = check_players(self.rules, int(merged["players"]))
        self.codec = ActionCodec(self.rules, int(merged["max_amount"]))
        self.reward = check_reward(merged["reward"])
        low, high = reward_bounds(self.reward, self.rules, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=len(self.rules.deck),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules, players, self.codec.max_amount),
        )
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> ModernArtState:
        """A game before the shuffle: its first nodes are chance nodes."""
        return ModernArtState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ModernArtObserver:
        """The observer OpenSpiel asks for tensors and strings."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ModernArtObserver(self, perfect_recall)


@frozen
class _Table:
    """Everything the Python side of a state holds: immutable, so clones share it."""

    drawn: tuple[int, ...]
    """Card ids drawn by the chance nodes so far, top of the deck first."""
    game: GameState | None
    """The library's game, once the deck is complete."""
    ledger: MoneyLedger | None
    """Every seat's money from the public record (R7.4)."""
    public: tuple[str, ...]
    """The public record, one line per action (and per reveal)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self


class _Setup:
    """What a state takes from its game; never changed, so copies share it."""

    __slots__ = ("codec", "players", "reward", "rules")

    def __init__(self, rules: Rules, codec: ActionCodec, reward: Reward, players: int) -> None:
        self.rules = rules
        self.codec = codec
        self.reward = reward
        self.players = players

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def __reduce__(self) -> tuple[type[_Setup], tuple[Any, ...]]:
        return (_Setup, (self.rules, self.codec, self.reward, self.players))


class ModernArtState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A state of :class:`ModernArtGame`; its ``game_state`` is the library's."""

    def __init__(self, game: ModernArtGame) -> None:
        super().__init__(game)
        # The setup never changes: clones and copies share it (OpenSpiel deep-copies attributes).
        self._setup = _Setup(game.rules, game.codec, game.reward, game.num_players())
        self._table = _Table((), None, None, ())

    @property
    def game_state(self) -> GameState | None:
        """The library's :class:`~modern_art.GameState`; ``None`` while shuffling."""
        return self._table.game

    def current_player(self) -> int:
        """The chance player while shuffling, then :func:`~modern_art.next_seat`."""
        game = self._table.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return next_seat(game)

    def _legal_actions(self, player: int) -> list[int]:
        game = self._table.game
        if game is None or game.is_over or player != next_seat(game):
            return []
        return [int(i) for i in np.flatnonzero(self._setup.codec.mask(game, player))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet drawn, equally likely."""
        drawn = set(self._table.drawn)
        left = [card.id for card in self._setup.rules.deck if card.id not in drawn]
        return [(card_id, 1.0 / len(left)) for card_id in left]

    def _apply_action(self, action: int) -> None:
        table, setup = self._table, self._setup
        if table.game is None:
            drawn = (*table.drawn, int(action))
            game = None
            ledger = None
            if len(drawn) == len(setup.rules.deck):
                deck = [setup.rules.deck[i] for i in drawn]
                game = new_game(setup.players, deck=deck, rules=setup.rules)
                ledger = MoneyLedger.start(setup.rules, setup.players)
            self._table = _Table(drawn, game, ledger, ())
            return
        assert table.ledger is not None
        act = setup.codec.decode(action, table.game, next_seat(table.game))
        step = apply(table.game, act)
        lines = (*table.public, _public_line(act, table.game, setup.codec), *_reveals(step.events))
        ledger = follow_money(table.ledger, step.events)
        self._table = _Table(table.drawn, step.state, ledger, lines)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {self._setup.rules.deck[action]}"
        return self._setup.codec.describe(action)

    def is_terminal(self) -> bool:
        """Whether the game is over (R8.1)."""
        game = self._table.game
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        """Each seat's reward once the game is over, zeros before."""
        game = self._table.game
        if game is None or not game.is_over:
            return [0.0] * self._setup.players
        money = [p.money for p in game.players]
        return list(final_rewards(money, self._setup.reward, self._setup.rules))

    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[[], float]
    ) -> ModernArtState:
        """A state ``player`` cannot tell from this one, drawn by :func:`modern_art.sample_state`.

        ``probability_sampler`` (a callable giving floats in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler``) seeds the draw.
        """
        clone: ModernArtState = self.get_game().new_initial_state()
        table = self._table
        if table.game is None or table.ledger is None:
            return clone  # nothing dealt yet: nothing is known, nothing is hidden
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = sample_state(view(table.game, player), rng, ledger=table.ledger)
        clone._table = evolve(table, game=sampled)
        return clone

    def __str__(self) -> str:
        table = self._table
        if table.game is None:
            return f"shuffling: {len(table.drawn)} of {len(self._setup.rules.deck)} cards drawn"
        return repr(table.game)


class ModernArtObserver:
    """Tensors and strings for OpenSpiel, from one seat's view only.

    The tensor is :func:`~modern_art.envs.observe`'s vector, for both the
    observation and the information state.
    """

    def __init__(self, game: ModernArtGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observation_size(game.rules, game.num_players()), np.float32)
        self.dict = {"observation": self.tensor}
        self._cache = ObservationCache()

    def set_from(self, state: ModernArtState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``."""
        table = state._table
        if table.game is None or table.ledger is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = observe_state(table.game, player, table.ledger.money, self._cache)

    def string_from(self, state: ModernArtState, player: int) -> str:
        """``player``'s observation (or, with perfect recall, information state) as text."""
        table = state._table
        if table.game is None:
            return ""
        assert table.ledger is not None
        board = _board(table.game, player, table.ledger.money)
        if self.perfect_recall:
            return "\n".join((*table.public, board))
        return board


def _kind(card: Card) -> str:
    return f"{card.artist} ({card.auction.label})"


def _public_line(action: Action, before: GameState, codec: ActionCodec) -> str:
    """``action`` as every seat may see it: a sealed bid without its amount (R4.3)."""
    if isinstance(action, Bid) and isinstance(before.phase, HiddenAuction):
        return f"{action.seat}: seals a bid"
    return f"{action.seat}: {codec.describe(codec.encode(action))}"


def _reveals(events: tuple[Event, ...]) -> tuple[str, ...]:
    return tuple(
        "revealed: " + " ".join(map(str, e.bids)) for e in events if isinstance(e, BidsRevealed)
    )


def _board(game: GameState, seat: int, money: tuple[int, ...]) -> str:
    """The seat's own hand and sealed bid, and the public board, cards named by kind."""
    phase = game.phase
    lines = [
        f"seat {seat} round {game.round} deck {len(game.deck)}",
        "hand " + ", ".join(sorted(_kind(card) for card in game.players[seat].hand)),
        "counts " + " ".join(map(str, game.counts)) + " tiles " + repr(game.tiles),
    ]
    for s, player in enumerate(game.players):
        museum = ", ".join(sorted(_kind(card) for card in player.museum))
        lines.append(f"{s}: money {money[s]} hand {len(player.hand)} museum [{museum}]")
    fields = []
    for name in ("auctioneer", "double_player", "asking", "turn", "high_bid", "high_bidder"):
        value = getattr(phase, name, None)
        if value is not None:
            fields.append(f"{name} {value}")
    for name in ("card",):
        card = getattr(phase, name, None)
        if card is not None:
            fields.append(f"{name} {_kind(card)}")
    lot = getattr(phase, "lot", ())
    if lot:
        fields.append("lot " + ", ".join(_kind(card) for card in lot))
    if isinstance(phase, HiddenAuction):
        fields.append(f"sealed {sorted(s for s, b in enumerate(phase.bids) if b is not None)}")
        fields.append(f"own bid {phase.bids[seat]}")
    price = getattr(phase, "price", None)
    if price is not None:
        fields.append(f"price {price}")
    passed = getattr(phase, "passed", None)
    if passed:
        fields.append(f"passed {sorted(passed)}")
    lines.append(f"{type(phase).__name__} " + " ".join(fields))
    return "\n".join(lines)


def _register() -> None:
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, ModernArtGame)


_register()
