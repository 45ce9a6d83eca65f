"""One SSH session's app: the tideboard app with the lobby in place of the picker.

It draws through :class:`~tideboard.serve.driver.SSHDriver` to its channel, in
the colours the client's terminal says it has (``TERM``, ``COLORTERM``,
``NO_COLOR``; F4 switches for a terminal that reports them wrongly), and keeps
theme changes to the session (the server's settings file is left alone).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

from rich.console import Console
from textual.binding import Binding
from textual.filter import LineFilter, Monochrome
from textual.screen import Screen

from tideboard.serve import next_table
from tideboard.serve.access import may_see
from tideboard.serve.driver import SSHDriver
from tideboard.ui.app import TideboardApp
from tideboard.ui.styles import theme_variables

if TYPE_CHECKING:
    from tideboard.serve.lobby import LobbyScreen

Depth = Literal["truecolor", "256", "standard", "none"]
COLOUR_DEPTHS: tuple[Depth, ...] = ("truecolor", "256", "standard", "none")
DEPTH_NAMES = {
    "truecolor": "true colour",
    "256": "256 colours",
    "standard": "16 colours",
    "none": "no colour",
}
_GREY = Monochrome()  # the no-colour filter (it keeps no state: one for every session)


def colour_depth(env: dict[str, str]) -> Depth:
    """The colour depth a client's environment asks for."""
    term = env.get("TERM", "").lower()
    if "NO_COLOR" in env or term == "dumb":
        return "none"
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    if "256" in term or term.startswith(("xterm-kitty", "alacritty", "tmux", "screen")):
        return "256"
    return "standard"


def console_at(console: Console, depth: Depth) -> Console:
    """An app's console drawing with ``depth`` colours to a client's terminal
    (never the server's own: its size and output are the driver's)."""
    return Console(
        color_system=None if depth == "none" else depth,
        file=console.file,
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
        width=console.width,
        height=console.height,
    )


class ServeApp(TideboardApp):
    """A player's session: the lobby, a table's game screen, back to the lobby
    (``N``: to the next table waiting for your move, ``next_table.py``)."""

    BINDINGS = [
        *TideboardApp.BINDINGS,
        Binding("f4", "next_depth", "Colours", show=False),
        Binding("N", "next_table", "Next table", show=False),
    ]

    def __init__(
        self,
        room: Any,
        name: str,
        channel: Any,
        size: tuple[int, int],
        env: dict[str, str],
        table_id: str | None = None,
    ) -> None:
        self.ssh_channel = channel
        self.ssh_size = size
        self.room = room
        self.player = name
        self.resume_table = table_id
        self.last_table: str | None = None  # the table opened last
        self.returning: str | None = None  # that table, when its screen goes back to the lobby
        self.ssh_driver: SSHDriver | None = None  # set by the driver, once the app starts
        self.drawn = asyncio.Event()  # set at the first frame (Textual's Ready)
        super().__init__(bot_delay=room.bot_delay)  # (its stylesheet shared: ui/styles.py)
        # Scrolls jump instead of gliding: a glide is about ten redraws, which every
        # other session of the server's one process waits out (a page down in help:
        # 90-105 ms of CPU gliding, 11-15 at once; benchmarks/windows.py), and which
        # reaches a remote terminal as a stutter anyway.
        self.animation_level = "none"
        self.driver_class = SSHDriver
        self.set_depth(colour_depth(env))

    def get_css_variables(self) -> dict[str, str]:
        """The theme's CSS variables, made once per theme for the whole server."""
        variables = theme_variables(self.current_theme.name, super().get_css_variables)
        self.theme_variables = variables
        return variables

    def set_depth(self, depth: Depth) -> None:
        """Draw with ``depth`` colours from now on."""
        self.depth = depth
        self.no_color = depth == "none"
        self.console = console_at(self.console, depth)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and with no colour one that greys every colour
        (the console draws true colour when told none: Textual's own
        ``NO_COLOR`` does the same)."""
        filters = super().get_line_filters()
        return [*filters, _GREY] if self.no_color else filters

    def action_next_depth(self) -> None:
        depth = COLOUR_DEPTHS[(COLOUR_DEPTHS.index(self.depth) + 1) % len(COLOUR_DEPTHS)]
        self.set_depth(depth)
        self.screen.refresh(layout=True)
        for widget in self.screen.query("*"):
            widget.refresh()
        self.notify(f"Colours: {DEPTH_NAMES[depth]}", timeout=1.5)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_table":  # (the lobby and a table's screen only)
            return next_table.where(self)[0]
        return super().check_action(action, parameters)

    def action_next_table(self) -> None:
        """``N``: to the next table waiting for your move (serve/next_table.py)."""
        next_table.next_table(self)

    def get_driver_class(self) -> Any:
        return SSHDriver

    def get_default_screen(self) -> Screen:
        from tideboard.serve.lobby import LobbyScreen

        return LobbyScreen(self.room, self.player)

    def on_ready(self) -> None:
        self.drawn.set()

    def on_mount(self) -> None:
        super().on_mount()
        table = self.room.tables.get(self.resume_table or "")
        if table is not None:
            self.open_table(table)

    def open_table(self, table: Any) -> None:
        """The table's game screen over the lobby (the seat, or watching)."""
        lobby = cast("LobbyScreen", self.screen_stack[0])  # the session's first screen
        if not may_see(table, self.player):
            lobby.say(f"There is no table {table.id}.", error=True)  # (a private one)
            return
        if not table.started:
            lobby.say(f"Table {table.id} has not started yet.", error=True)
            return
        from tideboard.serve.table_screen import at_table, table_screen

        if at_table(self.screen, table):
            return  # there already
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.last_table = table.id
        self.push_screen(table_screen(self.room, table, self.player))

    def leave_game(self) -> None:
        """A table or a replay left (q): back to the lobby."""
        self.show_picker()

    def show_picker(self) -> None:
        """Back to the lobby (the first screen)."""
        self.returning = self.last_table
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def wait_for_table(self, table: Any) -> None:
        """Back to the lobby, which opens ``table`` (one of ours) once it starts."""
        cast("LobbyScreen", self.screen_stack[0]).wait_for(table.id)
        self.show_picker()
        self.returning = table.id

    def open_store(self) -> Any:
        return self.room.store

    def close_store(self) -> None:
        """The server owns the store."""

    def save_settings(self, **changes: str | None) -> None:
        """A session's theme and bot speed stay in the session."""
        self.settings = self.settings.evolve(**changes)


class _Nowhere:
    """A channel that keeps nothing: the warm-up lobby draws to it."""

    def write(self, data: bytes) -> None:
        pass


async def warm_up(room: Any) -> None:
    """Draw one lobby to nowhere before the server listens, so the first
    players find the modules imported and the lobby's stylesheets parsed.  It is
    a ServeApp itself: a subclass's sheets would be parsed under its own name
    (and the App's default CSS at another depth), none of them for the players."""
    app = ServeApp(room, "-", _Nowhere(), (80, 24), {"TERM": "xterm-256color"})
    task = asyncio.create_task(app.run_async())
    done = asyncio.create_task(app.drawn.wait())
    await asyncio.wait([done, task], timeout=10, return_when=asyncio.FIRST_COMPLETED)
    done.cancel()
    app.exit()
    await asyncio.wait([task], timeout=5)
