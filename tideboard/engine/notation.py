"""Helpers shared by every game's notation.

:func:`parse_number` is the one way a game reads a number in a move: ASCII
digits only (``str.isdigit`` also accepts characters such as ``'²'`` that
``int`` refuses), at most :data:`MAX_DIGITS` of them (``int`` refuses strings
of thousands of digits, and no move needs more), within ``low..high``.  Any
other text gives a :class:`NotationError` saying what is expected.
"""

from __future__ import annotations

from tideboard.engine.core import NotationError

MAX_DIGITS = 9


def is_number(word: str) -> bool:
    """Is ``word`` a plain ASCII number :func:`parse_number` can read?"""
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def parse_number(word: str, low: int, high: int, what: str) -> int:
    """``word`` as an int in ``low..high``, else a NotationError naming ``what``."""
    if is_number(word):
        value = int(word)
        if low <= value <= high:
            return value
    raise NotationError(f"{quote(word)} is not a {what} number; {what}s are {low}-{high}")


def quote(word: str, limit: int = 24) -> str:
    """``repr(word)`` cut short, for error messages about what a player typed."""
    return repr(word if len(word) <= limit else word[:limit] + "...")
