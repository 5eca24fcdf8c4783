"""modern-art: every rule of Reiner Knizia's *Modern Art*, as an immutable functional core.

>>> import modern_art as ma
>>> state = ma.new_game(4, seed=7)
>>> state.round, sorted(state.to_act)
(1, [0])
"""

from modern_art.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.cards import CMON, ORIGINAL, Auction, Card, Edition
from modern_art.engine import apply, new_game
from modern_art.errors import IllegalAction
from modern_art.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    BidPlaced,
    BidSealed,
    BidsRevealed,
    CardPlayed,
    CardsDealt,
    Event,
    GameEnded,
    LotTakenFree,
    PaintingsSold,
    Passed,
    Payment,
    PriceAccepted,
    PriceSet,
    RoundEnded,
    RoundStarted,
    SecondCardAdded,
    SecondCardDeclined,
    TurnStarted,
)
from modern_art.legal import LegalActions, legal_actions
from modern_art.phases import (
    AuctionPhase,
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.records import GameRecord, ReplayError, record, replay
from modern_art.rules import DealSchedule, DoublePayment, HiddenTie, Rules, preset, presets
from modern_art.scenario import CardSpec, find_cards, stack_deck
from modern_art.schema import json_schema
from modern_art.scoring import artist_value, lot_payments, rank_artists, winners
from modern_art.serialize import (
    FORMAT,
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    SerializationError,
    from_json,
    to_json,
)
from modern_art.state import GameState, PlayerState, Step

__version__ = "0.1.0"

__all__ = [
    "CMON",
    "FORMAT",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "ORIGINAL",
    "Accept",
    "Action",
    "Auction",
    "AuctionPhase",
    "AuctionStarted",
    "AuctionWon",
    "AuctioneerSkipped",
    "Bid",
    "BidPlaced",
    "BidSealed",
    "BidsRevealed",
    "Card",
    "CardPlayed",
    "CardSpec",
    "CardsDealt",
    "DealSchedule",
    "DoubleOffer",
    "DoublePayment",
    "Edition",
    "Event",
    "FixedPriceAuction",
    "GameEnded",
    "GameOver",
    "GameRecord",
    "GameState",
    "HiddenAuction",
    "HiddenTie",
    "IllegalAction",
    "LegalActions",
    "LotTakenFree",
    "Offering",
    "OneOfferAuction",
    "OpenAuction",
    "PaintingsSold",
    "Pass",
    "Passed",
    "Payment",
    "Phase",
    "PlayCard",
    "PlayerState",
    "PriceAccepted",
    "PriceSet",
    "ReplayError",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "SecondCardAdded",
    "SecondCardDeclined",
    "SerializationError",
    "SetPrice",
    "Step",
    "TurnStarted",
    "apply",
    "artist_value",
    "find_cards",
    "from_json",
    "json_schema",
    "legal_actions",
    "lot_payments",
    "new_game",
    "preset",
    "presets",
    "rank_artists",
    "record",
    "replay",
    "stack_deck",
    "to_json",
    "winners",
]
