"""A server table's seats and what the lobby and the table screens read of it
(no Textual, no moves: those are the :class:`~tideboard.serve.tables.Room`'s).

A player is their name compared without case (``Ana`` sits where ``ana``
sits): see :func:`same_name`.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tideboard.engine import registry
from tideboard.engine.bots import default_level, level_name
from tideboard.engine.core import GameConfig, seat_label
from tideboard.engine.match import Match
from tideboard.serve.access import INVITED, UNLISTED, TableError  # noqa: F401  (imported from here)
from tideboard.serve.storage import TableRow
from tideboard.serve.your_move import waits_for
from tideboard.store.writer import GameWriter

if TYPE_CHECKING:
    from tideboard.serve.clock_store import TableClock

PLAYER_N = re.compile(r"\bPlayer ([1-9])\b")  # how the engine's lines name seats

Listener = Callable[["Table", str], None]


def ident(name: str) -> str:
    """A player's identity: their name without case (names are ASCII)."""
    return name.lower()


def same_name(one: str | None, other: str | None) -> bool:
    """Whether two names are the same player ("Ana" and "ana" are)."""
    return one is not None and other is not None and ident(one) == ident(other)


class SeatState:
    """One seat: the player (a name) or the bot level, and whether its player is away."""

    __slots__ = (
        "player",
        "bot",
        "away_since",
        "standin",
        "held_for",
        "resigned",
        "resigned_at",
        "left_move",
    )

    def __init__(self, player: str | None, bot: str | None) -> None:
        self.player = player
        self.bot = bot
        self.away_since: float | None = None
        self.standin = False  # a bot plays it while its player is away
        # a rematch keeps this seat for the player who sat there (nobody else may take it)
        self.held_for: str | None = None
        # the player who resigned this seat (a bot of the table's level plays it
        # to the end), when (ISO) and after how many moves
        self.resigned: str | None = None
        self.resigned_at: tuple[str, int] = ("", 0)
        # the moves made before a bot first played for the player while away,
        # None once they are back (at the end: they left the game, a loss)
        self.left_move: int | None = None

    @property
    def by_bot(self) -> bool:
        return self.bot is not None or self.standin


def runs_of_bots(seats: list[str]) -> list[str]:
    """Seats side by side played by bots of one level as one: "2 medium bots"."""
    out: list[str] = []
    count = 0
    for number, seat in enumerate(seats):
        count += 1
        if number + 1 < len(seats) and seat.endswith(" bot") and seats[number + 1] == seat:
            continue
        out.append(f"{count} {seat}s" if count > 1 else seat)
        count = 0
    return out


