"""Which of a player's tables wait for their move, oldest wait first (issue #22,
turn-based play; no Textual).

A table waits for ``name`` when it has started, is not over, ``name`` sits
there (not a watcher, not one who resigned), the rules wait for that seat
(``to_move``: every seat of a simultaneous choice, Mermaid Rain's melds) and
no bot plays the seat for them while they are away.  A table paused by a
restart counts too: it waits for a player to come back, and that player's
opening it resumes it (its lobby line says both: ``Table.status``).  The lobby counts them
and marks their lines; ``N`` (in the lobby and at a table,
``serve/next_table.py``) opens the one that has waited longest (at one of them,
the next in that order), and a new session opens it at once (:func:`first_table`).

:class:`Turns` remembers since when each seat waits: the room tells it of every
change of a table (``Room._changed``) and of every start.  A table brought
back by a restart, first seen after it, has its waiting seats dated by its
stored game's last write (``games.updated``: its last move), so the waits
from before a restart come before those that began since.
"""

from __future__ import annotations

import itertools
import time
from datetime import datetime
from typing import Any

from tideboard.engine.core import TideboardError
from tideboard.serve.access import may_see

Since = tuple[float, int]  # when a seat began to wait (epoch seconds) and a tie-break


def waits_for(table: Any, name: str | None) -> bool:
    """Whether ``table`` waits for ``name``'s move (see the module's docstring)."""
    match = table.match
    seat = table.seat_of(name) if name is not None else None
    if match is None or seat is None or table.seats[seat].standin:
        return False
    game, state = match.game, match.state
    return not game.is_over(state) and seat in game.to_move(state) and may_see(table, name)


class Turns:
    """Since when each seat of each running table waits (table id -> seat -> Since)."""

    def __init__(self, store: Any = None, clock: Any = time.time) -> None:
        self.store = store
        self.clock = clock
        self.since: dict[str, dict[int, Since]] = {}
        self._order = itertools.count(1)

    def started(self, table: Any) -> None:
        """A table that starts now: its first waiting seats wait from now."""
        self.since[table.id] = {}
        self.note(table)

    def note(self, table: Any) -> None:
        """The table changed: a seat that began to wait waits from now, one that
        no longer waits is forgotten (a finished or closed table altogether)."""
        match = table.match
        if match is None or match.game.is_over(match.state):
            self.since.pop(table.id, None)
            return
        waiting = match.game.to_move(match.state)
        seats = self.since.get(table.id)
        if seats is None:  # brought back by a restart: waiting since its last move
            stored = self._stored(table)
            self.since[table.id] = {seat: (stored, 0) for seat in waiting}
            return
        for seat in [s for s in seats if s not in waiting]:
            del seats[seat]
        for seat in waiting:
            if seat not in seats:
                seats[seat] = (self.clock(), next(self._order))

    def _stored(self, table: Any) -> float:
        """The time of the table's last stored move (0 if the store cannot say)."""
        writer = table.writer
        if self.store is None or writer is None:
            return 0.0
        try:
            return datetime.fromisoformat(self.store.summary(writer.id).updated).timestamp()
        except (TideboardError, ValueError, OSError):
            return 0.0

    def waited(self, table: Any, seat: int) -> Since:
        """Since when ``seat`` waits at ``table``."""
        if table.id not in self.since:
            self.note(table)
        return self.since.get(table.id, {}).get(seat, (0.0, 0))


def waiting_tables(room: Any, name: str) -> list[Any]:
    """``name``'s tables that wait for their move, the longest wait first."""
    tables = [table for table in room.tables_of(name) if waits_for(table, name)]
    return sorted(tables, key=lambda table: room.turns.waited(table, table.seat_of(name)))


def next_waiting(room: Any, name: str, leaving: Any = None) -> Any:
    """The table ``N`` opens, or None: the longest-waiting one; from ``leaving``
    (the table the player is at) if it waits too, the one after it in that order
    (after the last, the first again), so that ``N`` steps through them all."""
    tables = waiting_tables(room, name)
    if leaving in tables:
        at = tables.index(leaving)
        tables = tables[at + 1 :] + tables[:at]
    return tables[0] if tables else None


def first_table(room: Any, name: str) -> str | None:
    """The table a new session of ``name`` opens: the one that has waited longest
    for their move; if none waits, the last started one they are away from;
    None: the lobby."""
    waiting = waiting_tables(room, name)
    if waiting:
        return str(waiting[0].id)
    away = [t for t in room.tables_of(name) if t.started and not t.is_present(name)]
    return str(away[-1].id) if away else None


def count_words(count: int) -> str:
    """The lobby's title's words for ``count`` tables waiting ("" for none)."""
    if count == 0:
        return ""
    if count == 1:
        return "Your move in 1 table: N goes to it"
    return f"Your move in {count} tables: N goes to the next"


NONE_WAITING = "No table waits for your move."
# the help screens' line for N: the lobby's, and a table's (``?``)
LOBBY_HELP = (
    "N",
    "to the next table waiting for your move (the longest wait first); "
    "at a table too, where it goes to another",
)
TABLE_HELP = (
    "N",
    "to the next table waiting for your move, in the order of the longest wait "
    "(your seat here is kept, as with q); it says if none waits",
)
NONE_OTHER = "No other table waits for your move."
