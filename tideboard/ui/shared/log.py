"""The game log beside every table."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from rich.cells import cell_len, get_character_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tideboard.engine.compressed_lines import pack, unpack

INDENT = 2  # continuation lines of an entry are indented this far


def cell_width(text: str) -> int:
    """The terminal cells ``text`` takes, as Rich counts them, without adding
    ``text`` to Rich's cell-length cache (4,096 strings, filled by every
    different line drawn: in a long game, memory that grows with the game).
    Only a string Rich counts specially (joiners, variation selectors) goes
    through Rich's own count."""
    if text.isascii() and text.isprintable():
        return len(text)
    if "\u200d" in text or "\ufe0f" in text:
        return cell_len(text)
    return sum(map(get_character_cell_size, text))


class Entries(Sequence):
    """A log's entries, the older ones compressed ``BLOCK`` at a time (a long
    game's log is mostly old entries, which only a resize or an undo reads
    again); reads like a list of strings and compares equal to one."""

    BLOCK = 64

    def __init__(self, entries: Sequence[str] = ()) -> None:
        self._packed: list[bytes | tuple[str, ...]] = []  # BLOCK entries each
        self._recent: list[str] = []
        self._unpacked: tuple[int, list[str]] = (-1, [])  # the last block read
        for entry in entries:
            self.append(entry)

    def append(self, entry: str) -> None:
        recent = self._recent
        recent.append(entry)
        if len(recent) >= 2 * self.BLOCK:  # the newest stay plain
            block = recent[: self.BLOCK]
            del recent[: self.BLOCK]
            data = pack(block)
            self._packed.append(tuple(block) if data is None else data)

    def _block(self, number: int) -> list[str]:
        if self._unpacked[0] != number:
            block = self._packed[number]
            self._unpacked = (number, list(block) if isinstance(block, tuple) else unpack(block))
        return self._unpacked[1]

    def __len__(self) -> int:
        return len(self._packed) * self.BLOCK + len(self._recent)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("log entry index out of range")
        number, place = divmod(index, self.BLOCK)
        if number >= len(self._packed):
            return self._recent[index - len(self._packed) * self.BLOCK]
        return self._block(number)[place]

    def __iter__(self) -> Iterator[str]:
        for number in range(len(self._packed)):
            yield from self._block(number)
        yield from self._recent

    def __reversed__(self) -> Iterator[str]:
        yield from reversed(self._recent)
        for number in reversed(range(len(self._packed))):
            yield from reversed(self._block(number))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Entries, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Entries({list(self)!r})"


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
        lines += textwrap.wrap(
            part, width, initial_indent=first, subsequent_indent=pad, break_on_hyphens=False
        ) or [first]
    return lines


class LogLine(NamedTuple):
    """One line on screen: its text (already wrapped) and a Rich style, if any."""

    text: str
    style: str = ""


def log_line(line: str | Text, style: str = "") -> LogLine:
    """A line as it is (a ``Text`` keeps its own style)."""
    if isinstance(line, Text):
        return LogLine(line.plain, str(line.style) if line.style else style)
    return LogLine(line, style)


