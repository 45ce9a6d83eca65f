"""The server's tables: who sits where, and every move, applied here only.

No Textual: sessions call a :class:`Room`'s methods (which check who may do
what) and listen for changes; the room never calls into a session's app
(each listener only posts itself a message, see ``table_screen.py``).

- A table is created with a game, a number of players, a variant and the
  seats marked for bots; its creator sits at seat 1.  It starts when every
  seat has a player or a bot, or when its creator starts it with bots in the
  empty seats.
- Once started, the table's game is an ordinary game in the store, one
  committed transaction per move (``GameWriter``), so a restart or a kill -9
  brings it back; finished tables stay in the store's history.  The moves'
  writes run on the store's writer thread, in order, never on the loop every
  session shares (tideboard/store/background.py); :meth:`Room.shutdown`
  waits for them.
- ``act(table, name, action)`` applies a move only for the seat ``name`` sits
  in, only when the rules wait for that seat (``to_move``, and ``legal_for``
  for simultaneous choices) and only an action ``legal_for`` lists.
- A seated player whose last session at the table ends is *away*; after the
  grace period a bot plays the seat until the player comes back.
- A player is their name compared without case (``Ana`` sits where ``ana``
  sits); see :func:`same_name`.
- A restart never gives a seat to a bot: a running table brought back by
  :meth:`Room.load` is *paused* (nothing moves there, no grace runs) until one
  of its seated players opens it again.  From then on it plays on as usual:
  the seats of the players not back yet are away, and their grace starts then.
- Each name may have at most ``max_open`` tables it opened waiting for
  players (not started), so nobody can fill every lobby with tables.
- A table is open, invitation-only or unlisted (``serve/access.py``): every way
  in (sit, watch, list, chat, a rematch, a code) asks whether the player may
  see it.

The room holds its parts, each an object given the room (no mixin bases): who
is at a table and the grace timers (``room.presence``, ``serve/presence.py``),
the bots' moves (``room.bots``, ``serve/bot_moves.py``), private tables, a
rematch, removing a seat and resigning (``room.private``, ``serve/private.py``),
the clocks (``room.clock_room``, ``serve/clock_room.py``), the idle players'
watch (``room.idle_room``, ``serve/idle.py``) and the moves' saves
(``room.move_saves``, ``serve/move_saves.py``).  What sessions call is the
room's own methods, which pass on to the part that does it; the parts call the
room's ``_say`` (a line in the table's chat), ``_changed`` (tell the sessions)
and one another through it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import attrs

from tideboard.engine import registry, thinking
from tideboard.engine.core import GameConfig, IllegalAction, TideboardError, seat_label
from tideboard.engine.match import Match
from tideboard.engine.seeds import new_seed
from tideboard.serve import storage
from tideboard.serve.access import OPEN, OPEN_ACCESS, Access, new_access
from tideboard.serve.bot_moves import BotMoves
from tideboard.serve.clock_room import ClockRoom, replaced
from tideboard.serve.idle import IDLE, IdleRoom
from tideboard.serve.move_saves import MoveSaves
from tideboard.serve.presence import Presence
from tideboard.serve.private import Private
from tideboard.serve.rated import before_the_end, mark_unrated
from tideboard.serve.seats import Listener, Table, TableError, ident, same_name  # noqa: F401  (what sessions import from here)
from tideboard.serve.storage import TableRow
from tideboard.serve.your_move import Turns
from tideboard.store.background import Saves
from tideboard.store.games import Store
from tideboard.store.records import Seat
from tideboard.store.writer import GameWriter

GRACE = 120.0  # seconds an away player keeps the seat before a bot plays it
SAVE_RETRY = 5.0  # seconds between tries of a save that failed (a full disk)
MAX_OPEN = 3  # tables one name may have opened that wait for players
CHAT_KEPT = 50
CHAT_MAX = 200  # characters in one chat line
FINISHED_LISTED = 5  # a player's finished tables in the lobby, newest last


class Room:
    """Every table of the server and the moves; what the sessions call.  The rest
    is done by its parts (above), each an object the room holds and gives itself."""

    idle: float = IDLE  # seconds a player at an untimed table may press nothing
    wall: Callable[[], float] = time.time  # (the clocks' time: turn-based deadlines are dates)

    def __init__(
        self,
        store: Store,
        grace: float = GRACE,
        bot_delay: float = 0.6,
        clock: Callable[[], float] = time.monotonic,
        max_open: int = MAX_OPEN,
    ) -> None:
        self.store = store
        self.grace = grace
        self.max_open = max_open
        self.bot_delay = bot_delay
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.saves = Saves(store)  # the moves' writes, off the loop
        self.closed = False
        self.lobby_listeners: set[Callable[[], None]] = set()
        self.turns = Turns(store)  # since when each seat waits (serve/your_move.py)
        self.rated_before: dict[str, dict[str, int]] = {}  # a table ending: its ratings
        self.presence = Presence(self)
        self.bots = BotMoves(self)
        self.private = Private(self)
        self.clock_room = ClockRoom(self)
        self.idle_room = IdleRoom(self)
        self.move_saves = MoveSaves(self, SAVE_RETRY)  # (each move's save, retried)

    # -- loading ----------------------------------------------------------------
    def load(self) -> list[str]:
        """Bring back every table from the store; notes on those that cannot be."""
        notes = []
        for row in storage.load_tables(self.store):
            try:
                table = restored(self.store, row)
            except TideboardError as error:
                notes.append(f"table {row.id}: {error}")
                continue
            if table.started and not table.over:
                self.presence.paused(table)  # (until a player returns: see attach)
            self.clock_room.load(table)
            self.tables[table.id] = table
            self.bots.schedule(table)
        return notes

    # -- lobby ----------------------------------------------------------------
    def tables_of(self, name: str) -> list[Table]:
        """``name``'s unfinished tables (those with a seat kept for them too)."""
        return [
            t
            for t in self.tables.values()
            if not t.over and (t.seat_of(name) is not None or t.held_seat(name) is not None)
        ]

    def finished_of(self, name: str, count: int = FINISHED_LISTED) -> list[Table]:
        """The last ``count`` finished tables ``name`` played at (for replays)."""
        done = [t for t in self.tables.values() if t.over and t.played_by(name) is not None]
        return done[-count:]

    def create(
        self,
        creator: str,
        game_id: str,
        players: int,
        variant: str | None = None,
        bots: dict[int, str] | None = None,
        options: tuple[tuple[str, str], ...] | dict[str, str] = (),
        level: str | None = None,
        hints: bool = False,  # whether its players may ask for hints
        who: str = OPEN,  # who may sit: OPEN, INVITED or UNLISTED (serve/access.py)
        names: tuple[str, ...] | list[str] = (),  # an invitation-only table's players
        clock: str | None = None,  # its clock's spec (serve/clocks.py); None: untimed
    ) -> Table:
        """A new table; ``creator`` takes seat 1 (never a bot seat).  One player at
        a game with a solo mode is that mode; ``options`` are rules options;
        ``level`` the bots' for away players and the seats a start fills (None:
        the default).  An invitation-only table names a player for each seat
        that is not a bot's (kept for them); an unlisted one gets a code."""
        config, bots = checked_setup(game_id, players, variant, options, bots or {}, level)
        seats = tuple((creator if n == 0 else None, bots.get(n)) for n in range(players))
        access, held = new_access(creator, who, names, seats, self.private.codes())
        variant = config.variant
        return self._open(
            creator, game_id, variant, seats, config.options, held, level, hints, access, clock
        )

    def _open(
        self,
        creator: str,
        game_id: str,
        variant: str,
        seats: tuple[tuple[str | None, str | None], ...],
        options: tuple[tuple[str, str], ...],
        held: dict[int, str] | None = None,
        level: str | None = None,
        hints: bool = False,
        access: Access = OPEN_ACCESS,
        clock: str | None = None,
    ) -> Table:
        """A new table with these seats (``held``: seats kept for these players);
        started at once when nobody is waited for."""
        waiting = [
            t for t in self.tables.values() if not t.started and same_name(t.creator, creator)
        ]
        ClockRoom.checked_clock(clock)  # (before anything is stored)
        if any(seat == (None, None) for seat in seats) and len(waiting) >= self.max_open:
            raise TableError(
                f"You have {len(waiting)} tables waiting for players, the most one player "
                f"may have: start one (s) or close one (x) before opening another."
            )
        tid, created = storage.new_table_id(self.store), storage.now()
        row = TableRow(
            tid,
            game_id,
            creator,
            len(seats),
            variant,
            seats,
            None,
            created,
            options=options,
            level=level,
            hints=hints,
            access=access,
            held=tuple((held or {}).items()),
        )
        storage.save_table(self.store, row)
        table = Table(row)
        self.clock_room.new(table, clock)
        self.tables[table.id] = table
        if not table.empty_seats():
            self._start(table)
        self._lobby_changed()
        return table

    def join(self, table_id: str, name: str) -> int:
        """Sit ``name`` at the table's first free seat (or theirs); the seat.  At a
        private table only its members sit (``serve/access.py``)."""
        table = self.visible(table_id, name)
        mine = table.seat_of(name)
        if mine is not None:
            return mine
        held = table.held_seat(name)
        free = [held] if held is not None else table.free_seats()
        if table.started or not free:
            raise TableError("That table has no free seat; you may watch it.")
        seat = table.seats[free[0]]
        seat.player, seat.held_for = name, None
        table.watchers.pop(name, None)
        storage.save_table(self.store, table.row())
        if not table.empty_seats():
            self._start(table)
        self._changed(table, "seats")
        return free[0]

    def start(self, table_id: str, name: str) -> None:
        """The creator starts the table: bots take the empty seats."""
        table = self.get(table_id)
        if table.started:
            raise TableError("That table has started already.")
        if not same_name(name, table.creator):
            raise TableError(f"Only {table.creator}, who opened the table, can start it.")
        level = table.standin_level
        for seat in table.empty_seats():  # those kept for a rematch's players too
            table.seats[seat].bot = level
            table.seats[seat].held_for = None
        self._start(table)
        self._changed(table, "seats")

    def close(self, table_id: str, name: str) -> None:
        """The creator gives up a table that has not started."""
        table = self.get(table_id)
        if table.started or not same_name(name, table.creator):
            raise TableError("Only the creator can close a table, before it starts.")
        storage.save_table(self.store, attrs.evolve(table.row(), closed=True))
        del self.tables[table.id]
        self._changed(table, "closed")

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"There is no table {table_id}.")
        return table

    def _start(self, table: Table) -> None:
        game = registry.load(table.game_id)
        config = table.config(seed=new_seed())
        table.match = Match.start(game, config)
        seats = [Seat(s.player or seat_label(n), s.bot) for n, s in enumerate(table.seats)]
        table.writer = GameWriter.new(self.store, table.match, seats)
        self.turns.started(table)
        storage.save_table(self.store, table.row())
        self.presence.started(table)
        if "expert" in (table.standin_level, *(s.bot for s in table.seats)):
            thinking.warm(table.game_id)  # (its first move need not wait for the pool)
        self.idle_room.arm(table)  # (an untimed table's idle players: serve/idle.py)
        self.clock_room.start(table)
        self.bots.schedule(table)

    # -- moves ------------------------------------------------------------------
    def act(self, table_id: str, name: str, action: Any) -> None:
        """Apply ``action`` for ``name``'s seat; IllegalAction/TableError if they may not."""
        table = self.get(table_id)
        seat = table.seat_of(name)
        if seat is None:
            raise TableError("You are watching this table: you have no seat to play.")
        if not table.started:
            raise TableError("The table has not started yet.")
        match = table.match
        assert match is not None  # started
        game = match.game
        if game.is_over(match.state):
            raise TableError("The game is over.")
        self.clock_room.catch_up(table)  # (a flag due first: serve/clock_room.py)
        if replaced(table, seat):
            raise TableError("Your time ran out: a bot plays your seat.")
        if seat not in game.to_move(match.state):
            raise IllegalAction("Wait: it is not your turn.")
        if action not in game.legal_for(match.state, seat):
            # the reason the rules give, or a plain one if the rules would take it
            game.apply(match.state, action)
            raise IllegalAction("That move is not yours to make now.")
        self._apply(table, action)

    def undo(self, table_id: str, name: str) -> None:
        """Take back ``name``'s last move if the rules allow it and nobody moved since."""
        table = self.get(table_id)
        seat = table.seat_of(name)
        match = table.match
        if seat is None or match is None or not match.actions:
            raise TableError("Nothing to undo.")
        game = match.game
        before, after, action = match.states[-2], match.states[-1], match.actions[-1]
        if game.seat_of(before, action) != seat:
            raise TableError("Nothing to undo: the last move was another player's.")
        if seat not in game.to_move(after) or not game.undoable(before, action, after):
            raise TableError(
                f"That move cannot be taken back: {game.undo_refusal(before, action, after)}."
            )
        table.match = match.undo()
        table.standin_moves.pop(len(table.match.actions), None)
        self.move_saves.save(table)
        self._moved(table)
        self._changed(table, "undo")

    def _apply(self, table: Table, action: Any) -> None:
        self.clock_room.catch_up(table)  # (a flag due is saved before the move)
        match = table.match
        assert match is not None  # only a started table is played on
        table.match = match.play(action)
        if table.over and (before := before_the_end(self, table)) is not None:
            self.rated_before[table.id] = before  # (said once the end is saved)
        self.move_saves.save(table)
        self._moved(table)
        self._changed(table, "move")
        self.bots.schedule(table)

    # -- chat -------------------------------------------------------------------
    def chat(self, table_id: str, name: str, text: str) -> None:
        text = " ".join("".join(c if c.isprintable() else " " for c in text).split())[:CHAT_MAX]
        table = self.visible(table_id, name)  # (a private table's members only)
        if text:
            self._say(table, f"{name}: {text}")

    def _say(self, table: Table, line: str) -> None:
        moves = len(table.match.actions) if table.match is not None else 0
        table.chat = [*table.chat[-(CHAT_KEPT - 1) :], line]
        table.chat_at = [*table.chat_at[-(CHAT_KEPT - 1) :], moves]
        table.chat_said += 1
        self._changed(table, "chat")

    def _moved(self, table: Table) -> None:
        """After a move or an undo: the idle timer and the clocks follow the seats
        the game waits for."""
        self.idle_room.arm(table)
        self.clock_room.moved(table)

    # -- the parts' work, as the sessions call it ------------------------------------
    def attach(self, table: Table, name: str, listener: Listener) -> int | None:
        """A session of ``name`` opens the table: their seat, or None to watch;
        TableError if they may not see it (serve/private.py, serve/presence.py)."""
        self.private.check_sees(table, name)
        return self.presence.attach(table, name, listener)

    def detach(self, table: Table, name: str, listener: Listener) -> None:
        """A session of ``name`` leaves the table (serve/presence.py)."""
        self.presence.detach(table, name, listener)

    def visible(self, table_id: str, name: str) -> Table:
        """The table if ``name`` may see it, else TableError (serve/private.py)."""
        return self.private.visible(table_id, name)

    def listed_for(self, name: str) -> list[Table]:
        """The unfinished tables the lobby lists for ``name`` (serve/private.py)."""
        return self.private.listed_for(name)

    def join_code(self, code: str, name: str) -> Table:
        """``name`` gives an unlisted table's code (serve/private.py)."""
        return self.private.join_code(code, name)

    def rematch(self, table_id: str, name: str) -> Table:
        """A finished table's "Play again" (serve/private.py)."""
        return self.private.rematch(table_id, name)

    def remove_seat(self, table_id: str, name: str, seat: int) -> None:
        """The creator removes a seat nobody took (serve/private.py)."""
        self.private.remove_seat(table_id, name, seat)

    def resign(self, table_id: str, name: str) -> None:
        """``name`` resigns their seat: a bot plays it (serve/private.py)."""
        self.private.resign(table_id, name)

    def touched(self, name: str) -> None:
        """A session of ``name`` had a key (an idle player is back: serve/idle.py)."""
        self.idle_room.touched(name)

    def expellable(self, table: Table, name: str) -> list[int]:
        """The seats ``name`` may expel now (serve/clock_room.py)."""
        return self.clock_room.expellable(table, name)

    def expel(self, table_id: str, name: str, seat: int) -> None:
        """``name`` expels the player of ``seat``, out of time (serve/clock_room.py)."""
        self.clock_room.expel(table_id, name, seat)

    # -- listeners -----------------------------------------------------------------
    def _changed(self, table: Table, what: str) -> None:
        self.turns.note(table)
        for listener in list(table.listeners):
            try:
                listener(table, what)
            except Exception:  # a broken session never stops the others
                table.listeners.discard(listener)
        self._lobby_changed()

    def _lobby_changed(self) -> None:
        for listener in list(self.lobby_listeners):
            try:
                listener()
            except Exception:
                self.lobby_listeners.discard(listener)

    def shutdown(self) -> None:
        """Stop every timer once the moves' writes still running are done."""
        self.saves.deliver(wait=True)
        self.idle_room.shutdown()
        self.clock_room.shutdown()
        self.closed = True
        self.presence.shutdown()
        self.bots.shutdown()
        self.move_saves.shutdown()


