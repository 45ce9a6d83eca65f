"""The game log beside every table."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from textual import events
from textual.strip import Strip
from textual.widgets import RichLog

INDENT = 2  # continuation lines of an entry are indented this far


def wrap_entry(entry: str, width: int, indent: int = INDENT) -> list[str]:
    """``entry`` in lines of at most ``width`` columns, broken between words.

    The lines after the first are indented, so each entry reads as one item;
    a line break inside the entry starts a new indented line.  A word longer
    than a whole line is the only thing ever cut.
    """
    width = max(width, indent + 8)
    pad = " " * indent
    lines: list[str] = []
    for number, part in enumerate(entry.split("\n")):
        first = "" if number == 0 else pad
        lines += textwrap.wrap(part, width, initial_indent=first, subsequent_indent=pad,
                               break_on_hyphens=False) or [first]
    return lines


class GameLog(RichLog, can_focus=False):
    """What happened, newest last; it never takes the keyboard from the table.

    It keeps its ``entries`` (one per log line of the match) and wraps them
    itself to its width, again when the width changes.  The screen scrolls
    it (PgUp / PgDn / Home / End) and makes it show the match's log with
    :meth:`show`: after an undo the undone entries go, rather than a note
    saying so.
    """

    MAX_LINES = 2000  # wrapped lines kept on screen; older ones scroll away

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=False, markup=False, max_lines=self.MAX_LINES, min_width=1,
                         **kwargs)
        self.entries: list[str] = []
        self._width = 0  # the width the lines on screen were wrapped to

    def render_line(self, y: int) -> Strip:
        # Each line is cropped and styled from a throw-away copy: a stored Strip
        # keeps caches of what it was cropped into (about 4 KiB a line over a
        # long game), and the screen already caches what it shows.
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        line = self.lines[index]
        copy = Strip(list(line), line.cell_length)
        return copy.crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(
            self.rich_style)

    def wrap_width(self) -> int:
        # the scrollbar is always there (overflow-y: scroll), so this is stable
        return self.scrollable_content_region.width

    def add(self, entry: str) -> None:
        self.entries.append(entry)
        if self._width:
            self._write(entry)

    def show(self, entries: Sequence[str]) -> None:
        """Show exactly ``entries``: new ones are added, a changed past is redrawn."""
        known = len(self.entries)
        if len(entries) >= known and list(entries[:known]) == self.entries:
            for entry in entries[known:]:
                self.add(entry)
            return
        self.entries = list(entries)
        self._rewrap()

    def _write(self, entry: str) -> None:
        for line in wrap_entry(entry, self._width):
            self.write(line, width=self._width)

    def _rewrap(self) -> None:
        """Redraw from the entries at the current width (only the newest that fit)."""
        self.clear()
        self._width = self.wrap_width()
        if not self._width:
            return  # drawn on the first resize
        kept, lines = 0, 0
        for entry in reversed(self.entries):
            if lines >= self.MAX_LINES:
                break
            lines += len(wrap_entry(entry, self._width))
            kept += 1
        for entry in self.entries[len(self.entries) - kept:]:
            self._write(entry)

    def on_resize(self, event: events.Resize) -> None:
        # (RichLog's own on_resize runs too: Textual calls each class's handler)
        if self.wrap_width() != self._width:
            self.call_after_refresh(self._rewrap_if_needed)

    def _rewrap_if_needed(self) -> None:
        if self.wrap_width() != self._width:
            self._rewrap()

    # -- scrolling from the keyboard (the screen binds the keys) -------------
    def page(self, direction: int) -> None:
        if direction < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def edge(self, end: bool) -> None:
        if end:
            self.scroll_end(animate=False)
        else:
            self.scroll_home(animate=False)
