"""Copying the games' immutable values with some fields changed.

Every game's state and actions are ``attrs`` frozen classes; the rules never change
one, they make a new one.  :func:`evolve` is the one way to do that, for every
game and test: ``evolve(state, current=1)`` is ``attrs.evolve(state, current=1)``
(a new instance made through the class's ``__init__``, so an unknown or misspelt
field name is a ``TypeError``) without attrs.evolve's per-call look-ups.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import attrs

T = TypeVar("T")

_UNCHANGED = object()
_COPIERS: dict[type, Callable[..., Any]] = {}


def evolve(inst: T, /, **changes: Any) -> T:
    """A copy of ``inst`` (an attrs instance) with ``changes``, as ``attrs.evolve`` makes
    it: through ``__init__`` (validators run), a name that is no field a TypeError."""
    try:
        copier = _COPIERS[inst.__class__]
    except KeyError:
        copier = _COPIERS[inst.__class__] = _copier(inst.__class__)
    return copier(inst, **changes)


def _copier(cls: type) -> Callable[..., Any]:
    """For ``cls``, a function ``copy(inst, *, field=..., ...)`` that calls ``cls`` with
    each init field given or read from ``inst``.  It is written out per class (as attrs
    writes ``__init__``), so a copy costs one call of ``__init__`` and nothing else; an
    unknown keyword is refused by Python itself."""
    fields = [field for field in attrs.fields(cls) if field.init]
    # ``alias`` is the __init__ argument's name (a field ``_x`` is set as ``x``); the
    # function's own names start with ``_evolve_`` so that no field can hide them
    params = "".join(f", {field.alias}=_evolve_unchanged" for field in fields)
    values = {field.alias: f"_evolve_inst.{field.name} if {field.alias} is _evolve_unchanged "
                           f"else {field.alias}" for field in fields}
    args = [values[field.alias] for field in fields if not field.kw_only]
    args += [f"{field.alias}={values[field.alias]}" for field in fields if field.kw_only]
    star = ", *" if fields else ""
    source = (f"def copy(_evolve_inst, /{star}{params}):\n"
              f"    return _evolve_cls({', '.join(args)})\n")
    namespace = {"_evolve_cls": cls, "_evolve_unchanged": _UNCHANGED}
    exec(compile(source, f"<evolve {cls.__qualname__}>", "exec"), namespace)
    copy = namespace["copy"]
    # named for the class in its errors: "evolve[State]() got an unexpected keyword..."
    copy.__qualname__ = f"evolve[{cls.__qualname__}]"
    return copy
