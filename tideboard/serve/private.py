"""The room's part for private tables and leaving well (a :class:`Private` held
by :class:`~tideboard.serve.tables.Room` as ``room.private``): who may see and watch a table
(``serve/access.py``), joining an unlisted table by its code, a rematch (the
same game, rules, level, hints, seats and "Who may sit"), the creator removing
a seat nobody took, and resigning.

**Resigning.**  A seated player of a running table resigns (the table screen's
``R``, after a confirmation whose default is No): a bot of the table's level
(``Table.standin_level``) plays the seat to the end, the log tells everyone who
resigned and at which move, and the seat's stored JSON keeps the name, the time
and the move (``storage.py``).  The player is no longer seated: not away, no
grace, the seat cannot be taken back, and their screen watches the table as a
spectator.  When the last player resigns, the bots play the game to its end
(at the table's bot pace, as with any bot seat), so the table finishes like any
other, with its result in the history; nobody is left to wait for.
"""

from __future__ import annotations

from typing import Any

from tideboard.engine.bots import level_name
from tideboard.engine.core import GameConfig
from tideboard.serve import storage
from tideboard.serve.access import UNLISTED, may_see, refusal, rematch_access
from tideboard.serve.clock_room import clock_of
from tideboard.serve.seats import Table, TableError, ident, same_name
from tideboard.store.rows import now


