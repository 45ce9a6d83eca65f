"""What the Moonshell screen's helpers use of it (:class:`MoonshellTable`) and of its
turn (:class:`MoonshellTurn`).

The turn (``modes.py``) and the drawing (``panels.py``) are plain objects the screen
(``screen.py``) holds; they cannot import the screen class (it imports them), so they
name it by this Protocol, and the type checker holds the screen to it where it hands
itself over (``Turn(self)``, ``TableDrawing(self, ...)``).  So do the turn's moves
(``moves.py``) and the aimed power (``aim_mode.py``) with the ``Turn`` of ``modes.py``,
which imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, overload

from textual.app import App
from textual.widget import Widget

from tideboard.engine.match import Match
from tideboard.games.moonshell.game import Moonshell
from tideboard.games.moonshell.state import Action, Pull, State
from tideboard.ui.moonshell.picks import Pick
from tideboard.ui.moonshell.targets import Targets
from tideboard.ui.shared.control import Control

W = TypeVar("W", bound=Widget)


class MoonshellTable(Protocol):
    """The Moonshell screen, as its turn and its drawing see it."""

    title: str | None  # (Textual's Screen.title)
    log_frame: int | None  # the side the log's lines are worded for

    # -- Textual's ----------------------------------------------------------------
    @property
    def app(self) -> App[object]: ...

    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Any: ...

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


class Aiming(Protocol):
    """A power aimed on the table (``aim_mode.AimMode``), as a click on the table uses it."""

    def click(self, picks: list[Pick]) -> None: ...


class MoonshellTurn(Protocol):
    """The Moonshell screen's turn (``modes.Turn``), as its moves and the aimed power see
    it: the mode, the cursors and what a key does with them."""

    mode: str | None  # None, "pull", "rock", "chest", "aim"
    column: int  # the ocean column cursor
    first: int  # the centre column pull's rock
    rock: int  # the rock to collect from
    source: int  # the pending collect's source
    chest_column: int
    offer: int  # the secret objective chosen
    note: str  # what just happened, before the hint
    power_target: Targets | None  # what the move under a cursor acts on

    @property
    def screen(self) -> MoonshellTable: ...

    @property
    def state(self) -> State: ...

    def touch(self) -> None: ...

    def mine(self) -> int | None: ...

    def answering(self) -> bool: ...

    def in_keep(self) -> bool: ...

    def illegal(self, action: Action) -> bool: ...

    def play(self, action: Action, note: str = "") -> bool: ...

    def tell(self, note: str) -> None: ...

    def refresh(self) -> None: ...

    def pulling(self) -> Pull: ...

    def aimed(self) -> Aiming | None: ...

    def drop_aim(self) -> None: ...

    def confirm(self) -> None: ...

    def keep(self) -> None: ...
