"""The tideboard Textual app: themes, settings, the picker and the game screens."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.theme import Theme

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.files import settings as user_settings
from tideboard.files.themes import DEFAULT_THEME, base_stylesheet, named_stylesheet, theme_table
from tideboard.ui.screens import has_screen, screen_class
from tideboard.ui.shared.keys_in_order import KeysInOrder
from tideboard.ui.startup import pause_gc, resume_gc
from tideboard.ui.styles import SharedStylesheet
from tideboard.ui.textual_compat import give_result_callback

__all__ = ["TideboardApp", "has_screen", "run_app", "screen_class"]


def _load_windows() -> None:
    """Import the windows' code (hand-over, confirm, help, results, overviews) once
    the first frame is up: no first frame waits for it (tideboard/ui/shared/windows.py),
    and neither does the first window, nor does a game's memory grow by it at its end."""
    import tideboard.ui.shared.modals  # noqa: F401
    import tideboard.ui.shared.overviews  # noqa: F401


class TideboardApp(KeysInOrder, App):
    """The app.  Keys (and pastes) are handled one after another: see ``on_event``."""

    TITLE = "tideboard"
    # Only the base sheet at start; the picker's, the dialogs' and a game's sheet
    # are added when a screen that uses them is first shown (load_sheet), so a
    # first frame parses no more than it shows.
    CSS = base_stylesheet()
    BINDINGS = [
        Binding("f2", "next_theme", "Theme", show=False),
        Binding("f3", "next_bot_speed", "Bot speed", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        theme: str | None = None,
        game_id: str | None = None,
        config: GameConfig | None = None,
        bots: dict[int, str] | None = None,
        bot_delay: float | None = None,
        match: Match | None = None,
        store_id: str | None = None,
        store_path: Any = None,
        replay: bool = False,
        start: Match | None = None,
    ) -> None:
        """``theme`` and ``bot_delay`` (seconds per bot action; the tests pass 0)
        override the saved settings for this run.  ``game_id`` and ``config``
        start a new game, ``start`` a game from the match given (a position set
        up by a test or a tool), with ``bots``; neither: the picker."""
        pause_gc()  # until the first frame (tideboard/ui/startup.py); the CLI paused it already
        super().__init__()
        self.settings, self._settings_notice = user_settings.load(list(theme_table()))
        for name, spec in theme_table().items():
            fields = {k: v for k, v in spec.items() if not isinstance(v, dict)}
            self.register_theme(Theme(name=name, **fields))
        self.theme = theme or self.settings.theme or DEFAULT_THEME
        self.start_game = game_id
        # whether the player has seen the picker: leaving a game goes back to it,
        # and a game the command line started is left for the shell
        self.picker_used = False
        self.start_config = config
        self.start_bots = bots or {}
        self.start_from = start
        self.bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        # a loaded game (``tideboard resume`` / ``replay``): continue or replay it
        self.loaded_match = match
        self.loaded_id = store_id
        self.loaded_replay = replay
        self.store_path = store_path
        self._store: Any = None
        self._small_notice: Notification | None = None  # the one on screen, if any
        self._size_to_say: Size | None = None  # a resize not yet handled by _say_size
        self._sheets: set[str] = set()  # the named sheets added so far
        # Rule sets parsed once for every app of the process with the same theme
        # (ui/styles.py): over SSH an app a session, in the tests hundreds of apps.
        shared = SharedStylesheet(variables=self.get_css_variables())
        shared.source = self.stylesheet.source.copy()
        self.stylesheet = shared

    def on_mount(self) -> None:
        # Textual gives the first screen no result callback, and switch_screen
        # (a game from the command line replaced by the picker or by a new game)
        # pops one: give it the empty one every pushed screen has.
        give_result_callback(self.screen_stack[0])
        self.call_after_refresh(self._first_frame_up)
        if self._settings_notice:
            self.notify(self._settings_notice, severity="warning", timeout=8)
        if self.loaded_match is not None:
            self._open_loaded(self.loaded_match)

    def _first_frame_up(self) -> None:
        resume_gc()
        self.set_timer(0.5, _load_windows)  # while the player reads the first screen

    def get_default_screen(self) -> Screen:
        """The first screen itself, not pushed over Textual's blank default screen
        (which costs a whole extra layout and frame): the picker, or a game started
        from the command line.  A game loaded by ``tideboard resume`` / ``replay``
        is still pushed over the blank screen (it may need a question first)."""
        if self.loaded_match is not None:
            return super().get_default_screen()
        if self.start_from is not None:
            screen = self._match_screen(self.start_from, self.start_bots)
        elif self.start_game and self.start_config:
            screen = self._match_screen(
                Match.start(registry.load(self.start_game), self.start_config), self.start_bots
            )
        else:
            from tideboard.ui.picker import PickerScreen

            screen = PickerScreen()
            self.picker_used = True
        self._css_for(screen)  # as push_screen does: the first screen is not pushed
        return screen

    # -- the game store ------------------------------------------------------
    def open_store(self) -> Any:
        """The game store (opened the first time it is needed); StoreError if it
        cannot be opened.  Import notes for old autosave files are shown once."""
        if self._store is None:
            from tideboard.store.games import Store

            self._store = Store.open(self.store_path)
            for note in self._store.import_notes:
                if note.error:
                    self.notify(
                        f"Skipped a damaged old save, left as it is: {note.error}",
                        severity="warning",
                        timeout=8,
                    )
                else:
                    self.notify(
                        f"Imported the old save {note.path} as game {note.game_id}.", timeout=5
                    )
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
        notice, and a large enough terminal takes it away.  Said once the
        resizes queued now are handled (a burst of them says only the last)."""
        if self._size_to_say is None:
            self.call_later(self._say_size)
        self._size_to_say = event.size

    def _say_size(self) -> None:
        width, height = self._size_to_say or self.size
        self._size_to_say = None
        small = width < self.MIN_SIZE[0] or height < self.MIN_SIZE[1]
        text = (
            f"The terminal is {width}x{height}; tideboard is laid out for "
            f"{self.MIN_SIZE[0]}x{self.MIN_SIZE[1]} or larger, so some parts may be cut off."
        )
        old = self._small_notice
        if old is not None and not old.has_expired:
            if small and old.message == text:
                return  # the same size again: the notice on screen says so already
            # Textual takes one notice away only through a private method: the
            # others on screen now (rare, and short-lived) go with it
            self.clear_notifications()
        self._small_notice = None
        if small:
            self._small_notice = Notification(text, severity="warning", timeout=6)
            self.post_message(Notify(self._small_notice))

    def leave_game(self) -> None:
        """A game left (q): back to the picker the player came from, or out to the
        shell for a game the command line started (``tideboard play``, ``resume``,
        ``replay``), as the player who typed that command expects."""
        if self.picker_used:
            self.show_picker()
        else:
            self.exit()

    def show_picker(self) -> None:
        from tideboard.ui.picker import PickerScreen

        self.picker_used = True
        while len(self.screen_stack) > 1:
            self.pop_screen()
        bottom = self.screen_stack[0]
        if not isinstance(bottom, PickerScreen):
            # a game from the command line (the first screen), or the blank screen
            # under a loaded one: replaced, so that no game is left running below
            self.switch_screen(PickerScreen())

    def load_sheet(self, name: str) -> None:
        """Add the stylesheet ``name`` names (``files.themes.named_stylesheet``) once.

        Only the new sheet is parsed (Textual caches the parsed sources), and the
        screen pushed next is styled with it when it mounts.
        """
        if name in self._sheets:
            return
        self._sheets.add(name)
        sheet = named_stylesheet(name)
        if sheet is not None:
            css, where = sheet
            self.stylesheet.add_source(css, read_from=(where, ""), is_default_css=False)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's push_screen; the screen's sheets are added first: those its
        class names in ``SHEETS`` (the picker's, the dialogs'), and a game
        screen's (one with a ``match``) game's, however it is opened (a new game,
        a replay...)."""
        self._css_for(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        self._css_for(screen)
        return super().switch_screen(screen)

    def _css_for(self, screen: Any) -> None:
        for name in getattr(screen, "SHEETS", ()):
            self.load_sheet(name)
        match = getattr(screen, "match", None)
        game = getattr(match, "game", None)
        if game is not None:
            self.load_sheet(game.info.id)

    def start_match(self, match: Match, bots: dict[int, str], writer: Any = None) -> None:
        """Play ``match``: a new game gets a new record in the store; ``writer``
        (a :class:`~tideboard.store.writer.GameWriter`) continues a stored one."""
        screen = self._match_screen(match, bots, writer)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def _match_screen(self, match: Match, bots: dict[int, str], writer: Any = None) -> Screen:
        """The game screen for ``match`` (its stylesheet comes with push_screen)."""
        return screen_class(match.game.info.id)(match, bots, self.bot_delay, writer=writer)

    # -- settings ------------------------------------------------------------
    def save_settings(self, **changes: str | None) -> None:
        """Change and remember settings; a failed write is said, never raised."""
        self.settings = self.settings.evolve(**changes)
        error = user_settings.save(self.settings)
        if error:
            self.notify(error, severity="warning", timeout=6)

    def action_next_theme(self) -> None:
        names = list(theme_table())
        current = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(current + 1) % len(names)]
        self.notify(f"Theme: {self.theme}", timeout=1.5)
        for widget in self.screen.query("*"):
            widget.refresh()
        for screen in self.screen_stack:  # boards drawn once in the theme's colours
            redraw = getattr(screen, "refresh_table", None)
            if redraw is not None and screen.is_mounted:
                redraw()
        self.save_settings(theme=self.theme)

    def set_bot_speed(self, speed: str) -> None:
        """Use ``speed`` (a key of settings.BOT_SPEEDS) from now on, in every screen."""
        self.bot_delay = user_settings.BOT_SPEEDS[speed]
        for screen in self.screen_stack:
            if hasattr(screen, "bot_delay"):
                screen.bot_delay = self.bot_delay
        self.save_settings(bot_speed=speed)

    def action_next_bot_speed(self) -> None:
        speed = user_settings.next_bot_speed(self.settings.bot_speed)
        self.set_bot_speed(speed)
        self.notify(f"Bot speed: {speed}", timeout=1.5)
        refresh = getattr(self.screen, "on_bot_speed", None)
        if refresh is not None:
            refresh()


def run_app(
    theme: str | None = None,
    game_id: str | None = None,
    config: GameConfig | None = None,
    bots: dict[int, str] | None = None,
    match: Match | None = None,
    store_id: str | None = None,
    store_path: Any = None,
    replay: bool = False,
) -> int:
    """Run the app and return its return code (non-zero after a crash).

    With ``match`` (loaded by ``tideboard resume``/``replay``): continue it,
    appending to the stored game ``store_id``, or with ``replay`` step through it.
    """
    from tideboard.ui.signals import end_on_signals

    app = TideboardApp(
        theme=theme,
        game_id=game_id,
        config=config,
        bots=bots,
        match=match,
        store_id=store_id,
        store_path=store_path,
        replay=replay,
    )
    try:
        with end_on_signals(app):  # SIGTERM/SIGHUP: every save done, then exit
            app.run()
    finally:
        resume_gc()  # if the app ended before its first frame
        app.close_store()
    return app.return_code or 0
