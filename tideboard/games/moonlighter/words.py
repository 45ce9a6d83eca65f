"""Counting words: ``plural(1, "room")`` is "1 room", ``plural(2, "life", "lives")`` "2 lives"."""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one (``many`` defaults to ``one + "s"``)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
