"""A Markdown page drawn once per width: help's keys and rules pages.

A rules page is long (Moonshell's is hundreds of lines), and Rich's Markdown in
a ``Static`` was drawn in full two or three times each time help opened (once to
measure its height, once to draw it, again on a resize): 0.3-0.7 s of CPU a
time, which over SSH every other session waits out too.  ``MarkdownPage`` draws
the page with Rich's Markdown once for a width, keeps the lines (shared by every
app in the process: the server's sessions too), and hands them to Textual one
at a time through its line API, as Textual's own ``Log`` does.  Text can still
be selected and copied.
"""

from __future__ import annotations

from functools import lru_cache

from rich.console import Console
from rich.segment import Segment
from textual.geometry import Size
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget


@lru_cache(maxsize=32)
def page_lines(markdown: str, width: int) -> tuple[Strip, ...]:
    """``markdown`` drawn by Rich at ``width`` columns, a strip a line.  The
    styles are Rich's own Markdown theme, the same in every app, so the lines
    are shared between apps (the widget's colours are applied when drawn)."""
    from rich.markdown import Markdown  # slow to import: only when help opens

    console = Console(
        width=max(1, width),
        force_terminal=True,
        legacy_windows=False,
        safe_box=False,
        emoji=False,
        highlight=False,
    )
    lines = console.render_lines(Markdown(markdown), console.options, pad=False)
    return tuple(Strip(line) for line in lines)


class MarkdownPage(Widget):
    """A page of Markdown as tall as its lines at the width it is given."""

    DEFAULT_CSS = """
    MarkdownPage { height: auto; }
    """

    def __init__(self, markdown: str, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.markdown = markdown

    def lines(self, width: int | None = None) -> tuple[Strip, ...]:
        return page_lines(self.markdown, self.size.width if width is None else width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self.rich_style
        lines = self.lines(width)
        if y >= len(lines):
            return Strip.blank(width, style)
        strip = lines[y].apply_style(style)
        selection = self.text_selection
        if selection is not None and (span := selection.get_span(y)) is not None:
            start, end = span
            end = strip.cell_length if end == -1 else end
            chosen = self.screen.get_component_rich_style("screen--selection")
            picked = Segment.apply_style(strip.crop(start, end), post_style=chosen)
            strip = Strip.join([strip.crop(0, start), Strip(picked), strip.crop(end)])
        return strip.crop_extend(0, width, style).apply_offsets(0, y)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        text = "\n".join(strip.text for strip in self.lines())
        return selection.extract(text), "\n"
