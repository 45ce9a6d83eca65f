"""Moonlighter: questions about a state (tiles on the board and in the box,
open sides, what a tile die face brings).  Pure reads; the reducer is in
``rules``, which re-exports these for its callers."""

from __future__ import annotations

from tideboard.games.moonlighter.content import (
    BLACK,
    BLUE,
    BLUE_CAP,
    ORANGE,
    RED,
    STEP,
    SUPPLY,
    WHITE,
    YELLOW,
    YELLOW_CAP,
    YELLOW_CAP_PAWN,
    greens_for_boss,
)
from tideboard.games.moonlighter.state import FIGHT, State


def count_tiles(state: State, tile: str) -> int:
    """Tiles of this kind on the board (cleared rooms count as their tile)."""
    return sum(1 for room in state.rooms if room.tile == tile)


def green_rooms(state: State) -> int:
    return sum(1 for room in state.rooms if room.cleared)


def supply_left(state: State, tile: str) -> int:
    """Tiles of this kind still in the box.  Beaten bosses' red tiles are trophies.

    After the last boss falls the map stays on the table with that boss's red
    tile on it; the tile is one of the trophies ``cleared`` counts already.
    """
    used = count_tiles(state, tile)
    if tile == RED:
        used = state.cleared if state.won else used + state.cleared
    return SUPPLY[tile] - used


def yellow_cap(state: State) -> int:
    return YELLOW_CAP_PAWN if state.pawn == "yellow" else YELLOW_CAP


def boss_ready(state: State) -> bool:
    """Enough green rooms for a 0 on the tile die to call the boss room."""
    return green_rooms(state) >= greens_for_boss(state.dungeon)


def neighbour(pos: tuple[int, int], direction: str) -> tuple[int, int]:
    dx, dy = STEP[direction]
    return (pos[0] + dx, pos[1] + dy)


def open_sides(state: State, pos: tuple[int, int] | None = None) -> list[str]:
    """Sides of a room (the player's by default) with no room next to them."""
    x, y = state.pos if pos is None else pos
    cells = state.cells
    return [d for d, (dx, dy) in STEP.items() if (x + dx, y + dy) not in cells]


def can_flee(state: State) -> bool:
    if state.pending != FIGHT or not state.enemies:
        return False
    tile = state.room.tile
    return tile == ORANGE or (tile == BLACK and state.pawn == "black")


def tile_for_face(state: State, face: int) -> tuple[str | None, str]:
    """The tile a tile-die face calls for right now, and why.

    Returns (None, reason) when the box holds neither that tile nor a white one.
    """
    if face == 0 and boss_ready(state):
        tile, why = RED, f"the boss room ({greens_for_boss(state.dungeon)} green rooms reached)"
    elif face <= 2:
        tile, why = WHITE, "an empty white room"
    elif face == 3 and state.pawn == "purple":
        if count_tiles(state, YELLOW) < yellow_cap(state):
            tile, why = YELLOW, "a chest room (purple pawn)"
        else:
            tile, why = WHITE, "a white room (purple pawn, chest rooms full)"
    elif face <= 5:
        tile, why = ORANGE, "an orange room with two enemies"
    elif face == 6:
        tile, why = BLACK, "a black room"
    elif face in (7, 8):
        if count_tiles(state, BLUE) < BLUE_CAP:
            tile, why = BLUE, "a healing pool"
        elif face == 7:
            tile, why = BLACK, "a black room (the healing pool is already out)"
        else:
            tile, why = WHITE, "a white room (the healing pool is already out)"
    else:
        if count_tiles(state, YELLOW) < yellow_cap(state):
            tile, why = YELLOW, "a chest room"
        else:
            tile, why = WHITE, f"a white room ({yellow_cap(state)} chest rooms are out)"
    if supply_left(state, tile) <= 0:
        if tile != WHITE and supply_left(state, WHITE) > 0:
            return WHITE, f"a white room (no {tile} tile left in the box)"
        if tile == WHITE:
            return None, "nothing: no white tile left in the box"
        return None, f"nothing: no {tile} tile and no white tile left in the box"
    return tile, why
