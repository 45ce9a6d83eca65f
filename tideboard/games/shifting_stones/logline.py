"""Shifting Stones' log lines (``describe``): one line per action, safe for every seat."""

from __future__ import annotations

from tideboard.engine.core import seat_label
from tideboard.engine.plurals import plural
from tideboard.games.shifting_stones.content import CARD_BY_ID, CELL_NAMES, NAMES, SOLO_STRIKES
from tideboard.games.shifting_stones.state import Action, Flip, Score, Shift, Skip, State


def describe(before: State, action: Action, after: State) -> str:
    who = "You" if before.solo else seat_label(before.current)
    if isinstance(action, Shift):
        return (
            f"{who}: swap {CELL_NAMES[action.a]} {NAMES[before.grid[action.a]]} <> "
            f"{CELL_NAMES[action.b]} {NAMES[before.grid[action.b]]} (discard {action.card})"
        )
    if isinstance(action, Flip):
        return (
            f"{who}: flip {CELL_NAMES[action.cell]} {NAMES[before.grid[action.cell]]} -> "
            f"{NAMES[after.grid[action.cell]]} (discard {action.card})"
        )
    if isinstance(action, Score):
        card = CARD_BY_ID[action.card]
        line = f"{who}: score card {card.id} for {plural(card.points, 'point')}"
        if after.end_triggered and not before.end_triggered:
            line += " - the end is triggered: this round is the last"
        return line
    drawn = len(after.hands[before.current]) - len(before.hands[before.current])
    if isinstance(action, Skip):
        line = f"{who}: skip the turn and draw {drawn}"
    else:
        line = f"{who}: end the turn, draw {drawn}"
    if before.solo and after.strikes > before.strikes:
        line += f" - no card scored: strike {after.strikes} of {SOLO_STRIKES}"
    if after.over:
        line += " - game over"
    return line
