"""A pick that belongs to the position it was made on.

A preview, a half-made move or a side picked is made on the position on the table
then.  The game can move on under it (an undo, a bot's move, a score made by
another key of the same burst, a server table's update), and then it must go,
never drawn or made on the new position.  Each screen's input object declares
its picks with :class:`OnPosition` and asks :func:`moved_on` before it draws or
makes one; reading and writing a pick are plain attribute use.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class OnPosition(Generic[T]):
    """An attribute of an object with a ``state`` (a screen, or a turn's input on
    one) that notes ``state`` whenever it is set to something other than ``empty``
    (the value of no pick): the position the pick belongs to."""

    def __init__(self, empty: T) -> None:
        self.empty = empty
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> OnPosition[T]: ...

    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> T: ...

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return obj.__dict__.get(self.name, self.empty)

    def __set__(self, obj: Any, value: T) -> None:
        obj.__dict__[self.name] = value
        obj.__dict__[self.name + "@"] = None if value is self.empty else obj.state

    def moved_on(self, obj: Any) -> bool:
        """Is ``obj``'s pick made, on a position other than its ``state`` now?"""
        on = obj.__dict__.get(self.name + "@")
        return on is not None and on is not obj.state


def moved_on(obj: Any, *names: str) -> bool:
    """Has the game moved on under any of ``obj``'s picks ``names`` (each an
    :class:`OnPosition` of its class)?"""
    return any(getattr(type(obj), name).moved_on(obj) for name in names)
