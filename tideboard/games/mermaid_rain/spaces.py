"""The board as the mermaids see it: spaces, symbols, neighbours, free sea.

A *space* is a cell of an island (or a start space), or a whole surf tile:
each tile counts as one space, named by its first cell.  Mermaids stand on
spaces; ``State.at`` holds the space's cell.
"""

from __future__ import annotations

from tideboard.games.mermaid_rain.content import (
    BASE,
    DOLPHIN,
    MER,
    NEIGHBOURS,
    PLACEMENTS,
    START,
    STARTS,
    TILE_SHAPE,
    TILE_SYMBOL,
    TURTLE,
)
from tideboard.games.mermaid_rain.state import State


def space_of(state: State, cell: int) -> int:
    """The space a cell belongs to (a tile's first cell), whatever lies there."""
    tile = state.cover[cell]
    return cell if tile < 0 else state.tile_cells[tile][0]


def symbol(state: State, space: int) -> int:
    """The symbol a mermaid moving onto ``space`` must match (WATER or ROCK: never)."""
    tile = state.cover[space]
    return BASE[space] if tile < 0 else TILE_SYMBOL[tile]


def enterable(state: State, cell: int) -> bool:
    """Whether a mermaid may stand on the space of ``cell`` (symbol or start)."""
    tile = state.cover[cell]
    return tile >= 0 or BASE[cell] <= START


def cells_of(state: State, space: int) -> tuple[int, ...]:
    tile = state.cover[space]
    return (space,) if tile < 0 else state.tile_cells[tile]


def _ring(cell: int) -> int:
    out = 1 << cell
    for n in NEIGHBOURS[cell]:
        out |= 1 << n
    return out


# the island spaces next to each cell, and the cells whose tiles would change that
_ISLAND_NEIGHBOURS = tuple(
    tuple(n for n in NEIGHBOURS[c] if BASE[n] <= START) for c in range(len(BASE))
)
_RING = tuple(_ring(c) for c in range(len(BASE)))


def neighbour_spaces(state: State, space: int) -> tuple[int, ...]:
    """The spaces next to ``space`` a mermaid may move onto, sorted."""
    if not state.covered & _RING[space]:  # no surf tile on or next to it
        return _ISLAND_NEIGHBOURS[space]
    cover, base, tile_cells = state.cover, BASE, state.tile_cells
    tile = cover[space]
    found = set()
    for cell in (space,) if tile < 0 else tile_cells[tile]:
        for n in NEIGHBOURS[cell]:
            t = cover[n]
            if t >= 0:
                found.add(tile_cells[t][0])
            elif base[n] <= START:
                found.add(n)
    found.discard(space)
    return tuple(sorted(found))


def all_spaces(state: State) -> tuple[int, ...]:
    """Every space a mermaid may stand on."""
    out = [c for c in range(len(BASE)) if BASE[c] <= START and state.cover[c] < 0]
    out.extend(cells[0] for cells in state.tile_cells if cells)
    return tuple(sorted(out))


def free_starts(state: State, seat: int) -> tuple[int, ...]:
    """Start spaces no other mermaid stands on."""
    taken = {space for s, space in enumerate(state.at) if s != seat}
    return tuple(c for c in STARTS if c not in taken)


def mask(cells: tuple[int, ...]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def placements(state: State, tile: int) -> tuple[tuple[int, ...], ...]:
    """Where ``tile`` may be laid: only on empty sea, inside the board."""
    covered = state.covered
    return tuple(cells for cells in PLACEMENTS[TILE_SHAPE[tile]] if not mask(cells) & covered)


def costs(state: State, seat: int, space: int) -> tuple[tuple[int, ...], ...]:
    """The ways ``seat`` may pay to move onto ``space``: a matching card
    (any card for a mermaid symbol or a start space), or any two cards."""
    hand = state.hands[seat]
    cap = CAP
    key = (symbol(state, space), cap[hand[0]], cap[hand[1]], cap[hand[2]])
    found = _COSTS.get(key)
    if found is None:
        found = _COSTS[key] = _costs(*key)
    return found


_COSTS: dict[tuple[int, int, int, int], tuple[tuple[int, ...], ...]] = {}
CAP = (0, 1) + (2,) * 60  # how many of a kind matter for paying: none, one, a pair


def _costs(sym: int, *hand: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    if sym <= TURTLE:
        if hand[sym]:
            out.append((sym,))
    elif sym == MER or sym == START:
        out.extend((k,) for k in range(3) if hand[k])
    for a in range(DOLPHIN, TURTLE + 1):
        if not hand[a]:
            continue
        for b in range(a, TURTLE + 1):
            if hand[b] > (a == b):
                out.append((a, b))
    return tuple(out)
