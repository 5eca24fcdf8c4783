"""Which rule each step evidences: set-up positions whose decisions the store must name."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.helpers.webkit import need

INSTALL = "the records extra: pip install -e '.[records]'"
need("pyarrow", INSTALL)
need("duckdb", INSTALL)

import modern_art as ma  # noqa: E402
from modern_art import records  # noqa: E402
from modern_art.records.evidence import Cited, Tracer  # noqa: E402

SHORT = ma.Rules(deal_schedule={n: (3, 0, 0, 0) for n in (3, 4, 5)})
"""Three cards each, one round's deal: positions with only the cards that matter."""


def cite(state: ma.GameState, moves: Sequence[str]) -> list[Cited]:
    """Play ``moves`` (notation) from ``state``; what the store cites for each step."""
    tracer = Tracer(state.rules.artists)
    cited = []
    for move in moves:
        step = ma.apply(state, ma.parse_action(move, state))
        cited.append(tracer.cite(step.events))
        state = step.state
    return cited


def start(
    hands: Sequence[Sequence[object]], rules: ma.Rules = SHORT, **facts: object
) -> ma.GameState:
    return ma.setup(["Ann", "Bo", "Cy"], hands=hands, rules=rules, **facts)  # type: ignore[arg-type]


HANDS = [["melim/h", "thaler/o", "thaler/o"], ["carvalho/o"] * 3, ["martins/o"] * 3]


@pytest.mark.parametrize(
    ("tie", "tag"),
    [
        (ma.HiddenTie.AUCTIONEER_FIRST, "tie-auctioneer_first"),
        (ma.HiddenTie.CLOCKWISE_FROM_LEFT, "tie-clockwise_from_left"),
    ],
)
def test_R4_3_a_hidden_tie_names_the_rule_that_settled_it(tie: ma.HiddenTie, tag: str) -> None:
    rules = ma.Rules(deal_schedule=SHORT.deal_schedule, hidden_tie=tie)
    steps = cite(start(HANDS, rules), ["0 play melim/h", "0 bid 20", "1 bid 10", "2 bid 20"])
    assert steps[0].rules.split() == ["R2.1", "R2.2", "R4.3"]
    assert steps[1] == Cited("BidSealed", "R4.3", "", None, None, None)
    last = steps[-1]
    assert last.decisions.split()[0] == tag and "R4.3" in last.rules.split()
    assert (last.auction, last.price) == ("hidden", 20)


def test_R4_3_no_tie_decides_nothing() -> None:
    last = cite(start(HANDS), ["0 play melim/h", "0 bid 20", "1 bid 10", "2 bid 5"])[-1]
    assert last.decisions == "own-lot" and last.buyer == 0  # she pays the bank (R3.3)
    assert "R3.3" in last.rules.split()


def test_R3_4_a_lot_nobody_bids_on_goes_free_to_the_auctioneer() -> None:
    hands = [["melim/o", "thaler/o", "thaler/o"], ["carvalho/o"] * 3, ["martins/o"] * 3]
    last = cite(start(hands), ["0 play melim/o", "1 pass", "2 pass", "0 pass"])[-1]
    assert last.decisions == "nobody-bid" and "R3.4" in last.rules.split()
    assert (last.auction, last.price, last.buyer) == ("open", 0, 0)


def test_R4_1_and_R4_2_bids_cite_their_auctions_rule() -> None:
    hands = [["melim/o", "melim/n", "thaler/o"], ["carvalho/o"] * 3, ["martins/o"] * 3]
    steps = cite(start(hands), ["0 play melim/o", "1 bid 5"])
    assert steps[1] == Cited("BidPlaced", "R3.2 R4.1", "", None, None, None)
    hands[0] = ["melim/n", "thaler/o", "thaler/o"]
    steps = cite(start(hands), ["0 play melim/n", "1 bid 5"])
    assert steps[1] == Cited("BidPlaced", "R3.2 R4.2", "", None, None, None)


def test_R4_4_a_fixed_price_nobody_accepts_is_bought_by_the_auctioneer() -> None:
    hands = [["melim/f", "thaler/o", "thaler/o"], ["carvalho/o"] * 3, ["martins/o"] * 3]
    last = cite(start(hands), ["0 play melim/f", "0 price 10", "1 pass", "2 pass"])[-1]
    assert last.decisions == "unsold-fixed-price" and "R4.4" in last.rules.split()
    assert (last.auction, last.price, last.buyer) == ("fixed_price", 10, 0)


def test_R5_3_a_double_taken_over_by_another_seat() -> None:
    hands = [["melim/d", "thaler/o", "thaler/o"], ["melim/o", "carvalho/o", "carvalho/o"]]
    hands.append(["martins/o"] * 3)
    steps = cite(start(hands), ["0 play melim/d", "0 pass", "1 play melim/o"])
    assert steps[0].rules.split() == ["R2.1", "R2.2", "R5.1"]
    assert steps[1] == Cited("SecondCardDeclined", "R5.2", "", None, None, None)
    assert steps[2].decisions == "double-taken-over"
    assert {"R5.1", "R5.3", "R4.1"} <= set(steps[2].rules.split())


def test_R5_5_a_double_nobody_pairs_goes_free_to_its_player() -> None:
    hands = [["melim/d", "thaler/o", "thaler/o"], ["carvalho/o"] * 3, ["martins/o"] * 3]
    last = cite(start(hands), ["0 play melim/d", "0 pass", "1 pass", "2 pass"])[-1]
    assert last.decisions == "double-free" and "R5.5" in last.rules.split()
    assert (last.auction, last.price, last.buyer) == ("double", 0, 0)
    assert "R2.4" not in last.rules.split()  # the next auctioneer is R5.5's


def test_R6_1_a_fifth_painting_ends_the_round() -> None:
    museums = [["melim/o", "melim/h"], ["melim/f", "melim/n"], []]
    hands = [["thaler/o"] * 3, ["melim/o", *["carvalho/o"] * 3], ["martins/h"] * 3 + ["martins/o"]]
    rules = ma.Rules(deal_schedule={n: (5, 3, 3, 0) for n in (3, 4, 5)})
    state = start(hands, rules, museums=museums, auctioneer=1)  # four Melims offered
    (only,) = cite(state, ["1 play melim/o"])
    assert only.decisions == "fifth-painting"
    assert {"R6.1", "R6.3", "R6.4", "R6.5", "R6.6", "R6.7"} <= set(only.rules.split())


def test_R6_2_a_card_that_empties_every_hand_ends_the_round() -> None:
    rules = ma.Rules(deal_schedule={n: (1, 0, 0, 0) for n in (3, 4, 5)})
    museums = [["carvalho/o"], ["thaler/o"], []]
    (only,) = cite(start([["melim/o"], [], []], rules, museums=museums), ["0 play melim/o"])
    assert "hands-empty" in only.decisions.split()
    assert {"R6.2", "R8.1"} <= set(only.rules.split())


def test_every_decision_a_store_names_is_one_of_the_table() -> None:
    assert set(records.CITED_RULES) >= {rule for rule, _what in records.DECISIONS.values()}
    assert sorted(records.CITED_RULES, key=lambda r: tuple(map(int, r[1:].split(".")))) == list(
        records.CITED_RULES
    )
    assert set(records.EVIDENCE) == {
        name for name in dir(ma) if name in {t.__name__ for t in _event_types()}
    }


def _event_types() -> list[type]:
    import typing

    return list(typing.get_args(ma.Event))
