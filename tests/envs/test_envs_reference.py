"""Every adapter's observations and masks equal a plain reference encoding, over many games.

The reference below is written from the documented layout alone
(:func:`~modern_art.envs.observation_slices` and the codec's index table):
it reads the seat's view, folds a money ledger over the seat's visible
events (R7.4), lists every legal action and writes each entry by name, with
none of the library's encoding code (``modern_art.seeing.encoding``, the
adapters' fast path, or ``modern_art.envs.observation``'s helpers).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import modern_art as ma
from tests.helpers.webkit import need

np = need("numpy", "the rl extra: pip install -e '.[rl]'")
need("gymnasium", "the rl extra: pip install -e '.[rl]'")
need("pettingzoo", "the rl extra: pip install -e '.[rl]'")

from modern_art.envs import observation_slices  # noqa: E402
from modern_art.envs.gymnasium import SeatEnv  # noqa: E402
from modern_art.envs.pettingzoo import raw_env  # noqa: E402
from modern_art.envs.vector import SeatVectorEnv  # noqa: E402

PHASE_ORDER = (
    ma.Offering,
    ma.DoubleOffer,
    ma.OpenAuction,
    ma.OneOfferAuction,
    ma.HiddenAuction,
    ma.FixedPriceAuction,
    ma.GameOver,
)


# The codec's documented symbol order: open, one-offer, hidden, fixed price, double.
SYMBOLS = ("OPEN", "ONE_OFFER", "HIDDEN", "FIXED_PRICE", "DOUBLE")


def _kind(rules: ma.Rules, card: ma.Card) -> int:
    """A card's kind: 5 * its artist's place in board order + its symbol's place."""
    return rules.artists.index(card.artist) * 5 + SYMBOLS.index(card.auction.name)


def reference_observation(seen: ma.PlayerView, money: tuple[int, ...]) -> Any:
    """The documented vector of ``seen``'s seat, entry by entry, with public ``money``."""
    rules, n = seen.rules, len(seen.players)
    assert seen.seat is not None
    part = {name: where for name, where, _ in observation_slices(rules, n)}
    out = np.zeros(part["winners"].stop, np.float32)
    scale = 1.0 / rules.starting_money

    def at(name: str, i: int = 0) -> int:
        where = part[name]
        start: int = where.start
        assert start + i < where.stop, (name, i)
        return start + i

    out[at("round", min(seen.round, rules.rounds) - 1)] = 1.0
    for i, artist in enumerate(rules.artists):
        out[at("counts", i)] = seen.counts[i]
        out[at("tiles", i)] = sum(seen.tiles[i]) * scale
        for s, other in enumerate(seen.players):
            out[at("museums", s * len(rules.artists) + i)] = sum(
                card.artist == artist for card in other.museum
            )
    for s, other in enumerate(seen.players):
        out[at("hand_sizes", s)] = other.hand_size
        out[at("money", s)] = money[s] * scale
        if other.money is not None:
            assert other.money == money[s]  # the view's money, where it shows it
    out[at("deck_size")] = seen.deck_size
    out[at("me", seen.seat)] = 1.0
    for card in seen.hand:
        out[at("hand", _kind(rules, card))] += 1.0
    phase = seen.phase
    kind = ma.HiddenAuction if type(phase).__name__ == "HiddenAuctionView" else type(phase)
    out[at("phase", PHASE_ORDER.index(kind))] = 1.0
    for s in seen.to_act:
        out[at("to_act", s)] = 1.0
    if isinstance(phase, ma.DoubleOffer):
        out[at("lot", _kind(rules, phase.card))] = 1.0
        out[at("auctioneer", phase.double_player)] = 1.0
        out[at("double_player", phase.double_player)] = 1.0
    elif isinstance(phase, ma.Offering):
        out[at("auctioneer", phase.auctioneer)] = 1.0
    elif kind is ma.GameOver:
        for s in seen.winners:
            out[at("winners", s)] = 1.0
    else:
        auction: Any = phase
        out[at("auctioneer", auction.auctioneer)] = 1.0
        for card in auction.lot:
            out[at("lot", _kind(rules, card))] += 1.0
        if auction.double_player is not None:
            out[at("double_player", auction.double_player)] = 1.0
        if kind in (ma.OpenAuction, ma.OneOfferAuction):
            out[at("high_bid")] = auction.high_bid * scale
            if auction.high_bidder is not None:
                out[at("high_bidder", auction.high_bidder)] = 1.0
        if kind is ma.OpenAuction:
            for s in auction.passed:
                out[at("passed_or_sealed", s)] = 1.0
        if kind is ma.FixedPriceAuction and auction.price is not None:
            out[at("high_bid")] = auction.price * scale
        if kind is ma.HiddenAuction:
            for s in auction.sealed:
                out[at("passed_or_sealed", s)] = 1.0
            if auction.own_bid is not None:
                out[at("own_bid")] = 1.0
                out[at("own_bid", 1)] = auction.own_bid * scale
    return out


