"""The game log beside every table."""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog


class GameLog(RichLog, can_focus=False):
    """What happened, newest last; it never takes the keyboard from the table."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=2000, min_width=20, **kwargs)
