"""Real moments where a rule decided something: ``modern-art records examples RULE``.

:func:`examples` finds the steps of the store that cite the rule (those where
it made a decision, :data:`~modern_art.records.evidence.DECISIONS`, first),
rebuilds each position by replaying its game from the seed (or the stacked
deck) to the step, and gives the position as :func:`~modern_art.write_position`
writes it, the action, and the sentences :func:`~modern_art.describe` gives
for the action and for each event it caused.
"""

from __future__ import annotations

import re
from typing import Final

from attrs import frozen

from modern_art.core.transition import apply
from modern_art.data.errors import RecordsError
from modern_art.records.evidence import CITED_RULES, DECISIONS
from modern_art.records.store import RecordStore
from modern_art.text.notation import format_action
from modern_art.text.positions import write_position
from modern_art.text.sentences import describe

__all__ = ["Example", "examples"]

_RULE: Final = re.compile(r"R[0-9]\.[0-9]")


@frozen
class Example:
    """One step of a stored game where a rule decided something."""

    rule: str
    """The rule (``"R4.3"``)."""
    game: int
    """The game's id in the store."""
    step: int
    """The step, from 0: the position is the state before it, whose ``step`` this is."""
    decisions: tuple[str, ...]
    """The decisions' tags of the step (:data:`~modern_art.records.evidence.DECISIONS`)."""
    position: str
    """The position before the step, as :func:`~modern_art.write_position` writes it."""
    action: str
    """The action, in the notation (``"2 bid 30"``)."""
    sentences: tuple[str, ...]
    """What :func:`~modern_art.describe` says of the action, then of each event."""

    def text(self) -> str:
        """The example as the command prints it."""
        tags = f" ({', '.join(self.decisions)})" if self.decisions else ""
        lines = [f"{self.rule}: game {self.game}, step {self.step}{tags}", "", self.position]
        lines += [
            "",
            f"step {self.step}: {self.action}",
            *(f"  {line}" for line in self.sentences),
        ]
        return "\n".join(lines)


def examples(store: RecordStore, rule: str, limit: int = 3) -> list[Example]:
    """Up to ``limit`` steps of ``store`` that ``rule`` decided, with their positions.

    Raises:
        RecordsError: ``rule`` is not one a step can evidence
            (:data:`~modern_art.records.evidence.CITED_RULES`), or ``limit`` is below 1.
    """
    rule = rule.strip().upper()
    if not _RULE.fullmatch(rule):
        raise RecordsError(f"a rule is written like R4.3, got {rule[:20]!r}")
    if rule not in CITED_RULES:
        raise RecordsError(
            f"{rule} is no rule a step decides (the setup, the information rules and R3.1 hold"
            f" at every step alike); the store cites {', '.join(CITED_RULES)}"
        )
    if type(limit) is not int or limit < 1:
        raise RecordsError(f"the number of examples is a whole number from 1, got {limit!r}")
    tags = [tag for tag, (number, _what) in DECISIONS.items() if number == rule]
    found: dict[tuple[int, int], str] = {}
    searches = [
        ("decisions <> '' AND contains(decisions, ?) AND cites(decisions, ?)", tag) for tag in tags
    ]
    searches.append(("contains(rules, ?) AND cites(rules, ?)", rule))
    for where, word in searches:
        if len(found) >= limit:
            break
        _names, rows = store.query(
            f"SELECT game, step, decisions FROM steps WHERE {where} LIMIT ?",
            [word, word, limit * 2],
        )
        for game, step, decisions in rows:
            if len(found) < limit:
                found.setdefault((int(game), int(step)), str(decisions))
    return [
        _example(store, rule, game, step, tuple(decisions.split()))
        for (game, step), decisions in found.items()
    ]


def _example(
    store: RecordStore, rule: str, game_id: int, step: int, decisions: tuple[str, ...]
) -> Example:
    record = store.game(game_id).record
    state = record.start()
    for action in record.actions[:step]:
        state = apply(state, action).state
    action = record.actions[step]
    names = record.players
    happened = apply(state, action)
    return Example(
        rule,
        game_id,
        step,
        decisions,
        write_position(state),
        format_action(action),
        (describe(action, names), *(describe(event, names) for event in happened.events)),
    )
