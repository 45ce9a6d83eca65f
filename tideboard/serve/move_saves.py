"""The saves of a server table's moves (held by :class:`~tideboard.serve.tables.Room`
as ``room.move_saves``): each move's write runs on the store's writer thread
(tideboard/store/background.py), never on the loop every session shares, and its
outcome comes back on the loop.  A failed save (a full disk) never stops the
table: the players are told once, and it is tried again every few seconds and
after every move; the end's save says the ratings' change (``serve/rated.py``).
"""

from __future__ import annotations

from typing import Any

from tideboard.serve.limits import log
from tideboard.serve.presence import running_loop
from tideboard.serve.rated import said_at_the_end
from tideboard.serve.seats import Table


class MoveSaves:
    """Brings each table's stored game up to its match.  ``room`` is the Room
    that holds it (its writer thread, tables and chat); ``retry``: seconds
    between the tries of a save that failed."""

    def __init__(self, room: Any, retry: float) -> None:
        self.room = room
        self.retry = retry

    def save(self, table: Table) -> None:
        """Bring the table's stored game up to its match, on the store's writer
        thread (:meth:`saved` has the outcome, on the loop)."""
        writer, match = table.writer, table.match
        if writer is not None:
            ended = match is not None and match.game.is_over(match.state)
            self.room.saves.later(
                lambda: writer.sync(match), lambda error: self.saved(table, error, ended)
            )

    def saved(self, table: Table, error: str | None, ended: bool = False) -> None:
        """A save's outcome: a failed one (a full disk) never stops the table; the players
        are told once, and it is tried again every ``retry`` s and after every move."""
        room = self.room
        before, table.save_error = table.save_error, error
        if error is not None and before is None:
            log(f"table {table.id}: {error}")
            room._say(
                table,
                "The server could not save the last move (it is kept and "
                "saved as soon as it can be).",
            )
        elif error is None and before is not None:
            room._say(table, "Every move is saved again.")
        if error is None and ended and table.id in room.rated_before:  # (the end's save)
            line = said_at_the_end(room, table, room.rated_before.pop(table.id))
            if line is not None:
                room._say(table, line)
        if error is not None and table.save_timer is None and not room.closed:
            loop = running_loop()
            if loop is not None:
                table.save_timer = loop.call_later(self.retry, self._retry, table)

    def shutdown(self) -> None:
        """The server stops: no failed save is tried again (``Room.shutdown`` waited
        for the writes under way)."""
        for table in self.room.tables.values():
            if table.save_timer is not None:
                table.save_timer.cancel()

    def _retry(self, table: Table) -> None:
        table.save_timer = None
        if table.save_error is not None and self.room.tables.get(table.id) is table:
            self.save(table)
