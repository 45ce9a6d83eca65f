"""Modal screens shared by every game: privacy, confirm, help, game over.

Every one is a :class:`Window`, which closes only itself, and only once.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

ResultT = TypeVar("ResultT")


class Window(ModalScreen[ResultT]):
    """A modal screen that closes only itself, and only once.

    Keys typed in one burst all reach the window before its first close has
    taken effect (``m m m`` on an open map window: the second ``m`` closes
    it, the third would pop the game screen under it and the fourth the
    app's last screen).  Here a close does nothing once the window is closing
    or while it is not the top screen, however it is asked for (a key, a
    button, a double click).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.closing = False

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if self.closing or not self.is_active:
            return AwaitComplete.nothing()
        self.closing = True
        return super().dismiss(result)


class PrivacyScreen(Window[None]):
    """Covers the table while a hot-seat device is passed to the next player."""

    BINDINGS = [Binding("enter", "ready", "I am ready", priority=True)]

    def __init__(self, player: str) -> None:
        super().__init__(classes="privacy")
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box", classes="dialog"):
            yield Static(f"Pass to {self.player}", id="privacy-title")
            yield Static("The others look away: what only you may see (your hand, "
                         "your secret cards) is about to be shown.\n"
                         "Press Enter (or click) when you are ready.")
            yield Button("I am ready", id="ready", variant="primary")

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)


class ConfirmScreen(Window[bool]):
    """Asks before something that cannot be taken back or gives something up.

    The safe answer is the default: Enter, ``n`` and Esc answer no ("Keep
    playing", "Stay"), and only a deliberate ``y`` (or a click) answers yes,
    so the Enter that finished one step never also confirms the next.  The
    buttons take no focus, so Tab cannot move Enter onto "yes" unseen.
    """

    BINDINGS = [Binding("y", "answer(True)", "Yes", priority=True),
                Binding("n,escape,enter", "answer(False)", "No", priority=True)]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question")
            with Horizontal(classes="buttons"):
                yield _unfocusable(Button(f"{self.no} (Enter)", id="no", variant="primary"))
                yield _unfocusable(Button(f"{self.yes} (y)", id="yes"))

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


def _unfocusable(button: Button) -> Button:
    button.can_focus = False
    return button


class HelpScreen(Window[None]):
    """The keys of the current screen and the game's rules page."""

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", priority=True)]

    def __init__(self, title: str, keys: list[tuple[str, str]], rules: str | None) -> None:
        super().__init__()
        self.title_text, self.keys, self.rules = title, keys, rules

    def compose(self) -> ComposeResult:
        lines = [f"# {self.title_text}", "", "## Keys", "", "| Key | Does |", "|---|---|"]
        lines += [f"| `{key}` | {what} |" for key, what in self.keys]
        # Rich's Markdown in a Static draws a long rules page far faster than
        # Textual's Markdown widget (which builds a widget per block).
        with VerticalScroll(id="help-box", classes="dialog wide"):
            yield Static(RichMarkdown("\n".join(lines)))
            if self.rules:
                yield Static(RichMarkdown(self.rules))
            yield Static("Esc closes this help; arrows / PgUp / PgDn scroll.", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Window[str]):
    """Final scores and the result; returns 'again', 'picker' or 'quit'."""

    BINDINGS = [Binding("a", "choose('again')", "Play again"),
                Binding("p,escape", "choose('picker')", "Picker"),
                Binding("q", "choose('quit')", "Quit")]

    def __init__(self, title: str, table: Any, result: str) -> None:
        super().__init__()
        self.title_text, self.table, self.result = title, table, result

    def compose(self) -> ComposeResult:
        with Vertical(id="end-box", classes="dialog"):
            yield Static(self.title_text, id="end-title")
            yield Static(self.table)
            yield Static(self.result, id="end-result")
            with Horizontal(classes="buttons"):
                yield Button("Play again (a)", id="again", variant="primary")
                yield Button("Picker (p)", id="to-picker")
                yield Button("Quit (q)", id="quit")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"again": "again", "quit": "quit"}.get(str(event.button.id), "picker"))
