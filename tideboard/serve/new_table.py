"""A new table: players, variant, and which seats are bots (you take seat 1).

Up/down move between the rows, left/right (or Space) change a row, Enter
opens the table, Esc cancels.  The answer is ``(game id, players, variant,
{seat: bot level})`` or None.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tideboard.engine import registry
from tideboard.ui.shared.modals import Window

PLAYER = "a player (joins from the lobby)"


class NewTableScreen(Window[Any]):
    BINDINGS = [
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j,tab", "row(1)", "Down", show=False),
        Binding("left,h", "change(-1)", "Change", show=False),
        Binding("right,l,space", "change(1)", "Change", show=False),
        Binding("enter", "create", "Open the table"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.info = registry.get_info(game_id)
        self.players = self.info.min_players
        self.variant = 0
        self.seats: dict[int, int] = {}  # seat -> index in choices (0: a player)
        self.row = 0

    def choices(self) -> list[str]:
        return [PLAYER, *self.info.bot_levels]

    def rows(self) -> list[tuple[str, str]]:
        rows = [("Players", str(self.players)),
                ("Variant", self.info.variants[self.variant])]
        rows.append(("Seat 1", "you"))
        for seat in range(1, self.players):
            rows.append((f"Seat {seat + 1}", self.choices()[self.seats.get(seat, 0)]))
        return rows

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"New table: {self.info.name}", classes="question")
            yield Static(self._render_rows(), id="new-table-rows")
            yield Static("↑↓ row, ←→ change, Enter opens the table, Esc cancels.",
                         classes="hint")

    def _render_rows(self) -> Text:
        text = Text()
        for number, (label, value) in enumerate(self.rows()):
            if number:
                text.append("\n")
            line = f"{label:8} ◀ {value} ▶" if number != 2 else f"{label:8}   {value}"
            text.append(line, style="reverse" if number == self.row else "")
        return text

    def _redraw(self) -> None:
        self.query_one("#new-table-rows", Static).update(self._render_rows())

    def action_row(self, step: int) -> None:
        rows = len(self.rows())
        self.row = (self.row + step) % rows
        if self.row == 2:  # your own seat: nothing to change
            self.row = (self.row + step) % rows
        self._redraw()

    def action_change(self, step: int) -> None:
        if self.row == 0:
            low, high = self.info.min_players, self.info.max_players
            self.players = low + (self.players - low + step) % (high - low + 1)
            self.seats = {s: c for s, c in self.seats.items() if s < self.players}
        elif self.row == 1:
            self.variant = (self.variant + step) % len(self.info.variants)
        elif self.row >= 3:
            seat = self.row - 2
            self.seats[seat] = (self.seats.get(seat, 0) + step) % len(self.choices())
        self._redraw()

    def action_create(self) -> None:
        bots = {seat: self.choices()[choice] for seat, choice in self.seats.items()
                if choice and seat < self.players}
        self.dismiss((self.info.id, self.players, self.info.variants[self.variant], bots))

    def action_cancel(self) -> None:
        self.dismiss(None)
