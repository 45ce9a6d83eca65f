"""The mermaid powers' legal moves: every action a power allows a seat now
(``powers.power_actions``, used by ``rules.legal_actions``)."""

from __future__ import annotations

import itertools

from tideboard.games.moonshell.content import (BUOY, CENTRE, CHEST_COLUMNS, CHEST_ROWS,
                                               CHEST_SIZE, COLUMNS, EMPTY, MASK, MOONSHELL,
                                               REEF_PAIR)
from tideboard.games.moonshell.powers import one_rock_pulls, pull_blocker, pull_cells
from tideboard.games.moonshell.reef import BECALMED, MOON_SHADOW, STILL_WATER
from tideboard.games.moonshell.rules import REEF, _held, blocked_rock, place_tile, stack_target
from tideboard.games.moonshell.state import (AT_HOME, BUOY_COLUMN, BUOY_SPACE, ROCK, ROTATE_TWICE,
                                             SAVE, TILE, Collect, Power, Pull, State, SwapTake)


# -- legal power actions -------------------------------------------------------------
def power_actions(state: State, seat: int) -> list:
    """Every action a mermaid power allows ``seat`` now."""
    saved, mermaids = state.saved, state.mermaids
    out = (_saved_collects(state, seat, saved[seat])
           if seat < len(saved) and saved[seat] != EMPTY else [])
    if seat >= len(mermaids) or not mermaids[seat]:
        return out
    where = state.meeples[seat]
    if where[0] == BUOY_SPACE:
        out.extend(_buoy_collects(state, seat))
    if where != AT_HOME or state.event == MOON_SHADOW:  # (powers.can_use for the seat's own)
        return out
    moves = (_passive_actions if state.powers == "passive" else active_powers)(
        state, seat, mermaids[seat])
    if out:
        out.extend(moves)
        return out
    return moves


def _my_tiles(state: State, seat: int):
    base = state.sides[seat] * 2
    left, right = state.rocks[base], state.rocks[base + 1]
    if not _held(state.meeples, ROCK):  # (the usual case: no Inlet mermeeple on a rock)
        return ([(0, left)] if left != EMPTY else []) + ([(1, right)] if right != EMPTY else [])
    return [(k, tile) for k, tile in ((0, left), (1, right)) if tile != EMPTY
            and blocked_rock(state, seat, base + k) is None]


# The powers' actions, made once and shared (move generation offers them again and again).
_SLIDE_PULLS = tuple(Pull(j, first, "slide") for j in range(5)
                     for first in ((0, 1) if j == CENTRE else (None,)))
_TIDE_POOL_PULLS = tuple(Pull(j, None, "tide-pool") for j in range(4))
_SAVES = (Collect(0, SAVE), Collect(1, SAVE))
_TO_BUOY = tuple(Collect(k, BUOY_COLUMN) for k in range(3))
_SWAP_TAKES = tuple(tuple(tuple(SwapTake(rock, k, c) for c in range(CHEST_COLUMNS)) for k in (0, 1))
                    for rock in range(8))
# [rock][column][saved's column][saved first]: the passive Buoy's collects with the saved tile
_SAVED_COLLECTS = tuple(tuple(tuple((Collect(k, c1, c2, False), Collect(k, c1, c2, True))
                                    for c2 in range(CHEST_COLUMNS)) for c1 in range(CHEST_COLUMNS))
                        for k in (0, 1))
_TIDE_POOL_POWERS = tuple(tuple(Power("tide-pool", j, d) for d in range(5)) for j in range(5))
_EVERY_TIDE_POOL_POWER = tuple(power for row in _TIDE_POOL_POWERS for power in row)
_ONE_PLACE_POWERS = {m: tuple(Power(m, a) for a in range(CHEST_COLUMNS))
                     for m in ("inlet", "rising-moon", "buoy")}
_SLIDE_POWERS = tuple(tuple(tuple(Power("slide", a, row, c) for c in range(CHEST_COLUMNS))
                            for row in range(CHEST_ROWS)) for a in range(CHEST_COLUMNS))
_SWAP_POWERS = tuple(tuple(Power("swap", a, b) for b in range(CHEST_SIZE))
                     for a in range(CHEST_SIZE))


def _passive_actions(state: State, seat: int, mermaid: str) -> list:
    side = state.sides[seat]
    base = side * 2
    mine = [state.rocks[base], state.rocks[base + 1]]
    out: list = []
    if mermaid == "rising-moon":
        if state.event != STILL_WATER:
            out.append(ROTATE_TWICE)
    elif mermaid == "inlet":
        if (mine[0] == EMPTY) != (mine[1] == EMPTY):
            out.extend(one_rock_pulls(state, seat, "inlet"))
    elif mermaid == "slide":
        far = (side + 2) % 4 * 2
        if state.rocks[far] == EMPTY and state.rocks[far + 1] == EMPTY:
            full = EMPTY not in state.ocean  # (then every column has tiles to pull)
            free = not _held(state.meeples, TILE)  # (then no Tide Pool mermeeple blocks)
            for action in _SLIDE_PULLS:
                if action.column == CENTRE and state.event == BECALMED:
                    continue
                if (full or pull_cells(state, seat, action)) and (
                        free or pull_blocker(state, seat, action) is None):
                    out.append(action)
    elif mermaid == "tide-pool":
        if mine == [EMPTY, EMPTY]:
            full = EMPTY not in state.ocean
            free = not _held(state.meeples, TILE)
            for action in _TIDE_POOL_PULLS:
                j = action.column
                if state.event == BECALMED and CENTRE in (j, j + 1):
                    continue
                if (full or len(pull_cells(state, seat, action)) == 2) and (
                        free or pull_blocker(state, seat, action) is None):
                    out.append(action)
    elif mermaid == "swap":
        out.extend(_swap_takes(state, seat))
    elif mermaid == "buoy" and state.saved[seat] == EMPTY:
        out.extend(_SAVES[k] for k, _ in _my_tiles(state, seat))
    return out


