"""Where the mermeeples stand as the board moves: they turn with the board, a Tide
Pool mermeeple rides its tile down a pulled column, and one on a tile keeps others
from pulling it.  The moves (``moves.py``) and the powers (``powers.py``) use them."""

from __future__ import annotations

import functools

from tideboard.games.moonshell.content import CCW_SOURCE, COLUMNS, CW_SOURCE, EMPTY
from tideboard.games.moonshell.queries import came_home, meeple_on
from tideboard.games.moonshell.state import AT_HOME, CORNER, ROCK, TILE, Pull, State

# where a cell / rock / corner goes when the board turns
_CW_CELL = tuple(CW_SOURCE.index(i) for i in range(25))
_CCW_CELL = tuple(CCW_SOURCE.index(i) for i in range(25))


@functools.lru_cache(maxsize=4096)  # every rotation asks; few placings recur
def rotate_meeples(meeples, clockwise: bool):
    cells = _CW_CELL if clockwise else _CCW_CELL
    turn = 1 if clockwise else -1
    out = []
    for kind, place in meeples:
        if kind == TILE:
            place = cells[place]
        elif kind == ROCK:
            place = ((place // 2 + turn) % 4) * 2 + place % 2
        elif kind == CORNER:
            place = (place + turn) % 4
        out.append((kind, place))
    return tuple(out)


def follow_tiles(state: State, taken: list[int], moved: dict[int, int]) -> dict:
    """Tide Pool mermeeples ride their tiles down a pulled column; one whose tile
    left the water (only its owner may take it) goes home, and its power rests until
    the owner's following turn.  The changes for the new state (``meeples``, and
    ``meeple_back`` when one came home)."""
    if not meeple_on(state.meeples, TILE):  # (the usual case: no mermeeple rides a tile)
        return {"meeples": state.meeples}
    out = []
    changes: dict = {}
    for seat, (kind, place) in enumerate(state.meeples):
        if kind == TILE:
            if place in taken:
                kind, place = AT_HOME
                changes["meeple_back"] = came_home(state, seat)
            else:
                place = moved.get(place, place)
        out.append((kind, place))
    changes["meeples"] = tuple(out)
    return changes


def cells_taken(state: State, cells, take: int) -> list[int]:
    """The cells of a column (``cells``, nearest the rocks first) whose tiles a pull
    of ``take`` tiles takes."""
    if EMPTY not in state.ocean:  # (the usual case: every space holds a tile)
        return list(cells[:take])
    return [i for i in cells if state.ocean[i] != EMPTY][:take]


def pull_cells(state: State, seat: int, action: Pull) -> list[int]:
    """The ocean cells whose tiles ``action`` would put on rocks."""
    side = state.sides[seat]
    base = side * 2
    if action.power == "tide-pool":
        return [
            c
            for j in (action.column, action.column + 1)
            if 0 <= j < 5
            for c in cells_taken(state, COLUMNS[side][j], 1)
        ]
    if action.power == "slide":
        return cells_taken(state, COLUMNS[(side + 2) % 4][4 - action.column], 2)
    one = state.rocks[base] != EMPTY or state.rocks[base + 1] != EMPTY
    return cells_taken(state, COLUMNS[side][action.column], 1 if one else 2)


def pull_blocker(state: State, seat: int, action: Pull) -> int | None:
    """The seat whose Tide Pool mermeeple is on a tile ``action`` would take."""
    if not meeple_on(state.meeples, TILE):  # (the usual case: no Tide Pool mermeeple out)
        return None
    held = {
        place: other
        for other, (kind, place) in enumerate(state.meeples)
        if kind == TILE and other != seat
    }
    if not held or not 0 <= action.column < 5:
        return None
    for cell in pull_cells(state, seat, action):
        if cell in held:
            return held[cell]
    return None
