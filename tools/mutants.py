"""Planting one small bug in a module's source: the mutation sites and the mutants.

:func:`sites` lists every place of a parsed module that can be mutated,
numbered in a fixed walk order; :func:`mutate` gives the source with one of
them changed. ``tools/mutation.py`` samples the sites and runs the tests
against each mutant. Strings, f-strings, docstrings, ``__repr__`` and
``__str__`` are never entered: they say things, they decide nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}
_SKIPPED_FUNCTIONS = frozenset({"__repr__", "__str__"})
_REMOVABLE_CALLS = frozenset({"refuse", "append", "extend"})


@dataclass(frozen=True)
class Site:
    """One place a module can be mutated: its node's index in walk order, and how."""

    index: int
    kind: str
    line: int
    function: str

    def key(self, module: str, source_line: str) -> str:
        """A key stable across edits elsewhere: module, function, kind and the line's text."""
        return f"{module} | {self.function} | {self.kind} | {source_line.strip()}"


def _mutations(node: ast.AST) -> list[str]:
    """The kinds of mutation that apply to ``node`` itself."""
    kinds: list[str] = []
    if isinstance(node, ast.Compare):
        kinds += [f"compare {i}" for i, op in enumerate(node.ops) if type(op) in _COMPARE_SWAPS]
    elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _BINOP_SWAPS:
        kinds.append("operator")
    elif isinstance(node, ast.BoolOp):
        kinds.append("and/or")
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        kinds.append("drop not")
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        kinds.append("flip bool")
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        kinds.append("int + 1")
    elif isinstance(node, ast.Raise) and not _raises_assertion(node):
        kinds.append("drop raise")
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        func = node.value.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in _REMOVABLE_CALLS:
            kinds.append(f"drop {name}")
    return kinds


def _raises_assertion(node: ast.Raise) -> bool:
    """``raise AssertionError(...)`` marks code the program never reaches: not a rule."""
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return isinstance(exc, ast.Name) and exc.id == "AssertionError"


def _walk(tree: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """Every node that may be mutated, with its function's name, in a fixed order.

    Docstrings, other strings, f-strings and the reprs are not entered.
    """

    def visit(node: ast.AST, function: str) -> Iterator[tuple[ast.AST, str]]:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name in _SKIPPED_FUNCTIONS:
                return
            function = node.name
        if isinstance(node, ast.JoinedStr):
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return  # a docstring
        yield node, function
        for child in ast.iter_child_nodes(node):
            yield from visit(child, function)

    yield from visit(tree, "<module>")


def sites(tree: ast.Module) -> list[Site]:
    """Every mutation site of a parsed module, numbered in walk order."""
    found: list[Site] = []
    for index, (node, function) in enumerate(_walk(tree)):
        for kind in _mutations(node):
            found.append(Site(index, kind, getattr(node, "lineno", 0), function))
    return found


def _apply(node: ast.AST, kind: str) -> ast.AST | None:
    """Mutate ``node`` in place (or return its replacement) for ``kind``."""
    if kind.startswith("compare"):
        assert isinstance(node, ast.Compare)
        i = int(kind.split()[1])
        node.ops[i] = _COMPARE_SWAPS[type(node.ops[i])]()
    elif kind == "operator":
        assert isinstance(node, ast.BinOp | ast.AugAssign)
        node.op = _BINOP_SWAPS[type(node.op)]()
    elif kind == "and/or":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "drop not":
        assert isinstance(node, ast.UnaryOp)
        return node.operand
    elif kind == "flip bool":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
    elif kind == "int + 1":
        assert isinstance(node, ast.Constant)
        node.value = node.value + 1
    else:  # a statement dropped
        return ast.Pass()
    return None


def mutate(source: str, site: Site) -> str:
    """The module's source with ``site`` mutated (unparsed: comments are gone)."""
    tree = ast.parse(source)
    for index, (node, _) in enumerate(_walk(tree)):
        if index == site.index:
            replacement = _apply(node, site.kind)
            if replacement is not None:
                _swap(tree, node, replacement)
            break
    return ast.unparse(ast.fix_missing_locations(tree))


def _swap(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    """Put ``new`` where ``old`` is in ``tree``."""
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list) and any(item is old for item in value):
                setattr(parent, name, [new if item is old else item for item in value])
                return
    raise AssertionError("node not found")
