"""The room's part that runs the tables' clocks (issue #22; a :class:`ClockRoom`
held by :class:`~tideboard.serve.tables.Room` as ``room.clock_room``; the model
is ``serve/clocks.py``).

- A timed table has a :class:`TableClock`: its spec, its clocks once started,
  the one timer for its next flag (``call_later`` on the server's loop,
  cancelled and set again after every move; never a busy loop) and the seats
  taken from their players for good (seat -> why).
- After every move the clocks follow the game's ``to_move`` (every waiting
  seat's clock runs: simultaneous choices too); a bot's seat has no clock.
- **Real-time**: a player who runs out of time is replaced by a bot of the
  table's level for the rest of the game (as an away player's stand-in, but it
  stays when they come back); the table is told "ana ran out of time", and the
  store's record of the game says so (its unrated reason, ``serve/rated.py``).
- **Turn-based**: at the flag the other players may expel the player
  (:meth:`ClockRoom.expel`); the seat then goes to a bot of the table's level
  and the record says "ana was expelled by bob (out of time)".
- A move checks the clocks first (``catch_up``): a flag due but not yet
  run (its timer late) is run before the move, so a real-time player out of
  time cannot make a move, the game's last included, and the end's rating
  (which reads ``table_clocks`` in the end's transaction) sees the flag: its
  save is queued before the move's, on the same writer thread.
- Clocks are saved (``table_clocks``) after every move and when the server
  stops; a restart brings back a real-time table's clocks paused with what
  remained, and they count again when the table plays on (``resume``); a
  turn-based deadline is wall-clock and kept as it was.
"""

from __future__ import annotations

from typing import Any

import attrs

from tideboard.serve import clocks as model
from tideboard.serve.clock_store import TableClock, load_clock, save_clock  # noqa: F401
from tideboard.serve.clocks import ClockSpec
from tideboard.serve.limits import log
from tideboard.serve.presence import running_loop
from tideboard.serve.seats import Table, TableError

RAN_OUT = "ran out of time"
EXPELLED = "was expelled"


