"""Opening the shared windows from a game screen: a mixin of
:class:`~tideboard.ui.shared.game_screen.GameScreen`.

The windows (``modals``: hand-over, confirm, help, results; ``overviews``:
blocks) are Textual screen classes, and defining each costs about 2.5M
instructions (about 1% of a first frame); a game's first frame shows none of
them.  So
their modules are imported here when a window first opens, and game screens
open them through these methods rather than importing the classes.

What every window needs when the first one opens (the dialogs' sheet, the
default CSS of Textual's Button and of the window classes, about 0.2 MiB once
parsed) can be prepared once the first frame is up (:meth:`Windows.prepare_windows`,
called on a timer by a game screen): the first window then opens quicker, and
a long game does not gain that memory at its end, when the results open.
"""

from __future__ import annotations

from typing import Any, Callable


class Windows:
    """``ask``, ``show_blocks`` and the game screen's own windows."""

    app: Any

    def prepare_windows(self) -> None:
        """Add and parse the windows' stylesheets now, as opening the first
        window would: the dialogs' sheet, and the default CSS that Textual adds
        when a widget class is first mounted (its ``_post_register``; textual is
        pinned to 8.2).  Only the new sheets are parsed (Textual caches the
        others' rules) and nothing is restyled or drawn; a failure only leaves
        it to the first window, as before."""
        try:
            from textual.containers import VerticalScroll
            from textual.widgets import Button

            from tideboard.ui.shared.modals import ConfirmScreen, EndScreen
            from tideboard.ui.shared.overviews import BlocksScreen

            self.app.load_sheet("dialogs")
            stylesheet = self.app.stylesheet
            for node in (Button(), VerticalScroll(), ConfirmScreen("", "", ""),
                         EndScreen("", "", ""), BlocksScreen([])):
                for read_from, css, tie_breaker, scope in node._get_default_css():
                    stylesheet.add_source(css, read_from=read_from, is_default_css=True,
                                          tie_breaker=tie_breaker, scope=scope)
            stylesheet.parse()
        except Exception:  # pragma: no cover - a preparation only
            pass

    def ask(self, question: str, yes: str, no: str,
            then: Callable[[bool | None], Any]) -> None:
        """A yes/no question (Enter and Esc say no, ``y`` yes); ``then(answer)``."""
        from tideboard.ui.shared.modals import ConfirmScreen

        self.app.push_screen(ConfirmScreen(question, yes, no), then)

    def show_blocks(self, parts: list[tuple[str, Any]], key: str = "") -> None:
        """A scrolling window of titled blocks; ``key`` (the key that opened it) closes it."""
        from tideboard.ui.shared.overviews import BlocksScreen

        self.app.push_screen(BlocksScreen(parts, key=key))

    def show_privacy(self, seat: int, player: str, secrets: str,
                     then: Callable[[bool | None], Any]) -> None:
        from tideboard.ui.shared.modals import PrivacyScreen

        self.app.push_screen(PrivacyScreen(seat, player, secrets), then)

    def show_help(self, title: str, keys: list[tuple[str, str]], rules: str | None) -> None:
        from tideboard.ui.shared.modals import HelpScreen

        self.app.push_screen(HelpScreen(title, keys, rules))

    def show_results(self, title: str, table: Any, result: str, seed: int | None,
                     then: Callable[[str | None], Any]) -> None:
        from tideboard.ui.shared.modals import EndScreen

        self.app.push_screen(EndScreen(title, table, result, seed), then)
