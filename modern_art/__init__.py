"""modern-art: every rule of Reiner Knizia's *Modern Art*, as an immutable functional core.

>>> import modern_art as ma
>>> state = ma.new_game(4, seed=7)
>>> state.round, sorted(state.to_act)
(1, [0])
"""

from modern_art._speed import COMPILED
from modern_art.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.agents import (
    Agent,
    AgentFactory,
    HeuristicAgent,
    MonteCarloAgent,
    RandomAgent,
    Standing,
    TournamentResult,
    play_game,
    tournament,
)
from modern_art.cards import Auction, Card
from modern_art.editions import CMON, ORIGINAL, Edition
from modern_art.engine import apply, new_game
from modern_art.errors import IllegalAction, NotationError
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
from modern_art.ledger import MoneyLedger
from modern_art.legal import LegalActions, legal_actions
from modern_art.midgame import setup
from modern_art.notation import format_action, parse_action
from modern_art.order import next_seat
from modern_art.payout import best_case_payout, payout_if_round_ended_now, still_offerable
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
from modern_art.positions import read_position, write_position
from modern_art.problems import position_problems
from modern_art.records import GameRecord, ReplayError, record, replay
from modern_art.redaction import visible_event, visible_events
from modern_art.rules import DealSchedule, DoublePayment, HiddenTie, Rules, preset, presets
from modern_art.sampling import sample_state
from modern_art.scenario import CardSpec, find_cards, stack_deck
from modern_art.schema import json_schema
from modern_art.scoring import artist_value, lot_payments, rank_artists, winners
from modern_art.sentences import describe
from modern_art.serialize import (
    FORMAT,
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    SerializationError,
    from_json,
    to_json,
)
from modern_art.state import GameState, PlayerState, Step
from modern_art.textrecords import read_records, write_records
from modern_art.views import (
    HiddenAuctionView,
    OwnView,
    PlayerView,
    PublicAuction,
    PublicPhase,
    SeatView,
    has_seat,
    unseen_cards,
    view,
)

__version__ = "0.1.0"

__all__ = [
    "CMON",
    "COMPILED",
    "FORMAT",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "ORIGINAL",
    "Accept",
    "Action",
    "Agent",
    "AgentFactory",
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
    "HeuristicAgent",
    "HiddenAuction",
    "HiddenAuctionView",
    "HiddenTie",
    "IllegalAction",
    "LegalActions",
    "LotTakenFree",
    "MoneyLedger",
    "MonteCarloAgent",
    "NotationError",
    "Offering",
    "OneOfferAuction",
    "OpenAuction",
    "OwnView",
    "PaintingsSold",
    "Pass",
    "Passed",
    "Payment",
    "Phase",
    "PlayCard",
    "PlayerState",
    "PlayerView",
    "PriceAccepted",
    "PriceSet",
    "PublicAuction",
    "PublicPhase",
    "RandomAgent",
    "ReplayError",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "SeatView",
    "SecondCardAdded",
    "SecondCardDeclined",
    "SerializationError",
    "SetPrice",
    "Standing",
    "Step",
    "TournamentResult",
    "TurnStarted",
    "apply",
    "artist_value",
    "best_case_payout",
    "describe",
    "find_cards",
    "format_action",
    "from_json",
    "has_seat",
    "json_schema",
    "legal_actions",
    "lot_payments",
    "new_game",
    "next_seat",
    "parse_action",
    "payout_if_round_ended_now",
    "play_game",
    "position_problems",
    "preset",
    "read_position",
    "read_records",
    "presets",
    "rank_artists",
    "record",
    "replay",
    "sample_state",
    "setup",
    "stack_deck",
    "still_offerable",
    "to_json",
    "tournament",
    "unseen_cards",
    "view",
    "visible_event",
    "visible_events",
    "winners",
    "write_position",
    "write_records",
]