class Private:
    """Private tables, a rematch, removing a seat and resigning.  ``room`` is the
    :class:`~tideboard.serve.tables.Room` that holds it: its store and tables,
    its ways to open, join and start a table, its bots, and what it says and
    tells the sessions."""

    def __init__(self, room: Any) -> None:
        self.room = room

    # -- who may see a table -------------------------------------------------------
    def visible(self, table_id: str, name: str) -> Table:
        """The table ``table_id`` if ``name`` may see and watch it; else TableError,
        the same as for a table that is not there (a private table stays private)."""
        table = self.room.tables.get(table_id)
        if table is None or not may_see(table, name):
            raise TableError(refusal(table_id))
        return table

    def listed_for(self, name: str) -> list[Table]:
        """The unfinished tables the lobby lists for ``name``: every open table, and
        the private ones ``name`` belongs to."""
        return [t for t in self.room.tables.values() if not t.over and may_see(t, name)]

    @staticmethod
    def check_sees(table: Table, name: str) -> None:
        """TableError if ``name`` may not see the table (opening it, to play or watch),
        the same as for a table that is not there."""
        if not may_see(table, name):
            raise TableError(refusal(table.id))

    def join_code(self, code: str, name: str) -> Table:
        """``name`` gives an unlisted table's code: they sit in a free seat (or theirs)
        if it has not started, else they may watch it; the table keeps the name (so
        it is listed for them).  TableError for a code no running table has."""
        wanted = code.strip().upper()
        room = self.room
        table = next(
            (
                t
                for t in room.tables.values()
                if not t.over and t.access.who == UNLISTED and t.access.code == wanted
            ),
            None,
        )
        if table is None or not wanted:
            raise TableError(
                f"No table has the code {wanted or '(none)'}: check it with the table's creator."
            )
        if not table.access.has(name) and not same_name(name, table.creator):
            table.access = table.access.with_name(name)
            storage.save_table(room.store, table.row())
        if not table.started and table.seat_of(name) is None and table.free_seats():
            room.join(table.id, name)
        else:
            room._changed(table, "seats")
        return table

    def codes(self) -> list[str]:
        """The codes of the unlisted tables (a new one is none of them)."""
        return [t.access.code for t in self.room.tables.values() if t.access.code]

    # -- a rematch ----------------------------------------------------------------
    def rematch(self, table_id: str, name: str) -> Table:
        """A finished table's "Play again": the same game, rules and seats at a new
        table (:meth:`Table.rematch_seats`), opened by the first player to ask; the
        others are told, and their "Play again" sits them there.  It starts when
        every player is back, or when its opener starts it with bots."""
        table = self.visible(table_id, name)
        if table.played_by(name) is None or not table.over:
            raise TableError("Only a player of a finished table can ask for a rematch.")
        room = self.room
        again = room.tables.get(table.rematch or "")
        if again is not None and not again.over:  # (a closed one is gone: a new one)
            if again.seat_of(name) is None:
                room.join(again.id, name)
            return again
        seats, held = table.rematch_seats(name)
        access = rematch_access(table.access, self.codes())
        again = room._open(
            name,
            table.game_id,
            table.variant,
            seats,
            table.options,
            held,
            table.level,
            table.hints,
            access,
            clock_of(table),
        )
        table.rematch = again.id
        if held:
            self.room._say(
                table,
                f"{name} asks for a rematch at table {again.id}, the same seats: "
                "a (Play again) takes yours.",
            )
        return again

    # -- removing a seat nobody took ------------------------------------------------
    def remove_seat(self, table_id: str, name: str, seat: int) -> None:
        """The creator removes a seat nobody sits at (a free one, or one kept for an
        invited player who never came), before the start; the table has one player
        fewer (at least the game's least), and starts if nobody else is waited for."""
        table, room = self.visible(table_id, name), self.room
        if table.started or not same_name(name, table.creator):
            raise TableError("Only the table's creator can remove a seat, before it starts.")
        if seat not in table.empty_seats():
            raise TableError(f"Seat {seat + 1} is not empty: only a seat nobody took goes.")
        info = table.info
        if table.players - 1 < info.min_players:
            raise TableError(
                f"{info.name} needs {info.min_players} players: start the table (s) to put "
                "a bot in the empty seat instead."
            )
        players = table.players - 1
        options = tuple(
            (option, value)
            for option, value in table.options
            if not (info.option(option).seat and info.option(option).seat > players)
        )
        config = GameConfig(players=players, variant=table.variant, options=options)
        info.check_config(config)  # (before anything changes)
        gone = table.seats.pop(seat)
        table.players, table.options = players, options
        if gone.held_for is not None:
            table.access = table.access.without(gone.held_for)
        storage.save_table(room.store, table.row())
        who = f" kept for {gone.held_for}" if gone.held_for else ""
        room._say(table, f"{name} removed seat {seat + 1}{who}: {table.players} play.")
        if not table.empty_seats():
            room._start(table)
        room._changed(table, "seats")

    # -- resigning -----------------------------------------------------------------
    def resign(self, table_id: str, name: str) -> None:
        """``name`` resigns their seat: a bot of the table's level plays it to the
        end, the log and the stored seat say who resigned and when, and ``name``
        watches the table from then on."""
        table, room = self.visible(table_id, name), self.room
        seat = table.seat_of(name)
        if seat is None:
            raise TableError("You have no seat at this table to resign.")
        if not table.started or table.over:
            raise TableError("Only a game under way can be resigned.")
        match = table.match
        assert match is not None  # started
        state = table.seats[seat]
        timer = table.grace_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        state.player, state.bot = None, table.standin_level
        state.resigned, state.resigned_at = name, (now(), len(match.actions))
        state.away_since, state.standin = None, False
        table.bots.pop(seat, None)  # (a bot of the seat's level from now on)
        sessions = table.present.pop(ident(name), 0)
        if sessions:  # their screens watch the table now
            table.watchers[name] = table.watchers.get(name, 0) + sessions
        storage.save_table(room.store, table.row())
        bot = f"a {level_name(state.bot)} bot plays their seat"
        humans = [s for s in table.seats if s.player is not None]
        end = "" if humans else "; the bots play the game to its end"
        room._say(
            table, f"{name} resigned at move {len(match.actions) + 1}: {bot} from now on{end}."
        )
        room._changed(table, "resigned")
        room.bots.schedule(table)
