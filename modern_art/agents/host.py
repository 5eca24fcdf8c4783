"""The host loop every game runner shares: :class:`Host`.

A host keeps the game and runs it: ask whoever may act (in the order of
:func:`~modern_art.next_seat`), apply the action, and hand each seat the
events it may see (:func:`~modern_art.visible_events`). :func:`~modern_art.play_game`
runs it for bots alone, ``modern-art play`` for a person among bots, and a
web server can drive it step by step: apply a person's action when it
arrives (:meth:`Host.apply`), let a bot act when its turn comes
(:meth:`Host.play_bot`).

The game itself stays an immutable value; the host is the one mutable
object around it, like a table in a room.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from modern_art.agents.base import Agent, agent_name
from modern_art.core.records import GameRecord, record
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.data.state import GameState, Step
from modern_art.seeing.redaction import visible_events
from modern_art.seeing.views import view

__all__ = ["Host", "Observer", "last_decision"]

Observer = Callable[[GameState, Action, Step], None]
"""Called after every action with the state before it, the action and its step."""


def last_decision(actions: Sequence[Action], seat: int) -> int | None:
    """Where ``seat``'s last action is in ``actions``, or ``None`` if it has made none.

    An undo (a practice aid: ``modern-art play``'s ``u``, the web table's
    practice tables) goes back to just before it: the game replayed with
    ``actions[:index]``, the seat's last decision and everything after it
    taken back.

    >>> import modern_art as ma
    >>> from modern_art.agents.host import last_decision
    >>> last_decision([ma.Pass(0), ma.Pass(1), ma.Pass(2)], 1), last_decision([], 0)
    (1, None)
    """
    for index in range(len(actions) - 1, -1, -1):
        if getattr(actions[index], "seat", None) == seat:
            return index
    return None


class Host:
    """One game being hosted: its state, what each seat was shown, and the actions so far.

    Args:
        state: the game as :func:`~modern_art.new_game` made it (or any later
            state; :meth:`record` then needs the start).
        agents: the bots, by seat; the other seats are people, whose actions
            the caller passes to :meth:`apply`.
        observer: called after every action, e.g. to narrate or draw.

    >>> import modern_art as ma
    >>> host = ma.Host(ma.new_game(3, seed=7), {1: ma.RandomAgent(1), 2: ma.RandomAgent(2)})
    >>> host.next_seat()
    0
    >>> card = host.state.players[0].hand[3]  # seat 0 is a person: they offer a card
    >>> card.auction
    Auction.ONE_OFFER
    >>> step = host.apply(ma.PlayCard(0, card))
    >>> host.run()  # the bots bid once each; then seat 0, the auctioneer, is asked
    2
    >>> host.next_seat(), host.seen(0)[-2:]
    (0, [BidPlaced(seat=1, amount=18), BidPlaced(seat=2, amount=26)])
    """

    def __init__(
        self,
        state: GameState,
        agents: Mapping[int, Agent] | Sequence[Agent] = (),
        *,
        observer: Observer | None = None,
    ) -> None:
        self.start = state
        """The state the host began with."""
        self.state = state
        """The game now."""
        self.agents: dict[int, Agent] = dict(
            agents.items() if isinstance(agents, Mapping) else enumerate(agents)
        )
        """The bots, by seat."""
        self.actions: list[Action] = []
        """Every action applied, in order."""
        self.observer = observer
        self._seen: tuple[list[Event], ...] = tuple([] for _ in state.players)

    def seen(self, seat: int) -> Sequence[Event]:
        """The events ``seat`` has been shown since the host began, oldest first (redacted)."""
        return self._seen[seat]

    def next_seat(self, among: Sequence[int] | None = None) -> int:
        """The seat to ask next: :func:`~modern_art.next_seat` of the game now.

        Raises:
            ValueError: no seat (of ``among``) may act, e.g. the game is over.
        """
        return next_seat(self.state, among)

    def apply(self, action: Action) -> Step:
        """Apply ``action``, keep it, hand out its events and tell the observer; the step.

        Raises:
            IllegalAction: the rules forbid ``action``; nothing changes.
        """
        before = self.state
        step = self._keep(action)
        if self.observer is not None:
            self.observer(before, action, step)
        return step

    def ask(self, seat: int) -> Action:
        """What the bot at ``seat`` chooses now, from its view and the events it was shown.

        Raises:
            KeyError: no bot sits at ``seat``.
            ValueError: the bot returned an action for another seat.
        """
        agent = self.agents[seat]
        action = agent.act(view(self.state, seat), self._seen[seat])
        if getattr(action, "seat", None) != seat:
            raise ValueError(
                f"the agent {agent_name(agent)} at seat {seat} returned {action!r},"
                f" an action for another seat"
            )
        return action

    def play_bot(self, seat: int | None = None) -> Step:
        """Let the bot at ``seat`` (by default :meth:`next_seat` among the bots) act; the step.

        Raises:
            ValueError: no bot may act, or the bot chose for another seat.
            IllegalAction: the bot chose an action the rules forbid.
        """
        if seat is None:
            seat = self.next_seat(tuple(self.agents))
        return self.apply(self.ask(seat))

    def run(self) -> int:
        """Let the bots play until the game is over or the next seat asked is a person's.

        Returns:
            How many actions the bots made.
        """
        made = 0
        while not self.state.is_over and next_seat(self.state) in self.agents:
            self.play_bot(next_seat(self.state))
            made += 1
        return made

    def rewind(self, count: int) -> None:
        """Take back every action after the first ``count``: the game as it was then.

        The state, the actions and what each seat was shown are as they were
        after ``count`` actions; the observer is not told (nothing new
        happened) and the bots stay as they are.

        Raises:
            ValueError: ``count`` is not between 0 and the number of actions.
        """
        whole = isinstance(count, int) and not isinstance(count, bool)
        if not whole or not 0 <= count <= len(self.actions):
            raise ValueError(
                f"count must be a whole number from 0 to {len(self.actions)}, got {count!r}"
            )
        kept = self.actions[:count]
        self.state = self.start
        self.actions = []
        self._seen = tuple([] for _ in self.start.players)
        for action in kept:
            self._keep(action)

    def _keep(self, action: Action) -> Step:
        step = apply(self.state, action)
        self.state = step.state
        self.actions.append(action)
        for seat, seen in enumerate(self._seen):
            seen.extend(visible_events(step.events, seat))
        return step

    def record(self, seed: int | None = None) -> GameRecord:
        """The game so far as a record (see :func:`~modern_art.record`).

        Args:
            seed: the seed :attr:`start` was made with; without it the record
                keeps the deck as it was dealt.

        Raises:
            ValueError: :attr:`start` is not a fresh game, or ``seed`` does not make it.
        """
        return record(self.start, self.actions, seed=seed, final=self.state)
