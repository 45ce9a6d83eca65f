"""The status line under every game table."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    """The line under the table with the next step's keys, or why a move failed.

    It is written on almost every key, so it skips a message it already
    shows, and redraws without a new layout when its height is fixed (the
    games' stylesheets give it a height in lines).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: tuple[str, bool] | None = None  # (message, error) on screen

    def show(self, message: str, error: bool = False) -> None:
        if (message, error) == self.shown:
            return
        self.shown = (message, error)
        height = self.styles.height
        fixed = height is not None and height.is_cells
        self.update(Text(message, style="bold red" if error else ""), layout=not fixed)

    def fits(self, message: str) -> bool:
        """Whether ``message`` shows whole in the line's fixed height (True when
        its height follows the message, or before it is laid out)."""
        height = self.styles.height
        width = self.content_region.width
        if height is None or not height.is_cells or not width:
            return True
        return len(Text(message).wrap(self.app.console, width)) <= int(height.value)
