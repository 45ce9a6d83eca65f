"""The log as the person at the screen reads it.

The engine's log line names a pulled column in the puller's own numbering
("Player 2 pulls column 4"), but the board on screen is turned to the reader:
from the side of the player across, their column 4 is the reader's column 2;
from a side player's, it is a row.  :func:`entry_for` rewrites that phrase in
the reader's frame (the side drawn at the bottom), and so the places a mermaid
power names on the ocean: Tide Pool's two columns and its tile ("column 3, 2nd
row from the bottom"), Inlet's and Slide's pulled column, Rising Moon's corner.
The rest of a line does not depend on the frame (rocks are labelled L/R on
each side, chest columns are the player's own), and no line names a secret
objective.
"""

from __future__ import annotations

from typing import Any

from tideboard.games.moonshell.content import COLUMNS
from tideboard.games.moonshell.logline import cell_words, corner_words
from tideboard.games.moonshell.state import Power, Pull, State

ORDINAL = ("top", "2nd from the top", "middle", "2nd from the bottom", "bottom")


def screen_cell(cell: int, frame_side: int) -> tuple[int, int]:
    """(row from the top, column from the left) of an absolute ocean cell on a board
    drawn with ``frame_side`` at the bottom (as ``OceanBoard`` draws it)."""
    for c, column in enumerate(COLUMNS[frame_side]):
        if cell in column:
            return 4 - column.index(cell), c
    raise ValueError(f"no ocean cell {cell}")


def pulled_line(state: State, seat: int, column: int, frame_side: int, away: bool = False) -> str:
    """The pulled line in the reader's words: 'column 4' from the reader's own side,
    'column 2 (to the top)' from across, 'the top row (to the left)' from a side
    (``away``: Slide's pull, whose tiles go away from the puller)."""
    return pulled_lines(state, seat, [column], frame_side, away)


def pulled_lines(
    state: State, seat: int, columns: list[int], frame_side: int, away: bool = False
) -> str:
    """One or two neighbouring pulled columns (Tide Pool's) in the reader's words:
    'columns 4 and 5', 'columns 2 and 1 (to the top)', 'the top and 2nd from the top rows
    (to the left)'."""
    side = state.sides[seat]
    if side == frame_side:
        names = " and ".join(str(c + 1) for c in columns)
        return f"column{'s' if len(columns) > 1 else ''} {names}"
    ends = [[screen_cell(cell, frame_side) for cell in COLUMNS[side][c]] for c in columns]
    (near_r, near_c), (far_r, far_c) = ends[0][0], ends[0][-1]
    if away:
        (near_r, near_c), (far_r, far_c) = (far_r, far_c), (near_r, near_c)
    if near_c == far_c:  # columns of the reader's board
        towards = "to the top" if near_r < far_r else "to the bottom"
        names = " and ".join(str(cells[0][1] + 1) for cells in ends)
        return f"column{'s' if len(ends) > 1 else ''} {names} ({towards})"
    towards = "to the left" if near_c < far_c else "to the right"
    names = " and ".join(ORDINAL[cells[0][0]] for cells in ends)
    return f"the {names} row{'s' if len(ends) > 1 else ''} ({towards})"


def _reframed(before: State, seat: int, action: Any, frame: int) -> list[tuple[str, str]]:
    """(the engine's words, the reader's words) for the places an action names."""
    side = before.sides[seat]
    if isinstance(action, Pull):
        c = action.column
        if action.power == "tide-pool":
            return [
                (
                    f" columns {c + 1} and {c + 2} (Tide Pool):",
                    f" {pulled_lines(before, seat, [c, c + 1], frame)} (Tide Pool):",
                )
            ]
        if action.power == "slide":
            return [
                (
                    f" column {c + 1} away (Slide):",
                    f" {pulled_line(before, seat, c, frame, away=True)} (Slide):",
                )
            ]
        tail = " (Inlet):" if action.power == "inlet" else ":"
        return [(f" column {c + 1}{tail}", f" {pulled_line(before, seat, c, frame)}{tail}")]
    if isinstance(action, Power) and action.mermaid == "tide-pool":
        cell = COLUMNS[side][action.a][action.b]
        return [(cell_words(4 - action.b, action.a), cell_words(*screen_cell(cell, frame)))]
    if isinstance(action, Power) and action.mermaid == "rising-moon":
        return [(corner_words(action.a), corner_words((side + action.a - frame) % 4))]
    return []


def entry_for(line: str, before: State, action: Any, frame_side: int) -> str:
    """The engine's log ``line`` for ``action`` (played from ``before``) as read from
    ``frame_side``."""
    seat = before.current
    if before.sides[seat] == frame_side or not isinstance(action, (Pull, Power)):
        return line
    head, sep, rest = line.partition("\n")
    for said, meant in _reframed(before, seat, action, frame_side):
        if said in head:  # (not the engine's wording: left as it is)
            head = head.replace(said, meant, 1)
    return head + sep + rest
