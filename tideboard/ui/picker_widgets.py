"""The picker's own widgets: a setting row (:class:`Choice`), the Start row and
the seed field."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static

from tideboard.ui.shared.cell_grid import set_static

SEED_MAX_DIGITS = 20  # 2**64-1 has 20 digits


class Choice(Widget, can_focus=True):
    """A one-line setting: Left/Right (or a click) steps through the values."""

    BINDINGS = [
        Binding("left", "step(-1)", "Change", key_display="←→"),
        Binding("h", "step(-1)", "Previous", show=False),
        Binding("right,l,space", "step(1)", "Next", show=False),
    ]

    class Changed(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, label: str, values: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.values = values
        self.index = 0

    @property
    def value(self) -> str:
        return self.values[self.index]

    def set_values(
        self, values: list[str], keep: str | None = None, label: str | None = None
    ) -> None:
        """Show ``values`` with ``keep`` chosen (else the first), and ``label`` if
        given; a row that shows the same already is not redrawn."""
        index = values.index(keep) if keep in values else 0
        label = self.label if label is None else label
        if (values, index, label) == (self.values, self.index, self.label):
            return
        self.values, self.index, self.label = values, index, label
        self.refresh()

    def render(self) -> Text:
        text = Text(f"{self.label:<10}", style="bold")
        arrows = len(self.values) > 1
        text.append("◀ " if arrows else "  ", style="dim")
        text.append(self.value, style="reverse" if self.has_focus else "")
        text.append(" ▶" if arrows else "", style="dim")
        return text

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x < 12 else 1)


class GameAbout(Static):
    """Above the rows: the highlighted game's name and summary (the CSS's 3 lines),
    or a stored game's settings (as many lines as they take)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.stored = False  # a stored game's settings shown (its height: auto)

    def show(self, text: Text, stored: bool = False) -> None:
        if stored != self.stored:  # (setting a height relays out the screen)
            self.stored = stored
            self.styles.height = "auto" if stored else None  # None: as the CSS says
        set_static(self, text, fixed_size=not stored)  # 3 lines: never a relayout


class StartButton(Static, can_focus=True):
    """The Start row: Enter, Space or a click starts the game.  (A one-line Static:
    Textual's Button brings 7 KB of stylesheet to parse before the first frame.)"""

    BINDINGS = [Binding("enter,space", "press", "Start", show=False)]

    class Pressed(Message):
        pass

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(" ▶ Start ", **kwargs)

    def action_press(self) -> None:
        self.post_message(self.Pressed())

    def on_click(self) -> None:
        self.action_press()


class SeedInput(Input):
    """The seed: ASCII digits only, at most a few more than a seed can have, so a
    pasted novel is refused at once (with the reason) instead of parsed."""

    class Refused(Message):
        pass

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            placeholder="random", restrict=r"[0-9]*", max_length=SEED_MAX_DIGITS + 5, **kwargs
        )

    def restricted(self) -> None:
        super().restricted()
        self.post_message(self.Refused())


# the list of games: its padding (2), the scrollbar (2) and the border (2)
LIST_EDGES = 6
LIST_MIN = 24


def fit_list(box: Widget, options: OptionList) -> None:
    """``box`` (the list of games and its heading) as wide as the list's widest
    line (no line cut or wrapped), with room for its scrollbar; the settings
    beside it keep the rest."""
    widest = max(
        (cell_len(line) for option in options.options for line in str(option.prompt).split("\n")),
        default=0,
    )
    width = max(LIST_MIN, widest + LIST_EDGES)
    if box.styles.width is None or box.styles.width.value != width:
        box.styles.width = width
