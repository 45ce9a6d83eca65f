"""The lobby's keys for private tables: ``c`` (or ``/join CODE`` in the filter
line) joins an unlisted table by its code, ``d`` removes a seat nobody took
from your table before it starts.  The room checks everything
(``serve/private.py``); these only ask and say what happened."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tideboard.engine.core import TideboardError
from tideboard.serve.access import UNLISTED
from tideboard.serve.lobby_list import LobbyList
from tideboard.ui.shared.modals import ConfirmScreen, Window

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


def ask_code(lobby: Any) -> None:
    """``c``: the code, then the table."""

    def typed(code: str | None) -> None:
        if code and code.strip():
            join_by_code(lobby, code)

    lobby.app.push_screen(CodeScreen(), typed)


def join_by_code(lobby: Any, code: str) -> None:
    """Join the unlisted table with ``code``: a free seat if it has one, else watch it."""
    room, name = lobby.room, lobby.player
    try:
        table = room.join_code(code, name)
    except TideboardError as error:
        lobby.say(str(error), error=True)
        return
    lobby.fill()
    if table.seat_of(name) is not None:
        lobby.query_one(LobbyList).point_at("mine", table.id)
        lobby._open(table)
    elif table.started:
        lobby.app.open_table(table)
    else:
        lobby.waiting_for = table.id
        lobby.query_one(LobbyList).point_at("open", table.id)
        lobby.say(f"Table {table.id} has no free seat: you will watch it once it starts.")


def remove_seat(lobby: Any, table: Any) -> None:
    """``d`` on your table before it starts: which empty seat goes (asked), then gone."""
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
                f"Remove seat {seat + 1} ({table.short_seat_name(seat)}) from table {table.id}?",
                "Remove",
                "Keep",
            ),
            lambda yes: remove(seat if yes else None),
        )
    else:
        lobby.app.push_screen(SeatChoiceScreen(table), remove)


def unlisted_note(table: Any) -> str | None:
    """The code note for an unlisted table, None for another."""
    return code_note(table) if table.access.who == UNLISTED else None
