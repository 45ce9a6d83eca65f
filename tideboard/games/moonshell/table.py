"""Moonshell at a table of three or four: the expert plans its whole turn (issue #21).

Greedy looks one action ahead.  The expert at three or four players rates every
sequence of the actions its turn has left by where the turn ends, as greedy does in
solo (``solo.turn_ends``), with greedy's rating of the chest there; the pattern
cards by which of them the chest can still complete together (``outlook.py``), by
the tiles left and the turns left *at the table*: the round in which the fullest
chest fills is the last, about two tiles a turn.  Measured against the search with
random playouts that it replaced there (``benchmarks/moonshell_expert.py``,
docs/bots.md "Moonshell at a table").  With the budget for it, its best ends of the
turn (``LOOK_ENDS``) are looked one turn further, as in solo (``lookahead.py``), the
others' turns between played as greedy plays them (``bots.plan``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.games.moonshell import outlook, solo
from tideboard.games.moonshell.content import CHEST_SIZE
from tideboard.games.moonshell.queries import chest_count
from tideboard.games.moonshell.state import PLAY, State

LOOK_ENDS = 4  # the plan's best ends of the turn the expert looks one turn further from
LOOK_PER = 50  # an iteration budget's samples of that look: iterations // this (500: 10)
TILES_A_TURN = 2  # a chest fills about two tiles a turn (a pull, two collects)
MIN_PLAYERS = 3  # the table plan's seats (two players: the search, 80% against greedy)


def turns_left(view: State) -> int:
    """The seat's turns after the current one: the game ends with the round in
    which the fullest chest fills, about ``TILES_A_TURN`` tiles a turn."""
    fullest = max(chest_count(chest) for chest in view.chests)
    return max(0, (CHEST_SIZE - fullest + TILES_A_TURN - 1) // TILES_A_TURN - 1)


def table_outlook(view: State, seat: int) -> outlook.Outlook:
    """The solo outlook (``outlook.Outlook``) with the turns left at the table."""
    return outlook.Outlook(view, seat, turns=turns_left(view))


def plans_turn(view: State, seat: int) -> bool:
    """Whether the expert plans this move as part of its whole turn: three or four
    players, the seat's turn, during play."""
    return (
        not view.solo
        and view.players >= MIN_PLAYERS
        and view.phase == PLAY
        and view.current == seat
        and not view.over
    )


def plan(
    rater: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    rng: random.Random | None = None,
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[tuple[Any, float]]:
    """``legal`` ranked by the best end of the turn after each, best first, each with
    its rating, the pattern cards by the table's outlook (``solo.ranked_by_turn_end``)."""
    return solo.ranked_by_turn_end(
        rater, table_outlook(view, seat), view, seat, legal, rng, deadline=deadline, clock=clock
    )
