"""Modal screens shared by every game: privacy, confirm, help, game over.

Every one is a :class:`Window`, which closes only itself, and only once.
"""

from __future__ import annotations

import math
import time
from typing import Any, TypeVar

from rich.text import Text
from textual import events
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

    GUARD = 0.0  # seconds of ignored answers after the window appears (see ``awake``)
    SHEETS = ("dialogs",)  # themes/dialogs.tcss, added when the first window opens

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.closing = False
        self.ready_at = math.inf  # set when the window is shown

    def on_screen_resume(self) -> None:
        self.ready_at = time.monotonic() + self.GUARD

    def awake(self) -> bool:
        """Whether answers count yet: a window with a ``GUARD`` ignores the keys
        and clicks of the burst that opened it for that long."""
        return time.monotonic() >= self.ready_at

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if self.closing or not self.is_active:
            return AwaitComplete.nothing()
        self.closing = True
        return super().dismiss(result)


class PrivacyScreen(Window[bool]):
    """Covers the table while a hot-seat device is passed to the next player.

    The key that finished the last move must never also show the next
    player's secrets, so for ``GUARD`` seconds after it appears every key
    and click is ignored, and then only a deliberate key shows them: the
    player's seat number (Enter never does).  ``q`` leaves the game without
    showing anything (it is saved after every move).  Returns True to show
    the secrets, False to leave.
    """

    GUARD = 0.6

    def __init__(self, seat: int, player: str, secrets: str = "what only you may see") -> None:
        super().__init__(classes="privacy")
        self.seat, self.player, self.secrets = seat, player, secrets
        self.key = str(seat + 1)

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box", classes="dialog"):
            yield Static(f"Pass to {self.player}", id="privacy-title")
            yield Static(
                f"{self.player}: {self.secrets} will be shown next, so everyone "
                f"else looks away.\nPress {self.key} when only you can see the "
                "screen.",
                id="privacy-text",
            )
            yield Static(self._hint(), id="privacy-hint", classes="hint")
            with Horizontal(classes="buttons"):
                yield _unfocusable(Button(f"Show ({self.key})", id="ready", variant="primary"))
                yield _unfocusable(Button("Leave the game (q)", id="leave"))

    def _hint(self) -> str:
        return (
            f"{self.key}: show {self.secrets}    q: leave the game (it is saved; "
            "resume it from the picker)"
        )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if not self.awake():
            return
        if event.key == self.key:
            self.dismiss(True)
        elif event.key == "q":
            self.dismiss(False)
        else:
            self.query_one("#privacy-hint", Static).update(
                Text(
                    f"Only {self.key} shows {self.secrets} (Enter does not).  q leaves the game.",
                    style="bold",
                )
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.awake():
            self.dismiss(event.button.id == "ready")


class ConfirmScreen(Window[bool]):
    """Asks before something that cannot be taken back or gives something up.

    The safe answer is the default: Enter, ``n`` and Esc answer no ("Keep
    playing", "Stay"), and only a deliberate ``y`` (or a click) answers yes,
    so the Enter that finished one step never also confirms the next.  The
    buttons take no focus, so Tab cannot move Enter onto "yes" unseen.
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", priority=True),
        Binding("n,escape,enter", "answer(False)", "No", priority=True),
    ]

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
        # Rich's Markdown drawn once a width (markdown_page.py): far faster than
        # Textual's Markdown widget, which builds a widget per block.
        from tideboard.ui.shared.markdown_page import MarkdownPage

        with VerticalScroll(id="help-box", classes="dialog wide"):
            yield MarkdownPage("\n".join(lines))
            if self.rules:
                yield MarkdownPage(self.rules)
            yield Static("Esc closes this help; arrows / PgUp / PgDn scroll.", classes="hint")

    def on_mount(self) -> None:
        # (an app quitting under the same burst of keys mounts the help empty)
        for box in self.query("#help-box"):
            box.focus()

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Window[str]):
    """Final scores and the result; returns 'board' (Esc: close it and study the
    final board and the log), 'again', 'picker' or 'quit'.

    ``home`` names where p goes (the picker; at a server table the lobby); when
    ``quits`` is False (a server table) there is no Quit and q goes there too.

    The keys of the burst that ended the game (``a a a`` attacking the boss)
    must not also start the next one, so it has a ``GUARD`` too.
    """

    GUARD = 0.6

    BINDINGS = [
        Binding("a", "choose('again')", "Play again"),
        Binding("p", "choose('picker')", "Picker"),
        Binding("p", "home", "Lobby"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("q", "home", "Lobby", show=False),
        Binding("escape,r", "choose('board')", "See the board"),
    ]

    def __init__(
        self,
        title: str,
        table: Any,
        result: str,
        seed: int | None = None,
        home: str = "Picker",
        quits: bool = True,
    ) -> None:
        super().__init__()
        self.title_text, self.table, self.result, self.seed = title, table, result, seed
        self.home, self.quits = home, quits

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """p and q as ``home`` and ``quits`` say (the picker's, or a table's lobby)."""
        lobby = self.home == "Lobby"
        if action == "home":
            return lobby or not self.quits
        if action == "choose" and parameters == ("picker",):
            return not lobby
        if action == "choose" and parameters == ("quit",):
            return self.quits
        return True

    def action_home(self) -> None:
        self.action_choose("picker")

    def compose(self) -> ComposeResult:
        # The buttons and the hint (with the seed) are docked at the foot of the
        # window, so they stay on screen however long the table is (a Lunar Reef
        # game of four at 80x24): the table scrolls above them.
        with VerticalScroll(id="end-box", classes="dialog"):
            with Vertical(id="end-foot"):
                with Horizontal(classes="buttons"):
                    # no button takes focus: the Enter that ended the game answers nothing
                    yield _unfocusable(Button("Play again (a)", id="again", variant="primary"))
                    yield _unfocusable(Button(f"{self.home} (p)", id="to-picker"))
                    if self.quits:
                        yield _unfocusable(Button("Quit (q)", id="quit"))
                seed = f" Seed {self.seed}." if self.seed is not None else ""
                yield Static(
                    f"Esc: the final board and the log (r: back here).{seed}",
                    id="end-hint",
                    classes="hint",
                )
            yield Static(self.title_text, id="end-title")
            yield Static(self.table)
            yield Static(self.result, id="end-result")

    def on_mount(self) -> None:
        # the arrows and PgUp / PgDn scroll a table taller than the window
        for box in self.query("#end-box"):
            box.focus()

    def action_choose(self, choice: str) -> None:
        if self.awake():
            self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.awake():
            self.dismiss({"to-picker": "picker"}.get(str(event.button.id), str(event.button.id)))
