"""The named queries of ``modern-art records query NAME``: DuckDB SQL over ``games`` and ``steps``.

Each is plain SQL over the store's two views (:meth:`RecordStore.connection
<modern_art.records.store.RecordStore.connection>`); the docs print them, so
that a user can start from one and write their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from attrs import frozen

__all__ = ["QUERIES", "Query"]


@frozen
class Query:
    """A named query: what it answers and its SQL."""

    title: str
    """What it answers, in a line."""
    sql: str
    """The DuckDB SQL."""


QUERIES: Final[Mapping[str, Query]] = MappingProxyType(
    {
        "games": Query(
            "games by preset, player count and number of winners (a shared victory, R8.2)",
            "SELECT preset, len(players) AS players, len(winners) AS winners,\n"
            "       count(*) AS games, round(avg(steps), 1) AS steps\n"
            "FROM games GROUP BY ALL ORDER BY ALL",
        ),
        "winners": Query(
            "games won by each seat, and the winners' average money",
            "SELECT winner AS seat, count(*) AS wins,\n"
            "       round(avg(money[winner + 1]), 1) AS money\n"
            "FROM (SELECT unnest(winners) AS winner, money FROM games)\n"
            "GROUP BY ALL ORDER BY seat",
        ),
        "auctions": Query(
            "lots settled by each kind of auction, and their prices",
            "SELECT auction, count(*) AS lots, count(*) FILTER (price = 0) AS free,\n"
            "       round(avg(price), 1) AS average, median(price) AS median, max(price) AS top\n"
            "FROM steps WHERE auction IS NOT NULL GROUP BY auction ORDER BY lots DESC",
        ),
        "round-ends": Query(
            "rounds ended by a fifth painting (R6.1, R5.6, R5.7) or by empty hands (R6.2)",
            "SELECT decision, count(*) AS rounds\n"
            "FROM (SELECT unnest(string_split(decisions, ' ')) AS decision FROM steps\n"
            "      WHERE cites(events, 'RoundEnded'))\n"
            "WHERE decision IN ('fifth-painting', 'fifth-double', 'fifth-second-card',"
            " 'hands-empty')\n"
            "GROUP BY decision ORDER BY rounds DESC",
        ),
        "hidden-ties": Query(
            "hidden auctions by how they were settled: a tie and the rule that settled it",
            "SELECT rules_text AS rules,\n"
            "       count(*) FILTER (cites(decisions, 'tie-auctioneer_first'))"
            " AS auctioneer_first,\n"
            "       count(*) FILTER (cites(decisions, 'tie-clockwise_from_left'))"
            " AS clockwise_from_left,\n"
            "       count(*) FILTER (cites(decisions, 'all-bid-zero')) AS all_zero,\n"
            "       count(*) AS hidden_auctions\n"
            "FROM steps JOIN (SELECT id, rules AS rules_text FROM games) ON id = game\n"
            "WHERE cites(events, 'BidsRevealed') GROUP BY ALL ORDER BY ALL",
        ),
        "doubles": Query(
            "double auctions: paired by the double's player, taken over by another seat"
            " (R5.3), or taken free (R5.5)",
            "SELECT count(*) FILTER (cites(events, 'SecondCardAdded')"
            " AND NOT cites(decisions, 'double-taken-over')) AS paired_by_player,\n"
            "       count(*) FILTER (cites(decisions, 'double-taken-over')) AS taken_over,\n"
            "       count(*) FILTER (cites(decisions, 'double-free')) AS taken_free,\n"
            "       count(*) FILTER (cites(decisions, 'fifth-double')) AS ended_the_round\n"
            "FROM steps WHERE cites(events, 'SecondCardAdded') OR cites(events, 'LotTakenFree')"
            " OR cites(events, 'RoundEnded')",
        ),
        "taken-over": Query(
            "who took doubles over: the seat that added the second card, by seat",
            "SELECT seat, count(*) AS doubles_taken_over\n"
            "FROM steps WHERE cites(decisions, 'double-taken-over')\n"
            "GROUP BY seat ORDER BY seat",
        ),
        "rules": Query(
            "how often each rule decided a step",
            "SELECT rule, count(*) AS steps\n"
            "FROM (SELECT unnest(string_split(rules, ' ')) AS rule FROM steps)\n"
            "GROUP BY rule ORDER BY rule",
        ),
    }
)
"""Every named query, by name."""
