"""The games' immutable values: copying a state with changes, checking an action's fields.

Every game's state and actions are ``attrs`` frozen classes; the rules never change
one, they make a new one.  :func:`evolve` is the one way to do that, for every
game and test: ``evolve(state, current=1)`` is ``attrs.evolve(state, current=1)``
(a new instance made through the class's ``__init__``, so an unknown or misspelt
field name is a ``TypeError``) without attrs.evolve's per-call look-ups.

An action is a plain value: any can be built, ``Flip(card=8, cell=1.5)`` too.
:func:`action_check` gives the test ``ModularGame.apply`` makes before the rules see
an action: one of the game's action classes, each field of its declared type.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_UNCHANGED = object()
_COPIERS: dict[type, Callable[..., Any]] = {}
_POSITIONS: dict[type, dict[str, int] | None] = {}


def evolve(inst: T, /, **changes: Any) -> T:
    """A copy of ``inst`` (an attrs instance) with ``changes``, as ``attrs.evolve`` makes
    it: through ``__init__`` (validators run), a name that is no field a TypeError.

    The states (classes without slots, ``__init__`` attrs' own) are copied the quick
    way: ``__init__`` filled the instance's dict in field order, so the values are
    read from it in one go, the changed ones put at their fields' positions, and the
    whole passed to ``__init__`` again.  Any other class goes through a copier written
    out for it (:func:`_copier`)."""
    cls = inst.__class__
    try:
        positions = _POSITIONS[cls]
    except KeyError:
        positions = _POSITIONS[cls] = _positions(cls)
    if positions is not None:
        values = list(inst.__dict__.values())
        if len(values) == len(positions):  # (else something else lives in the dict)
            for name, value in changes.items():
                try:
                    values[positions[name]] = value
                except KeyError:
                    raise TypeError(
                        f"evolve[{cls.__qualname__}]() got an unexpected keyword argument {name!r}"
                    ) from None
            return cls(*values)
    try:
        copier = _COPIERS[cls]
    except KeyError:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(inst, **changes)


def _positions(cls: type) -> dict[str, int] | None:
    """Field name -> position, for a class whose instances' dicts hold exactly its fields
    in order (no slots, attrs' own ``__init__`` taking every field by position under
    its own name); None for any other class."""
    fields = attrs.fields(cls)
    if (
        "__slots__" in cls.__dict__
        or hasattr(cls, "__attrs_init__")
        or any(not f.init or f.kw_only or f.alias != f.name for f in fields)
    ):
        return None
    return {field.name: position for position, field in enumerate(fields)}


def _copier(cls: type) -> Callable[..., Any]:
    """For ``cls``, a function ``copy(inst, *, field=..., ...)`` that calls ``cls`` with
    each init field given or read from ``inst``.  It is written out per class (as attrs
    writes ``__init__``), so a copy costs one call of ``__init__`` and nothing else; an
    unknown keyword is refused by Python itself."""
    fields = [field for field in attrs.fields(cls) if field.init]
    # ``alias`` is the __init__ argument's name (a field ``_x`` is set as ``x``); the
    # function's own names start with ``_evolve_`` so that no field can hide them
    params = "".join(f", {field.alias}=_evolve_unchanged" for field in fields)
    values = {
        field.alias: f"_evolve_inst.{field.name} if {field.alias} is _evolve_unchanged "
        f"else {field.alias}"
        for field in fields
    }
    args = [values[field.alias] for field in fields if not field.kw_only]
    args += [f"{field.alias}={values[field.alias]}" for field in fields if field.kw_only]
    star = ", *" if fields else ""
    source = (
        f"def copy(_evolve_inst, /{star}{params}):\n    return _evolve_cls({', '.join(args)})\n"
    )
    namespace: dict[str, Any] = {"_evolve_cls": cls, "_evolve_unchanged": _UNCHANGED}
    exec(compile(source, f"<evolve {cls.__qualname__}>", "exec"), namespace)
    copy = namespace["copy"]
    # named for the class in its errors: "evolve[State]() got an unexpected keyword..."
    copy.__qualname__ = f"evolve[{cls.__qualname__}]"
    return copy


# -- actions: the classes and field types a game's apply accepts ----------------------
_WORDS = {
    int: ("a whole number", "whole numbers"),
    bool: ("True or False", "True or False"),
    str: ("text", "texts"),
    type(None): ("None", "None"),
}


def action_check(cls: type, actions: tuple[type, ...]) -> Callable[[Any], str]:
    """For objects of class ``cls``, a function saying what is wrong with one as an
    action of a game whose action classes are ``actions``: "" for none, else e.g.
    "Flip's cell must be a whole number, not 1.5".  A field's type is its
    annotation's, exactly (``True`` is no whole number, a list no tuple)."""
    if cls not in actions:
        return _not_an_action
    hints = typing.get_type_hints(cls)
    tests = [
        (field.name, *_test(hints[field.name], f"a.{field.name}")) for field in attrs.fields(cls)
    ]
    source = (
        f"def well_formed(a):\n"
        f"    return {' and '.join(test for _, test, _ in tests) or 'True'}\n"
        f"each = [{', '.join(f'lambda a: {test}' for _, test, _ in tests)}]\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<action check {cls.__qualname__}>", "exec"), namespace)
    well_formed, each = namespace["well_formed"], namespace["each"]

    def check(action: Any) -> str:
        if well_formed(action):
            return ""
        for (name, _, words), test in zip(tests, each):  # (rare: say which field is wrong)
            if not test(action):
                return (
                    f"{cls.__name__}'s {name} must be {words}, not {_shown(getattr(action, name))}"
                )
        return ""  # (not reached: one of the tests failed)

    return check


def _not_an_action(action: Any) -> str:
    return _shown(action)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _test(kind: Any, expr: str) -> tuple[str, str]:
    """A Python expression true when ``expr`` is of type ``kind``, and the words for
    such a value."""
    if kind in _WORDS:
        test = f"{expr} is None" if kind is type(None) else f"{expr}.__class__ is {kind.__name__}"
        return test, _WORDS[kind][0]
    args = typing.get_args(kind)
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        parts = [_test(arg, expr) for arg in args]
        return "(" + " or ".join(t for t, _ in parts) + ")", " or ".join(w for _, w in parts)
    if (
        typing.get_origin(kind) is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and args[0] in _WORDS
        and "_item" not in expr
    ):
        item, _ = _test(args[0], "_item")
        return (
            f"({expr}.__class__ is tuple and all({item} for _item in {expr}))",
            f"a tuple of {_WORDS[args[0]][1]}",
        )
    raise TypeError(f"an action field of type {kind!r} has no check")
