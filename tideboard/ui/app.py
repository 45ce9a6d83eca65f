"""The tideboard Textual app: themes, the picker and the game screens."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.notifications import Notification
from textual.theme import Theme

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.themes_data import DEFAULT_THEME, stylesheet, theme_table
from tideboard.ui.screens import has_screen, screen_class

__all__ = ["TideboardApp", "has_screen", "run_app", "screen_class"]


class TideboardApp(App):
    TITLE = "tideboard"
    CSS = stylesheet()
    BINDINGS = [Binding("f2", "next_theme", "Theme", show=False),
                Binding("ctrl+q", "quit", "Quit", show=False)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, theme: str | None = None, game_id: str | None = None,
                 config: GameConfig | None = None, bots: dict[int, str] | None = None,
                 bot_delay: float = 0.6) -> None:
        super().__init__()
        self.start_theme = theme or DEFAULT_THEME
        self.start_game = game_id
        self.start_config = config
        self.start_bots = bots or {}
        self.bot_delay = bot_delay
        self._small_notice: Notification | None = None  # the one on screen, if any

    def on_mount(self) -> None:
        for name, spec in theme_table().items():
            fields = {k: v for k, v in spec.items() if not isinstance(v, dict)}
            self.register_theme(Theme(name=name, **fields))
        self.theme = self.start_theme
        if self.start_game and self.start_config:
            self.start_match(Match.start(registry.load(self.start_game), self.start_config),
                             self.start_bots)
        else:
            self.show_picker()

    MIN_SIZE = (80, 24)

    def on_resize(self, event: events.Resize) -> None:
        """At most one "terminal is small" notice: a new size replaces the last
        notice, and a large enough terminal takes it away."""
        width, height = event.size
        small = width < self.MIN_SIZE[0] or height < self.MIN_SIZE[1]
        text = (f"The terminal is {width}x{height}; tideboard is laid out for "
                f"{self.MIN_SIZE[0]}x{self.MIN_SIZE[1]} or larger, so some parts may be cut off.")
        old = self._small_notice
        if old is not None and old in self._notifications:
            if small and old.message == text:
                return  # the same size again: the notice on screen says so already
            self._unnotify(old, refresh=not small)
        self._small_notice = None
        if small:
            # added at once (not through a Notify message), so resizes in quick
            # succession still leave one notice
            self._small_notice = Notification(text, severity="warning", timeout=6)
            self._notifications.add(self._small_notice)
            self._refresh_notifications()

    def show_picker(self) -> None:
        from tideboard.ui.picker import PickerScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(PickerScreen())

    def start_match(self, match: Match, bots: dict[int, str]) -> None:
        screen = screen_class(match.game.info.id)(match, bots, self.bot_delay)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def action_next_theme(self) -> None:
        names = list(theme_table())
        current = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(current + 1) % len(names)]
        self.notify(f"Theme: {self.theme}", timeout=1.5)
        for widget in self.screen.query("*"):
            widget.refresh()


def run_app(theme: str | None = None, game_id: str | None = None,
            config: GameConfig | None = None, bots: dict[int, str] | None = None) -> None:
    TideboardApp(theme=theme, game_id=game_id, config=config, bots=bots).run()
