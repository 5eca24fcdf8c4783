"""A plain mutable reference engine for *Modern Art*, for the benchmarks only.

Deliberately simple, and not the library: one mutable object, lists and
ints, no events, no checks beyond what the random player needs, CMON rules
(R1 to R8 of RULES.md, ``hidden_tie`` AUCTIONEER_FIRST, ``double_payment``
SUPPLIER_TAKES_ALL). Its random game makes the same kind of choice as the
library's benchmark loop: one action drawn uniformly from every seat's legal
actions, each bid amount an action. Two yardsticks: :func:`random_game` lists
legal actions as runs ``(kind, seat, low, count)`` (a bid range is one run,
not a hundred tuples), the way a plain implementation that wanted to be
quick would; :func:`listed_game` makes each action a tuple in a list, as
most engines' ``legal_actions()`` do. Both play the very same games as the
library (the same deal and draws; ``tests/project/test_reference.py``). Written
in an afternoon, not tuned.

``python benchmarks/reference.py`` plays a few games and prints their
length; ``benchmarks/peers.py`` times it beside both builds.
"""

from __future__ import annotations

import random

OPEN, ONE_OFFER, HIDDEN, FIXED, DOUBLE = range(5)
COUNTS = (12, 13, 14, 15, 16)  # cards per artist, in board order (R1.3)
SYMBOLS = ((3, 3, 2, 2, 2), (3, 2, 3, 3, 2), (3, 3, 3, 3, 2), (3, 3, 3, 3, 3), (4, 3, 3, 3, 3))
FIRST_DEAL = {3: 10, 4: 9, 5: 8}
LATER_DEAL = {3: 6, 4: 4, 5: 3}
TILES = (30, 20, 10)

PLAY, BID, PASS, PRICE, ACCEPT, ADD = range(6)  # action kinds


def new_deck() -> list[tuple[int, int]]:
    """The 70 cards as (artist, symbol), in board order."""
    return [
        (artist, symbol)
        for artist, split in enumerate(SYMBOLS)
        for symbol, count in enumerate(split)
        for _ in range(count)
    ]


