"""Pieces every game screen uses: colours, the status line, a blocks modal."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tideboard.themes_data import DEFAULT_THEME, palette


def game_colours(app: Any, game_id: str) -> dict[str, str]:
    """``game_id``'s palette (themes/palettes/GAME.toml) for the app's theme."""
    return palette(game_id, getattr(app, "theme", DEFAULT_THEME))


def theme_colour(app: Any, name: str, default: str) -> str:
    """A colour of the active Textual theme ('accent', 'success', ...)."""
    return app.theme_variables.get(name, default)


def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def ink_for(hex_colour: str) -> str:
    """Black or white text, whichever reads better on ``hex_colour``."""
    return "#000000" if luminance(hex_colour) > 140 else "#ffffff"


class StatusLine(Static):
    """The line under the table with the next step's keys, or why a move failed."""

    def show(self, message: str, error: bool = False) -> None:
        self.update(Text(message, style="bold red" if error else ""))


class BlocksScreen(ModalScreen[None]):
    """A scrolling modal of titled blocks (scored cards, objectives, chests...).

    Esc, q or the key that opened it (``key``) closes it.
    """

    BINDINGS = [Binding("escape,q", "close", "Close", priority=True)]

    def __init__(self, parts: list[tuple[str, Any]], key: str = "") -> None:
        super().__init__()
        self.parts = parts
        self.key = key

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide blocks"):
            for title, body in self.parts:
                yield Static(title, classes="heading")
                yield Static(body)
            closing = f"Esc (or {self.key}) closes" if self.key else "Esc closes"
            yield Static(f"{closing}; arrows / PgUp / PgDn scroll.", classes="hint")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def on_key(self, event: events.Key) -> None:
        if self.key and event.key == self.key:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
