"""The lobby's list: every line of the lobby in one widget (a line per entry, the
cursor's line highlighted), a window of them at a time that follows the cursor.

It owns its keys and its cursor as Textual's ``OptionList`` does: ↑↓ (k j),
PgUp/PgDn, Home/End move the cursor (a reactive, kept on a line that can be
chosen), Enter or a double click chooses the line under it, and it posts
:class:`LobbyList.Highlighted` when the cursor moves to another line and
:class:`LobbyList.Chosen` when a line is chosen.  The screens that show it (the
lobby, ``lobby.py``; the players' pages and leaderboards, ``players.py``) fill
it and act on the chosen line; each names what Enter does there with a subclass
that binds Enter with its own words for the footer (Textual merges a subclass's
binding over its base's).

Also here: :class:`ListFilter`, a filter line whose ↑↓ and PgUp/PgDn still move
the list's cursor while it is typed in, and :class:`ListStatus`, the status
line under a list (the screens' ``say``).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input

from tideboard.ui.shared.status import StatusLine

Entry = tuple[str, str, str]  # (kind, key, text)


class LineMessage(Message):
    """A message about a line of a :class:`LobbyList`, as ``OptionList``'s
    ``OptionMessage``: the list (``control``) and the line's ``entry``."""

    def __init__(self, lobby_list: LobbyList, entry: Entry | None) -> None:
        super().__init__()
        self.lobby_list = lobby_list
        self.entry = entry

    @property
    def control(self) -> LobbyList:
        return self.lobby_list


class LobbyList(Widget, can_focus=True):
    """Every line of a list; ``entries`` are (kind, key, text): kind "head" is a
    heading (the cursor never stops there), any other kind a line to choose
    (the lobby's "mine" / "open" / "done" (key: a table id) and "game" (key: a
    game id); the players' pages' "player").  Only a window of them fits:
    ``top`` is its first line, and it follows the cursor (a page at a time with
    PgUp/PgDn)."""

    DEFAULT_CSS = """
    LobbyList { height: 1fr; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS = [
        Binding("up,k", "cursor_up", "Up", show=False),
        Binding("down,j", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "first", "First line", show=False),
        Binding("end", "last", "Last line", show=False),
        Binding("enter", "select", "Choose", show=False),  # (a subclass names it)
    ]

    cursor: reactive[int] = reactive(0)
    """The number of the line under the cursor (in ``entries``; kept in range)."""

    class Highlighted(LineMessage):
        """The cursor moved to another line (``entry``: None on a heading)."""

    class Chosen(LineMessage):
        """A line was chosen (Enter, or a double click): ``entry``."""

        entry: Entry

    def __init__(self, id: str = "lobby-list") -> None:
        super().__init__(id=id)
        self.entries: list[Entry] = []
        self.top = 0

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.entries) - 1))

    def watch_cursor(self, cursor: int) -> None:
        self.post_message(self.Highlighted(self, self.current()))

    def choosable(self) -> list[int]:
        return [n for n, entry in enumerate(self.entries) if entry[0] != "head"]

    def current(self) -> Entry | None:
        if 0 <= self.cursor < len(self.entries) and self.entries[self.cursor][0] != "head":
            return self.entries[self.cursor]
        return None

    # -- the keys -----------------------------------------------------------------
    def action_cursor_up(self) -> None:
        self.move(-1)

    def action_cursor_down(self) -> None:
        self.move(1)

    def action_page_up(self) -> None:
        self.page(-1)

    def action_page_down(self) -> None:
        self.page(1)

    def action_first(self) -> None:
        self.move(-len(self.entries))

    def action_last(self) -> None:
        self.move(len(self.entries))

    def action_select(self) -> None:
        entry = self.current()
        if entry is not None:
            self.post_message(self.Chosen(self, entry))

    def move(self, step: int) -> None:
        """``step`` lines that can be chosen down (up if negative), no further
        than the first and the last; 0: onto a line that can be chosen."""
        lines = self.choosable()
        if not lines:
            return
        where = lines.index(self.cursor) if self.cursor in lines else 0
        self.cursor = lines[max(0, min(len(lines) - 1, where + step))]

    def page(self, step: int) -> None:
        """A page down (1) or up (-1): the cursor and the window move by a screenful."""
        lines = self.choosable()
        if not lines:
            return
        height = max(1, self.size.height - 1)
        target = self.cursor + step * height
        after = [n for n in lines if n >= target]
        before = [n for n in lines if n <= target]
        if step > 0:
            self.cursor = after[0] if after else lines[-1]
        else:
            self.cursor = before[-1] if before else lines[0]
        self.top = max(0, self.top + step * height)
        self.refresh()

    def point_at(self, kind: str, key: str | None = None) -> None:
        """The cursor to the line (kind, key), or the first of ``kind`` (no key),
        if the list has it."""
        for number, entry in enumerate(self.entries):
            if entry[0] == kind and key in (None, entry[1]):
                self.cursor = number
                return

    def set_entries(self, entries: list[Entry]) -> None:
        """The lines, the cursor kept on its line if it is still there (else on
        the next one that can be chosen)."""
        if entries == self.entries:
            return  # (a move at a table that changes no line: nothing to redraw)
        key = self.current()
        self.entries = entries
        lines = self.choosable()
        keys = [(entries[n][0], entries[n][1]) for n in lines]
        if key is not None and (key[0], key[1]) in keys:
            self.cursor = lines[keys.index((key[0], key[1]))]
        elif lines and self.cursor not in lines:
            after = [n for n in lines if n >= self.cursor]
            self.cursor = after[0] if after else lines[-1]
        else:
            self.cursor = self.cursor  # (kept in range: validate_cursor)
        self.refresh()

    # -- drawing ------------------------------------------------------------------
    def window(self) -> int:
        """The first line shown, moved just enough to show the cursor (and the
        heading right above it)."""
        height = self.size.height
        if not height:
            return 0
        top = min(self.top, max(0, len(self.entries) - height))
        if self.cursor < top:
            top = self.cursor
        elif self.cursor >= top + height:
            top = self.cursor - height + 1
        if top == self.cursor and top > 0 and self.entries[top - 1][0] == "head" and height > 1:
            top -= 1
        self.top = max(0, top)
        return self.top

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        top = self.window()
        shown = self.entries[top : top + self.size.height] if self.size.height else self.entries
        for number, (kind, _key, line) in enumerate(shown, top):
            if number > top:
                text.append("\n")
            if kind == "head":
                text.append(line, style="bold")
            elif number == self.cursor:
                text.append(f"▶ {line}", style="reverse")
            else:
                text.append(f"  {line}")
        return text

    def on_click(self, event: events.Click) -> None:
        number = self.top + event.y
        if number in self.choosable():
            self.cursor = number
            if event.chain >= 2:
                self.action_select()


class ListFilter(Input):
    """A filter line above or below a :class:`LobbyList`: what it does not type
    (↑↓, PgUp/PgDn) still moves the list's cursor, as the keys did before it
    opened."""

    BINDINGS = [
        Binding("up", "list('cursor_up')", "Up", show=False),
        Binding("down", "list('cursor_down')", "Down", show=False),
        Binding("pageup", "list('page_up')", "Page up", show=False),
        Binding("pagedown", "list('page_down')", "Page down", show=False),
    ]

    def action_list(self, action: str) -> None:
        lines = self.screen.query_one(LobbyList)
        getattr(lines, f"action_{action}")()


class ListStatus(StatusLine):
    """The line under a list: what happened, or why not (an error rings the bell)."""

    def say(self, message: str, error: bool = False) -> None:
        self.show(message, error)
        if error:
            self.app.bell()
