"""What the Moonshell screen's helpers use of it: :class:`MoonshellTable`.

The turn (``modes.py``) and the drawing (``panels.py``) are plain objects the screen
(``screen.py``) holds; they cannot import the screen class (it imports them), so they
name it by this Protocol, and the type checker holds the screen to it where it hands
itself over (``Turn(self)``, ``TableDrawing(self, ...)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, overload

from textual.app import App
from textual.widget import Widget

from tideboard.engine.match import Match
from tideboard.games.moonshell.game import Moonshell
from tideboard.games.moonshell.state import Action, State
from tideboard.ui.shared.control import Control

W = TypeVar("W", bound=Widget)


class MoonshellTable(Protocol):
    """The Moonshell screen, as its turn and its drawing see it."""

    title: str | None  # (Textual's Screen.title)
    log_frame: int | None  # the side the log's lines are worded for

    # -- Textual's ----------------------------------------------------------------
    @property
    def app(self) -> App[object]: ...

    @overload
    def query_one(self, selector: str) -> Widget: ...

    @overload
    def query_one(self, selector: type[W]) -> W: ...

    @overload
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...

    # -- GameScreen's ---------------------------------------------------------------
    @property
    def control(self) -> Control: ...

    @property
    def match(self) -> Match: ...

    @property
    def game(self) -> Moonshell: ...

    @property
    def state(self) -> State: ...

    @property
    def shown(self) -> State: ...

    @property
    def viewer(self) -> int | None: ...

    def human_to_move(self) -> int | None: ...

    def turn_or_wait(self, wait: str = ...) -> int | None: ...

    def dispatch(self, action: Action) -> bool: ...

    def say(self, message: str, error: bool = False) -> None: ...

    def ask(self, question: str, yes: str, no: str, then: Callable[[bool | None], Any]) -> None: ...

    def refresh_table(self) -> None: ...

    def sync_bindings(self) -> None: ...

    def write_log(self) -> None: ...

    def to_play(self, seat: int, name: str | None = None) -> str: ...

    # -- the Moonshell screen's own ---------------------------------------------------
    def home_seat(self) -> int: ...

    def who(self, seat: int) -> str: ...

    def short(self, seat: int) -> str: ...

    def reef_on(self) -> bool: ...

    def board_width(self) -> int: ...
