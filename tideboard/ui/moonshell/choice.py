"""The Moonshell choice window: a titled list of moves (a mermaid, a power's moves, an
event's answers).  Imported when first opened, like the shared windows (a first
frame shows none)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tideboard.ui.shared.modals import Window


class ChoiceWindow(Window[int]):
    """A titled list of choices: Enter (or a click) picks one, Esc picks none.

    ``on_highlight(index)`` hears each choice the cursor comes to (the screen highlights
    its target on the board); ``beside`` (a width) puts the window at the right edge,
    that wide, so the ocean board stays in sight."""

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(
        self,
        title: str,
        lines: list[str],
        note: str = "",
        on_highlight: Callable[[int], None] | None = None,
        beside: int | None = None,
    ) -> None:
        super().__init__(classes="-beside" if beside else "")
        self.heading, self.lines, self.note = title, lines, note
        self.on_highlight, self.beside = on_highlight, beside

    def on_mount(self) -> None:
        if self.beside:  # under the title line, above the status line and the keys
            box = self.query_one("#ms-choice")
            box.styles.width = self.beside
            box.styles.margin = (1, 0, 0, 0)
            box.styles.max_height = max(8, self.app.size.height - 4)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.on_highlight is not None and event.option_index is not None:
            self.on_highlight(event.option_index)

    def compose(self) -> ComposeResult:
        with Vertical(id="ms-choice"):
            yield Static(Text(self.heading, style="bold"))
            if self.note:
                yield Static(Text(self.note, style="italic"))
            yield OptionList(*[Option(line) for line in self.lines], id="ms-choice-list")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_close(self) -> None:
        self.dismiss(None)
