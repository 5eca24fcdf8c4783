"""The compiled build's ``__init__`` of each hot value, checked in the pure build too.

The sources declare each hot value's fields once (``init=PURE``); the build
hook (``hatch_build.py``) compiles a copy in which each has the ``__init__``
that ``modern_art._speed.native_source`` writes. These tests run that
``__init__`` here against the class's attrs fields, so that a wrong store
shows in every run of the suite, not only in the compiled CI job.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import subprocess
import types
import typing
from pathlib import Path

import attrs
import pytest

from modern_art._speed import COMPILED, native_init, native_source

ROOT = Path(__file__).resolve().parents[2]

if COMPILED or not (ROOT / "hatch_build.py").exists():
    # The compiled build's values cannot be made empty and filled (object.__new__).
    pytest.skip("checks the sources in a checkout, by the pure build", allow_module_level=True)


def _compiled_modules() -> list[str]:
    """The modules mypyc compiles, as ``hatch_build.COMPILED_MODULES`` names them."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES"
            for target in node.targets
        ):
            return [
                f"modern_art.{name.replace('/', '.')}" for name in ast.literal_eval(node.value)
            ]
    raise AssertionError("hatch_build.py names no COMPILED_MODULES")


def _source(module: types.ModuleType) -> str:
    """The module's ``.py`` file (which the compiled build ships beside the extension)."""
    name = module.__name__.rpartition(".")[2]
    path = Path(str(module.__file__)).parent / f"{name}.py"
    return path.read_text(encoding="utf-8")


def _inits(source: str) -> dict[str, str]:
    """Each class of ``source`` that has an ``__init__``, and that ``__init__``'s source."""
    inits = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
                    inits[node.name] = ast.get_source_segment(source, stmt) or ""
    return inits


def _native_inits(module: types.ModuleType) -> dict[str, str]:
    """Each hot value's name and the ``__init__`` source that the compiled build gives it."""
    source = _source(module)
    return {
        name: init
        for name, init in _inits(native_source(source)).items()
        if name not in _inits(source)
    }


MODULES = [importlib.import_module(name) for name in _compiled_modules()]
HOT = [(module, name, init) for module in MODULES for name, init in _native_inits(module).items()]


def test_the_hot_values_are_the_slotted_attrs_classes_of_the_compiled_modules() -> None:
    """Each ``attr.s(slots=PURE)`` class of a compiled module gets its native ``__init__``."""
    slotted = {
        (module.__name__, node.name)
        for module in MODULES
        for node in ast.parse(_source(module)).body
        if isinstance(node, ast.ClassDef)
        and any("slots=PURE" in ast.unparse(decorator) for decorator in node.decorator_list)
    }
    assert {(module.__name__, name) for module, name, _ in HOT} == slotted
    # A card, 20 events, 7 phases, a player, a state, a step, and a view with its seats
    # and its hidden auction.
    assert len(slotted) == 34


def test_no_module_outside_the_compiled_ones_declares_a_hot_value() -> None:
    """A hot value in a module mypyc does not compile would have no ``__init__`` there."""
    package = ROOT / "modern_art"
    compiled = {f"{name.replace('.', '/')}.py" for name in _compiled_modules()}
    for path in sorted(package.rglob("*.py")):
        if path.relative_to(ROOT).as_posix() not in compiled:
            source = path.read_text(encoding="utf-8")
            assert native_source(source) == source, path


@pytest.mark.parametrize(
    ("module", "name", "init"), HOT, ids=[f"{m.__name__}.{n}" for m, n, _ in HOT]
)
def test_the_native_init_stores_each_field_of_the_attrs_class(
    module: types.ModuleType, name: str, init: str
) -> None:
    """Run here, the native ``__init__`` takes the attrs fields in order and stores each."""
    cls = getattr(module, name)
    fields = attrs.fields(cls)
    namespace = dict(vars(module))
    # Annotations stay strings, as in the module (which imports some names only for them).
    exec(f"from __future__ import annotations\n{init}", namespace)
    function = namespace["__init__"]
    assert list(inspect.signature(function).parameters)[1:] == [f.name for f in fields]
    hints = typing.get_type_hints(function, vars(module))
    declared = typing.get_type_hints(cls, vars(module))
    assert hints == {**{f.name: declared[f.name] for f in fields}, "return": type(None)}
    arguments = [object() for _ in fields]
    value = object.__new__(cls)
    function(value, *arguments)
    assert all(a is b for a, b in zip(attrs.astuple(value, recurse=False), arguments, strict=True))
    assert value == cls(*arguments)


@pytest.mark.parametrize("module", MODULES, ids=[m.__name__ for m in MODULES])
def test_the_compiled_copy_keeps_every_line_where_it_was(module: types.ModuleType) -> None:
    """Only ``init=PURE`` and blank lines after fields change: tracebacks name the right lines."""
    source = _source(module).splitlines()
    native = native_source(_source(module)).splitlines()
    assert len(native) == len(source)
    for before, after in zip(source, native, strict=True):
        assert (
            after == before
            or after == before.replace("init=PURE)", "init=False)")
            or (before == "" and after.lstrip().startswith("def __init__(self"))
        ), (before, after)


def test_native_init_refuses_what_it_cannot_write() -> None:
    """A default, a ``ClassVar`` or an ``__init__`` of its own: the build stops with its name."""
    for body in ("x: int = 0", "x: ClassVar[int]", "def __init__(self) -> None: pass"):
        node = ast.parse(f"@attr.s(init=PURE)\nclass Odd:\n    {body}\n").body[0]
        assert isinstance(node, ast.ClassDef)
        with pytest.raises(TypeError, match="Odd"):
            native_init(node)


_PROBE = """
import importlib, json, sys, types
import modern_art
assert modern_art.COMPILED, modern_art.__file__
python = []
for module, names in json.loads(sys.argv[1]).items():
    for name in names:
        init = vars(getattr(importlib.import_module(module), name))["__init__"]
        if isinstance(init, types.FunctionType):
            python.append(f"{module}.{name}")
print(json.dumps(python))
"""


def test_the_compiled_build_gives_each_hot_value_a_native_init() -> None:
    """In the compiled build no hot value's ``__init__`` is a Python function."""
    python = os.environ.get("MODERN_ART_COMPILED_PYTHON")
    if not python:
        pytest.skip("no compiled build: see tests/project/test_compiled.py")
    hot: dict[str, list[str]] = {}
    for module, name, _ in HOT:
        hot.setdefault(module.__name__, []).append(name)
    # Outside this checkout and without its PYTHONPATH, so that it imports its own build.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    run = [python, "-c", _PROBE, json.dumps(hot)]
    result = subprocess.run(run, cwd=ROOT.parent, env=env, capture_output=True, check=True)
    assert json.loads(result.stdout) == []
