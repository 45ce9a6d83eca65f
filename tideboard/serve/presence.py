"""The room's part that follows who is at a table: present, away, a bot
standing in after the grace, and a table paused by a restart (a
:class:`Presence` held by :class:`~tideboard.serve.tables.Room` as
``room.presence``)."""

from __future__ import annotations

import asyncio
from typing import Any

from tideboard.serve.rated import came_back
from tideboard.serve.seats import Listener, Table, ident


class Presence:
    """Sessions opening and leaving tables, and the grace timers.  ``room`` is the
    :class:`~tideboard.serve.tables.Room` that holds it: its ``clock`` and
    ``grace``, its clocks, idle watch and bots, and what it says and tells the
    sessions."""

    def __init__(self, room: Any) -> None:
        self.room = room

    # -- presence -----------------------------------------------------------------
    def attach(self, table: Table, name: str, listener: Listener) -> int | None:
        """A session of ``name`` opens the table: their seat, or None to watch
        (whether they may see it is the room's question: ``Room.attach``)."""
        room = self.room
        table.listeners.add(listener)
        seat = table.seat_of(name)
        if seat is None:
            table.watchers[name] = table.watchers.get(name, 0) + 1
        else:
            who = ident(name)
            table.present[who] = table.present.get(who, 0) + 1
            state = table.seats[seat]
            timer = table.grace_timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            replaced = table.timing is not None and seat in table.timing.out  # (for good)
            back = state.standin and not replaced
            state.away_since, state.standin = None, replaced
            if not replaced:  # (a bot moved for them meanwhile: unrated, not left)
                came_back(room, table, seat)
            if back:
                room._say(table, f"{name} is back and plays again.")
            if table.paused:
                self._resume(table, name)
            elif table.started:
                room.idle_room.arm(table)  # (an untimed table's idle players: serve/idle.py)
        room._changed(table, "presence")
        return seat

    def _resume(self, table: Table, name: str) -> None:
        """The first player back after a restart: the table plays on; the
        others' seats are away from now (their grace starts now)."""
        table.paused = False
        away = [
            n
            for n, s in enumerate(table.seats)
            if s.player is not None and not table.is_present(s.player)
        ]
        for number in away:
            self.away(table, number)
        names = ", ".join(table.seats[n].player or "" for n in away)
        room = self.room
        bot = f" (a bot plays for them if they are not back in {room.grace:g} s)"
        if table.timing is not None and not table.timing.spec.real_time:
            bot = ""  # (turn-based: no grace, see _away)
        later = f"; {names} {'is' if len(away) == 1 else 'are'} away{bot}" if away else ""
        room._say(table, f"{name} is back: the table plays on{later}.")
        room.idle_room.arm(table)
        room.clock_room.resume(table)
        room.bots.schedule(table)

    def started(self, table: Table) -> None:
        """The table starts: its seated players with no session there are away."""
        for number, seat in enumerate(table.seats):
            if seat.player is not None and not table.is_present(seat.player):
                self.away(table, number)

    def paused(self, table: Table) -> None:
        """A running table brought back by a restart: nothing moves there until
        one of its players opens it again (:meth:`attach`); each is away from now."""
        table.paused = True
        for seat in table.seats:
            if seat.player is not None:
                seat.away_since = self.room.clock()

    def detach(self, table: Table, name: str, listener: Listener) -> None:
        table.listeners.discard(listener)
        seat = table.seat_of(name)
        counts, key = (table.watchers, name) if seat is None else (table.present, ident(name))
        counts[key] = counts.get(key, 1) - 1
        if counts[key] <= 0:
            del counts[key]
            if seat is not None and table.started and not table.over:
                self.away(table, seat)
        self.room._changed(table, "presence")

    def away(self, table: Table, seat: int) -> None:
        """The seat's player has no session at the running table: away from now,
        and a bot plays for them after the grace (none at a turn-based table)."""
        state = table.seats[seat]
        if state.away_since is None:
            state.away_since = self.room.clock()
        if table.timing is not None and not table.timing.spec.real_time:
            return  # (turn-based: the player has a day a move, then may be expelled)
        if seat not in table.grace_timers and not state.standin and not table.paused:
            loop = running_loop()
            if loop is not None:
                table.grace_timers[seat] = loop.call_later(
                    self.room.grace, self._grace_over, table, seat
                )

    def _grace_over(self, table: Table, seat: int) -> None:
        table.grace_timers.pop(seat, None)
        state = table.seats[seat]
        if state.away_since is None or table.paused or table.is_present(state.player):
            return
        state.standin = True
        room = self.room
        room._say(table, f"{state.player} is away: a bot plays for them until they return.")
        room._changed(table, "presence")
        room.bots.schedule(table)

    def shutdown(self) -> None:
        """The server stops: no grace runs out."""
        for table in self.room.tables.values():
            for timer in table.grace_timers.values():
                timer.cancel()


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this code, None outside one (a test's thread)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
