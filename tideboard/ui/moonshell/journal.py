"""The log as the person at the screen reads it.

The engine's log line names a pulled column in the puller's own numbering
("Player 2 pulls column 4"), but the board on screen is turned to the reader:
from the side of the player across, their column 4 is the reader's column 2;
from a side player's, it is a row.  :func:`entry_for` rewrites that phrase in
the reader's frame (the side drawn at the bottom).  The rest of a line does
not depend on the frame (rocks are labelled L/R on each side, chest columns
are the player's own), and no line names a secret objective.
"""

from __future__ import annotations

from typing import Any

from tideboard.games.moonshell.content import COLUMNS
from tideboard.games.moonshell.state import Pull, State

ORDINAL = ("top", "2nd from the top", "middle", "2nd from the bottom", "bottom")


def screen_cell(cell: int, frame_side: int) -> tuple[int, int]:
    """(row from the top, column from the left) of an absolute ocean cell on a board
    drawn with ``frame_side`` at the bottom (as ``OceanBoard`` draws it)."""
    for c, column in enumerate(COLUMNS[frame_side]):
        if cell in column:
            return 4 - column.index(cell), c
    raise ValueError(f"no ocean cell {cell}")


def pulled_line(state: State, seat: int, column: int, frame_side: int) -> str:
    """The pulled line in the reader's words: 'column 4' from the reader's own side,
    'column 2 (to the top)' from across, 'the top row (to the left)' from a side."""
    side = state.sides[seat]
    if side == frame_side:
        return f"column {column + 1}"
    cells = [screen_cell(cell, frame_side) for cell in COLUMNS[side][column]]
    (near_r, near_c), (far_r, far_c) = cells[0], cells[-1]
    if near_c == far_c:  # a column of the reader's board
        towards = "to the top" if near_r < far_r else "to the bottom"
        return f"column {near_c + 1} ({towards})"
    towards = "to the left" if near_c < far_c else "to the right"
    return f"the {ORDINAL[near_r]} row ({towards})"


def entry_for(line: str, before: State, action: Any, frame_side: int) -> str:
    """The engine's log ``line`` for ``action`` (played from ``before``) as read from
    ``frame_side``."""
    if not isinstance(action, Pull):
        return line
    seat = before.current
    if before.sides[seat] == frame_side:
        return line
    said = f" column {action.column + 1}:"
    head, sep, rest = line.partition("\n")
    if said not in head:  # not the engine's wording: leave it as it is
        return line
    head = head.replace(said, f" {pulled_line(before, seat, action.column, frame_side)}:", 1)
    return head + sep + rest
