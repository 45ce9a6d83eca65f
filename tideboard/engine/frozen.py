"""Immutable values written out by hand (the random generator, Moonshell's actions)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError


class Frozen:
    """A small immutable value: slotted, equal only to the same class with the same
    fields (Moonshell's ``Pass() != Decline()``), hashed, pickled and shown as
    ``Pull(column=1, first=None, power='')``.  A subclass names its fields in
    ``__slots__``, sets them in ``__init__`` with ``object.__setattr__`` and returns
    them in ``_values``.  Written out by hand rather than with ``attrs``: defining an
    attrs class costs about 2.3M instructions, and a game whose classes are all
    written so (Moonshell) starts without importing attrs."""

    __slots__ = ()

    def _values(self) -> tuple:
        return ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.__class__, *self._values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}"
                           for name, value in zip(self.__slots__, self._values()))
        return f"{self.__class__.__name__}({fields})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple:
        return self.__class__, self._values()
