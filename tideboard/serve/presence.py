"""The room's part that follows who is at a table: present, away, a bot
standing in after the grace, and a table paused by a restart (mixed into
:class:`~tideboard.serve.tables.Room`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tideboard.serve.rated import came_back
from tideboard.serve.seats import Listener, Table, ident


class Presence:
    """Room methods for sessions opening and leaving tables, and the grace timers."""

    clock: Any
    grace: float
    # the Room's own methods, which these call
    _say: Callable[[Table, str], None]
    _changed: Callable[[Table, str], None]
    _schedule: Callable[[Table], None]
    clock_room: Any  # (serve/clock_room.py)
    idle_room: Any  # (serve/idle.py)

    # -- presence -----------------------------------------------------------------
    def attach(self, table: Table, name: str, listener: Listener) -> int | None:
        """A session of ``name`` opens the table: their seat, or None to watch."""
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
                came_back(self, table, seat)
            if back:
                self._say(table, f"{name} is back and plays again.")
            if table.paused:
                self._resume(table, name)
            elif table.started:
                self.idle_room.arm(table)  # (an untimed table's idle players: serve/idle.py)
        self._changed(table, "presence")
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
            self._away(table, number)
        names = ", ".join(table.seats[n].player or "" for n in away)
        bot = f" (a bot plays for them if they are not back in {self.grace:g} s)"
        if table.timing is not None and not table.timing.spec.real_time:
            bot = ""  # (turn-based: no grace, see _away)
        later = f"; {names} {'is' if len(away) == 1 else 'are'} away{bot}" if away else ""
        self._say(table, f"{name} is back: the table plays on{later}.")
        self.idle_room.arm(table)
        self.clock_room.resume(table)
        self._schedule(table)

    def detach(self, table: Table, name: str, listener: Listener) -> None:
        table.listeners.discard(listener)
        seat = table.seat_of(name)
        counts, key = (table.watchers, name) if seat is None else (table.present, ident(name))
        counts[key] = counts.get(key, 1) - 1
        if counts[key] <= 0:
            del counts[key]
            if seat is not None and table.started and not table.over:
                self._away(table, seat)
        self._changed(table, "presence")

    def _away(self, table: Table, seat: int) -> None:
        state = table.seats[seat]
        if state.away_since is None:
            state.away_since = self.clock()
        if table.timing is not None and not table.timing.spec.real_time:
            return  # (turn-based: the player has a day a move, then may be expelled)
        if seat not in table.grace_timers and not state.standin and not table.paused:
            loop = running_loop()
            if loop is not None:
                table.grace_timers[seat] = loop.call_later(
                    self.grace, self._grace_over, table, seat
                )

    def _grace_over(self, table: Table, seat: int) -> None:
        table.grace_timers.pop(seat, None)
        state = table.seats[seat]
        if state.away_since is None or table.paused or table.is_present(state.player):
            return
        state.standin = True
        self._say(table, f"{state.player} is away: a bot plays for them until they return.")
        self._changed(table, "presence")
        self._schedule(table)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this code, None outside one (a test's thread)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