class Table:
    """A table: its seats, its match once started, who watches, its chat."""

    def __init__(self, row: TableRow) -> None:
        self.id = row.id
        self.game_id = row.game
        self.info = registry.get_info(row.game)
        self.creator = row.creator
        self.players = row.players
        self.variant = row.variant
        self.options = row.options
        self.level = row.level  # the stand-ins' level (None: the default)
        self.hints = row.hints  # whether its players may ask for hints
        self.created = row.created
        self.seats = [SeatState(player, bot) for player, bot in row.seats]
        for seat, name, when, moves in row.resigned:
            self.seats[seat].resigned, self.seats[seat].resigned_at = name, (when, moves)
        for seat, name in row.held:
            self.seats[seat].held_for = name
        for seat, moves in row.left:
            self.seats[seat].left_move = moves
        self.access = row.access  # who may sit, see and watch (serve/access.py)
        self.match: Match | None = None
        self.writer: GameWriter | None = None
        self.save_error: str | None = None
        self.watchers: dict[str, int] = {}  # name -> sessions watching
        self.present: dict[str, int] = {}  # seated ident(name) -> sessions at the table
        self.paused = False  # brought back by a restart: waits for a player to return
        self.chat: list[str] = []  # the last CHAT_KEPT lines said (and comings and goings)
        self.chat_at: list[int] = []  # for each, the match's moves when it was said
        self.chat_said = 0  # lines said since the table opened (``chat`` keeps the last)
        self.listeners: set[Listener] = set()
        self.bots: dict[int, Any] = {}
        self.bot_timer: asyncio.TimerHandle | None = None
        self.thinking: asyncio.Task[None] | None = None  # a bot's move, thought off the loop
        self.save_timer: asyncio.TimerHandle | None = None  # a failed save's retry
        self.grace_timers: dict[int, asyncio.TimerHandle] = {}
        self.rematch: str | None = None  # the id of the table opened as this one's rematch
        self.timing: TableClock | None = None  # its clocks (serve/clock_room.py); None: untimed
        # the moves a bot made for an away player: move index -> seat
        self.standin_moves: dict[int, int] = {}

    # -- reading --------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.game.is_over(self.match.state)

    def seat_of(self, name: str) -> int | None:
        for number, seat in enumerate(self.seats):
            if same_name(seat.player, name):
                return number
        return None

    def played_by(self, name: str) -> int | None:
        """The seat ``name`` sits at, or sat at before resigning."""
        seat = self.seat_of(name)
        if seat is None:
            seat = next((n for n, s in enumerate(self.seats) if same_name(s.resigned, name)), None)
        return seat

    def is_present(self, name: str | None) -> bool:
        """Whether a session of ``name`` (a seated player) has the table open."""
        return name is not None and self.present.get(ident(name), 0) > 0

    def free_seats(self) -> list[int]:
        """The seats anyone may take (not those a rematch keeps for their players)."""
        return [
            n
            for n, s in enumerate(self.seats)
            if s.player is None and s.bot is None and s.held_for is None
        ]

    def empty_seats(self) -> list[int]:
        """The seats nobody sits at yet, those kept for a rematch's players included."""
        return [n for n, s in enumerate(self.seats) if s.player is None and s.bot is None]

    def rematch_seats(
        self, name: str
    ) -> tuple[tuple[tuple[str | None, str | None], ...], dict[int, str]]:
        """A rematch's seats, asked for by ``name``: they sit where they sat, every
        other player's seat is kept for them (the second value: seat -> name) and
        each bot keeps its seat and level (a player who resigned gets theirs back)."""
        seat = self.played_by(name)
        seats = tuple(
            (name if n == seat else None, None if s.resigned else s.bot)
            for n, s in enumerate(self.seats)
        )
        held = {
            n: who
            for n, s in enumerate(self.seats)
            if (who := s.player or s.resigned) and n != seat
        }
        return seats, held

    def held_seat(self, name: str) -> int | None:
        """The empty seat a rematch keeps for ``name``."""
        for number, seat in enumerate(self.seats):
            if seat.player is None and same_name(seat.held_for, name):
                return number
        return None

    def seat_name(self, seat: int) -> str:
        """ "ana", "Player 2 (medium)" (the level as players know it), "Player 3 (free)"."""
        state = self.seats[seat]
        if state.player is not None:
            return state.player
        if state.resigned is not None:
            return f"{state.resigned} (resigned)"  # (the log says which bot plays it)
        if state.bot is not None:
            return f"{seat_label(seat)} ({level_name(state.bot)})"
        if state.held_for is not None:
            return f"{state.held_for} (invited)"
        return f"{seat_label(seat)} (free)"

    def short_seat_name(self, seat: int) -> str:
        """``seat_name`` for a lobby's line, which has 80 columns for all the seats:
        "ana", "medium bot", "free seat", "ana (invited)"."""
        state = self.seats[seat]
        if state.resigned is not None:
            return f"{state.resigned} (resigned)"
        if state.player is None and state.bot is not None:
            return f"{level_name(state.bot)} bot"
        if state.player is None and state.held_for is None:
            return "free seat"
        return self.seat_name(seat)

    def replay_names(self) -> dict[str, Any]:
        """What a replay of this table names its players by (``Replay``'s ``names``
        and ``named``): "ana" for "Player 1", in the seats and in the log."""
        return {"names": [self.seat_name(s) for s in range(len(self.seats))], "named": self.named}

    def named(self, text: str) -> str:
        """``text`` (a log line, a result) with each seated player's name for
        "Player N"; bots' seats keep theirs."""

        def name(found: re.Match[str]) -> str:
            seat = int(found.group(1)) - 1
            state = self.seats[seat] if seat < len(self.seats) else None
            player = (state.player or state.resigned) if state is not None else None
            return player or found.group(0)

        return PLAYER_N.sub(name, text)

    def row(self) -> TableRow:
        return TableRow(
            self.id,
            self.game_id,
            self.creator,
            self.players,
            self.variant,
            tuple((s.player, s.bot) for s in self.seats),
            self.writer.id if self.writer else None,
            self.created,
            options=self.options,
            level=self.level,
            hints=self.hints,
            access=self.access,
            resigned=tuple(
                (n, s.resigned, *s.resigned_at)
                for n, s in enumerate(self.seats)
                if s.resigned is not None
            ),
            held=tuple((n, s.held_for) for n, s in enumerate(self.seats) if s.held_for),
            left=tuple(
                (n, s.left_move) for n, s in enumerate(self.seats) if s.left_move is not None
            ),
        )

    @property
    def standin_level(self) -> str:
        """The level a bot plays at for an away player (and in the seats the
        creator's start fills): the table's, if the game still has it."""
        levels = self.info.bot_levels
        return self.level if self.level in levels else default_level(levels)

    @property
    def solo(self) -> bool:
        """One player at a game that has more: its solo mode."""
        return self.players == 1 and self.info.max_players > 1

    def config(self, seed: int = 0) -> GameConfig:
        return GameConfig(
            players=self.players,
            variant=self.variant,
            solo=self.solo,
            seed=seed,
            options=self.options,
        )

    def rules(self) -> str:
        """The variant and options: "tsunami, events off", "solo", "" for the plain game
        ("hints" when its players may ask for them)."""
        parts = [self.variant] if self.variant != self.info.variants[0] else []
        parts += ["solo"] if self.solo else []
        parts += [f"{name} {value}" for name, value in self.options]
        parts += ["hints"] if self.hints else []
        return ", ".join(parts)

    def result(self) -> str:
        """A finished match's result in a few words for a lobby line: "ana won 36-14",
        "ana and bob tied 20-20-9" (the game's own sentence is the results')."""
        assert self.match is not None
        game, state = self.match.game, self.match.state
        scores = "-".join(str(score) for score in sorted(game.scores(state), reverse=True))
        winners = [self.seat_name(seat) for seat in game.winners(state)]
        if not winners and self.players == 1:  # a solo game lost (the automaton's, a campaign)
            return f"{self.seat_name(0)} lost, score {scores.split('-')[0]}"
        if not winners:
            return f"nobody won, {scores}"
        return f"{' and '.join(winners)} {'won' if len(winners) == 1 else 'tied'} {scores}"

    def status(self, name: str | None = None) -> str:
        """One line for the lobby: who sits where, who is away, whose turn."""
        seats = []
        for number, seat in enumerate(self.seats):
            text = self.short_seat_name(number)
            if self.timing is not None and number in self.timing.out:  # (a bot's for good)
                text += " (expelled)" if "expelled" in self.timing.out[number] else " (out of time)"
            elif seat.player is not None and self.started and not self.is_present(seat.player):
                text += " (away, bot playing)" if seat.standin else " (away)"
            seats.append(text)
        line = ", ".join(runs_of_bots(seats))
        if self.watchers:
            line += f"; watching: {', '.join(sorted(self.watchers))}"
        match = self.match
        if match is not None and self.over:
            return f"finished: {self.result()}"
        if self.paused:  # (waiting for your move: opening it resumes it, as N does)
            yours = "▶ your move, " if waits_for(self, name) else ""
            return f"{yours}paused until a player returns (server restarted): {line}"
        if match is not None:  # started (your move: serve/your_move.py)
            return f"{'▶ your move' if waits_for(self, name) else 'playing'}: {line}"
        held = [self.seats[n].held_for for n in self.empty_seats() if n not in self.free_seats()]
        if self.access.who == INVITED:
            return f"invitation only: {line}"
        if self.access.who == UNLISTED:
            mine = self.seat_of(name or "") is not None or same_name(name, self.creator)
            code = f", code {self.access.code}" if mine else ""
            return f"unlisted{code}: {line}"
        if held:
            return f"rematch, waiting for {' and '.join(map(str, held))}: {line}"
        return f"open: {line}"  # (the free seats are in the line)
