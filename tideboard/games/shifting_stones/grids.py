"""Shifting Stones solo: a grid as its code (``content.grid_code``), for the plans
(``solo.py``, ``endgame.py``) and greedy's reach (``bots.py``): the grids one shift
or flip away, the stones wrong for a card, the cards a grid shows, and the plan's
deadline read before a grid's moves are expanded."""

from __future__ import annotations

import time
from collections.abc import Callable

from tideboard.engine.search_spec import Paced
from tideboard.games.shifting_stones.rules import NEIGHBOURS

_LOW_BITS = 0o111111111  # the lowest bit of each cell's three in a grid code


def wrong_stones(masks: tuple[tuple[int, int], ...], code: int) -> int:
    """How many stones are wrong where the card comes closest to matching."""
    best = 9
    for mask, faces in masks:
        wrong = (code & mask) ^ faces
        n = ((wrong | wrong >> 1 | wrong >> 2) & _LOW_BITS).bit_count()
        if n < best:
            best = n
            if not n:
                break
    return best


def code_moves(code: int):
    """Every grid one shift or flip away from a grid's code (content.grid_code), with
    the move: (a, b) for a shift, (cell, None) for a flip."""
    for a, b in NEIGHBOURS:
        diff = ((code >> 3 * a) ^ (code >> 3 * b)) & 7
        if diff:
            yield (a, b), code ^ (diff << 3 * a) ^ (diff << 3 * b)
    for cell in range(9):
        yield (cell, None), code ^ (1 << 3 * cell)


def moved(code: int, move: tuple[int, int | None]) -> int:
    """The grid's code after one move (as :func:`code_moves` names it)."""
    a, b = move
    if b is None:
        return code ^ 1 << 3 * a
    diff = ((code >> 3 * a) ^ (code >> 3 * b)) & 7
    return code ^ diff << 3 * a ^ diff << 3 * b


def showing(masks: list[tuple[tuple[int, int], ...]], code: int) -> int:
    """The bit set of the cards (by their ``masks``) that the grid ``code`` shows."""
    match = 0
    for i, card in enumerate(masks):
        if wrong_stones(card, code) == 0:
            match |= 1 << i
    return match


class Late(Exception):
    """The plan's deadline passed (:func:`ticker`)."""


def ticker(deadline: float | None, clock: Callable[[], float] = time.monotonic):
    """A check read before each step of the plan's work (a grid's moves expanded):
    it raises :class:`Late` once ``clock``, read ahead by the longest step so far
    (``search_spec.Paced``), reaches ``deadline`` (None: no check), so that a step
    begun just before the deadline does not end past it (a move took 1.09 s of a
    1 s budget on the loaded machine)."""
    if deadline is None:
        return None
    paced = Paced(clock)

    def tick() -> None:
        if paced() >= deadline:
            raise Late

    return tick


def moves_of(code: int, tick: Callable[[], None] | None):
    """:func:`code_moves`, ``tick`` read first (the plan's deadline)."""
    if tick is not None:
        tick()
    return code_moves(code)
