"""No false alarm, at scale: every state and every seat's view of many random games.

The test suite's sweep (tests/seeing/test_no_false_alarm.py) plays a few
hundred games; this plays ``GAMES`` per table size (3, 4 and 5 players)
under every variant switch, four deal schedules (CMON, and short ones that
empty the hands), three editions (CMON, one without doubles, where the turn
order is checked exactly in every round, and one where half the cards are
doubles) and, in half the games, players who bid all they have. It stops at
the first state or view :func:`modern_art.position_problems` refuses, and
otherwise prints what it checked. Not part of the test run::

    python tools/position_sweep.py 1000
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import modern_art as ma


def every_rules() -> list[ma.Rules]:
    """Each edition, schedule and variant switch."""
    base = ma.Rules()
    symbols = base.edition.symbols
    editions = [
        base.edition,
        ma.Edition("no-doubles", base.artists, [(r[0] + r[4], *r[1:4], 0) for r in symbols]),
        ma.Edition("many-doubles", base.artists, [(2, 2, 2, 2, r[4] + 4) for r in symbols]),
    ]
    schedules = [
        None,
        *({n: deal for n in (3, 4, 5)} for deal in ((2, 1, 1, 0), (5, 0, 0, 0), (3, 3, 1, 1))),
    ]
    out = []
    for edition, schedule in itertools.product(editions, schedules):
        for tie, pay, open_money in itertools.product(ma.HiddenTie, ma.DoublePayment, (0, 1)):
            rules = ma.Rules(
                edition=edition, hidden_tie=tie, double_payment=pay, open_money=bool(open_money)
            )
            out.append(rules if schedule is None else attrs.evolve(rules, deal_schedule=schedule))
    return out


def sweep(games: int) -> str:
    """Play ``games`` games per table size; raise AssertionError at the first false alarm."""
    rules = every_rules()
    states = views = unbroken = 0
    begin = time.process_time()
    for game in range(games):
        for players in (3, 4, 5):
            rng = random.Random(game * 7 + players)
            table = rules[(game * 3 + players) % len(rules)]
            state = ma.new_game(players, seed=game, rules=table, first_auctioneer=game % players)
            all_in = rng.random() < 0.5
            while True:
                problems = ma.position_problems(state)
                assert problems == (), (game, players, state.step, problems)
                states += 1
                doubled = any(c.auction is ma.Auction.DOUBLE for c in state.discard)
                unbroken += state.round > 1 and not doubled
                for seat in (None, *range(players)):
                    seen = ma.position_problems(ma.view(state, seat))
                    assert seen == (), (game, players, seat, state.step, seen)
                    views += 1
                if state.is_over:
                    break
                legal = ma.legal_actions(state)
                amounts = [a for a in legal if isinstance(a, ma.Bid | ma.SetPrice)]
                action: ma.Action
                if all_in and amounts and rng.random() < 0.6:
                    action = max(
                        amounts, key=lambda a: getattr(a, "amount", getattr(a, "price", 0))
                    )
                else:
                    action = legal[rng.randrange(len(legal))]
                state = ma.apply(state, action).state
    return (
        f"{games * 3} games, {states} states, {views} views ({unbroken} states past round 1"
        f" with no double in the discard): no false alarm;"
        f" {time.process_time() - begin:.0f} s of CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=100, help="games per table size")
    print(sweep(parser.parse_args().games))


if __name__ == "__main__":
    main()
