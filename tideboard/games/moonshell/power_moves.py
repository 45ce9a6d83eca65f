"""The mermaid powers' legal moves: every action a power allows a seat now
(``powers.power_actions``, used by ``rules.legal_actions``)."""

from __future__ import annotations

import itertools

from tideboard.games.moonshell.content import (
    BUOY,
    CENTRE,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CHEST_SIZE,
    COLUMNS,
    EMPTY,
    MASK,
    MOONSHELL,
    REEF_PAIR,
)
from tideboard.games.moonshell.meeples import pull_blocker, pull_cells
from tideboard.games.moonshell.moves import one_rock_pulls, place_tile, stack_target
from tideboard.games.moonshell.queries import REEF, blocked_rock, meeple_on, resting
from tideboard.games.moonshell.reef import BECALMED, MOON_SHADOW, STILL_WATER
from tideboard.games.moonshell.state import (
    AT_HOME,
    BUOY_COLUMN,
    BUOY_SPACE,
    ROCK,
    ROTATE_TWICE,
    SAVE,
    TILE,
    Collect,
    Power,
    Pull,
    State,
    SwapTake,
)


# -- legal power actions -------------------------------------------------------------
def power_actions(state: State, seat: int):
    """Every action a mermaid power allows ``seat`` now (a list or a shared tuple)."""
    if state.event == MOON_SHADOW:  # (no power at all: not even a saved tile, a Buoy's space)
        return ()
    saved, mermaids = state.saved, state.mermaids
    if seat < len(saved) and saved[seat] != EMPTY:  # (a tile saved with the passive Buoy)
        return _with_saved(state, seat, saved[seat])
    if seat >= len(mermaids) or not mermaids[seat]:
        return ()
    where = state.meeples[seat]
    if where != AT_HOME:
        return _buoy_collects(state, seat) if where[0] == BUOY_SPACE else ()
    if resting(state, seat):  # (powers.can_use for the seat's own)
        return ()
    if state.powers == "passive":
        return _PASSIVE.get(mermaids[seat], _no_moves)(state, seat)
    return active_powers(state, seat, mermaids[seat])


def _with_saved(state: State, seat: int, saved: int) -> list:
    """:func:`power_actions` for a seat with a saved tile: its collects first."""
    out = _saved_collects(state, seat, saved)
    mermaids = state.mermaids
    if seat >= len(mermaids) or not mermaids[seat]:
        return out
    where = state.meeples[seat]
    if where[0] == BUOY_SPACE:
        out.extend(_buoy_collects(state, seat))
    if where != AT_HOME or resting(state, seat):
        return out
    out.extend(
        _PASSIVE.get(mermaids[seat], _no_moves)(state, seat)
        if state.powers == "passive"
        else active_powers(state, seat, mermaids[seat])
    )
    return out


def _my_tiles(state: State, seat: int):
    base = state.sides[seat] * 2
    left, right = state.rocks[base], state.rocks[base + 1]
    if not meeple_on(state.meeples, ROCK):  # (the usual case: no Inlet mermeeple on a rock)
        return ([(0, left)] if left != EMPTY else []) + ([(1, right)] if right != EMPTY else [])
    return [
        (k, tile)
        for k, tile in ((0, left), (1, right))
        if tile != EMPTY and blocked_rock(state, seat, base + k) is None
    ]


# The powers' actions, made once and shared (move generation offers them again and again).
_SLIDE_PULLS = tuple(
    Pull(j, first, "slide") for j in range(5) for first in ((0, 1) if j == CENTRE else (None,))
)
_TIDE_POOL_PULLS = tuple(Pull(j, None, "tide-pool") for j in range(4))
_SAVES = (Collect(0, SAVE), Collect(1, SAVE))
_TO_BUOY = tuple(Collect(k, BUOY_COLUMN) for k in range(3))
_SWAP_TAKES = tuple(
    tuple(tuple(SwapTake(rock, k, c) for c in range(CHEST_COLUMNS)) for k in (0, 1))
    for rock in range(8)
)
# [rock][column][saved's column][saved first]: the passive Buoy's collects with the saved tile
_SAVED_COLLECTS = tuple(
    tuple(
        tuple((Collect(k, c1, c2, False), Collect(k, c1, c2, True)) for c2 in range(CHEST_COLUMNS))
        for c1 in range(CHEST_COLUMNS)
    )
    for k in (0, 1)
)
_TIDE_POOL_POWERS = tuple(tuple(Power("tide-pool", j, d) for d in range(5)) for j in range(5))
_EVERY_TIDE_POOL_POWER = tuple(power for row in _TIDE_POOL_POWERS for power in row)
_ONE_PLACE_POWERS = {
    m: tuple(Power(m, a) for a in range(CHEST_COLUMNS)) for m in ("inlet", "rising-moon", "buoy")
}
_SLIDE_POWERS = tuple(
    tuple(
        tuple(Power("slide", a, row, c) for c in range(CHEST_COLUMNS)) for row in range(CHEST_ROWS)
    )
    for a in range(CHEST_COLUMNS)
)
_SWAP_POWERS = tuple(
    tuple(Power("swap", a, b) for b in range(CHEST_SIZE)) for a in range(CHEST_SIZE)
)


def _rising_moon_moves(state: State, seat: int):
    return () if state.event == STILL_WATER else (ROTATE_TWICE,)


def _inlet_moves(state: State, seat: int):
    base = state.sides[seat] * 2
    if (state.rocks[base] == EMPTY) != (state.rocks[base + 1] == EMPTY):
        return one_rock_pulls(state, seat, "inlet")
    return ()