def alike(a: int, b: int) -> bool:
    """Same shape or same colour (two urchins, anemones or clownfish are alike too)."""
    return bool(MASK[a] & MASK[b]) or (a == b and a != MOONSHELL)


def _columns_for(chest, tile: int) -> list[int]:
    if tile in REEF and (target := stack_target(chest, tile)) is not None:
        return [target]
    return list(_OPEN_COLUMNS[tuple(map(len, chest))])


# the chest's column heights -> its open columns (a table: asked for every move list)
_OPEN_COLUMNS = {heights: tuple(c for c in range(CHEST_COLUMNS) if heights[c] < CHEST_ROWS)
                 for heights in itertools.product(range(CHEST_ROWS + 1), repeat=CHEST_COLUMNS)}


def _swap_takes(state: State, seat: int) -> list:
    side = state.sides[seat]
    out = []
    chest = state.chests[seat]
    held = _held(state.meeples, ROCK)
    mine = _my_tiles(state, seat)
    if not mine:
        return out
    for rock in range(8):
        tile = state.rocks[rock]
        if rock // 2 == side or tile == EMPTY or (
                held and blocked_rock(state, seat, rock) is not None):
            continue
        columns = None
        for k, my_tile in mine:
            if _ALIKE[tile][my_tile]:
                if columns is None:
                    columns = _columns_for(chest, tile)
                takes = _SWAP_TAKES[rock][k]
                out.extend([takes[c] for c in columns])
    return out


def _saved_collects(state: State, seat: int, saved: int) -> list:
    out = []
    for k, tile in _my_tiles(state, seat):
        for first_tile, first_is_saved in ((tile, False), (saved, True)):
            second = saved if not first_is_saved else tile
            for c1 in _columns_for(state.chests[seat], first_tile):
                chest = place_tile(state.chests[seat], first_tile, c1)
                for c2 in _columns_for(chest, second):
                    column, extra = (c2, c1) if first_is_saved else (c1, c2)
                    if first_is_saved and column != extra:
                        continue  # (different columns: the order does not matter)
                    out.append(_SAVED_COLLECTS[k][column][extra][first_is_saved])
    return out


def _buoy_collects(state: State, seat: int) -> list:
    chest = state.chests[seat]
    out = []
    sources = _my_tiles(state, seat)
    if state.moonshells[seat]:
        sources.append((2, MOONSHELL))
    for k, tile in sources:
        if not (tile in REEF and stack_target(chest, tile) is not None):
            out.append(_TO_BUOY[k])
    return out


def active_powers(state: State, seat: int, mermaid: str) -> list:
    side = state.sides[seat]
    chest = state.chests[seat]
    if mermaid == "tide-pool":
        ocean, columns = state.ocean, COLUMNS[side]
        if EMPTY not in ocean:  # (every space of the water holds a tile)
            return list(_EVERY_TIDE_POOL_POWER)
        return [_TIDE_POOL_POWERS[j][d] for j in range(5) for d in range(5)
                if ocean[columns[j][d]] != EMPTY]
    if mermaid == "inlet":
        return list(_ONE_PLACE_POWERS[mermaid][:2])
    if mermaid == "rising-moon":
        return list(_ONE_PLACE_POWERS[mermaid])
    if mermaid == "buoy":
        buoys = _ONE_PLACE_POWERS[mermaid]
        return [buoys[c] for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
    if mermaid == "slide":
        return [_SLIDE_POWERS[a][row][c] for a in range(CHEST_COLUMNS)
                for row in range(len(chest[a])) for c in _slide_targets(chest, a, row)]
    # swap: chest cells in index order (row * 4 + column)
    cells = [(row * 4 + c, col[row]) for row in range(CHEST_ROWS) for c, col in enumerate(chest)
             if row < len(col)]
    return [_SWAP_POWERS[a][b] for i, (a, ta) in enumerate(cells) for b, tb in cells[i + 1:]
            if _SWAPPABLE[ta][tb]]


def _swappable(a: int, b: int) -> bool:
    return a != b and BUOY not in (a, b) and MOONSHELL not in (a, b) and alike(a, b)


# alike and _swappable for every pair of tiles (0 to REEF_PAIR), looked up by move generation
_ALIKE = tuple(tuple(alike(a, b) for b in range(REEF_PAIR + 1)) for a in range(REEF_PAIR + 1))
_SWAPPABLE = tuple(tuple(_swappable(a, b) for b in range(REEF_PAIR + 1))
                   for a in range(REEF_PAIR + 1))


def _slide_targets(chest, column: int, row: int) -> list[int]:
    if chest[column][row] == BUOY:
        return []
    out = []
    for step in (-1, 1):
        c = column + step
        while 0 <= c < CHEST_COLUMNS and len(chest[c]) <= row:
            out.append(c)
            c += step
    return out
