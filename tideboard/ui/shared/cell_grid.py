"""Cheap redraws: a widget drawn from a character canvas that repaints only the cells that
changed, and a Static update that is skipped when the content is the same."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tideboard.ui.shared.canvas import Canvas


def text_canvas(lines: list[Text] | Text) -> Canvas:
    """A canvas holding ``lines`` (a multi-line Text is split at its newlines)."""
    if isinstance(lines, Text):
        lines = list(lines.split("\n")) if lines.plain else []
    width = max((line.cell_len for line in lines), default=0)
    canvas = Canvas(width, len(lines))
    for y, line in enumerate(lines):
        canvas.put(0, y, line)
    return canvas


class CellGrid(Widget):
    """A widget drawn from a :class:`Canvas` through the line API.

    :meth:`paint` compares the new canvas with the one on screen and marks only
    the changed cells dirty (a cursor move repaints two cells, not the widget);
    the lines are built once and cached until they change.  Its size is the
    canvas's size (CSS ``width: auto; height: auto``).
    """

    DEFAULT_CSS = """
    CellGrid { width: auto; height: auto; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._chars: list[list[str]] = []
        self._styles: list[list[Style | None]] = []
        self._strips: dict[int, Strip] = {}
        self._base: Style | None = None
        self._paint_base: Style | None = None  # rich_style while render_lines runs
        self.repainted: list[Region] = []  # the regions the last paint() marked dirty

    @property
    def grid_size(self) -> Size:
        return Size(len(self._chars[0]) if self._chars else 0, len(self._chars))

    def paint(self, canvas: Canvas) -> None:
        """Put ``canvas`` on screen, repainting only what differs from the last one."""
        chars, styles = canvas.chars, canvas.styles
        if len(chars) != len(self._chars) or (chars and len(chars[0]) != len(self._chars[0])):
            self._chars, self._styles = chars, styles
            self._strips.clear()
            self.repainted = [Region(0, 0, canvas.width, canvas.height)]
            self.refresh(layout=True)
            return
        regions = []
        for y, (old_c, old_s, new_c, new_s) in enumerate(
            zip(self._chars, self._styles, chars, styles)
        ):
            if old_c == new_c and old_s == new_s:
                continue
            changed = [x for x in range(len(new_c)) if old_c[x] != new_c[x] or old_s[x] != new_s[x]]
            start = prev = changed[0]
            for x in changed[1:] + [-2]:  # one region per run of changed cells
                if x != prev + 1:
                    regions.append(Region(start, y, prev - start + 1, 1))
                    start = x
                prev = x
            self._strips.pop(y, None)
        self._chars, self._styles = chars, styles
        self.repainted = regions
        if regions:
            self.refresh(*regions)

    def render(self) -> Text:
        """The grid as plain text (for tests and screen readers; painting uses render_line)."""
        return Text("\n".join("".join(row) for row in self._chars))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.grid_size.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.grid_size.height

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines in ``crop``, with the widget's base style worked out once for all of
        them (``rich_style`` walks the widget's ancestors: most of a line's cost)."""
        self._paint_base = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._paint_base = None

    def render_line(self, y: int) -> Strip:
        base = self._paint_base if self._paint_base is not None else self.rich_style
        if base != self._base:
            self._base = base
            self._strips.clear()
        strip = self._strips.get(y)
        if strip is None:
            strip = self._strips[y] = self._build(y, base)
        return strip

    def _build(self, y: int, base: Style) -> Strip:
        if y >= len(self._chars):
            return Strip.blank(self.size.width, base)
        segments = []
        run, run_style = "", None
        for ch, style in zip(self._chars[y], self._styles[y]):
            if style != run_style and run:
                segments.append(Segment(run, base + run_style if run_style else base))
                run = ""
            run_style = style
            run += ch
        if run:
            segments.append(Segment(run, base + run_style if run_style else base))
        return Strip(segments).simplify()

    def notify_style_update(self) -> None:
        self._strips.clear()
        super().notify_style_update()
        canvas = self.restyled()
        if canvas is not None:
            self.paint(canvas)

    def restyled(self) -> Canvas | None:
        """The canvas to show after a change of styles (the theme, F2) when its
        colours come from the theme; None keeps the cells as they are."""
        return None


def set_static(widget: Static, content: Text, fixed_size: bool = False) -> bool:
    """``widget.update(content)`` unless it already shows the same; without a
    relayout when the size stays the same (its lines as wide as before, or
    ``fixed_size``: its CSS sets a size that does not follow the content).
    True if it was updated."""
    last = widget.content if isinstance(widget.content, Text) else None  # (what it shows)
    if (
        last is not None
        and last.plain == content.plain
        and last.spans == content.spans
        and last.style == content.style
    ):
        return False
    same_size = fixed_size or (last is not None and _same_size(widget, last, content))
    widget.update(content, layout=not same_size)
    return True


def _widths(text: Text) -> list[int]:
    return [line.cell_len for line in text.split("\n", allow_blank=True)]


def _same_size(widget: Widget, last: Text, content: Text) -> bool:
    """Whether ``content`` takes the same room as ``last``: its lines as wide, or
    as many lines, each within the widget's width (none wraps), when that width
    does not follow the content (not ``auto``, nor inside a container whose
    width is ``auto``: unset, a fraction or a percentage follows the parent)."""
    old, new = _widths(last), _widths(content)
    if old == new:
        return True
    if len(old) != len(new):
        return False
    room = widget.content_size.width
    if not room or max(old + new) > room:
        return False
    node: Any = widget
    while isinstance(node, Widget):
        width = node.styles.width
        if width is not None and width.is_auto:
            return False
        if width is not None and width.is_cells:
            return True  # a width of its own: the content does not change it
        node = node.parent
    return True
