"""TitleLine: the header's line (icon, title — sub-title) as one widget.

Textual's ``Header`` is four widgets (the header, its icon, its title and the
clock's space), each styled from its own sheet before the first frame.
``TitleLine`` draws the same line, in the same colours and places, as one
widget: the icon in the left 8 cells, the title centred between it and the 10
cells kept for the clock, cut with an ellipsis when it does not fit.  Like the
header it follows the app's and the screen's ``title`` and ``sub_title``.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.widget import Widget

ICON = "⭘"
ICON_CELLS = 8  # HeaderIcon: width 8, padding 0 1
CLOCK_CELLS = 10  # HeaderClockSpace: width 10


class TitleLine(Widget):
    DEFAULT_CSS = """
    TitleLine {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def on_mount(self) -> None:
        for obj in (self.app, self.screen):
            self.watch(obj, "title", self._title_changed, init=False)
            self.watch(obj, "sub_title", self._title_changed, init=False)

    def _title_changed(self, _value: Any = None) -> None:
        self.refresh()

    def title_content(self) -> Content:
        """What ``Header`` would show: the screen's title (else the app's), its sub-title."""
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        return self.app.format_title(title, sub_title)

    def render_line(self, y: int) -> Strip:
        """The same cells as the header's three widgets draw: the icon, the
        title centred between the icon's 8 cells and the clock's 10."""
        width = self.size.width
        style = self.rich_style
        if y or not width:
            return Strip.blank(width, style)
        middle = max(0, width - ICON_CELLS - CLOCK_CELLS)
        title = self.title_content()
        if title.cell_length > middle:
            title = title.truncate(middle, ellipsis=True)
        left = (middle - title.cell_length) // 2
        right = middle - title.cell_length - left
        segments = [
            Segment(" ", style),
            Segment(ICON, style),
            Segment(" " * (ICON_CELLS - 2 + left), style),
            *title.render_segments(self.visual_style),
            Segment(" " * (right + CLOCK_CELLS), style),
        ]
        return Strip(segments).crop_extend(0, width, style)