class Game:
    """One game, changed in place."""

    def __init__(self, players: int, seed: int) -> None:
        self.n = players
        self.deck = new_deck()
        random.Random(seed).shuffle(self.deck)
        self.money = [100] * players
        self.hands: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.museums: list[list[int]] = [[] for _ in range(players)]
        self.counts = [0] * 5
        self.tiles: list[list[int]] = [[] for _ in range(5)]
        self.round = 1
        self.over = False
        self.steps = 0  # set at the end by the random games below
        self.deal(FIRST_DEAL[players])
        self.start_turn(0)

    def deal(self, k: int) -> None:
        for hand in self.hands:
            hand.extend(self.deck[:k])
            del self.deck[:k]

    # -- turns -------------------------------------------------------------

    def start_turn(self, seat: int) -> None:
        while not self.hands[seat]:  # R2.3: a player with no cards is skipped
            seat = (seat + 1) % self.n
        self.auctioneer = seat
        self.phase = "offer"

    def offer(self, seat: int, index: int) -> None:
        artist, symbol = self.hands[seat].pop(index)
        self.counts[artist] += 1
        if self.counts[artist] == 5 or not any(self.hands):  # R6.1, R6.2
            self.end_round(seat)
            return
        if symbol == DOUBLE:
            self.double_artist, self.double_player = artist, seat
            self.asked = 0  # how many seats have been asked, from the auctioneer on
            self.phase = "double"
            self.next_asked()
            return
        self.start_auction(symbol, seat, 1, artist)

    def next_asked(self) -> None:
        while self.asked < self.n:
            seat = (self.double_player + self.asked) % self.n
            if self.hands[seat]:  # R5.2: an empty hand is skipped
                self.asking = seat
                return
            self.asked += 1
        self.museums[self.double_player].append(self.double_artist)  # R5.5: free
        self.start_turn((self.double_player + 1) % self.n)

    def add_second(self, seat: int, index: int) -> None:
        artist, symbol = self.hands[seat].pop(index)
        self.counts[artist] += 1
        if self.counts[artist] == 5 or not any(self.hands):  # R5.7, R6.2
            self.end_round(seat)
            return
        self.start_auction(symbol, seat, 2, artist)

    def start_auction(self, symbol: int, auctioneer: int, lot: int, artist: int) -> None:
        self.kind, self.seller, self.lot, self.artist = symbol, auctioneer, lot, artist
        self.high, self.high_bidder = 0, -1
        self.phase = "auction"
        if symbol == OPEN:
            self.passed = [False] * self.n
        elif symbol == ONE_OFFER:
            self.turn, self.turns = (auctioneer + 1) % self.n, 0
        elif symbol == HIDDEN:
            self.bids: list[int | None] = [None] * self.n
        else:
            self.price: int | None = None
            self.turn = auctioneer

    def sell(self, buyer: int, price: int, artist: int) -> None:
        """R3.3 to R3.5: the lot of ``artist`` into ``buyer``'s museum, paid for."""
        self.money[buyer] -= price
        if buyer != self.seller:
            self.money[self.seller] += price
        self.museums[buyer].extend([artist] * self.lot)
        self.start_turn((self.seller + 1) % self.n)

    # -- what may be done: runs (kind, seat, low, count) ----------------------

    def legal(self) -> list[tuple[int, int, int, int]]:
        if self.phase == "offer":
            return [(PLAY, self.auctioneer, 0, len(self.hands[self.auctioneer]))]
        if self.phase == "double":
            seat = self.asking
            fitting = sum(
                1 for a, s in self.hands[seat] if a == self.double_artist and s != DOUBLE
            )
            runs = [(ADD, seat, 0, fitting)] if fitting else []
            return [*runs, (PASS, seat, 0, 1)]
        runs: list[tuple[int, int, int, int]] = []
        if self.kind == OPEN:
            for seat in range(self.n):
                if not self.passed[seat] and seat != self.high_bidder:
                    if self.money[seat] > self.high:
                        runs.append((BID, seat, self.high + 1, self.money[seat] - self.high))
                    runs.append((PASS, seat, 0, 1))
        elif self.kind == ONE_OFFER:
            seat = self.turn
            if self.money[seat] > self.high:
                runs.append((BID, seat, self.high + 1, self.money[seat] - self.high))
            runs.append((PASS, seat, 0, 1))
        elif self.kind == HIDDEN:
            for seat in range(self.n):
                if self.bids[seat] is None:
                    runs.append((BID, seat, 0, self.money[seat] + 1))
        elif self.price is None:
            money = self.money[self.seller]
            runs.append((PRICE, self.seller, 1, money) if money else (PRICE, self.seller, 0, 1))
        else:
            if self.money[self.turn] >= self.price:
                runs.append((ACCEPT, self.turn, 0, 1))
            runs.append((PASS, self.turn, 0, 1))
        return runs

    # -- doing it -------------------------------------------------------------

    def act(self, kind: int, seat: int, value: int) -> None:
        if kind == PLAY:
            self.offer(seat, value)
        elif kind == ADD:
            fitting = [
                i
                for i, (a, s) in enumerate(self.hands[seat])
                if a == self.double_artist and s != DOUBLE
            ]
            self.add_second(seat, fitting[value])
        elif self.phase == "double":  # a decline
            self.asked += 1
            self.next_asked()
        elif self.kind == OPEN:
            self.open_auction(kind, seat, value)
        elif self.kind == ONE_OFFER:
            self.one_offer(kind, seat, value)
        elif self.kind == HIDDEN:
            self.hidden(seat, value)
        else:
            self.fixed(kind, seat, value)

    def open_auction(self, kind: int, seat: int, value: int) -> None:
        if kind == BID:
            self.high, self.high_bidder = value, seat
            self.passed = [False] * self.n
            return
        self.passed[seat] = True
        done = sum(self.passed)
        if self.high_bidder >= 0 and done == self.n - 1:
            self.sell(self.high_bidder, self.high, self.artist)
        elif self.high_bidder < 0 and done == self.n:
            self.sell(self.seller, 0, self.artist)  # R3.4: free

    def one_offer(self, kind: int, seat: int, value: int) -> None:
        if kind == BID:
            self.high, self.high_bidder = value, seat
        self.turns += 1
        if self.turns < self.n:
            self.turn = (self.turn + 1) % self.n
        elif self.high_bidder >= 0:
            self.sell(self.high_bidder, self.high, self.artist)
        else:
            self.sell(self.seller, 0, self.artist)

    def hidden(self, seat: int, value: int) -> None:
        self.bids[seat] = value
        if any(bid is None for bid in self.bids):
            return
        bids = [bid or 0 for bid in self.bids]
        best = max(bids)
        if best == 0 or bids[self.seller] == best:  # R4.3: the auctioneer wins a tie
            self.sell(self.seller, best, self.artist)
            return
        for step in range(1, self.n):
            seat = (self.seller + step) % self.n
            if bids[seat] == best:
                self.sell(seat, best, self.artist)
                return

    def fixed(self, kind: int, seat: int, value: int) -> None:
        if self.price is None:
            self.price = value
            self.turn = (self.seller + 1) % self.n
            return
        if kind == ACCEPT:
            self.sell(seat, self.price, self.artist)
            return
        self.turn = (self.turn + 1) % self.n
        if self.turn == self.seller:  # nobody accepted: the auctioneer buys (R4.4)
            self.sell(self.seller, self.price, self.artist)

    # -- the end of a round ---------------------------------------------------

    def end_round(self, last: int) -> None:
        ranked = sorted((a for a in range(5) if self.counts[a]), key=lambda a: -self.counts[a])
        top = ranked[:3]  # sorted is stable: a tie goes to the artist further left (R6.3)
        for place, artist in enumerate(top):
            self.tiles[artist].append(TILES[place])
        for seat, museum in enumerate(self.museums):
            self.money[seat] += sum(sum(self.tiles[a]) for a in museum if a in top)
            museum.clear()
        self.counts = [0] * 5
        self.round += 1
        if self.round > 4 or not any(self.hands):  # R8.1
            self.over = True
            return
        if self.round < 4:
            self.deal(LATER_DEAL[self.n])
        self.start_turn((last + 1) % self.n)


def listed_game(players: int, seed: int) -> Game:
    """:func:`random_game` with every legal action made, one tuple each, as most engines list them.

    The same draws and so the very same game; only the listing differs (a
    ``legal_actions()`` that returns a list of ``(kind, seat, value)``).
    """
    game = Game(players, seed)
    randrange = random.Random(seed).randrange
    steps = 0
    while not game.over:
        actions = [
            (kind, seat, low + i) for kind, seat, low, count in game.legal() for i in range(count)
        ]
        game.act(*actions[randrange(len(actions))])
        steps += 1
    game.steps = steps
    return game


def random_game(players: int, seed: int) -> Game:
    """Play one game to the end, each action uniform over every legal one; the game, ended."""
    game = Game(players, seed)
    randrange = random.Random(seed).randrange
    steps = 0
    while not game.over:
        runs = game.legal()
        pick = randrange(sum(run[3] for run in runs))
        for kind, seat, low, count in runs:
            if pick < count:
                game.act(kind, seat, low + pick)
                break
            pick -= count
        steps += 1
    game.steps = steps
    return game


if __name__ == "__main__":
    for seed in range(5):
        ran, listed = random_game(4, seed), listed_game(4, seed)
        print(seed, ran.steps, ran.money, listed.steps, listed.money)
