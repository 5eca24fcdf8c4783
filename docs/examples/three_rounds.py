"""Three short rounds that show how a painting's value is won, lost and won back.

Daniel Melim ranks second in round 1, misses the top three in round 2 and
ranks second again in round 3. Bo holds one Melim painting at the end of
each round. To keep the story short nobody ever bids, so each auctioneer
keeps the painting it offers (R3.4), and each player offers the cards of
its hand in the order they were dealt.
"""

from __future__ import annotations

import modern_art as ma

OPEN, ONE_OFFER, HIDDEN = ma.Auction.OPEN, ma.Auction.ONE_OFFER, ma.Auction.HIDDEN
CARVALHO, THALER, MELIM = "carvalho", "thaler", "melim"
MARTINS, SILVEIRA = "martins", "silveira"

# Short rounds: 3 cards each to start, 3 more before round 2, 2 before round 3.
RULES = ma.Rules(deal_schedule={n: (3, 3, 2, 0) for n in (3, 4, 5)})

DECK = ma.stack_deck(
    [  # round 1 hands, in the order each player offers them
        [(SILVEIRA, OPEN), (SILVEIRA, OPEN), (SILVEIRA, HIDDEN)],  # Ann
        [(MELIM, OPEN), (SILVEIRA, OPEN), (MELIM, OPEN)],  # Bo
        [(MARTINS, OPEN), (SILVEIRA, OPEN), (CARVALHO, OPEN)],  # Cy
    ],
    then=[  # dealt before round 2 (Ann's 3, Bo's 3, Cy's 3), then before round 3
        *[(THALER, OPEN), (MARTINS, OPEN), (SILVEIRA, ONE_OFFER)],
        *[(MARTINS, OPEN), (MARTINS, ONE_OFFER), (MELIM, OPEN)],
        *[(MARTINS, ONE_OFFER), (MARTINS, HIDDEN), (CARVALHO, OPEN)],
        *[(CARVALHO, OPEN), (CARVALHO, HIDDEN)],
        *[(CARVALHO, ONE_OFFER), (THALER, HIDDEN)],
        *[(CARVALHO, ONE_OFFER), (THALER, HIDDEN)],
    ],
    rules=RULES,
)


def play(rounds: int = 3) -> list[ma.Event]:
    """Play the first ``rounds`` rounds and return every event, in order."""
    state = ma.new_game(["Ann", "Bo", "Cy"], deck=DECK, rules=RULES)
    events: list[ma.Event] = []
    while state.round <= rounds and not state.is_over:
        (auctioneer,) = state.to_act
        oldest_card = state.players[auctioneer].hand[0]
        step = ma.apply(state, ma.PlayCard(auctioneer, oldest_card))
        events += step.events
        while step.state.auction is not None:  # everyone passes: nobody bids
            step = ma.apply(step.state, ma.Pass(min(step.state.to_act)))
            events += step.events
        state = step.state
    return events
