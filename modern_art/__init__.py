"""modern-art: every rule of Reiner Knizia's *Modern Art*, as an immutable functional core.

>>> import modern_art as ma
>>> state = ma.new_game(4, seed=7)
>>> state.round, sorted(state.to_act)
(1, [0])
"""

import importlib as _importlib
import typing as _typing

from modern_art._speed import COMPILED
from modern_art.core.decks import CardSpec, find_cards, stack_deck
from modern_art.core.legal import LegalActions, legal_actions
from modern_art.core.playout import playout
from modern_art.core.records import GameRecord, record, replay
from modern_art.core.scoring import artist_value, lot_payments, rank_artists, round_values, winners
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply, new_game
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.editions import CMON, ORIGINAL, Edition
from modern_art.data.errors import (
    EngineError,
    IllegalAction,
    NotationError,
    ReplayError,
    SerializationError,
)
from modern_art.data.events import (
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
from modern_art.data.phases import (
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
from modern_art.data.rules import DealSchedule, DoublePayment, HiddenTie, Rules, preset, presets
from modern_art.data.state import GameState, PlayerState, Step
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.payout import best_case_payout, payout_if_round_ended_now, still_offerable
from modern_art.seeing.problems.position import position_problems
from modern_art.seeing.redaction import visible_event, visible_events
from modern_art.seeing.sampling import sample_state
from modern_art.seeing.views import (
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
from modern_art.text.notation import format_action, parse_action
from modern_art.text.positions import read_position, write_position
from modern_art.text.records import read_records, write_records
from modern_art.text.sentences import describe
from modern_art.text.setup import setup

if _typing.TYPE_CHECKING:  # loaded on first use by __getattr__ (below); here for type checkers
    from modern_art.agents import (
        ActionValue,
        Agent,
        AgentFactory,
        Analysis,
        ArtistOutlook,
        HeuristicAgent,
        Host,
        MonteCarloAgent,
        RandomAgent,
        SearchAgent,
        Standing,
        TournamentResult,
        analyse,
        play_game,
        tournament,
    )
    from modern_art.agents.engine.agent import EngineAgent
    from modern_art.wire.documents import (
        FORMAT,
        MAX_JSON_BYTES,
        MAX_JSON_DEPTH,
        from_json,
        to_json,
    )
    from modern_art.wire.schema import json_schema

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
    "ActionValue",
    "Agent",
    "AgentFactory",
    "Analysis",
    "ArtistOutlook",
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
    "EngineAgent",
    "EngineError",
    "Event",
    "FixedPriceAuction",
    "GameEnded",
    "GameOver",
    "GameRecord",
    "GameState",
    "HeuristicAgent",
    "Host",
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
    "SearchAgent",
    "SerializationError",
    "SetPrice",
    "Standing",
    "Step",
    "TournamentResult",
    "TurnStarted",
    "analyse",
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
    "playout",
    "position_problems",
    "preset",
    "read_position",
    "read_records",
    "presets",
    "rank_artists",
    "round_values",
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

# The players layer (the bots, the tournament runner and its process pools) and
# the wire layer (cattrs and the converter it builds) load on first use of one
# of their names: `import modern_art` then takes about what `import attrs,
# cattrs` does, not three times as long (benchmarks/import_time.py). The names
# are the same, and their docs; tests/project/test_layers.py checks this table
# against the imports for type checkers above.
_ON_FIRST_USE: _typing.Final = {
    "modern_art.agents": (
        "ActionValue",
        "Agent",
        "AgentFactory",
        "Analysis",
        "ArtistOutlook",
        "HeuristicAgent",
        "Host",
        "MonteCarloAgent",
        "RandomAgent",
        "SearchAgent",
        "Standing",
        "TournamentResult",
        "analyse",
        "play_game",
        "tournament",
    ),
    "modern_art.agents.engine.agent": ("EngineAgent",),
    "modern_art.wire.documents": (
        "FORMAT",
        "MAX_JSON_BYTES",
        "MAX_JSON_DEPTH",
        "from_json",
        "to_json",
    ),
    "modern_art.wire.schema": ("json_schema",),
}
_MODULE_OF: _typing.Final = {
    name: module for module, names in _ON_FIRST_USE.items() for name in names
}
# The layer folders `import modern_art` used to load, so that `ma.agents` still works.
_SUBPACKAGES: _typing.Final = ("agents", "wire")


def _on_first_use(name: str) -> object:
    """The public ``name`` from the module that defines it, imported now and kept (PEP 562)."""
    if name in _MODULE_OF:
        value = getattr(_importlib.import_module(_MODULE_OF[name]), name)
    elif name in _SUBPACKAGES:
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # the next lookup finds it without calling this
    return value


def __dir__() -> list[str]:
    """The module's names, those loaded on first use included."""
    return sorted({*globals(), *_MODULE_OF, *_SUBPACKAGES})


if not _typing.TYPE_CHECKING:
    # Hidden from type checkers, which see the real names above: a misspelt
    # `ma.name` stays an error for them rather than an attribute of type object.
    __getattr__ = _on_first_use
