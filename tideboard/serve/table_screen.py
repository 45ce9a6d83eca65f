"""A game's own screen playing one seat of a server table (or watching it).

``table_screen(room, table, name)`` opens the game's screen with a
:class:`RemoteTable` controller (as a replay has a ``Replay``), so every game
is drawn by its own code, from ``view(state, seat)`` (a spectator: the public
view), while

- ``dispatch`` sends the move to the room, which alone applies it (and says
  why not: not your turn, not your seat, against the rules);
- the match on screen follows the table's: the room tells the screen of each
  change through a message to itself, and the screen redraws and logs it;
- no bots run here and there is no hand-over screen (each seat has its own
  terminal); the table's chat lines and who comes and goes join the log;
- a move that ends the player's turn, in a game whose screen asks for it
  (``GameScreen.turn_end``), waits here for Enter before it goes to the room
  (``Control.held``: u takes it back if it revealed nothing), so the next seat
  waits too; a player who leaves or drops with such a move waiting hands it over
  (it goes to the room then), so the table never waits on a session that is gone;
- ``:`` opens a one-line chat, ``q`` goes back to the lobby (the seat is kept);
- ``R`` resigns (asked first, No the default: ``Room.resign``): a bot plays the
  seat to the end and this screen watches the table from then on.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tideboard.engine.bots import level_name
from tideboard.engine.core import IllegalAction, TideboardError, seat_label
from tideboard.engine.match import Match
from tideboard.serve.clock_room import replaced
from tideboard.serve.clock_view import ClockFace, ask_to_expel
from tideboard.serve.tables import CHAT_MAX, Room, Table, note_hint
from tideboard.serve.your_move import TABLE_HELP as NEXT_TABLE_HELP
from tideboard.ui.screens import screen_class
from tideboard.ui.shared.control import TABLE_ACTIONS, Control, Held
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.modals import ConfirmScreen, Window

CHAT_MARK = "» "  # before a chat line (or a note of who comes and goes) in the log
RECENT_CHAT = 5  # the lines said before a screen opened that its log shows

TABLE_KEYS_HELP = [
    (":", "say something to the table (one line; Enter sends, Esc cancels)"),
    ("X", "expel a player whose time for the move is up (turn-based tables; asks first)"),
    ("q", "back to the lobby (your seat is kept; a bot plays it if you stay away)"),
    (
        "R",
        "resign (asked first): a bot of the table's level plays your seat to the end, "
        "and you watch the table",
    ),
    NEXT_TABLE_HELP,  # (the key is the app's: serve/next_table.py)
]


class ChatScreen(Window[str]):
    """One line to say to the table."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Say to the table (Enter sends, Esc cancels):", classes="question")
            yield Input(max_length=CHAT_MAX, id="chat-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss("")


def started(table: Table) -> Match:
    """The match of ``table``, which a screen opens only once it has started."""
    assert table.match is not None, "a table's screen opens once its match has started"
    return table.match


class RemoteTable(Control):
    """One session's seat at a table (``seat`` None: watching); the room plays the moves."""

    home_word = "Lobby"  # p (and q) at game over go back to the lobby
    quits = False

    def __init__(self, room: Room, table: Table, name: str) -> None:
        super().__init__(started(table), {})
        self.room = room
        self.table = table
        self.player = name
        self.seat: int | None = table.seat_of(name)
        if self.seat is not None and replaced(table, self.seat):
            self.seat = None  # out of time or expelled: a bot plays it for good
        self.viewer = self.seat
        self.chat_shown = 0  # lines said at the table that are in the log (from start())

    # -- the table ----------------------------------------------------------------
    def start(self) -> None:
        screen = self.screen
        self.room.attach(self.table, self.player, self._listen)
        # a move made between this screen's making and now (a quick bot's) is
        # in the table's match only: start from that
        self.match = started(self.table)
        screen.query_one(GameLog).namer = self.named
        # the last few lines said, each among the moves where it was said
        table = self.table
        recent = list(zip(table.chat_at, table.chat, strict=True))[-RECENT_CHAT:]
        self.chat_shown = table.chat_said
        screen.call_after_refresh(self._show_recent_chat, recent)
        ClockFace(screen, table).start()  # (a timed table's clocks in the title line)
        super().start()

    def stop(self) -> None:
        self.room.detach(self.table, self.player, self._listen)
        held, self.held = self.held, None
        if held is not None:  # leaving (or a dropped connection) hands the turn over
            self._send(held)

    def _send(self, held: Held) -> bool:
        """The held move to the room, if the table is still where it was held."""
        if self.table.match is not held.base:
            return False  # (the table moved on: another session of the same player)
        try:
            self.room.act(self.table.id, self.player, held.action)
        except (IllegalAction, TideboardError) as error:
            if self.screen.is_attached:
                self.screen.say(str(error), error=True)
            return False
        return True

    def _listen(self, table: Table, what: str) -> None:
        # called by the room, maybe from another session's app: only post the
        # screen a message (a callback it runs in its own turn)
        self.screen.call_later(self._table_changed, what)

    def _table_changed(self, what: str) -> None:
        screen = self.screen
        if not screen.is_attached:
            return
        if what in ("move", "undo") and self.table.match is not self.match:
            self.held = None  # (a move held here was made on the match before)
            self.match = started(self.table)
            screen.write_log()
            self.advance()
        self._show_chat()
        if self.seat is not None and (
            (what == "resigned" and self.table.seat_of(self.player) is None)
            or (what == "clock" and replaced(self.table, self.seat))
        ):
            # this player resigned, ran out of time or was expelled: a bot plays
            # the seat for good, and they watch from now on
            self.seat = self.viewer = None
            self.held = None
            self.advance()
        elif what in ("presence", "resigned", "clock"):
            screen.refresh_table()

    def _show_chat(self) -> None:
        """The lines said since the last shown, at the log's end."""
        table = self.table
        new = min(table.chat_said - self.chat_shown, len(table.chat))
        log = self.screen.query_one(GameLog)
        for line in table.chat[len(table.chat) - new :] if new > 0 else ():
            log.add(f"{CHAT_MARK}{line}")
        self.chat_shown = table.chat_said

    def _show_recent_chat(self, recent: list[tuple[int, str]]) -> None:
        """The lines said before the screen opened, each after the moves made before
        it was said (the log: its heading, then one entry per move)."""
        if not recent or not self.screen.is_attached:
            return
        log = self.screen.query_one(GameLog)
        entries = list(log.entries)
        for moves, line in reversed(recent):
            entries.insert(min(1 + moves, len(entries)), f"{CHAT_MARK}{line}")
        log.show(entries)

    # -- names ------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if seat == self.seat:
            return "You"
        name = self.table.seat_name(seat)
        state = self.table.seats[seat]
        return f"{name} (bot)" if state.standin else name

    def move_line(self, index: int, line: str) -> str:
        """A move a bot made for an away player is the bot's: "bot for ana"."""
        seat = self.table.standin_moves.get(index)
        if seat is None:
            return line
        state = self.table.seats[seat]
        name = state.player or state.resigned
        label = seat_label(seat)
        if line.startswith(label):
            return f"Bot for {name}{line[len(label) :]}"
        return line.replace(label, f"bot for {name}", 1)

    def named(self, entry: str) -> str:
        """A log line with the players' names for "Player N" (bots keep theirs);
        chat lines are left as said."""
        return entry if entry.startswith(CHAT_MARK) else self.table.named(entry)

    def secrets_note(self, hot_seat: str, what: str) -> str:
        if self.seat is None:
            return f"You are watching: the players' {what} are theirs alone."
        return hot_seat

    def log_heading(self) -> str:
        where = (
            f"you are {self.table.seat_name(self.seat)} at seat {self.seat + 1}"
            if self.seat is not None
            else "you are watching"
        )
        return f"{self.match.game.info.name}, table {self.table.id}: {where}."

    def keys_help(self, keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return [*keys, *TABLE_KEYS_HELP]

    # -- the loop ---------------------------------------------------------------
    def play(self, action: Any) -> bool:
        if self.held is None and self.seat is not None:
            try:  # a move that ends the turn waits here for Enter (see hand_over)
                after = self.match.game.apply(self.match.state, action)
            except IllegalAction as error:
                self.screen.say(str(error), error=True)
                return False
            if self.hold(action, after):
                self.show_held()
                return True
        try:
            self.room.act(self.table.id, self.player, action)
        except (IllegalAction, TideboardError) as error:
            self.screen.say(str(error), error=True)
            return False
        return True

    def hand_over(self) -> None:
        """Enter: the held move goes to the room, and the screen follows the table at
        once (a second Enter of a burst finds the next seat to move)."""
        held, self.held = self.held, None
        if held is None:
            return
        if self._send(held):
            self._table_changed("move")
        else:
            self.screen.refresh_table()

    def advance(self) -> None:
        screen, game, state = self.screen, self.match.game, self.match.state
        screen.refresh_table()
        if game.is_over(state):
            screen.say(f"Game over. {self.named(game.result_text(state))}")
            screen.show_end()
            return
        waiting = game.to_move(state)
        if self.seat is None:
            names = " and ".join(self.seat_name(s) for s in waiting)
            screen.say(f"Watching table {self.table.id}: {names} to play.")
        elif self.seat not in waiting:
            names = " and ".join(self.seat_name(s) for s in waiting)
            screen.say(f"{names} to play; wait for your turn.")

    def human_to_move(self) -> int | None:
        """This session's seat when the rules wait for it; never a spectator's (a
        decision everyone may watch is still its own seat's: see ``needs_privacy``)."""
        seat = self.next_seat()
        return seat if seat is not None and seat == self.seat else None

    # -- keys -------------------------------------------------------------------
    def hint_refusal(self) -> str | None:
        if not self.table.hints:
            return "No hints at this table: its creator did not allow them."
        return None

    def note_hint(self, seat: int, hint: Any) -> None:
        """Your log says what the hint was; the table is told only that you used one."""
        self.screen.query_one(GameLog).add(f"Hint: {hint.words}")
        note_hint(self.room, self.table.id, self.player)

    def allows(self, action: str) -> bool | None:
        if action == "resign":  # a seated player, while the game goes on
            return self.seat is not None and not self.match.game.is_over(self.match.state)
        if action == "expel":  # (listed only when someone may be expelled)
            return bool(self.room.expellable(self.table, self.player))
        if action in TABLE_ACTIONS:
            return True
        return super().allows(action)

    def undo(self) -> None:
        if self.held is not None:
            self.take_back()
            return
        try:
            self.room.undo(self.table.id, self.player)
        except TideboardError as error:
            self.screen.say(str(error), error=True)

    def expel(self) -> None:
        ask_to_expel(self)

    def chat(self) -> None:
        def sent(text: str | None) -> None:
            if text:
                self.room.chat(self.table.id, self.player, text)

        self.screen.app.push_screen(ChatScreen(), sent)

    def resign(self) -> None:
        """Give the seat up to a bot of the table's level, after a question whose
        default (Enter) is No."""
        if self.seat is None:
            return
        level = level_name(self.table.standin_level)

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            self.held = None  # (a turn's end waiting for Enter goes with the seat)
            try:
                self.room.resign(self.table.id, self.player)
            except TideboardError as error:
                self.screen.say(str(error), error=True)

        self.screen.app.push_screen(
            ConfirmScreen(
                f"Resign? A {level} bot plays your seat to the end and you watch the "
                "table; you cannot take the seat back.",
                "Resign",
                "Keep playing",
            ),
            answer,
        )

    def leave(self) -> None:
        app = self.screen.app

        def answer(yes: bool | None) -> None:
            if yes:
                app.show_picker()

        if self.seat is None or self.match.game.is_over(self.match.state):
            app.show_picker()
            return
        handed = " Your turn is handed over." if self.held is not None else ""
        app.push_screen(
            ConfirmScreen(
                f"Back to the lobby?{handed} Your seat is kept; if you stay away, a bot "
                "plays it until you return.",
                "Lobby",
                "Stay",
            ),
            answer,
        )

    def play_again(self) -> None:
        """A rematch: the same game and seats at a new table (``Room.rematch``),
        waited for in the lobby until every player is back; a watcher goes back
        to the lobby."""
        app = self.screen.app
        if self.seat is None:
            app.show_picker()
            return
        try:
            again = self.room.rematch(self.table.id, self.player)
        except TideboardError as error:
            self.screen.say(str(error), error=True)
            return
        if again.started:
            app.open_table(again)
        else:
            app.wait_for_table(again)


def table_screen(room: Room, table: Table, name: str) -> Any:
    """The game's screen at ``table`` for the player ``name`` (their seat, or watching)."""
    return screen_class(table.game_id)(control=RemoteTable(room, table, name))


def at_table(screen: Any, table: Table) -> bool:
    """Whether ``screen`` is a game screen at ``table``."""
    control = getattr(screen, "control", None)
    return isinstance(control, RemoteTable) and control.table is table
