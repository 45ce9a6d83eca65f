"""Shifting Stones state and actions (immutable)."""

from __future__ import annotations

import attrs

from tideboard.engine.rng import Rng

HIDDEN = 0  # a card id a seat may not see (real ids start at 1)


@attrs.frozen(init=False)
class Shift:
    """Discard ``card`` to swap the stones on two neighbouring cells.

    Swapping a and b is the same move as swapping b and a, so the cells are
    kept in order (``a <= b``) however the action is made: ``Shift(12, 1, 0)``
    is ``Shift(12, 0, 1)``, the one ``legal_actions`` lists.
    """

    card: int
    a: int
    b: int

    def __init__(self, card: int, a: int, b: int) -> None:
        if isinstance(a, int) and isinstance(b, int) and a > b:
            a, b = b, a
        self.__attrs_init__(card, a, b)


@attrs.frozen
class Flip:
    """Discard ``card`` to turn the stone on ``cell`` over."""

    card: int
    cell: int


@attrs.frozen
class Score:
    """Reveal ``card``, which matches the grid, and keep it for its points."""

    card: int


@attrs.frozen
class EndTurn:
    """Stop acting and refill the hand to four."""


@attrs.frozen
class Skip:
    """Instead of acting, draw two cards (never twice in a row)."""


Action = Shift | Flip | Score | EndTurn | Skip
END_TURN = EndTurn()
SKIP = Skip()


@attrs.frozen(slots=False)  # (a copy's __init__ then fills a dict: cheaper than slots)
class State:
    players: int  # seats at the table (1 in solo)
    solo: bool
    grid: tuple[int, ...]  # nine faces, index row*3+col, row 0 at the deck's side
    deck: tuple[int, ...]  # card ids, the top card last
    discard: tuple[int, ...]  # face up, the top card last
    hands: tuple[tuple[int, ...], ...]
    scored: tuple[tuple[int, ...], ...]
    skipped_last: tuple[bool, ...]  # did the seat skip its previous turn
    current: int = 0
    acted: bool = False  # has the current seat done anything this turn
    scored_this_turn: bool = False
    turn: int = 1  # turns started so far, all seats together
    end_triggered: bool = False
    over: bool = False
    strikes: int = 0  # solo only
    rng: Rng = Rng()
