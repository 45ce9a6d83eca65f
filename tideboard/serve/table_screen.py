"""A game's own screen playing one seat of a server table (or watching it).

``table_screen(room, table, name)`` builds the game's screen class with
:class:`TableMode` mixed in front (as a replay mixes ``ReplayMode`` in), so
every game is drawn by its own code, from ``view(state, seat)`` (a spectator:
the public view), while

- ``dispatch`` sends the move to the room, which alone applies it (and says
  why not: not your turn, not your seat, against the rules);
- the match on screen follows the table's: the room tells the screen of each
  change through a message to itself, and the screen redraws and logs it;
- no bots run here and there is no hand-over screen (each seat has its own
  terminal); the table's chat lines and who comes and goes join the log;
- ``:`` opens a one-line chat, ``q`` goes back to the lobby (the seat is kept).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tideboard.engine.core import IllegalAction, TideboardError
from tideboard.serve.tables import CHAT_MAX, Room, Table
from tideboard.ui.screens import screen_class
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.modals import ConfirmScreen, Window

CHAT_MARK = "» "  # before a chat line (or a note of who comes and goes) in the log

TABLE_KEYS_HELP = [
    (":", "say something to the table (one line; Enter sends, Esc cancels)"),
    ("q", "back to the lobby (your seat is kept; a bot plays it if you stay away)"),
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


class TableMode:
    """Mixed in front of a :class:`GameScreen` subclass (see :func:`table_screen`)."""

    BINDINGS = [Binding("colon", "chat", "Chat")]

    def __init__(self, room: Room, table: Table, name: str) -> None:
        super().__init__(table.match, {}, 0.0)  # type: ignore[call-arg]
        self.room = room
        self.table = table
        self.player = name
        self.seat: int | None = table.seat_of(name)
        self.viewer = self.seat
        self.chat_shown = len(table.chat)
        self.KEYS_HELP = [*type(self).KEYS_HELP, *TABLE_KEYS_HELP]

    # -- the table ----------------------------------------------------------------
    def on_mount(self) -> None:
        # Textual runs GameScreen.on_mount after this one (each class's handler)
        self.room.attach(self.table, self.player, self._listen)
        # a move made between this screen's making and now (a quick bot's) is
        # in the table's match only: start from that
        self.match = self.table.match
        self.query_one(GameLog).namer = self.named  # type: ignore[attr-defined]
        self.chat_shown = max(0, len(self.table.chat) - 5)  # the last few lines
        self.call_after_refresh(self._show_chat)  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        self.room.detach(self.table, self.player, self._listen)

    def _listen(self, table: Table, what: str) -> None:
        # called by the room, maybe from another session's app: only post here
        self.call_later(self._table_changed, what)  # type: ignore[attr-defined]

    def _table_changed(self, what: str) -> None:
        if not self.is_attached:  # type: ignore[attr-defined]
            return
        if what in ("move", "undo") and self.table.match is not self.match:
            self.match = self.table.match
            self._write_log()  # type: ignore[attr-defined]
            self._advance()
        self._show_chat()
        if what == "presence":
            self.refresh_table()  # type: ignore[attr-defined]

    def _show_chat(self) -> None:
        lines = self.table.chat
        log = self.query_one(GameLog)  # type: ignore[attr-defined]
        for line in lines[self.chat_shown:]:
            log.add(f"{CHAT_MARK}{line}")
        self.chat_shown = len(lines)

    # -- names ------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if seat == self.seat:
            return "You"
        name = self.table.seat_name(seat)
        state = self.table.seats[seat]
        return f"{name} (bot)" if state.standin else name

    def player_name(self, seat: int) -> str:
        return f"{self.seat_name(seat)}"

    def named(self, entry: str) -> str:
        """A log line with the players' names for "Player N" (bots keep theirs);
        chat lines are left as said."""
        return entry if entry.startswith(CHAT_MARK) else self.table.named(entry)

    def secrets_note(self, hot_seat: str, what: str) -> str:
        if self.seat is None:
            return f"You are watching: the players' {what} are theirs alone."
        return hot_seat

    def log_heading(self) -> str:
        where = (f"you are {self.table.seat_name(self.seat)} at seat {self.seat + 1}"
                 if self.seat is not None else "you are watching")
        return f"{self.game.info.name}, table {self.table.id}: {where}."  # type: ignore[attr-defined]

    # -- the loop ---------------------------------------------------------------
    def save(self) -> bool:
        return True  # the room saves every move

    def dispatch(self, action: Any) -> bool:
        try:
            self.room.act(self.table.id, self.player, action)
        except (IllegalAction, TideboardError) as error:
            self.say(str(error), error=True)  # type: ignore[attr-defined]
            return False
        return True

    def _advance(self) -> None:
        game, state = self.game, self.state  # type: ignore[attr-defined]
        self.refresh_table()  # type: ignore[attr-defined]
        if game.is_over(state):
            self.say(f"Game over. {game.result_text(state)}")  # type: ignore[attr-defined]
            self._show_end()  # type: ignore[attr-defined]
            return
        waiting = game.to_move(state)
        if self.seat is None:
            names = " and ".join(self.seat_name(s) for s in waiting)
            self.say(f"Watching table {self.table.id}: {names} to play.")  # type: ignore[attr-defined]
        elif self.seat not in waiting:
            names = " and ".join(self.seat_name(s) for s in waiting)
            self.say(f"{names} to play; wait for your turn.")  # type: ignore[attr-defined]

    def human_to_move(self) -> int | None:
        """This session's seat when the rules wait for it; never a spectator's (a
        decision everyone may watch is still its own seat's: see ``needs_privacy``)."""
        seat = self.next_seat()  # type: ignore[attr-defined]
        return seat if seat is not None and seat == self.seat else None

    def _bot_step(self) -> None:
        """No bots run in a session: the room plays them."""

    # -- keys -------------------------------------------------------------------
    def action_undo(self) -> None:
        try:
            self.room.undo(self.table.id, self.player)
        except TideboardError as error:
            self.say(str(error), error=True)  # type: ignore[attr-defined]

    def action_chat(self) -> None:
        def sent(text: str | None) -> None:
            if text:
                self.room.chat(self.table.id, self.player, text)

        self.app.push_screen(ChatScreen(), sent)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.app.show_picker()  # type: ignore[attr-defined]

        if self.seat is None or self.game.is_over(self.state):  # type: ignore[attr-defined]
            self.app.show_picker()  # type: ignore[attr-defined]
            return
        self.app.push_screen(ConfirmScreen(  # type: ignore[attr-defined]
            "Back to the lobby? Your seat is kept; if you stay away, a bot plays it "
            "until you return.", "Lobby", "Stay"), answer)

    def _end_choice(self, choice: str | None) -> None:
        # "play again" is a new table: from the lobby
        super()._end_choice("picker" if choice == "again" else choice)  # type: ignore[misc]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":
            return True
        return super().check_action(action, parameters)  # type: ignore[misc]


_CLASSES: dict[type, type] = {}


def table_class(game_id: str) -> type:
    """The game's screen class with :class:`TableMode` in front."""
    base = screen_class(game_id)
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Table{base.__name__}", (TableMode, base),
                              {"BINDINGS": TableMode.BINDINGS})
    return _CLASSES[base]


def table_screen(room: Room, table: Table, name: str) -> Any:
    return table_class(table.game_id)(room, table, name)
