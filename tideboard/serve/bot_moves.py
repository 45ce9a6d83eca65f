"""The room's part that makes the bots' moves (a :class:`BotMoves` held by
:class:`~tideboard.serve.tables.Room` as ``room.bots``): a bot's seat, or an away
player's stand-in, moves ``bot_delay`` after the seat is to move (a stand-in's
first move is kept: the player who never comes back has left the game, one who
does makes it unrated: ``serve/rated.py``).  A move made for a player who is
away or resigned (``serve/private.py``) is logged as "Bot for ana".

A bot thinks off the loop every session shares (``engine/thinking.py``: an
``expert`` in the process pool, a ``greedy`` or ``easy`` one in a thread); a
``random`` one and a forced move answer at once.  A bot's answer thought off the
loop is made only if the table is as it was when it began to think (the same match,
the seat still a bot's, a stand-in still standing in, the table not paused or
removed, the server not stopping): else it is dropped, and a bot's move is
scheduled anew if one is still due.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tideboard.engine import thinking
from tideboard.engine.bots import default_level, make_bot
from tideboard.engine.match import Match
from tideboard.serve.clock_room import replaced
from tideboard.serve.limits import log
from tideboard.serve.presence import running_loop
from tideboard.serve.rated import stood_in
from tideboard.serve.seats import Table


class BotMoves:
    """Schedules and makes the bots' moves.  ``room`` is the
    :class:`~tideboard.serve.tables.Room` that holds it: its ``bot_delay``, its
    tables, whether it is closed, and its moves (``Room._apply``)."""

    def __init__(self, room: Any) -> None:
        self.room = room

    def schedule(self, table: Table) -> None:
        """A bot's move soon, if a bot (or a stand-in) is among the seats to move."""
        if table.match is None or table.over or table.paused:
            return  # (no match: not started)
        if table.bot_timer is not None or table.thinking is not None:
            return  # (a bot's move is on its way)
        loop = running_loop()
        if loop is None:
            return
        if any(table.seats[s].by_bot for s in table.match.game.to_move(table.match.state)):
            table.bot_timer = loop.call_later(self.room.bot_delay, self._step, table)

    def shutdown(self) -> None:
        """The server stops: no bot's move is made (an expert's answer would be
        dropped anyway)."""
        for table in self.room.tables.values():
            if table.bot_timer is not None:
                table.bot_timer.cancel()
            if table.thinking is not None:
                table.thinking.cancel()

    def _step(self, table: Table) -> None:
        table.bot_timer = None
        if table.over or table.paused or self.room.tables.get(table.id) is not table:
            return
        if table.thinking is not None:
            return
        match = table.match
        assert match is not None  # a bot's move is scheduled at a started table only
        game = match.game
        seats = [s for s in game.to_move(match.state) if table.seats[s].by_bot]
        if not seats:
            return
        seat = seats[0]
        bot = table.bots.get(seat)
        if bot is None:
            level = table.seats[seat].bot or table.standin_level
            bot = table.bots[seat] = make_bot(game, level, seed=match.config.seed * 97 + seat)
        view, legal = game.view(match.state, seat), game.legal_for(match.state, seat)
        loop = running_loop()
        if thinking.off_loop(bot, legal) and loop is not None:
            # it thinks in the pool or a thread (engine/thinking.py), never on the loop
            standin = table.seats[seat].standin
            table.thinking = loop.create_task(
                self._think(table, match, seat, standin, bot, view, legal)
            )
            return
        self.moved(table, seat, bot.choose(game, view, seat, legal))

    async def _think(
        self, table: Table, match: Match, seat: int, standin: bool, bot: Any, view: Any, legal: Any
    ) -> None:
        """A bot's move thought off the loop, made only if the table is as it
        was (the same match, the seat still a bot's, or still a stand-in's): a
        table that moved on, was paused, removed or left drops the late answer."""
        game = match.game
        try:
            action = await thinking.choose(game, bot, view, seat, legal)
        except Exception as error:  # (a bug in a bot: a plainer bot's move instead)
            levels = [lv for lv in table.info.bot_levels if lv not in ("expert", bot.level)]
            fallback = default_level(levels or ["random"])
            log(
                f"table {table.id}: the {bot.level} bot failed ({error!r}); a {fallback} move instead"
            )
            action = make_bot(game, fallback, seed=match.config.seed).choose(
                game, view, seat, legal
            )
        finally:
            if table.thinking is asyncio.current_task():
                table.thinking = None
        state = table.seats[seat]
        if (
            self.room.closed
            or self.room.tables.get(table.id) is not table
            or table.match is not match
            or table.paused
            or not state.by_bot
            or state.standin != standin
        ):
            self.schedule(table)  # (a bot's move anew, if one is still due)
            return
        self.moved(table, seat, action)

    def moved(self, table: Table, seat: int, action: Any) -> None:
        """Make a bot's move for ``seat``: one for an away player (a stand-in) or for
        a player who resigned is logged as "Bot for ana"."""
        match = table.match
        assert match is not None
        state = table.seats[seat]
        if state.standin:
            # (a seat whose player ran out of time or was expelled is the clock's
            # loss in the ratings: store/ratings.py)
            if not replaced(table, seat):
                stood_in(self.room, table, seat)
            table.standin_moves[len(match.actions)] = seat
        elif state.resigned is not None:
            table.standin_moves[len(match.actions)] = seat
        self.room._apply(table, action)
