"""The status line under every game table."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    """The line under the table with the next step's keys, or why a move failed."""

    def show(self, message: str, error: bool = False) -> None:
        self.update(Text(message, style="bold red" if error else ""))
