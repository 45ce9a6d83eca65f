"""Counted words for players ("1 point", "3 strikes", "2 dice"), for every game and the app."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, plural unless the count is one: "1 point",
    "0 points", "3 strikes"; ``many`` for irregular words ("1 die", "2 dice")."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
