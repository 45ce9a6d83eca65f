"""The Moonlighter log: the shared GameLog, drawn without keeping a copy of every line
it ever drew.

``RichLog`` draws a line by cropping and styling the stored ``Strip``; each
``Strip`` caches what it was cropped and styled into, and the log keeps an LRU
of 1,024 cropped lines.  Over a campaign (2,000 kept lines) that held about
4 KiB per line, 8-9 MiB in all (benchmarks/memory.py).  Here each line is
cropped and styled from a throw-away copy, so only the stored lines remain;
a log redraw costs a few lines' cropping, and the screen caches what it shows.
Each kept line still costs about 2.5 KiB in Textual's strips, so the log keeps
the last ``KEPT_LINES`` lines (about 200 moves; the whole game is in the
saved record): its memory stops growing early in the first dungeon.
"""

from __future__ import annotations

from typing import Any

from textual.strip import Strip

from tideboard.ui.shared import GameLog


class MoonlighterLog(GameLog):
    KEPT_LINES = 600

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_lines = self.KEPT_LINES

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        line = self.lines[index]
        copy = Strip(list(line), line.cell_length)  # its caches go when it does
        return copy.crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(
            self.rich_style)
