"""Shifting Stones solo's endgame: which cards the grid can show together (or one
move apart), and the exact searches of the turns to the end (every card left known):
a win without a strike (:func:`wins`), in two turns (:func:`wins_in_two`), or after
strike turns that move the stones (:func:`wins_after_strikes`).  Each reads the
plan's deadline (``tick``) before a grid's moves are expanded; a search it cuts is
not cached."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

from tideboard.games.shifting_stones.content import CARD_BY_ID, STONES_PER_PAIR
from tideboard.games.shifting_stones.grids import moves_of, showing, wrong_stones
from tideboard.games.shifting_stones.rules import NEIGHBOURS

MAX_MOVES = 3  # moves a turn pays for at most (a card kept for each)


def together(*cards: int) -> bool:
    """Can the grid show all of ``cards`` at once?  (Some placements of them agree
    where they overlap, and the box holds the stones they need.)"""
    return _together(tuple(sorted(cards)))


@functools.cache
def _together(cards: tuple[int, ...]) -> bool:
    return any(
        fits(placements)
        for placements in itertools.product(*(CARD_BY_ID[card].placements for card in cards))
    )


def near(a: int, b: int) -> bool:
    """Can the grid show card ``a`` and, one shift or flip later, card ``b``?  (The
    last two cards' need: the turn holding both scores ``a`` and pays ``b`` for that
    move, the next scores ``b``.)  :func:`together` is the case of no move."""
    return _near(a, b)


@functools.cache
def _near(a: int, b: int) -> bool:
    if together(a, b):
        return True
    moves = [((x, y), None) for x, y in NEIGHBOURS] + [((x, x), 1) for x in range(9)]
    for pb in CARD_BY_ID[b].placements:
        for (x, y), flip in moves:
            # the stones before the move that show ``b`` after it
            if flip:
                before = tuple((cell, face ^ 1 if cell == x else face) for cell, face in pb)
            else:
                swap = {x: y, y: x}
                before = tuple((swap.get(cell, cell), face) for cell, face in pb)
            for pa in CARD_BY_ID[a].placements:
                if fits((pa, before)):
                    return True
    return False


def fits(placements) -> bool:
    """Do these placements agree where they overlap, with the stones the box holds?"""
    cells: dict[int, int] = {}
    if any(cells.setdefault(cell, face) != face for pl in placements for cell, face in pl):
        return False
    need = Counter(face // 2 for face in cells.values())
    return all(n <= STONES_PER_PAIR[pair] for pair, n in need.items())


def wins_after_strikes(
    code: int, rest: tuple[int, ...], spare: int, tick: Callable[[], None] | None = None
) -> bool:
    """:func:`wins`, or after at most ``spare`` strike turns paying every card to
    move the stones (one card: a move a strike; two cards: one strike turn)."""
    key = (code, rest, spare)
    found = _AFTER_STRIKES.get(key)
    if found is None:
        found = _wins_after_strikes(code, rest, spare, tick)
        _AFTER_STRIKES[key] = found
    return found


def _wins_after_strikes(code: int, rest: tuple[int, ...], spare: int, tick) -> bool:
    if wins(code, rest, tick):
        return True
    if spare <= 0:
        return False
    if len(rest) == 1:
        return _reachable(code, rest[0], spare, tick)
    grids = {code}
    for _ in range(len(rest)):
        grids |= {g2 for g in grids for _, g2 in moves_of(g, tick)}
    for g in grids:
        if tick is not None:
            tick()
        if wins(g, rest, tick):
            return True
    return False


class _Cache(dict):
    """A bounded cache of the exact searches (cleared when full); a search cut by
    its deadline is not stored."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= self.size:
            self.clear()
        super().__setitem__(key, value)


_WINS = _Cache(50000)
_AFTER_STRIKES = _Cache(20000)


def _reachable(code: int, card: int, moves: int, tick: Callable[[], None] | None = None) -> bool:
    """Can ``moves`` shifts or flips make the grid show the card?"""
    masks = CARD_BY_ID[card].masks
    grids = {code}
    seen = set(grids)
    for left in range(moves, 0, -1):
        # a move puts right at most two stones: a grid more than twice the moves
        # left from the card cannot reach it
        grids = {g for g in grids if wrong_stones(masks, g) <= 2 * left}
        if any(wrong_stones(masks, g) == 0 for g in grids):
            return True
        grids = {g2 for g in grids for _, g2 in moves_of(g, tick)} - seen
        seen |= grids
    return any(wrong_stones(masks, g) == 0 for g in grids)


def wins(code: int, rest: tuple[int, ...], tick: Callable[[], None] | None = None) -> bool:
    """Can the turns from this grid, holding every card left (``rest``), score them
    all without a strike?  Exact: each turn scores at least one card, paying for at
    most as many moves as it keeps cards; the last scores all it holds without a
    move.  (``tick``: read before each grid's moves are expanded; it stops the
    search by raising.)"""
    key = (code, rest)
    found = _WINS.get(key)
    if found is None:
        found = _wins(code, rest, tick)
        _WINS[key] = found
    return found


def _wins(code: int, rest: tuple[int, ...], tick: Callable[[], None] | None) -> bool:
    masks = [CARD_BY_ID[c].masks for c in rest]
    r = len(rest)
    full = (1 << r) - 1
    frontier = {(code, 0)}
    for moves in range(0, min(MAX_MOVES, r - 1) + 1):
        following = set()
        for end, along in frontier:
            match = showing(masks, end)
            if not moves and match == full:
                return True
            along |= match
            subset = along
            while subset:  # every card set scored on the way, none paying
                if r - subset.bit_count() >= moves:
                    left = tuple(rest[i] for i in range(r) if not subset >> i & 1)
                    if not left or wins(end, left, tick):
                        return True
                subset = (subset - 1) & along
            if moves < min(MAX_MOVES, r - 1):
                for _, g2 in moves_of(end, tick):
                    following.add((g2, along))
        frontier = following
    return False


def wins_in_two(code: int, rest: tuple[int, ...], tick: Callable[[], None] | None = None) -> bool:
    """Can a turn starting on this grid with these cards (every card left) score at
    least one and leave the grid showing all the others, paid with them (so that the
    turn after scores them all and wins)?"""
    masks = [CARD_BY_ID[c].masks for c in rest]
    r = len(rest)
    frontier = {(code, 0)}
    for moves in range(0, min(MAX_MOVES, r - 1) + 1):
        following = set()
        for end, along in frontier:
            match = showing(masks, end)
            along |= match
            must = ((1 << r) - 1) & ~match  # the cards that must be scored on the way
            if must & ~along == 0:
                kept = match.bit_count() if must else r - 1
                if (must or match) and kept >= moves and (must or moves < r):
                    return True
            if moves < min(MAX_MOVES, r - 1):
                for _, g2 in moves_of(end, tick):
                    following.add((g2, along))
        frontier = following
    return False
