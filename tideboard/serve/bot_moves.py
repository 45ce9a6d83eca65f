"""The room's part that makes the bots' moves (mixed into
:class:`~tideboard.serve.tables.Room`): a bot's seat, or an away player's
stand-in, moves ``bot_delay`` after the seat is to move (a stand-in's first move
is kept: the player who never comes back has left the game, one who does makes
it unrated: ``serve/rated.py``).

An ``expert`` thinks in the process pool (``engine/thinking.py``), never on the
loop every session shares; the other levels answer at once.  An expert's answer
is made only if the table is as it was when it began to think (the same match,
the seat still a bot's, a stand-in still standing in, the table not paused or
removed, the server not stopping): else it is dropped, and a bot's move is
scheduled anew if one is still due.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
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
    """Room methods that schedule and make the bots' moves."""

    bot_delay: float
    closed: bool
    tables: dict[str, Table]
    # the Room's own method, which these call
    _apply: Callable[[Table, Any], None]

    def _schedule(self, table: Table) -> None:
        """A bot's move soon, if a bot (or a stand-in) is among the seats to move."""
        if table.match is None or table.over or table.paused:
            return  # (no match: not started)
        if table.bot_timer is not None or table.thinking is not None:
            return  # (a bot's move is on its way)
        loop = running_loop()
        if loop is None:
            return
        if any(table.seats[s].by_bot for s in table.match.game.to_move(table.match.state)):
            table.bot_timer = loop.call_later(self.bot_delay, self._bot_step, table)

    def _bot_step(self, table: Table) -> None:
        table.bot_timer = None
        if table.over or table.paused or self.tables.get(table.id) is not table:
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
        if bot.level == "expert" and len(legal) > 1 and loop is not None:
            # it thinks in the pool (engine/thinking.py), never on the loop
            standin = table.seats[seat].standin
            table.thinking = loop.create_task(
                self._think(table, match, seat, standin, bot, view, legal)
            )
            return
        self._bot_moved(table, seat, bot.choose(game, view, seat, legal))

    async def _think(
        self, table: Table, match: Match, seat: int, standin: bool, bot: Any, view: Any, legal: Any
    ) -> None:
        """An expert's move thought off the loop, made only if the table is as it
        was (the same match, the seat still a bot's, or still a stand-in's): a
        table that moved on, was paused, removed or left drops the late answer."""
        game = match.game
        try:
            action = await thinking.choose(game, bot, view, seat, legal)
        except Exception as error:  # (a bug in a search: a plain bot's move instead)
            log(f"table {table.id}: the expert bot failed ({error!r}); a greedy move instead")
            fallback = default_level([lv for lv in table.info.bot_levels if lv != "expert"])
            action = make_bot(game, fallback, seed=match.config.seed).choose(
                game, view, seat, legal
            )
        finally:
            if table.thinking is asyncio.current_task():
                table.thinking = None
        state = table.seats[seat]
        if (
            self.closed
            or self.tables.get(table.id) is not table
            or table.match is not match
            or table.paused
            or not state.by_bot
            or state.standin != standin
        ):
            self._schedule(table)  # (a bot's move anew, if one is still due)
            return
        self._bot_moved(table, seat, action)

    def _bot_moved(self, table: Table, seat: int, action: Any) -> None:
        match = table.match
        assert match is not None
        if table.seats[seat].standin:  # logged as "bot for ana"
            # (a seat whose player ran out of time or was expelled is the clock's
            # loss in the ratings: store/ratings.py)
            if not replaced(table, seat):
                stood_in(self, table, seat)
            table.standin_moves[len(match.actions)] = seat
        self._apply(table, action)
