"""Idle players (issue #22): no table waits forever for a player who is
connected but does nothing (mixed into :class:`~tideboard.serve.tables.Room`).

At an untimed table, a seat the game waits for whose player has the table
open but pressed no key for ``idle`` seconds (counted from when the turn came
to them, or from their last key if later) counts as away: the stand-in bot of
the table's level plays it (as after an away player's grace) until the player
presses a key (``touched``, from their session's input).  A timed table needs
none of this: its clocks do the same (``clock_room.py``).

One timer per table (``call_later`` on the server's loop, set again after each
move, each key of a player at the table and each return); never a busy loop.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from tideboard.serve.presence import running_loop
from tideboard.serve.rated import came_back
from tideboard.serve.seats import Table, ident

IDLE = 300.0  # seconds a player at the table may press nothing while it waits for them


class IdleTable:
    """A table's idle timer, when each waiting seat's turn began, and the seats
    played for an idle player."""

    __slots__ = ("timer", "since", "idle")

    def __init__(self) -> None:
        self.timer: asyncio.TimerHandle | None = None
        self.since: dict[int, float] = {}  # waiting seat -> when the game began to wait for it
        self.idle: set[int] = set()  # the seats a stand-in plays because their player is idle


class IdleRoom:
    """Room methods that notice idle players at untimed tables."""

    idle: float = IDLE
    closed: bool
    tables: dict[str, Table]
    _say: Callable[[Table, str], None]
    _changed: Callable[[Table, str], None]
    _schedule: Callable[[Table], None]

    def _idle_tables(self) -> dict[str, IdleTable]:
        """table id -> its idle state (made on first use: the Room's own __init__ is the tables')."""
        found: dict[str, IdleTable] = vars(self).setdefault("_idle_by_table", {})
        return found

    def _idle_of(self, table: Table) -> IdleTable:
        return self._idle_tables().setdefault(table.id, IdleTable())

    def _activity(self) -> dict[str, float]:
        """ident(name) -> the time of their session's last key (any session of theirs)."""
        found: dict[str, float] = vars(self).setdefault("_last_keys", {})
        return found

    def _idle_names(self) -> set[str]:
        """The idents of the players a stand-in plays for because they are idle."""
        found: set[str] = vars(self).setdefault("_idle_names_now", set())
        return found

    def touched(self, name: str) -> None:
        """A session of ``name`` had a key (called for every input: cheap unless
        they were idle): an idle player's seats are theirs again."""
        who = ident(name)
        self._activity()[who] = time.monotonic()
        if who not in self._idle_names():
            return
        self._idle_names().discard(who)
        for table in list(self.tables.values()):
            state = self._idle_tables().get(table.id)
            seat = table.seat_of(name)
            if state is None or seat is None or seat not in state.idle:
                continue
            state.idle.discard(seat)
            if not table.seats[seat].standin:
                continue  # (back already: they left the table and opened it again)
            table.seats[seat].standin = False
            came_back(self, table, seat)  # (a bot moved for them meanwhile: unrated)
            self._say(table, f"{name} is back and plays again.")
            self._changed(table, "presence")
            self._idle_arm(table)

    def _idle_shutdown(self) -> None:
        for state in self._idle_tables().values():
            if state.timer is not None:
                state.timer.cancel()
                state.timer = None

    def _idle_arm(self, table: Table) -> None:
        """The table's waiting seats changed (a move, a start, a return): set its
        idle timer for the first waiting player who may go idle."""
        if table.timing is not None or table.match is None:
            return  # (a timed table: its clocks)
        state = self._idle_of(table)
        state.idle = {seat for seat in state.idle if table.seats[seat].standin}
        if state.timer is not None:
            state.timer.cancel()
            state.timer = None
        if table.over or table.paused or self.closed:
            state.since.clear()
            return
        now = time.monotonic()
        waiting = set(table.match.game.to_move(table.match.state))
        state.since = {seat: state.since.get(seat, now) for seat in waiting}
        due = [at for at in (self._idle_due(table, s) for s in waiting) if at is not None]
        loop = running_loop()
        if due and loop is not None:
            state.timer = loop.call_later(max(0.0, min(due) - now), self._idle_over, table)

    def _idle_due(self, table: Table, seat: int) -> float | None:
        """When the waiting ``seat``'s player counts as idle (None: never: a bot,
        a stand-in already, a player not at the table, who is away instead)."""
        seat_state = table.seats[seat]
        name = seat_state.player
        if name is None or seat_state.by_bot or not table.is_present(name):
            return None
        began = self._idle_of(table).since.get(seat, time.monotonic())
        last = self._activity().get(ident(name), began)
        return max(began, last) + self.idle

    def _idle_over(self, table: Table) -> None:
        state = self._idle_of(table)
        state.timer = None
        if self.closed or self.tables.get(table.id) is not table or table.match is None:
            return
        now = time.monotonic()
        for seat in sorted(state.since):
            due = self._idle_due(table, seat)
            if due is not None and due <= now:
                state.idle.add(seat)
                table.seats[seat].standin = True
                name = table.seats[seat].player
                self._idle_names().add(ident(name or ""))
                self._say(table, f"{name} is idle: a bot plays for them until they press a key.")
                self._changed(table, "presence")
        self._schedule(table)
        self._idle_arm(table)
