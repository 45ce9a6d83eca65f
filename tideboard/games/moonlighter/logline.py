"""Moonlighter's log lines (``describe``): the move and what its dice did."""

from __future__ import annotations

from tideboard.games.moonlighter.notation import format_action
from tideboard.games.moonlighter.state import Action, State


def describe(before: State, action: Action, after: State) -> str:
    """The log line: the move, then the dice rolled and what they meant."""
    return f"{format_action(action)}: {' '.join(after.events)}"