class ClockRoom:
    """What starts, follows, saves and flags the tables' clocks.  ``room`` is the
    :class:`~tideboard.serve.tables.Room` that holds it: its store and writer
    thread, its tables, its ``wall`` (the clocks' time: turn-based deadlines are
    dates), and what it says and tells the sessions."""

    def __init__(self, room: Any) -> None:
        self.room = room

    # -- a table's life -----------------------------------------------------------
    @staticmethod
    def checked_clock(clock: str | None) -> ClockSpec | None:
        if clock is None:
            return None
        try:
            return ClockSpec.parse(clock)
        except ValueError:
            raise TableError(f"Unknown clock {clock!r}.") from None

    def new(self, table: Table, clock: str | None) -> None:
        """A new table's clock (``clock``: a spec's key; None: untimed)."""
        if clock is None:
            return
        spec = self.checked_clock(clock)
        assert spec is not None
        table.timing = TableClock(spec)
        save_clock(self.room.store, table.id, spec.key(), table.timing.state_json())

    def load(self, table: Table) -> None:
        """A table brought back by a restart: its clock, paused if real-time."""
        timing = load_clock(self.room.store, table.id, table.players)
        table.timing = timing
        if timing is None or timing.clocks is None:
            return
        if timing.spec.real_time:  # (charged up to its last save: the downtime is not)
            timing.clocks = attrs.evolve(timing.clocks, since=None)
        for seat in timing.out:
            table.seats[seat].standin = True

    def start(self, table: Table) -> None:
        timing = table.timing
        if timing is None or table.match is None:
            return
        timing.clocks = model.start(
            timing.spec, table.players, self._timed(table), self.room.wall()
        )
        self._saved(table)

    def moved(self, table: Table) -> None:
        """After a move (or an undo): the clocks follow the seats the game waits for."""
        timing = table.timing
        if timing is None or timing.clocks is None or table.match is None:
            return
        waiting = [] if table.over else self._timed(table)
        timing.clocks = model.moved(timing.clocks, waiting, self.room.wall())
        self._saved(table)

    def resume(self, table: Table) -> None:
        """The table plays on after a restart: a real-time clock counts from now."""
        timing = table.timing
        if timing is not None and timing.clocks is not None:
            timing.clocks = model.resumed(timing.clocks, self.room.wall())
            self._saved(table)

    def shutdown(self) -> None:
        """The server stops: every real-time clock stops with what remained, saved."""
        for table in self.room.tables.values():
            timing = table.timing
            if timing is None:
                continue
            timing.stop_timer()
            if timing.clocks is not None and not table.paused and not table.over:
                timing.clocks = model.paused(timing.clocks, self.room.wall())
                try:
                    save_clock(self.room.store, table.id, timing.spec.key(), timing.state_json())
                except Exception as error:  # (a full disk: its last move's state stays)
                    log(f"table {table.id}: could not save its clock: {error}")

    def catch_up(self, table: Table) -> None:
        """Before a move: a clock that ran out, whose flag's timer has not run yet
        (a busy loop, a move in the same instant), flags now, so that the move
        sees it (the player out of time no longer moves: their bot does) and
        its save, queued before the move's, is what the end's rating reads."""
        timing = table.timing
        if timing is None or timing.clocks is None or table.paused or table.over:
            return
        if model.out_of_time(timing.clocks, self.room.wall()):
            timing.stop_timer()
            self._flag(table)

    def _timed(self, table: Table) -> list[int]:
        """The seats the game waits for that a person plays (a bot's has no clock)."""
        assert table.match is not None
        game = table.match.game
        timing = table.timing
        out = timing.out if timing is not None else {}
        return [
            seat
            for seat in game.to_move(table.match.state)
            if table.seats[seat].bot is None and seat not in out
        ]

    def _saved(self, table: Table) -> None:
        """Save the clock (on the store's writer thread) and set its flag timer."""
        timing = table.timing
        assert timing is not None
        store, text, spec = self.room.store, timing.state_json(), timing.spec.key()

        def done(error: str | None) -> None:
            if error is not None:
                log(f"table {table.id}: could not save its clock: {error}")

        self.room.saves.later(lambda: save_clock(store, table.id, spec, text), done)
        self._timer(table)

    def _timer(self, table: Table) -> None:
        """The one timer for the table's next flag, set again."""
        timing = table.timing
        if timing is None:
            return
        timing.stop_timer()
        if timing.clocks is None or table.paused or table.over or self.room.closed:
            return
        at = model.flag_time(timing.clocks)
        loop = running_loop()
        if at is not None and loop is not None:
            timing.timer = loop.call_later(max(0.0, at - self.room.wall()), self._flag, table)

    def _flag(self, table: Table) -> None:
        """A clock ran out: real-time, a bot takes the seat for good; turn-based,
        the others may expel the player."""
        timing = table.timing
        if timing is None or timing.clocks is None or self.room.tables.get(table.id) is not table:
            return
        timing.timer = None
        if table.paused or table.over or self.room.closed:
            return
        now = self.room.wall()
        for seat in model.out_of_time(timing.clocks, now):
            timing.clocks = model.flag(timing.clocks, seat, now)
            name = table.seats[seat].player or f"Player {seat + 1}"
            if timing.spec.real_time:
                timing.out[seat] = RAN_OUT
                table.seats[seat].standin = True  # (a loss in the ratings: store/ratings.py)
                self.room._say(table, f"{name} {RAN_OUT}: a bot plays their seat from now on.")
            else:
                self.room._say(
                    table,
                    f"{name}'s time for this move is up: the others may expel them "
                    "(X: a bot takes the seat).",
                )
        self._saved(table)
        self.room._changed(table, "clock")
        self.room.bots.schedule(table)

    # -- expelling (turn-based) ------------------------------------------------------
    def expellable(self, table: Table, name: str) -> list[int]:
        """The seats ``name`` (a player of the table) may expel now: other players'
        whose move's time is up at a turn-based table."""
        timing, mine = table.timing, table.seat_of(name)
        if timing is None or timing.clocks is None or mine is None or table.over:
            return []
        if timing.spec.real_time:
            return []
        return [
            seat
            for seat in sorted(timing.clocks.flagged)
            if seat != mine and seat in timing.clocks.running and seat not in timing.out
        ]

    def expel(self, table_id: str, name: str, seat: int) -> None:
        """``name`` expels the player of ``seat`` (out of time): a bot of the
        table's level plays it for the rest of the game."""
        table = self.room.tables.get(table_id)
        if table is None or seat not in self.expellable(table, name):
            raise TableError("Nobody here may be expelled now: only a player out of time.")
        timing = table.timing
        assert timing is not None and timing.clocks is not None
        player = table.seats[seat].player or f"Player {seat + 1}"
        timing.out[seat] = f"{EXPELLED} by {name}"
        table.seats[seat].standin = True
        timing.clocks = model.moved(timing.clocks, self._timed(table), self.room.wall())
        self.room._say(
            table, f"{player} {EXPELLED} by {name} (out of time): a bot plays their seat."
        )
        self._saved(table)
        self.room._changed(table, "clock")
        self.room.bots.schedule(table)


def replaced(table: Table, seat: int) -> bool:
    """Whether a bot plays ``seat`` for good (its player ran out of time, or was expelled)."""
    timing = table.timing
    return timing is not None and seat in timing.out


def clock_of(table: Table) -> str | None:
    """The table's clock spec's key (a rematch's), None if untimed."""
    return table.timing.spec.key() if table.timing is not None else None
