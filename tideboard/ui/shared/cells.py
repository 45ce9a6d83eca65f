"""The one message every clickable board or strip posts: which cell was clicked."""

from __future__ import annotations

from typing import Any

from textual.message import Message
from textual.widget import Widget


class CellClicked(Message):
    """A click on a cell of ``widget``; ``key`` names the cell in the widget's own terms.

    Each widget documents its keys (an index, a coordinate pair, or a
    ``(kind, index)`` pair); a screen handles them all in one
    ``on_cell_clicked`` and tells the widgets apart by ``message.widget``
    (or by ``@on(CellClicked, "#id")``, since ``control`` is the widget).
    """

    def __init__(self, widget: Widget, key: Any) -> None:
        super().__init__()
        self.widget = widget
        self.key = key

    @property
    def control(self) -> Widget:
        return self.widget
