"""Wording shared by the Shifting Stones rules and screen."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless there is exactly one:
    "1 point", "0 points", "2 strikes"."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"
