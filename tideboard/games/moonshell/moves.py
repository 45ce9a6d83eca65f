"""The moves a turn is made of, on the board: rotate the ocean, pull tiles onto the
rocks (two, or one onto a single open rock), collect a tile into a chest, and the
bag that refills the ocean.  The rules (``rules.py``), the powers, the events and
the automaton all play them; what a mermaid power changes is in ``powers.py``."""

from __future__ import annotations

import operator

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import (
    ANEMONE,
    CCW_ROCK_SOURCE,
    CCW_SOURCE,
    CENTRE,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CLOWNFISH,
    COLUMNS,
    CW_ROCK_SOURCE,
    CW_SOURCE,
    EMPTY,
    MOONSHELL,
    REEF_PAIR,
    ROCK_SIDES,
    URCHIN,
    far_rock,
)
from tideboard.games.moonshell.meeples import (
    cells_taken,
    follow_tiles,
    pull_blocker,
    rotate_meeples,
)
from tideboard.games.moonshell.queries import (
    REEF,
    blocked_rock,
    chest_full,
    meeple_on,
    replace_at,
    sync_tides,
    who,
)
from tideboard.games.moonshell.reef import BECALMED, REVERSE_CURRENT
from tideboard.games.moonshell.state import MOON, ROCK, TILE, Collect, Pull, State

# Action objects are made once and shared, which keeps move generation cheap.
PULLS: tuple[tuple[Pull, ...], ...] = tuple(
    (Pull(j, 0), Pull(j, 1)) if j == CENTRE else (Pull(j),) for j in range(5)
)
COLLECTS: tuple[tuple[Collect, ...], ...] = tuple(
    tuple(Collect(source, column) for column in range(CHEST_COLUMNS)) for source in range(3)
)


def rotate(state: State, clockwise: bool | None = None, **extra) -> State:
    """The board turns a quarter in the tides token's direction (against it in a
    Reverse Current round), or as ``clockwise`` says; rocks and mermeeples too."""
    if clockwise is None:
        clockwise = state.tides_odd != (state.event == REVERSE_CURRENT)
    turn_ocean, turn_rocks = _CW if clockwise else _CCW
    if state.meeples:
        extra["meeples"] = rotate_meeples(state.meeples, clockwise)
    return evolve(state, ocean=turn_ocean(state.ocean), rocks=turn_rocks(state.rocks), **extra)


# the rotations as C-level getters: each builds the turned tuple in one call
_CW = (operator.itemgetter(*CW_SOURCE), operator.itemgetter(*CW_ROCK_SOURCE))
_CCW = (operator.itemgetter(*CCW_SOURCE), operator.itemgetter(*CCW_ROCK_SOURCE))


def draw_tile(bag: tuple[int, ...], aside: int) -> tuple[int, tuple[int, ...], int]:
    """The bag's next tile (EMPTY if none); an emptied bag takes the urchins aside."""
    if not bag:
        return EMPTY, bag, aside
    tile, bag = bag[-1], bag[:-1]
    if not bag and aside:
        bag, aside = (URCHIN,) * aside, 0
    return tile, bag, aside


def slide_column(state: State, cells: tuple[int, ...], take: int):
    """Take the first ``take`` tiles of a column (``cells``, its five cells nearest
    the rocks first); the rest shift forward and the bag refills the spaces left.

    Returns (taken tiles, the cells they came from, ocean, bag, urchins aside,
    {old cell: new cell} for the tiles that stayed in the water, given only
    while a Tide Pool mermeeple is on a tile: no one else needs it).
    """
    ocean = list(state.ocean)
    bag = state.bag
    meeples_ride = bool(state.meeples) and meeple_on(state.meeples, TILE)
    if EMPTY not in ocean and 0 < take < len(bag):
        # the usual case, a full column and a bag that does not run out, done directly:
        # the column's tiles move ``take`` cells nearer, the bag's last tiles fill the end
        c0, c1, c2, c3, c4 = cells
        column = (ocean[c0], ocean[c1], ocean[c2], ocean[c3], ocean[c4])
        ocean[c0], ocean[c1], ocean[c2], ocean[c3], ocean[c4] = (
            column[take:] + bag[: -take - 1 : -1]
        )
        moved = {cells[d + take]: cells[d] for d in range(5 - take)} if meeples_ride else {}
        return list(column[:take]), cells[:take], ocean, bag[:-take], state.urchins_aside, moved
    sources = [i for i in cells if ocean[i] != EMPTY]
    taken = [ocean[i] for i in sources[:take]]
    rest = sources[take:]
    kept = len(rest)
    # each tile that stays moves to a nearer (or the same) cell, never onto one still to move
    for depth, old in enumerate(rest):
        ocean[cells[depth]] = ocean[old]
    aside = state.urchins_aside
    for depth in range(kept, len(cells)):
        ocean[cells[depth]], bag, aside = draw_tile(bag, aside)
    moved = {old: cells[d] for d, old in enumerate(rest)} if meeples_ride else {}
    return taken, sources[:take], ocean, bag, aside, moved


