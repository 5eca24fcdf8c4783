"""The phases of a turn, one room each: a phase's rule, its ``apply`` handler, its legal
actions, its uniform draw for playouts and who acts, read top to bottom in one module.

Each room exports its :class:`~modern_art.core.phase_row.PhaseRow` as ``ROW``;
:mod:`modern_art.core.phase_table` gathers them. Its ``RULE`` is the row's
rule, the one a refusal cites for an action of the wrong kind or out of turn
(``PhaseRow.rule``). A room imports only the data
layer and the core's helpers beneath it (``refusals``, ``round_flow``,
``hands``, ``legal_sequence``, ``draws``, ``scoring``, ``phase_row``): never
another room, the phase table or what sits above it (an import-linter
contract in ``pyproject.toml``).
"""
