"""Every public exception has one home, ``modern_art.data.errors``, and a builtin it resembles."""

from __future__ import annotations

import ast
import importlib
import inspect
import pickle
import pkgutil
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.data import errors

RESEMBLES = {
    "IllegalAction": ValueError,
    "NotationError": ValueError,
    "ReplayError": ValueError,
    "SerializationError": ValueError,
    "ProtocolError": ValueError,
    "EngineError": RuntimeError,
    "TableError": RuntimeError,
    "StoreError": RuntimeError,
    "CommandError": RuntimeError,
    "SiteError": RuntimeError,
    "RecordsError": RuntimeError,
}
"""Each public exception and the builtin it is a kind of."""

BUILTINS = {"Exception", "BaseException", "ValueError", "RuntimeError", "LookupError"}
"""Bases that make a class an exception, besides any ``...Error``."""

HANDED_ON = {
    "modern_art": (
        "IllegalAction",
        "NotationError",
        "ReplayError",
        "SerializationError",
        "EngineError",
    ),
    "modern_art.core.records": ("ReplayError",),
    "modern_art.wire.documents": ("SerializationError",),
    "modern_art.agents.engine.protocol": ("ProtocolError", "ErrorKind"),
    "modern_art.agents.engine.process": ("EngineError",),
    "modern_art.agents.engine.agent": ("EngineError",),
    "modern_art.web.seats": ("TableError",),
    "modern_art.web.store": ("StoreError",),
    "modern_art.cli.commands": ("CommandError",),
    "modern_art.site.wheels": ("SiteError",),
}
"""The modules that name an exception of the home, as before it moved there."""


def test_the_home_holds_every_public_exception_and_each_subclasses_its_builtin() -> None:
    homed = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value) and issubclass(value, BaseException)
    }
    assert homed == set(RESEMBLES)
    assert set(errors.__all__) == homed | {"ErrorKind"}
    for name, builtin in RESEMBLES.items():
        cls = getattr(errors, name)
        assert issubclass(cls, builtin), name
        assert cls.__bases__ == (builtin,), f"{name} subclasses {builtin.__name__} directly"
        assert cls.__module__ == "modern_art.data.errors"


@pytest.mark.parametrize("module", sorted(HANDED_ON))
def test_the_old_paths_hand_on_the_same_classes(module: str) -> None:
    if module.startswith("modern_art.web"):
        pytest.importorskip("starlette", reason="install the web extra: pip install -e '.[web]'")
    loaded = importlib.import_module(module)
    for name in HANDED_ON[module]:
        assert getattr(loaded, name) is getattr(errors, name), f"{module}.{name}"


def test_no_other_module_defines_a_public_exception() -> None:
    """Outside the home, an exception class is private (``_Name``) or the kit's assertion."""
    allowed = {
        # the kit's AssertionError, whose message is the kit's replay script
        "modern_art.testing.violation.InvariantViolation",
        "modern_art.cli.seat.Quit",  # control flow of a terminal game, never leaves cli.seat
        "modern_art.cli.seat.Undo",
        # control flow of the web table: a journal that may not wait hands its work to the
        # tables' thread (web.thread), and the exception never leaves the web layer
        "modern_art.web.tables.JournalBusyError",
        # and of a shared store: another process moved the table first, the work is done again
        "modern_art.web.tables.StaleTableError",
        "modern_art.wire.parsing.TextError",  # the wire's own, told as a SerializationError
        "modern_art.wire.strict.WireError",
        "modern_art.wire.strict.PositionError",
    }
    root = Path(ma.__file__).parent
    found = set()
    for info in pkgutil.walk_packages([str(root)], "modern_art."):
        path = root.joinpath(*info.name.split(".")[1:])
        source = path / "__init__.py" if info.ispkg else path.with_suffix(".py")
        if not source.exists() or info.name == "modern_art.data.errors":
            continue
        for node in ast.parse(source.read_text()).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                bases = {ast.unparse(base) for base in node.bases}
                if bases & {
                    "Exception",
                    "ValueError",
                    "RuntimeError",
                    "LookupError",
                    "AssertionError",
                } or any(b.endswith("Error") for b in bases):
                    found.add(f"{info.name}.{node.name}")
    assert found <= allowed, found - allowed


def test_exceptions_survive_pickling_with_their_fields() -> None:
    """Worker processes send them back whole."""
    samples = [
        errors.IllegalAction("R4.2", "no", ma.Pass(0)),
        errors.ReplayError("bad", 3),
        errors.SerializationError("bad", ["$.a: missing"]),
        errors.ProtocolError("not json", "illegal"),
        errors.EngineError("timed_out", "slow", command="bot", step=4, stderr="tail"),
    ]
    for err in samples:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)
        assert vars(back) == vars(err)