def pull(
    state: State, seat: int, column: int, first: int | None, side: int | None = None, **extra
) -> State:
    """Pull two tiles of ``column`` onto the rocks of ``side`` (the seat's own side
    unless given: the passive Slide pulls onto the opposite side's rocks)."""
    if not isinstance(column, int) or not 0 <= column < 5:
        raise IllegalAction(
            "There is no such column; pull from columns 1-5 (left to right as you see the ocean)."
        )
    side = state.sides[seat] if side is None else side
    base = side * 2
    rocks = state.rocks
    if rocks[base] != EMPTY or rocks[base + 1] != EMPTY:
        raise IllegalAction("You can only pull when both rock spaces in front of you are empty.")
    far = _FAR_ROCK[column]
    if far is None:
        if first not in (0, 1):
            raise IllegalAction(
                "Pulling the centre column, say which rock the nearest tile "
                "slides onto: 'pull 3 left' or 'pull 3 right'."
            )
        far = first
    elif first is not None:
        raise IllegalAction(
            f"Only the centre column lets you choose the rock; pull column "
            f"{column + 1} with 'pull {column + 1}' (its nearest tile goes to "
            f"your {ROCK_SIDES[far]} rock)."
        )
    cells = COLUMNS[side][column]
    ocean, bag, meeples = state.ocean, state.bag, state.meeples
    if len(bag) > 2 and EMPTY not in ocean and not (meeples and meeple_on(meeples, TILE)):
        # the usual case (what slide_column does then, in one step): the column's tiles
        # move two cells nearer, the bag's last two fill its far end; no mermeeple rides
        near, second = ocean[cells[0]], ocean[cells[1]]
        ocean = _SLID_TWO[side][column](ocean + bag[:-3:-1])
        rocks = rocks[:base] + ((near, second) if far == 0 else (second, near)) + rocks[base + 2 :]
        state = evolve(state, ocean=ocean, rocks=rocks, bag=bag[:-2], **extra)
        return sync_tides(state) if meeples else state
    taken, sources, ocean, bag, aside, moved = slide_column(state, cells, 2)
    if not taken:
        raise IllegalAction(f"Column {column + 1} is empty; there is nothing to pull.")
    new_rocks = list(rocks)
    new_rocks[base + far] = taken[0]
    new_rocks[base + 1 - far] = taken[1] if len(taken) > 1 else EMPTY
    rocks = tuple(new_rocks)
    if state.meeples:
        extra.update(follow_tiles(state, sources, moved))
        return sync_tides(
            evolve(
                state, ocean=tuple(ocean), rocks=tuple(rocks), bag=bag, urchins_aside=aside, **extra
            )
        )
    return evolve(
        state, ocean=tuple(ocean), rocks=tuple(rocks), bag=bag, urchins_aside=aside, **extra
    )


_FAR_ROCK = tuple(far_rock(column) for column in range(5))


def _slid(cells: tuple[int, ...], take: int) -> operator.itemgetter:
    """A getter giving the ocean after the first ``take`` tiles of the column ``cells``
    are taken from a full ocean, from the ocean followed by the bag's last ``take``
    tiles (last first): the column's other tiles move ``take`` cells nearer."""
    source = list(range(25))
    for depth, cell in enumerate(cells):
        source[cell] = (
            cells[depth + take] if depth + take < len(cells) else 25 + depth - (len(cells) - take)
        )
    return operator.itemgetter(*source)


# [side][column]: the ocean after a two-tile pull of a full ocean (see pull)
_SLID_TWO = tuple(tuple(_slid(cells, 2) for cells in COLUMNS[side]) for side in range(4))


def stack_target(chest: tuple[tuple[int, ...], ...], tile: int) -> int | None:
    """Lunar Reef: the chest column where a clownfish (anemone) is stacked on the
    lowest, then leftmost, unstacked anemone (clownfish); None if there is none."""
    partner = CLOWNFISH if tile == ANEMONE else ANEMONE
    best = None
    for c, col in enumerate(chest):
        if partner in col:
            row = col.index(partner)
            if best is None or row < best[0]:
                best = (row, c)
    return None if best is None else best[1]


def place_tile(chest, tile: int, column: int):
    """``chest`` with ``tile`` placed in ``column``: it sinks to the lowest open
    space, or (an anemone or clownfish with an unstacked partner) is stacked."""
    if not isinstance(column, int) or not 0 <= column < CHEST_COLUMNS:
        raise IllegalAction("There is no such chest column; your chest has columns 1-4.")
    if tile in REEF:
        target = stack_target(chest, tile)
        if target is not None:
            if column != target:
                raise IllegalAction(
                    f"The {'clownfish' if tile == CLOWNFISH else 'anemone'} "
                    f"stacks on its partner in column {target + 1}."
                )
            col = chest[target]
            partner = CLOWNFISH if tile == ANEMONE else ANEMONE
            row = col.index(partner)
            return replace_at(chest, target, replace_at(col, row, REEF_PAIR))
    if len(chest[column]) >= CHEST_ROWS:
        raise IllegalAction(
            f"Column {column + 1} of your treasure chest is full; choose another column."
        )
    return replace_at(chest, column, chest[column] + (tile,))


