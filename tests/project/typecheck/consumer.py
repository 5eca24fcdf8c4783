"""A program that uses modern_art the way its documentation does, to be checked by mypy --strict.

tests/project/test_typing.py type-checks this file as a user's program would be
checked, and runs :func:`main`: a custom agent, a host loop, a front-end
reading JSON from a client, records, views, payout hints and a tournament.
Nothing here may need a ``cast``, an ``assert`` to narrow a type, or a
``# type: ignore``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import modern_art as ma


class Cautious:
    """The docs' example bot: offers its first card, never bids, never accepts."""

    name = "cautious"

    def act(self, view: ma.OwnView, events: Sequence[ma.Event]) -> ma.Action:
        """Pass when possible; seal 0 in a hidden auction; else the first legal action."""
        for action in view.legal_actions:
            if isinstance(action, ma.Pass):
                return action
        if isinstance(view.phase, ma.HiddenAuctionView):
            return ma.Bid(view.seat, 0)  # the seat is an int: no assert needed
        return view.legal_actions[0]


class Bidder:
    """A bot that reads its own money and the lot's payout hint, as a bot author would."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: ma.OwnView, events: Sequence[ma.Event]) -> ma.Action:
        """Bid one more than the high bid while the lot would pay more than that."""
        money = view.players[view.seat].money or 0
        auction = view.auction
        if isinstance(auction, ma.OpenAuction):
            worth = ma.payout_if_round_ended_now(view)[auction.lot[0].artist]
            amount = auction.high_bid + 1
            if amount < worth and amount <= money:
                bid = ma.Bid(view.seat, amount)
                if bid in view.legal_actions:
                    return bid
        return self.rng.choice(view.legal_actions)


def host(seed: int) -> ma.GameRecord:
    """A front-end's loop: keep the state, ask each seat with its view, apply, record."""
    agents: list[ma.Agent] = [Cautious(), Bidder(1), ma.HeuristicAgent(), ma.RandomAgent(seed=2)]
    start = state = ma.new_game(["Ann", "Bo", "Cy", "Di"], seed=seed)
    seen: list[list[ma.Event]] = [[] for _ in agents]
    actions: list[ma.Action] = []
    while not state.is_over:
        seat = ma.next_seat(state)
        action = agents[seat].act(ma.view(state, seat), seen[seat])
        try:
            step = ma.apply(state, action)
        except ma.IllegalAction as error:
            raise SystemExit(f"{error.rule}: {error.reason}") from error
        for s in range(state.num_players):
            seen[s].extend(ma.visible_events(step.events, s))
        actions.append(action)
        state = step.state
    return ma.record(start, actions, seed=seed)


def client_message(state: ma.GameState, seat: int, text: str) -> str:
    """A server reading one action from a client as JSON, answering with the seat's view."""
    try:
        action = ma.from_json(text, "action", rules=state.rules)
    except ma.SerializationError as error:
        return str(error)
    if action.seat != seat:
        return f"you play seat {seat}"
    if isinstance(action, ma.Bid):
        amount: int = action.amount  # typed: no Any leaks out of an action
        del amount
    try:
        step = ma.apply(state, action)
    except ma.IllegalAction as error:
        return error.reason
    return ma.to_json(ma.view(step.state, seat))


def remote_bot(text: str, events: Sequence[ma.Event]) -> str:
    """A bot process that gets its view as JSON: has_seat narrows it for an agent."""
    seen = ma.from_json(text, "view")
    if not ma.has_seat(seen):
        return "a spectator does not act"
    return ma.to_json(ma.HeuristicAgent().act(seen, events))


def spectator(state: ma.GameState) -> str:
    """A spectator's board: the view of no seat has no hand."""
    seen: ma.PlayerView = ma.view(state, None)
    return f"round {seen.round}, {len(seen.hand)} cards in hand, winners {ma.winners(state)}"


def main() -> None:
    """Run everything once, so the program is known to work as well as to type-check."""
    game = host(seed=4)
    final = ma.replay(game)
    assert final.is_over and game.winners == ma.winners(final)
    again = ma.from_json(ma.to_json(game), "record")
    assert again == game
    state = ma.new_game(3, seed=1)
    card: ma.Card = state.players[0].hand[0]
    reply = client_message(state, 0, ma.to_json(ma.PlayCard(0, card)))
    assert ma.from_json(reply, "view").seat == 0
    print(spectator(state))
    sent = ma.to_json(ma.view(state, 0))
    assert ma.from_json(remote_bot(sent, []), "action").seat == 0
    assert remote_bot(ma.to_json(ma.view(state, None)), []) == "a spectator does not act"
    result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=1)
    print(result.standing("heuristic").win_rate)


if __name__ == "__main__":
    main()
