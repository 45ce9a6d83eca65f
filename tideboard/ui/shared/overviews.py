"""Overview windows: a scrolling modal of titled blocks (scored cards, objectives, maps)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from tideboard.ui.shared.modals import Window


class BlocksScreen(Window[None]):
    """A scrolling modal of titled blocks (scored cards, objectives, chests...).

    Esc, q or the key that opened it (``key``) closes it; keys of the same
    burst after the one that closed it do nothing (see ``Window``).
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