def _slide_moves(state: State, seat: int):
    far = (state.sides[seat] + 2) % 4 * 2
    if state.rocks[far] != EMPTY or state.rocks[far + 1] != EMPTY:
        return ()
    full = EMPTY not in state.ocean  # (then every column has tiles to pull)
    free = not meeple_on(state.meeples, TILE)  # (then no Tide Pool mermeeple blocks)
    becalmed = state.event == BECALMED
    if full and free and not becalmed:  # (the usual case: every slide pull)
        return _SLIDE_PULLS
    return [
        action
        for action in _SLIDE_PULLS
        if not (action.column == CENTRE and becalmed)
        and (full or pull_cells(state, seat, action))
        and (free or pull_blocker(state, seat, action) is None)
    ]


def _tide_pool_moves(state: State, seat: int):
    base = state.sides[seat] * 2
    if state.rocks[base] != EMPTY or state.rocks[base + 1] != EMPTY:
        return ()
    full = EMPTY not in state.ocean
    free = not meeple_on(state.meeples, TILE)
    becalmed = state.event == BECALMED
    if full and free and not becalmed:  # (the usual case: every Tide Pool pull)
        return _TIDE_POOL_PULLS
    return [
        action
        for action in _TIDE_POOL_PULLS
        if not (becalmed and CENTRE in (action.column, action.column + 1))
        and (full or len(pull_cells(state, seat, action)) == 2)
        and (free or pull_blocker(state, seat, action) is None)
    ]


def _buoy_moves(state: State, seat: int):
    if state.saved[seat] != EMPTY:
        return ()
    return [_SAVES[k] for k, _ in _my_tiles(state, seat)]


def alike(a: int, b: int) -> bool:
    """Same shape or same colour (two urchins, anemones or clownfish are alike too)."""
    return bool(MASK[a] & MASK[b]) or (a == b and a != MOONSHELL)


def _columns_for(chest, tile: int) -> list[int]:
    if tile in REEF and (target := stack_target(chest, tile)) is not None:
        return [target]
    return list(_OPEN_COLUMNS[tuple(map(len, chest))])


# the chest's column heights -> its open columns (a table: asked for every move list)
_OPEN_COLUMNS = {
    heights: tuple(c for c in range(CHEST_COLUMNS) if heights[c] < CHEST_ROWS)
    for heights in itertools.product(range(CHEST_ROWS + 1), repeat=CHEST_COLUMNS)
}


# per side, the other sides' rock spaces in index order
_OTHER_ROCKS = tuple(tuple(rock for rock in range(8) if rock // 2 != side) for side in range(4))


def swap_takes(state: State, seat: int) -> list:
    side = state.sides[seat]
    out: list = []
    chest = state.chests[seat]
    held = meeple_on(state.meeples, ROCK)
    mine = _my_tiles(state, seat)
    if not mine:
        return out
    rocks = state.rocks
    for rock in _OTHER_ROCKS[side]:
        tile = rocks[rock]
        if tile == EMPTY or (held and blocked_rock(state, seat, rock) is not None):
            continue
        columns = None
        for k, my_tile in mine:
            if _ALIKE[tile][my_tile]:
                if columns is None:
                    columns = _columns_for(chest, tile)
                takes = _SWAP_TAKES[rock][k]
                out.extend([takes[c] for c in columns])
    return out


# each mermaid's passive moves (for a seat whose mermeeple is home, Moon Shadow aside)
_PASSIVE = {
    "rising-moon": _rising_moon_moves,
    "inlet": _inlet_moves,
    "slide": _slide_moves,
    "tide-pool": _tide_pool_moves,
    "swap": swap_takes,
    "buoy": _buoy_moves,
}


def _no_moves(state: State, seat: int):
    return ()


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
        return [
            _TIDE_POOL_POWERS[j][d]
            for j in range(5)
            for d in range(5)
            if ocean[columns[j][d]] != EMPTY
        ]
    if mermaid == "inlet":
        return list(_ONE_PLACE_POWERS[mermaid][:2])
    if mermaid == "rising-moon":
        return list(_ONE_PLACE_POWERS[mermaid])
    if mermaid == "buoy":
        buoys = _ONE_PLACE_POWERS[mermaid]
        return [buoys[c] for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
    if mermaid == "slide":
        return [
            _SLIDE_POWERS[a][row][c]
            for a in range(CHEST_COLUMNS)
            for row in range(len(chest[a]))
            for c in _slide_targets(chest, a, row)
        ]
    # swap: chest cells in index order (row * 4 + column)
    cells = [
        (row * 4 + c, col[row])
        for row in range(CHEST_ROWS)
        for c, col in enumerate(chest)
        if row < len(col)
    ]
    return [
        _SWAP_POWERS[a][b]
        for i, (a, ta) in enumerate(cells)
        for b, tb in cells[i + 1 :]
        if _SWAPPABLE[ta][tb]
    ]


def _swappable(a: int, b: int) -> bool:
    return a != b and BUOY not in (a, b) and MOONSHELL not in (a, b) and alike(a, b)


# alike and _swappable for every pair of tiles (0 to REEF_PAIR), looked up by move generation
_ALIKE = tuple(tuple(alike(a, b) for b in range(REEF_PAIR + 1)) for a in range(REEF_PAIR + 1))
_SWAPPABLE = tuple(
    tuple(_swappable(a, b) for b in range(REEF_PAIR + 1)) for a in range(REEF_PAIR + 1)
)


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