def restored(store: Store, row: TableRow) -> Table:
    """A table brought back from the store (its game resumed, if it started);
    TideboardError if it cannot be (its game gone, its stored game broken)."""
    if row.game not in registry.GAMES or not registry.is_available(row.game):
        raise TideboardError(f"game {row.game} is not installed")
    table = Table(row)
    if row.game_id is not None:
        table.writer, table.match, _bots = GameWriter.resume(store, row.game_id)
    return table


def checked_setup(
    game_id: str,
    players: int,
    variant: str | None,
    options: tuple[tuple[str, str], ...] | dict[str, str],
    bots: dict[int, str],
    level: str | None,
) -> tuple[GameConfig, dict[int, str]]:
    """A new table's game (``variant`` None: the game's first) and its bots' seats
    (seat -> level), or TableError: a playable game, its rules' options, no bot in
    seat 1 (its creator's), only the game's bot levels (``level``: the stand-ins').
    One player at a game with a solo mode is that mode."""
    info = registry.get_info(game_id)
    if not registry.is_available(game_id):
        raise TableError(f"{info.name} is not playable yet.")
    pairs = tuple(options.items()) if isinstance(options, dict) else options
    solo = players == 1 and info.max_players > 1
    variant = variant or info.variants[0]
    config = GameConfig(players=players, variant=variant, options=pairs, solo=solo)
    info.check_config(config)
    levels = info.bot_levels or ("random",)
    for seat, bot in bots.items():
        if not 0 < seat < players:
            raise TableError(f"Seat {seat + 1} cannot be a bot.")
        if bot not in levels:
            raise TableError(f"Unknown bot level {bot!r}.")
    if level is not None and level not in levels:
        raise TableError(f"Unknown bot level {level!r}.")
    return config, dict(bots)


def note_hint(room: Room, table_id: str, name: str) -> None:
    """``name`` used a hint at the table: it is told (never what the hint said),
    and its game is unrated (``serve/rated.py``)."""
    room._say(room.get(table_id), f"{name} used a hint.")
    mark_unrated(room, room.get(table_id), f"{name} used a hint")
