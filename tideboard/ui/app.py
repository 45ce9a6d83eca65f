"""The tideboard Textual app: themes, the picker and the game screens."""

from __future__ import annotations

from typing import Any

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
                 bot_delay: float = 0.6, match: Match | None = None,
                 store_id: str | None = None, store_path: Any = None,
                 replay: bool = False) -> None:
        super().__init__()
        self.start_theme = theme or DEFAULT_THEME
        self.start_game = game_id
        self.start_config = config
        self.start_bots = bots or {}
        self.bot_delay = bot_delay
        # a loaded game (``tideboard resume`` / ``replay``): continue or replay it
        self.loaded_match = match
        self.loaded_id = store_id
        self.loaded_replay = replay
        self.store_path = store_path
        self._store: Any = None
        self._small_notice: Notification | None = None  # the one on screen, if any

    def on_mount(self) -> None:
        for name, spec in theme_table().items():
            fields = {k: v for k, v in spec.items() if not isinstance(v, dict)}
            self.register_theme(Theme(name=name, **fields))
        self.theme = self.start_theme
        if self.loaded_match is not None:
            self._open_loaded(self.loaded_match)
        elif self.start_game and self.start_config:
            self.start_match(Match.start(registry.load(self.start_game), self.start_config),
                             self.start_bots)
        else:
            self.show_picker()

    # -- the game store ------------------------------------------------------
    def open_store(self) -> Any:
        """The game store (opened the first time it is needed); StoreError if it
        cannot be opened.  Import notes for old autosave files are shown once."""
        if self._store is None:
            from tideboard.store import Store

            self._store = Store.open(self.store_path)
            for note in self._store.import_notes:
                if note.error:
                    self.notify(f"Skipped a damaged old save, left as it is: {note.error}",
                                severity="warning", timeout=8)
                else:
                    self.notify(f"Imported the old save {note.path} as game {note.game_id}.",
                                timeout=5)
        return self._store

    def close_store(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def _open_loaded(self, match: Match) -> None:
        from tideboard.ui.saved_games import open_loaded

        open_loaded(self, match, self.start_bots, self.loaded_id, self.loaded_replay)

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

    def start_match(self, match: Match, bots: dict[int, str], writer: Any = None) -> None:
        """Play ``match``: a new game gets a new record in the store; ``writer``
        (a :class:`~tideboard.game_writer.GameWriter`) continues a stored one."""
        screen = screen_class(match.game.info.id)(match, bots, self.bot_delay, writer=writer)
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
            config: GameConfig | None = None, bots: dict[int, str] | None = None,
            match: Match | None = None, store_id: str | None = None,
            store_path: Any = None, replay: bool = False) -> int:
    """Run the app and return its return code (non-zero after a crash).

    With ``match`` (loaded by ``tideboard resume``/``replay``): continue it,
    appending to the stored game ``store_id``, or with ``replay`` step through it.
    """
    app = TideboardApp(theme=theme, game_id=game_id, config=config, bots=bots, match=match,
                       store_id=store_id, store_path=store_path, replay=replay)
    try:
        app.run()
    finally:
        app.close_store()
    return app.return_code or 0
