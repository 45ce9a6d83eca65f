"""Idle players (issue #22): no table waits forever for a player who is
connected but does nothing (:class:`IdleRoom`, held by
:class:`~tideboard.serve.tables.Room` as ``room.idle_room``).

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
from typing import Any

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
    """The room's part that notices idle players at untimed tables: each table's
    idle state and every player's last key.  ``room`` is the
    :class:`~tideboard.serve.tables.Room` that holds it (its ``idle`` seconds,
    its tables, and what it says and tells the sessions)."""

    def __init__(self, room: Any) -> None:
        self.room = room
        self.tables: dict[str, IdleTable] = {}  # table id -> its idle state
        self.last_keys: dict[str, float] = {}  # ident(name) -> their sessions' last key
        self.idle_names: set[str] = set()  # the idents a stand-in plays for: idle

    def _of(self, table: Table) -> IdleTable:
        return self.tables.setdefault(table.id, IdleTable())

    def touched(self, name: str) -> None:
        """A session of ``name`` had a key (called for every input: cheap unless
        they were idle): an idle player's seats are theirs again."""
        who = ident(name)
        self.last_keys[who] = time.monotonic()
        if who not in self.idle_names:
            return
        self.idle_names.discard(who)
        room = self.room
        for table in list(room.tables.values()):
            state = self.tables.get(table.id)
            seat = table.seat_of(name)
            if state is None or seat is None or seat not in state.idle:
                continue
            state.idle.discard(seat)
            if not table.seats[seat].standin:
                continue  # (back already: they left the table and opened it again)
            table.seats[seat].standin = False
            came_back(room, table, seat)  # (a bot moved for them meanwhile: unrated)
            room._say(table, f"{name} is back and plays again.")
            room._changed(table, "presence")
            self.arm(table)

    def shutdown(self) -> None:
        for state in self.tables.values():
            if state.timer is not None:
                state.timer.cancel()
                state.timer = None

    def arm(self, table: Table) -> None:
        """The table's waiting seats changed (a move, a start, a return): set its
        idle timer for the first waiting player who may go idle."""
        if table.timing is not None or table.match is None:
            return  # (a timed table: its clocks)
        state = self._of(table)
        state.idle = {seat for seat in state.idle if table.seats[seat].standin}
        if state.timer is not None:
            state.timer.cancel()
            state.timer = None
        if table.over or table.paused or self.room.closed:
            state.since.clear()
            return
        now = time.monotonic()
        waiting = set(table.match.game.to_move(table.match.state))
        state.since = {seat: state.since.get(seat, now) for seat in waiting}
        due = [at for at in (self._due(table, s) for s in waiting) if at is not None]
        loop = running_loop()
        if due and loop is not None:
            state.timer = loop.call_later(max(0.0, min(due) - now), self._over, table)

    def _due(self, table: Table, seat: int) -> float | None:
        """When the waiting ``seat``'s player counts as idle (None: never: a bot,
        a stand-in already, a player not at the table, who is away instead)."""
        seat_state = table.seats[seat]
        name = seat_state.player
        if name is None or seat_state.by_bot or not table.is_present(name):
            return None
        began = self._of(table).since.get(seat, time.monotonic())
        last = self.last_keys.get(ident(name), began)
        return float(max(began, last) + self.room.idle)

    def _over(self, table: Table) -> None:
        room = self.room
        state = self._of(table)
        state.timer = None
        if room.closed or room.tables.get(table.id) is not table or table.match is None:
            return
        now = time.monotonic()
        for seat in sorted(state.since):
            due = self._due(table, seat)
            if due is not None and due <= now:
                state.idle.add(seat)
                table.seats[seat].standin = True
                name = table.seats[seat].player
                self.idle_names.add(ident(name or ""))
                room._say(table, f"{name} is idle: a bot plays for them until they press a key.")
                room._changed(table, "presence")
        room.bots.schedule(table)
        self.arm(table)