class GameLog(ScrollView, can_focus=False):
    """What happened, newest last; it never takes the keyboard from the table.

    It keeps its ``entries`` (one per log line of the match) and wraps them
    itself to its width, again when the width changes.  The screen scrolls
    it (PgUp / PgDn / Home / End) and makes it show the match's log with
    :meth:`show`: after an undo the undone entries go, rather than a note
    saying so.

    A line is kept as its text (:class:`LogLine`) and drawn when it is on
    screen, so a long game costs a string a line (Textual's ``RichLog`` keeps
    rendered strips and their caches, and imports ``rich.pretty`` at start);
    the entries are all kept, the older ones compressed (:class:`Entries`).
    """

    DEFAULT_CSS = """
    GameLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        overflow-x: hidden;
    }
    """

    MAX_LINES = 2000  # wrapped lines kept on screen; older ones scroll away

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: Entries = Entries()
        self.lines: list[LogLine] = []
        self._width = 0  # the width the lines on screen were wrapped to
        self._styles: dict[str, Style] = {}
        # a style per entry (by its index) for a log that marks some (a replay's
        # current move), and the entry kept in the middle of the view
        self.marks: dict[int, str] = {}
        self.centre: int | None = None
        # how an entry is worded on screen: a server table puts its players'
        # names for "Player N" (serve/table_screen.py); None: as it comes
        self.namer: Callable[[str], str] | None = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        base = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, base)
        text, style = self.lines[index]
        if style:
            if style not in self._styles:
                self._styles[style] = Style.parse(style)
            line_style = base + self._styles[style]
        else:
            line_style = base
        # Rich's cell-length cache (4,096 strings) would otherwise keep every log
        # line drawn (a long game's memory): the length is given, and the line is
        # handed over a word a segment, so that what Textual measures when it
        # cuts the screen's lines is words, which repeat, not whole lines
        words = text.split(" ")
        segments = [Segment(word + " ", line_style) for word in words[:-1]]
        if words[-1]:
            segments.append(Segment(words[-1], line_style))
        return Strip(segments, cell_width(text)).crop_extend(scroll_x, scroll_x + width, base)

    def write(self, line: str | Text, style: str = "") -> None:
        """Add one line as it is (no wrapping; a ``Text`` keeps its own style)
        and scroll to it."""
        self._append([log_line(line, style)])

    def _append(self, lines: list[LogLine]) -> bool:
        """Add ``lines`` and scroll to the last: the scroll range, the redraw and
        the scroll once for all of them (a replay's step writes hundreds).  True if
        it scrolled now (else after the next refresh)."""
        self.lines.extend(lines)
        if len(self.lines) > self.MAX_LINES:
            del self.lines[: len(self.lines) - self.MAX_LINES]
        # with its scroll range set here (``_resized``), the log scrolls now, so the
        # frame that draws the new lines shows the newest; deferred to after the
        # refresh, that frame showed the top of a long log before the jump
        now = self._resized()
        self.scroll_end(animate=False, immediate=now, x_axis=False)
        return now

    def clear(self) -> None:
        self.lines.clear()
        self._resized()

    def _resized(self) -> bool:
        """The number of lines changed: the scroll range and the scrollbar follow.
        True if they are set now (else the next layout sets them).

        Setting ``virtual_size`` would relay out the whole screen on every line
        written (the reactive asks for a layout); the log's own size is its
        CSS's (``height: 1fr`` on every screen), not its lines', so only the
        scroll range changes: set without the layout, the vertical scrollbar
        (always shown, ``overflow-y: scroll``) told its new range.  A log whose
        size follows its content (``auto``) still asks for the layout."""
        size = Size(self._width, len(self.lines))
        styles = self.styles
        if any(scalar is not None and scalar.is_auto for scalar in (styles.width, styles.height)):
            self.virtual_size = size
            self.refresh()
            return False
        if size != self.virtual_size:
            self.set_reactive(GameLog.virtual_size, size)
            if self.container_size:  # (else the first layout sets the scrollbar up)
                self.vertical_scrollbar.window_virtual_size = size.height
                self.scroll_y = self.validate_scroll_y(self.scroll_y)
        self.refresh()
        return bool(self.container_size)

    def wrap_width(self) -> int:
        # the scrollbar is always there (overflow-y: scroll), so this is stable
        return self.scrollable_content_region.width

    def add(self, entry: str) -> None:
        self._add(entry if self.namer is None else self.namer(entry))

    def _add(self, entry: str) -> None:
        self.entries.append(entry)
        if self._width:
            self._write(entry)

    def show(
        self, entries: Sequence[str], marks: dict[int, str] | None = None, centre: int | None = None
    ) -> None:
        """Show exactly ``entries``: new ones are added, a changed past is redrawn.
        With ``marks`` (a style per entry index) the whole log is redrawn with
        them, ``centre`` (an entry's index) in the middle of the view."""
        if self.namer is not None:
            entries = [self.namer(entry) for entry in entries]
        if marks is not None or self.marks:
            self.entries = Entries(entries)
            self.marks, self.centre = marks or {}, centre
            self._rewrap()
            return
        known = len(self.entries)
        if len(entries) >= known and self.entries == list(entries[:known]):
            for entry in entries[known:]:
                self._add(entry)
            return
        self.entries = Entries(entries)
        self._rewrap()

    def _write(self, entry: str, style: str = "") -> None:
        self._append(self._wrapped(entry, style))

    def _wrapped(self, entry: str, style: str = "") -> list[LogLine]:
        return [log_line(line, style) for line in wrap_entry(entry, self._width)]

    def _rewrap(self) -> None:
        """Redraw from the entries at the current width: the newest that fit, or
        with a ``centre``, those that fit around it."""
        self.clear()
        self._width = self.wrap_width()
        if not self._width:
            return  # drawn on the first resize
        first, last = self._kept()
        middle = tall = 0  # the first line of the entry to centre, and its lines
        lines: list[LogLine] = []
        for index in range(first, last):
            wrapped = self._wrapped(self.entries[index], self.marks.get(index, ""))
            if index == self.centre:
                middle, tall = len(lines), len(wrapped)
            lines += wrapped
        now = self._append(lines)
        if self.centre is not None:
            # after the scroll to the end that writing the lines asked for; the
            # entry's first line in sight when the log is shorter than it
            y = max(0, middle - max(0, (self.size.height - tall) // 2))
            if now:
                self.scroll_to(y=y, animate=False, immediate=True)
            else:
                self.call_after_refresh(self.scroll_to, y=y, animate=False)

    def _kept(self) -> tuple[int, int]:
        """The entries ``first:last`` to draw: no more lines than ``MAX_LINES``, the
        newest (or, with a ``centre``, half before it and the rest after)."""
        total = len(self.entries)
        centre = self.centre if self.centre is not None else total - 1
        if centre < 0:
            return 0, 0
        first, last, lines = centre, centre + 1, len(wrap_entry(self.entries[centre], self._width))
        earlier = self.MAX_LINES if self.centre is None else self.MAX_LINES // 2
        while first > 0:
            more = len(wrap_entry(self.entries[first - 1], self._width))
            if lines + more > earlier:
                break
            first, lines = first - 1, lines + more
        while last < total:
            more = len(wrap_entry(self.entries[last], self._width))
            if lines + more > self.MAX_LINES:
                break
            last, lines = last + 1, lines + more
        return first, last

    def on_resize(self, event: events.Resize) -> None:
        if self.wrap_width() != self._width:
            self.call_after_refresh(self._rewrap_if_needed)
        elif self.centre is None:  # a new height: the newest lines stay in sight
            self.call_after_refresh(self.scroll_end, animate=False, x_axis=False)

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