def take_tile(state: State, seat: int, source: int):
    """(tile, rocks, moonshells): the tile a collect takes from ``source`` (the left or
    right rock, or MOON: the seat's moonshell), and the rocks and moonshells without it."""
    moonshells = state.moonshells
    rocks = state.rocks
    if source == MOON:
        if not moonshells[seat]:
            raise IllegalAction(
                "Your moonshell is already in your treasure chest."
                if state.moonshell_on
                else "This game has no moonshell."
            )
        return MOONSHELL, rocks, replace_at(moonshells, seat, False)
    if source == 0 or source == 1:
        rock = state.sides[seat] * 2 + source
        tile = rocks[rock]
        if tile == EMPTY:
            raise IllegalAction(f"There is no tile on your {ROCK_SIDES[source]} rock.")
        if (
            state.meeples
            and meeple_on(state.meeples, ROCK)
            and (other := blocked_rock(state, seat, rock)) is not None
        ):
            raise IllegalAction(
                f"{who(state, other)}'s Inlet mermeeple is on that rock; no one "
                "else may take from it."
            )
        return tile, replace_at(rocks, rock, EMPTY), moonshells
    raise IllegalAction("Collect from your left rock, your right rock or your moonshell.")


def collect(state: State, seat: int, action: Collect, **extra) -> State:
    """A tile from a rock or the moonshell into a chest column (the Buoy's collects
    are ``powers.buoy_collect``)."""
    tile, rocks, moonshells = take_tile(state, seat, action.source)
    column = action.column
    chest = state.chests[seat]
    if (
        tile != ANEMONE
        and tile != CLOWNFISH
        and column.__class__ is int
        and column >= 0
        and len(chest[column]) < CHEST_ROWS
    ):  # (what place_tile does then)
        chest = chest[:column] + (chest[column] + (tile,),) + chest[column + 1 :]
    else:
        chest = place_tile(chest, tile, column)
    return into_chest(state, seat, chest, rocks=rocks, moonshells=moonshells, **extra)


def into_chest(state: State, seat: int, chest, **changes) -> State:
    """``state`` with ``seat``'s chest now ``chest`` (and ``changes``): a chest filled
    first triggers the end of the game."""
    if state.end_trigger < 0 and chest_full(chest):
        changes["end_trigger"] = seat
    chests = state.chests
    state = evolve(state, chests=chests[:seat] + (chest,) + chests[seat + 1 :], **changes)
    return sync_tides(state) if state.meeples else state


def one_rock_pulls(state: State, seat: int, power: str) -> list[Pull]:
    """Pulls of one tile onto the single open rock (Inlet, Spring Tide)."""
    out = []
    full = EMPTY not in state.ocean  # (then every column has a tile)
    pulls = _ONE_ROCK_PULLS.get(power) or tuple(Pull(j, None, power) for j in range(5))
    for j, action in enumerate(pulls):
        if j == CENTRE and state.event == BECALMED:
            continue
        if (full or cells_taken(state, COLUMNS[state.sides[seat]][j], 1)) and (
            not state.meeples or pull_blocker(state, seat, action) is None
        ):
            out.append(action)
    return out


# the one-tile pulls, made once: Spring Tide's (no power) and the passive Inlet's
_ONE_ROCK_PULLS = {power: tuple(Pull(j, None, power) for j in range(5)) for power in ("", "inlet")}


def pull_one(state: State, seat: int, column: int, first, spend: bool = True, **extra) -> State:
    """The column's nearest tile onto the one open rock in front of ``seat`` (``extra``:
    more changes for the new state)."""
    if first is not None:
        raise IllegalAction("A one-tile pull goes to your open rock; name only the column.")
    if not isinstance(column, int) or not 0 <= column < 5:
        raise IllegalAction("There is no such column; pull from columns 1-5.")
    if state.event == BECALMED and column == CENTRE:
        raise IllegalAction("Becalmed: no one may pull the centre column this round.")
    base = state.sides[seat] * 2
    open_rocks = [k for k in (0, 1) if state.rocks[base + k] == EMPTY]
    if len(open_rocks) != 1:
        raise IllegalAction("A one-tile pull needs exactly one open rock space in front of you.")
    if state.meeples and (other := pull_blocker(state, seat, Pull(column))) is not None:
        raise IllegalAction(f"{who(state, other)}'s Tide Pool mermeeple is on that tile.")
    taken, sources, ocean, bag, aside, moved = slide_column(
        state, COLUMNS[state.sides[seat]][column], 1
    )
    if not taken:
        raise IllegalAction(f"Column {column + 1} is empty; there is nothing to pull.")
    if spend:
        extra["actions_left"] = state.actions_left - 1
    if state.meeples:
        extra.update(follow_tiles(state, sources, moved))
    return sync_tides(
        evolve(
            state,
            ocean=tuple(ocean),
            rocks=replace_at(state.rocks, base + open_rocks[0], taken[0]),
            bag=bag,
            urchins_aside=aside,
            **extra,
        )
    )
