"""Opening the shared windows from a game screen: a mixin of
:class:`~tideboard.ui.shared.game_screen.GameScreen`.

The windows (``modals``: hand-over, confirm, help, results; ``overviews``:
blocks) are Textual screen classes, and defining each costs about 2.5M
instructions (about 1% of a first frame); a game's first frame shows none of
them.  So
their modules are imported here when a window first opens, and game screens
open them through these methods rather than importing the classes.

The dialogs' sheet, which every window uses, can be added and parsed once the
first frame is up (:meth:`Windows.prepare_windows`, called on a timer by a game
screen), so that a long game does not gain it at its end, when the results
open.  (The default CSS of Textual's Button and of the window classes is
parsed when the first window mounts them, as Textual does: parsing it ahead
took Textual's private ``_get_default_css`` and saved 0.2% of the first
window's opening, callgrind.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Windows:
    """``ask``, ``show_blocks`` and the game screen's own windows."""

    app: Any

    def prepare_windows(self) -> None:
        """Add and parse the dialogs' sheet now, as opening the first window
        would (only the new sheet is parsed: Textual caches the others' rules;
        nothing is restyled or drawn); a failure only leaves it to the first
        window."""
        try:
            self.app.load_sheet("dialogs")
            self.app.stylesheet.parse()
        except Exception:  # pragma: no cover - a preparation only
            pass

    def ask(self, question: str, yes: str, no: str, then: Callable[[bool | None], Any]) -> None:
        """A yes/no question (Enter and Esc say no, ``y`` yes); ``then(answer)``."""
        from tideboard.ui.shared.modals import ConfirmScreen

        self.app.push_screen(ConfirmScreen(question, yes, no), then)

    def show_blocks(self, parts: list[tuple[str, Any]], key: str = "") -> None:
        """A scrolling window of titled blocks; ``key`` (the key that opened it) closes it."""
        from tideboard.ui.shared.overviews import BlocksScreen

        self.app.push_screen(BlocksScreen(parts, key=key))

    def show_privacy(
        self, seat: int, player: str, secrets: str, then: Callable[[bool | None], Any]
    ) -> None:
        from tideboard.ui.shared.modals import PrivacyScreen

        self.app.push_screen(PrivacyScreen(seat, player, secrets), then)

    def show_help(self, title: str, keys: list[tuple[str, str]], rules: str | None) -> None:
        from tideboard.ui.shared.modals import HelpScreen

        self.app.push_screen(HelpScreen(title, keys, rules))

    def show_results(
        self,
        title: str,
        table: Any,
        result: str,
        seed: int | None,
        then: Callable[[str | None], Any],
        home: str = "Picker",
        quits: bool = True,
    ) -> None:
        from tideboard.ui.shared.modals import EndScreen

        self.app.push_screen(EndScreen(title, table, result, seed, home, quits), then)
