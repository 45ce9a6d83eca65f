"""Moonshell scoring, following the rulebook's scoring template.

The moonshell counts as any shape and any colour: for each objective on its
own it takes whatever identity scores best (a mask with every bit set does
exactly that for patterns, and the Pair count tries it on both sides).
"""

from __future__ import annotations

import functools

from tideboard.games.moonshell.content import (
    ARRAY_POINTS,
    BUOY,
    COLLECTOR_LIMIT,
    COMPOSITION_POINTS,
    EMPTY,
    HIDDEN,
    MASK,
    MOONSHELL,
    PAIR_LIMIT,
    PAIR_POINTS,
    PATTERN_CARDS,
    REEF_PAIR,
    REEF_PAIR_POINTS,
    SOLO_TITLES,
    TROVE_POINTS,
    TYPE_CARDS,
    UNUSED_MOONSHELL_POINTS,
    URCHIN,
    URCHIN_POINTS,
    chest_cells,
)
from tideboard.games.moonshell.state import State

CATEGORIES = (
    "secret",
    "composition",
    "array",
    "pair",
    "trove",
    "collector",
    "urchins",
    "reef",
    "moonshell",
)


@functools.cache
def _cell_sets(card_id: str) -> tuple[int, ...]:
    """For a pattern card, the set of chest cells each placement uses, as a bit set."""
    return tuple(
        sum(1 << c for cells, _ in placement for c in cells)
        for placement in PATTERN_CARDS[card_id].placements
    )


def masks_of(chest) -> tuple[int, ...]:
    return tuple(MASK[t] for t in chest_cells(chest))


def placement_met(placement, masks) -> bool:
    for cells, bits in placement:
        for c in cells:
            bits &= masks[c]
        if not bits:
            return False
    return True


def pattern_count(card_id: str, masks, limit: int = 1) -> int:
    """How many times the pattern is completed, on separate tiles, up to ``limit``."""
    card = PATTERN_CARDS[card_id]
    met = [
        cells
        for placement, cells in zip(card.placements, _cell_sets(card_id))
        if placement_met(placement, masks)
    ]
    if not met or limit <= 1:
        return min(1, len(met))

    def best(start: int, used: int, count: int) -> int:
        if count == limit:
            return count
        top = count
        for i in range(start, len(met)):
            if not met[i] & used:
                top = max(top, best(i + 1, used | met[i], count + 1))
                if top == limit:
                    break
        return top

    return best(0, 0, 0)


def type_count(masks, bit: int) -> int:
    """Tiles of a type (a moonshell counts as one)."""
    return sum(1 for m in masks if m & bit)


def pair_count(masks, a: int, b: int) -> int:
    """Pairs of one ``a`` tile and one ``b`` tile; a tile that is both (a
    moonshell, or a white starfish for 'white shell and starfish') goes to
    whichever side makes more pairs."""
    ca = cb = both = 0
    for m in masks:
        if m & a:
            if m & b:
                both += 1
            else:
                ca += 1
        elif m & b:
            cb += 1
    return min(PAIR_LIMIT, (ca + cb + both) // 2, ca + both, cb + both)


def trove_counts(state: State) -> tuple[int, ...]:
    bit = TYPE_CARDS[state.open_cards[3]].bits
    return tuple(type_count(masks_of(chest), bit) for chest in state.chests)


def trove_leaders(state: State) -> tuple[int, ...]:
    """Seats with the most tiles of the Trove type (at least one)."""
    counts = trove_counts(state)
    most = max(counts)
    return () if most == 0 else tuple(s for s, n in enumerate(counts) if n == most)


def breakdown(state: State, seat: int, secret: bool = True) -> dict[str, int]:
    """Points per scoring category for ``seat`` (and "total").

    ``secret`` False leaves the secret objective out (it is revealed only at
    the end); a hidden or missing secret card scores 0.
    """
    chest = state.chests[seat]
    masks = masks_of(chest)
    comp, array, pair, trove, collector = state.open_cards
    result = dict.fromkeys(CATEGORIES, 0)
    card = state.secrets[seat]
    if secret and card and card != HIDDEN and card in PATTERN_CARDS:
        sc = PATTERN_CARDS[card]
        result["secret"] = sc.points * pattern_count(card, masks, sc.seahorses)
    result["composition"] = COMPOSITION_POINTS * pattern_count(comp, masks)
    result["array"] = ARRAY_POINTS * pattern_count(array, masks)
    a, b = TYPE_CARDS[pair].types
    result["pair"] = PAIR_POINTS * pair_count(masks, a, b)
    result["trove"] = TROVE_POINTS if seat in trove_leaders(state) else 0
    result["collector"] = min(COLLECTOR_LIMIT, type_count(masks, TYPE_CARDS[collector].bits))
    result["urchins"] = URCHIN_POINTS * sum(col.count(URCHIN) for col in chest)
    result["reef"] = REEF_PAIR_POINTS * sum(col.count(REEF_PAIR) for col in chest)
    result["moonshell"] = UNUSED_MOONSHELL_POINTS if state.moonshells[seat] else 0
    result["total"] = sum(result[c] for c in CATEGORIES)
    return result


def scores(state: State) -> tuple[int, ...]:
    """Points per seat; secret objectives count once the game is over (they are
    revealed then).  In solo the automaton's seat is included."""
    return tuple(
        breakdown(state, seat, secret=state.over)["total"] for seat in range(state.players)
    )


def used_moonshell(state: State, seat: int) -> bool:
    return any(MOONSHELL in col for col in state.chests[seat])


def tiles_on_board(state: State, seat: int) -> int:
    """Tiles on the treasure board (a stacked pair is two tiles; a Buoy mermeeple none)."""
    cells = chest_cells(state.chests[seat])
    return sum(1 for t in cells if t != EMPTY and t != BUOY) + sum(
        1 for t in cells if t == REEF_PAIR
    )


def ranking_key(state: State, seat: int, total: int) -> tuple[int, int, int]:
    """Higher is better: points, then not having used the moonshell, then fewer tiles."""
    return (total, 0 if used_moonshell(state, seat) else 1, -tiles_on_board(state, seat))


def winners(state: State) -> tuple[int, ...]:
    totals = tuple(breakdown(state, seat, secret=True)["total"] for seat in range(state.players))
    keys = [ranking_key(state, seat, t) for seat, t in enumerate(totals)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


def solo_title(points: int) -> str:
    for threshold, title in SOLO_TITLES:
        if points >= threshold:
            return title
    return SOLO_TITLES[-1][1]
