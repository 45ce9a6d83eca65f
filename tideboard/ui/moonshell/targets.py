"""Where a mermaid power (or an event's answer) acts, to highlight on the table while the
``w`` window's cursor is on it: ocean cells, rock spaces, a board corner, a chest column
(with the tile that would land there) and chest cells.  Pure functions of the state."""

from __future__ import annotations

from typing import Any, NamedTuple

from tideboard.games.moonshell.content import BUOY, CHEST_COLUMNS, COLUMNS, MOONSHELL
from tideboard.games.moonshell.meeples import pull_cells
from tideboard.games.moonshell.state import (
    BUOY_COLUMN,
    MOON,
    SAVE,
    Collect,
    Power,
    Pull,
    State,
    SwapTake,
)


class Targets(NamedTuple):  # (a named tuple: cheaper to define than an attrs class)
    cells: frozenset[int] = frozenset()  # absolute ocean cells
    rocks: frozenset[int] = frozenset()  # absolute rock spaces
    corner: int | None = None  # board corner, 0-3 from your left (as Power.a)
    column: int | None = None  # your chest column something lands in
    landing: int | None = None  # the tile (or the Buoy mermeeple) landing there
    chest_cells: frozenset[int] = frozenset()  # your chest cells, row * 4 + column

    def __bool__(self) -> bool:
        return bool(
            self.cells
            or self.rocks
            or self.chest_cells
            or self.corner is not None
            or self.column is not None
        )


NONE = Targets()


def power_targets(state: State, seat: int, action: Any) -> Targets:
    """What ``action`` (a move of the ``w`` window) touches, for ``seat`` to see."""
    side = state.sides[seat]
    mine = (side * 2, side * 2 + 1)
    if isinstance(action, Pull) and action.power:
        onto = (side + 2) % 4 if action.power == "slide" else side
        return Targets(
            cells=frozenset(pull_cells(state, seat, action)),
            rocks=frozenset((onto * 2, onto * 2 + 1)),
        )
    if isinstance(action, SwapTake):
        tile = state.rocks[action.rock]
        return Targets(
            rocks=frozenset((action.rock, mine[action.mine])), column=action.column, landing=tile
        )
    if isinstance(action, Collect):
        return _collect_targets(state, seat, action, mine)
    if isinstance(action, Power):
        return _active_targets(state, seat, action, side, mine)
    return NONE


def _collect_targets(state: State, seat: int, action: Collect, mine) -> Targets:
    rock = frozenset() if action.source == MOON else frozenset((mine[action.source],))
    tile = MOONSHELL if action.source == MOON else state.rocks[mine[action.source]]
    if action.column == SAVE:
        return Targets(rocks=rock)
    if action.column == BUOY_COLUMN:
        column = state.meeples[seat][1]
        row = state.chests[seat][column].index(BUOY)
        return Targets(rocks=rock, chest_cells=frozenset((row * 4 + column,)))
    if action.column < CHEST_COLUMNS:
        return Targets(rocks=rock, column=action.column, landing=tile)
    return Targets(rocks=rock)


def _active_targets(state: State, seat: int, action: Power, side: int, mine) -> Targets:
    mermaid, a, b, c = action.mermaid, action.a, action.b, action.c
    if mermaid == "tide-pool":
        return Targets(cells=frozenset((COLUMNS[side][a][b],)))
    if mermaid == "inlet":
        return Targets(rocks=frozenset((mine[a],)))
    if mermaid == "rising-moon":
        return Targets(corner=a)
    if mermaid == "buoy":
        return Targets(column=a, landing=BUOY)
    if mermaid == "slide":
        tile = state.chests[seat][a][b]
        return Targets(chest_cells=frozenset((b * 4 + a,)), column=c, landing=tile)
    return Targets(chest_cells=frozenset((a, b)))  # swap: the two chest cells
