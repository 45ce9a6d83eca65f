"""The lobby's list: every line of the lobby in one widget (a line per entry, the
cursor's line highlighted), a window of them at a time that follows the cursor.
The lobby screen (``lobby.py``) fills it and acts on the line under the cursor."""

from __future__ import annotations

from typing import Protocol, cast

from rich.text import Text
from textual import events
from textual.widget import Widget


class Opens(Protocol):
    """The screen a lobby list is on (``lobby.LobbyScreen``), as a click uses it."""

    def action_enter(self) -> None: ...


class LobbyList(Widget, can_focus=True):
    """Every line of the lobby; ``entries`` are (kind, key, text) with kind
    "mine" / "open" (key: a table id), "game" (key: a game id) or "head".
    Only a window of them fits: ``top`` is its first line, and it follows the
    cursor (a page at a time with PgUp/PgDn)."""

    DEFAULT_CSS = """
    LobbyList { height: 1fr; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self) -> None:
        super().__init__(id="lobby-list")
        self.entries: list[tuple[str, str, str]] = []
        self.cursor = 0
        self.top = 0

    def choosable(self) -> list[int]:
        return [n for n, entry in enumerate(self.entries) if entry[0] != "head"]

    def current(self) -> tuple[str, str, str] | None:
        if 0 <= self.cursor < len(self.entries) and self.entries[self.cursor][0] != "head":
            return self.entries[self.cursor]
        return None

    def move(self, step: int) -> None:
        lines = self.choosable()
        if not lines:
            return
        where = lines.index(self.cursor) if self.cursor in lines else 0
        self.cursor = lines[max(0, min(len(lines) - 1, where + step))]
        self.refresh()

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

    def point_at(self, kind: str, key: str) -> None:
        """The cursor to the line (kind, key), if the list has it."""
        for number, entry in enumerate(self.entries):
            if entry[:2] == (kind, key):
                self.cursor = number
                self.refresh()
                return

    def set_entries(self, entries: list[tuple[str, str, str]]) -> None:
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
        self.refresh()

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
            self.refresh()
            if event.chain >= 2:
                cast(Opens, self.screen).action_enter()
