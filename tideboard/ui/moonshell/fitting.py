"""How the Moonshell side panel shares its height, so that the log always keeps some lines.

The side panel holds, from the top: your chest (or the secret objectives offered), the
running scores, the mermaids with the tides and the event, the objectives panel (wide
terminals) and the log.  Which of them is drawn in how much detail depends on the room:
the richest layout that leaves the log at least :func:`log_floor` lines wins, giving up
first the objectives' descriptions (two lines, one line, none), then the long form of the
mermaid lines (their rule, the tides and the event move under the ocean and into the title;
the descriptions come back if that makes room), then the objectives panel (the scores then
name each objective, a line each with its deck's name, or a few words each when that leaves
the log too little), and last those words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

TOP_ROWS = 8  # your chest with its info box, or the secret objectives offered
SCREEN_ROWS = 4  # the title line, the two status lines and the keys line
LOG_RULE = 1  # the rule above the log


class Fit(NamedTuple):
    """What the side panel draws: ``detail`` description lines under each objective of the
    objectives panel (None: no panel), ``words`` the objectives' words under the scores,
    ``short`` the mermaid lines in short, and the ``log`` lines left."""

    detail: int | None
    words: int  # 2: a line an objective with its deck's name, 1: a few words each, 0: none
    short: bool
    log: int


def log_floor(height: int) -> int:
    """The fewest lines the log keeps in a terminal ``height`` rows high: 2 at 24 rows,
    3 at 30, 5 at 40, never more than 6."""
    return max(2, min(6, (height - 15) // 5))


def candidates(wide: bool, large: bool) -> list[tuple[int | None, int, bool]]:
    """The layouts to try, richest first, as (detail, words, short)."""
    out: list[tuple[int | None, int, bool]] = []
    if wide:
        for short in (False, True) if large else (True,):
            out += [(detail, 0, short) for detail in ((2, 1, 0) if large else (0,))]
    out += [
        (None, words, short) for short in ((False, True) if large else (True,)) for words in (2, 1)
    ]
    out.append((None, 0, True))
    return out


def choose(
    height: int,
    wide: bool,
    large: bool,
    table: Callable[[int], int],
    mermaids: Callable[[bool], int],
    objectives: Callable[[int], int],
) -> Fit:
    """The richest layout leaving the log :func:`log_floor` lines in a terminal ``height``
    rows high.  ``table(words)``, ``mermaids(short)`` and ``objectives(detail)`` give the
    rows each block takes drawn that way (its rule included); the last, plainest layout is
    taken when none leaves the log enough."""
    room = height - SCREEN_ROWS - TOP_ROWS - LOG_RULE
    floor = log_floor(height)
    fit = Fit(None, 0, True, 0)
    for detail, words, short in candidates(wide, large):
        used = table(words) + mermaids(short) + (0 if detail is None else objectives(detail))
        fit = Fit(detail, words, short, max(0, room - used))
        if room - used >= floor:
            break
    return fit
