"""A tiny game server: it keeps the state, and speaks to each seat only in JSON.

No web framework and no sockets: the transport is yours (WebSocket, HTTP long
polling, a chat bot). The server gets text from a seat with
:meth:`Server.receive` and returns the text to send to each seat:

- to every seat, after every change, the events it may learn
  (``ma.visible_events``) and its view (``ma.view``), as two documents;
- to a seat whose message is refused, one ``"Error"`` message saying why:
  bad JSON, an action for another seat, or an illegal action (with the rule).

A seat never receives another's hand, the deck's order or a sealed bid it
may not see, because the server only ever sends views and visible events.

Run it: four bots that see nothing but JSON text play one seeded game.

    python examples/server_loop.py
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import modern_art as ma

Outbox = dict[int | None, list[str]]
"""Messages to send: by seat, and ``None`` for spectators."""


class Server:
    """One table: a :class:`~modern_art.Host` keeps the game; the server speaks JSON."""

    def __init__(self, players: Sequence[str], seed: int) -> None:
        self.host = ma.Host(ma.new_game(players, seed=seed))
        self.seed = seed

    @property
    def state(self) -> ma.GameState:
        """The game now."""
        return self.host.state

    def seats(self) -> list[int | None]:
        """Every seat, and ``None`` for the spectators' channel."""
        return [*range(self.state.num_players), None]

    def hello(self) -> Outbox:
        """What each seat needs when it joins: its view."""
        return {seat: [ma.to_json(ma.view(self.state, seat))] for seat in self.seats()}

    def receive(self, seat: int, text: str) -> Outbox:
        """Handle one message from ``seat``: an action document."""
        try:
            # Untrusted input: anything but a well-formed action raises SerializationError.
            action = ma.from_json(text, "action", rules=self.state.rules)
        except ma.SerializationError as error:
            return {seat: [_error(str(error))]}
        if action.seat != seat:
            return {seat: [_error(f"you play seat {seat}, not seat {action.seat}")]}
        try:
            step = self.host.apply(action)
        except ma.IllegalAction as error:
            return {seat: [_error(str(error), rule=error.rule)]}
        return {
            s: [
                ma.to_json(ma.visible_events(step.events, s)),
                ma.to_json(ma.view(self.state, s)),
            ]
            for s in self.seats()
        }

    def record(self) -> ma.GameRecord:
        """The game so far, to save or to check later with ``ma.replay``."""
        return self.host.record(self.seed)


def _error(message: str, rule: str | None = None) -> str:
    return json.dumps({"format": ma.FORMAT, "type": "Error", "message": message, "rule": rule})


class Bot:
    """A client that sees only JSON text, as a browser would, and plays at random."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.view: dict[str, object] = {}
        self.errors: list[str] = []

    def deliver(self, text: str) -> None:
        """Take one message from the server."""
        message = json.loads(text)
        if message["type"] == "PlayerView":
            self.view = message
        elif message["type"] == "Error":
            self.errors.append(message["message"])

    def move(self) -> str | None:
        """An action document, chosen from the legal actions in the view, or None."""
        legal = self.view.get("legal_actions")
        if not legal:
            return None
        assert isinstance(legal, list)
        return json.dumps({"format": ma.FORMAT, **self.rng.choice(legal)})


def main(seed: int = 7) -> ma.GameRecord:
    """Play one game of four bots through the server; print the result and return the record."""
    server = Server(["Ann", "Bo", "Cy", "Di"], seed=seed)
    rng = random.Random(seed)
    bots = [Bot(seat, rng) for seat in range(4)]
    sent = 0

    def post(outbox: Outbox) -> None:
        nonlocal sent
        for seat, messages in outbox.items():
            for text in messages:
                sent += len(text)
                if seat is not None:
                    bots[seat].deliver(text)

    post(server.hello())
    # A bad message and an action out of turn are refused, and the game goes on.
    post(
        server.receive(
            1, json.dumps({"format": ma.FORMAT, "type": "Bid", "seat": 1, "amount": "lots"})
        )
    )
    post(server.receive(1, json.dumps({"format": ma.FORMAT, "type": "Pass", "seat": 1})))
    while not server.state.is_over:
        for bot in bots:
            text = bot.move()
            if text is not None:
                post(server.receive(bot.seat, text))
    record = server.record()
    ma.replay(record)  # raises if the record does not replay to the same result
    print(f"{len(record.actions)} actions, {sent} bytes of JSON sent")
    print("errors sent to seat 1:", *bots[1].errors, sep="\n  ")
    print("final money:", record.money, "winners:", record.winners)
    return record


if __name__ == "__main__":
    main()
