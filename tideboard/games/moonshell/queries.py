"""Small helpers on a Moonshell state: whose seat is whose, a seat's rocks, the ocean
as a seat sees it, chests, where the mermeeples stand, the tides token.  Every rules
module builds on them; the bots and screens use them through ``rules`` too."""

from __future__ import annotations

import functools

from tideboard.engine.core import seat_label
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import (
    ACTIONS_PER_TURN,
    ANEMONE,
    BUOY,
    CHEST_ROWS,
    CHEST_SIZE,
    CLOWNFISH,
    COLUMNS,
    EMPTY,
)
from tideboard.games.moonshell.reef import FAIR_WINDS, HEAVY_SEAS
from tideboard.games.moonshell.state import HOME, ROCK, State

REEF = (ANEMONE, CLOWNFISH)


def humans(state: State) -> int:
    """Seats played by people (the solo automaton's seat is not one)."""
    return 1 if state.solo else state.players


def who(state: State, seat: int) -> str:
    if state.solo and seat == 1:
        return "The automaton"
    return seat_label(seat)


def seat_rocks(state: State, seat: int) -> tuple[int, int]:
    """(left rock, right rock) in front of ``seat``."""
    base = state.sides[seat] * 2
    return state.rocks[base], state.rocks[base + 1]


def ocean_rows(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """The ocean as ``seat`` sees it: far row first, each row left to right."""
    cols = COLUMNS[state.sides[seat]]
    return tuple(tuple(state.ocean[cols[j][d]] for j in range(5)) for d in range(4, -1, -1))


def chest_rows(chest: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """A chest top row first, each row left to right (EMPTY where empty)."""
    return tuple(
        tuple(col[row] if row < len(col) else EMPTY for col in chest)
        for row in range(CHEST_ROWS - 1, -1, -1)
    )


def chest_count(chest: tuple[tuple[int, ...], ...]) -> int:
    """Spaces holding a tile (a Buoy mermeeple's space is not one)."""
    a, b, c, d = chest
    n = len(a) + len(b) + len(c) + len(d)
    if BUOY in a or BUOY in b or BUOY in c or BUOY in d:
        n -= 1
    return n


def chest_full(chest: tuple[tuple[int, ...], ...]) -> bool:
    """Every space holds a tile (``chest_count(chest) == CHEST_SIZE``, checked for
    the column heights first: the usual answer, no, comes at once)."""
    return sum(map(len, chest)) == CHEST_SIZE and chest_count(chest) == CHEST_SIZE


def column_tiles(state: State, seat: int, column: int) -> list[int]:
    return [state.ocean[i] for i in COLUMNS[state.sides[seat]][column] if state.ocean[i] != EMPTY]


def sync_tides(state: State) -> State:
    """The tides token shows counter-clockwise (even side) for an even number of
    mermeeples on the field, zero included, and clockwise for an odd number."""
    odd = odd_in_play(state.meeples)
    return state if odd == state.tides_odd else evolve(state, tides_odd=odd)


@functools.lru_cache(maxsize=4096)  # asked after nearly every action; few placings recur
def odd_in_play(meeples: tuple[tuple[int, int], ...]) -> bool:
    """An odd number of mermeeples on the field (``state.in_play % 2 == 1``)."""
    return sum(1 for kind, _ in meeples if kind != HOME) % 2 == 1


def actions_per_turn(state: State) -> int:
    """Three actions; two in a Heavy Seas round, four in a Fair Winds round."""
    if state.event == HEAVY_SEAS:
        return 2
    if state.event == FAIR_WINDS:
        return 4
    return ACTIONS_PER_TURN


def blocked_rock(state: State, seat: int, rock: int) -> int | None:
    """The seat whose Inlet mermeeple keeps ``seat`` from taking from ``rock``."""
    if not meeple_on(state.meeples, ROCK):  # (the usual case: no Inlet mermeeple on a rock)
        return None
    for other, (kind, place) in enumerate(state.meeples):
        if kind == ROCK and place == rock and other != seat:
            return other
    return None


@functools.lru_cache(maxsize=4096)  # asked several times per action; few placings recur
def meeple_on(meeples: tuple[tuple[int, int], ...], kind: int) -> bool:
    """Some mermeeple stands on a ``kind`` place (TILE: a Tide Pool tile, ROCK: an Inlet rock)."""
    return any(where[0] == kind for where in meeples)


def resting(state: State, seat: int) -> bool:
    """``seat``'s mermeeple came home during this turn: its power may be used again
    only from its owner's following turn."""
    back = state.meeple_back
    return seat < len(back) and back[seat] >= state.turn


def came_home(state: State, seat: int) -> tuple[int, ...]:
    """``state.meeple_back`` with ``seat``'s mermeeple home during this turn."""
    back = state.meeple_back or (0,) * len(state.meeples)
    return replace_at(back, seat, state.turn)


def replace_at(seq: tuple, index: int, value) -> tuple:
    """``seq`` with ``value`` at ``index`` (states hold tuples)."""
    return seq[:index] + (value,) + seq[index + 1 :]