def reference_mask(state: ma.GameState, seat: int, cap: int) -> Any:
    """1 at the documented index of each legal action of ``seat`` (amounts up to ``cap``)."""
    rules = state.rules
    kinds = len(rules.artists) * 5
    out = np.zeros(kinds + 2 + cap + 1, np.int8)
    for action in ma.legal_actions(state, seat):
        if isinstance(action, ma.PlayCard):
            out[_kind(rules, action.card)] = 1
        elif isinstance(action, ma.Pass):
            out[kinds] = 1
        elif isinstance(action, ma.Accept):
            out[kinds + 1] = 1
        else:
            amount = action.amount if isinstance(action, ma.Bid) else action.price
            if amount <= cap:
                out[kinds + 2 + amount] = 1
    return out


class Ledgers:
    """Each seat's money ledger over the events it was shown (R7.4), the reference's money."""

    def __init__(self, state: ma.GameState) -> None:
        n = len(state.players)
        self.ledgers = [ma.MoneyLedger.start(state.rules, n) for _ in range(n)]

    def follow(self, events: tuple[ma.Event, ...]) -> None:
        for seat, ledger in enumerate(self.ledgers):
            self.ledgers[seat] = ledger.apply_all(ma.visible_events(events, seat))

    def money(self, seat: int) -> tuple[int, ...]:
        return self.ledgers[seat].money


def _check(observation: Any, mask: Any, state: ma.GameState, seat: int, ledgers: Ledgers) -> None:
    expected = reference_observation(ma.view(state, seat), ledgers.money(seat))
    assert observation.dtype == np.float32 and mask.dtype == np.int8
    assert np.array_equal(observation, expected), np.flatnonzero(observation != expected)
    cap = len(mask) - len(state.rules.artists) * 5 - 3
    assert np.array_equal(mask, reference_mask(state, seat, cap))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_R7_4_pettingzoo_observations_and_masks_are_the_reference_over_many_games(
    players: int,
) -> None:
    """6 games per table size: the acting agent's and another agent's, every step."""
    table = raw_env(players=players)
    rng = random.Random(players)
    steps = 0
    for game in range(6):
        table.reset(seed=100 + game)
        state = table.game_state
        ledgers = Ledgers(state)
        while not state.is_over:
            observation, *_ = table.last()
            assert observation is not None
            acting = table.possible_agents.index(table.agent_selection)
            _check(observation["observation"], observation["action_mask"], state, acting, ledgers)
            other = rng.randrange(players)
            seen = table.observe(table.possible_agents[other])
            _check(seen["observation"], seen["action_mask"], state, other, ledgers)
            allowed = np.flatnonzero(observation["action_mask"])
            index = int(allowed[rng.randrange(len(allowed))])
            if table.codec.pass_index in allowed and rng.random() < 0.3:
                index = table.codec.pass_index  # shorter auctions, more of them
            action = table.codec.decode(index, state, acting)
            step = ma.apply(state, action)
            table.step(index)
            ledgers.follow(step.events)
            assert table.game_state == step.state
            state = table.game_state
            steps += 1
    assert steps > 6 * 100


def _check_state(observation: Any, mask: Any, state: ma.GameState, seat: int) -> None:
    """As _check, with the state's money: the public record's (the test above checks R7.4)."""
    money = tuple(p.money for p in state.players)
    expected = reference_observation(ma.view(state, seat), money)
    assert np.array_equal(observation, expected), np.flatnonzero(observation != expected)
    cap = len(mask) - len(state.rules.artists) * 5 - 3
    assert np.array_equal(mask, reference_mask(state, seat, cap))


def test_gymnasium_and_vector_observations_and_masks_are_the_reference() -> None:
    """Seat 1 of 4 against heuristic bots, every step of 4 games; 2 vector tables, 300 steps."""
    single = SeatEnv(4, seat=1)
    rng = random.Random(3)
    steps = 0
    for game in range(4):
        observation, info = single.reset(seed=20 + game)
        done = False
        while not done:
            _check_state(observation, info["action_mask"], single.game_state, 1)
            allowed = np.flatnonzero(info["action_mask"])
            observation, _, done, _, info = single.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
        _check_state(observation, info["action_mask"], single.game_state, 1)
    assert steps > 4 * 20
    vector = SeatVectorEnv(2, 4, seat=1, autoreset_mode="SameStep")
    observations, info = vector.reset(seed=20)
    for _ in range(300):
        for row, env in enumerate(vector.envs):
            _check_state(observations[row], info["action_mask"][row], env.game_state, 1)
        chosen = [rng.choice(np.flatnonzero(row).tolist()) for row in info["action_mask"]]
        observations, _, _, _, info = vector.step(np.array(chosen))
