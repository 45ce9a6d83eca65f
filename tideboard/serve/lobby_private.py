"""The lobby's private tables: ``c`` (or ``/join CODE`` in the filter line)
joins an unlisted table by its code, ``d`` removes a seat nobody took from your
table before it starts.  The room checks everything (``serve/private.py``);
these only ask and say what happened.

:class:`PrivateTables` is an object the lobby screen holds (``lobby.LobbyScreen``'s
``private``): the screen binds :data:`KEYS` (declared here, with the help's
lines) and its actions, its filter line's Enter and its new tables call it."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tideboard.engine.core import TideboardError
from tideboard.serve.access import UNLISTED, code_of
from tideboard.ui.shared.modals import ConfirmScreen, Window

# the lobby screen's bindings for these (its ``action_code`` and ``action_remove_seat``)
KEYS = [
    Binding("c", "code", "Join by code", show=False),
    Binding("d", "remove_seat", "Remove a seat", show=False),
]
LOBBY_PRIVATE_HELP = [
    ("c", "join an unlisted table: type the code its creator gave you (or /join CODE after /)"),
    ("d", "on your table before it starts: remove a seat nobody took (an invited player's too)"),
]


class CodeScreen(Window[str | None]):
    """An unlisted table's code, typed (None: cancelled)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                "The table's code (its creator has it; Enter joins, Esc cancels):",
                classes="question",
            )
            yield Input(max_length=16, id="table-code")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SeatChoiceScreen(Window[int | None]):
    """Which empty seat to remove: its number (None: Esc)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.empty = table.empty_seats()

    def compose(self) -> ComposeResult:
        lines = "\n".join(f"  {n + 1}  {self.table.short_seat_name(n)}" for n in self.empty)
        with Vertical(classes="dialog"):
            yield Static(
                f"Remove which seat of table {self.table.id}? (its number; Esc keeps them)\n"
                + lines,
                classes="question",
            )

    def on_key(self, event: Any) -> None:
        if event.character and event.character.isdigit():
            seat = int(event.character) - 1
            if seat in self.empty:
                event.stop()
                self.dismiss(seat)

    def action_cancel(self) -> None:
        self.dismiss(None)


def code_note(table: Any) -> str:
    """What the creator of an unlisted table is told: its code."""
    return (
        f"Table {table.id} is unlisted: give the players its code {table.access.code} "
        f"(they type c, then the code, in the lobby)."
    )


class PrivateTables:
    """What the lobby's keys for private tables do, for the lobby screen ``lobby``
    (its room, player, status line and list)."""

    def __init__(self, lobby: Any) -> None:
        self.lobby = lobby

    def ask_code(self) -> None:
        """``c``: the code, then the table."""

        def typed(code: str | None) -> None:
            if code and code.strip():
                self.join_by_code(code)

        self.lobby.app.push_screen(CodeScreen(), typed)

    def join_by_code(self, code: str) -> None:
        """Join the unlisted table with ``code``: a free seat if it has one, else watch it."""
        lobby = self.lobby
        name = lobby.player
        try:
            table = lobby.room.join_code(code, name)
        except TideboardError as error:
            lobby.say(str(error), error=True)
            return
        lobby.fill()
        if table.seat_of(name) is not None:
            lobby.lines.point_at("mine", table.id)
            lobby.open_or_wait(table)
        elif table.started:
            lobby.app.open_table(table)
        else:
            lobby.waiting_for = table.id
            lobby.lines.point_at("open", table.id)
            lobby.say(f"Table {table.id} has no free seat: you will watch it once it starts.")

    def filter_typed(self, text: str) -> bool:
        """The filter line's Enter: "/join CODE" joins that table (True), after the
        filter is cleared; anything else is a filter (False)."""
        code = code_of(text)
        if code is None:
            return False
        self.lobby.action_clear_filter()
        self.join_by_code(code)
        return True

    def remove_seat(self, table: Any) -> None:
        """``d`` on your table before it starts: which empty seat goes (asked), then gone."""
        lobby = self.lobby
        empty = table.empty_seats()
        if table.started or not empty or table.creator.lower() != lobby.player.lower():
            lobby.say(
                "d removes an empty seat from your own table before it starts "
                "(a seat nobody took, or an invited player's who never came).",
                error=True,
            )
            return

        def remove(seat: int | None) -> None:
            if seat is None:
                return
            try:
                lobby.room.remove_seat(table.id, lobby.player, seat)
            except TideboardError as error:
                lobby.say(str(error), error=True)
                return
            lobby.say(f"Seat {seat + 1} removed: table {table.id} is for {table.players} now.")
            if table.started:  # (nobody else was waited for)
                lobby.app.open_table(table)

        if len(empty) == 1:
            seat = empty[0]
            lobby.app.push_screen(
                ConfirmScreen(
                    f"Remove seat {seat + 1} ({table.short_seat_name(seat)}) "
                    f"from table {table.id}?",
                    "Remove",
                    "Keep",
                ),
                lambda yes: remove(seat if yes else None),
            )
        else:
            lobby.app.push_screen(SeatChoiceScreen(table), remove)

    def hidden(self, table: Any) -> bool:
        """Whether the room refuses to show ``table`` to this player (said if so)."""
        try:
            self.lobby.room.visible(table.id, self.lobby.player)
        except TideboardError as error:
            self.lobby.say(str(error), error=True)
            return True
        return False

    def created(self, table: Any) -> None:
        """A new table of this player's: an unlisted one's code is said."""
        if table.access.who == UNLISTED and not table.started:
            self.lobby.say(code_note(table))
