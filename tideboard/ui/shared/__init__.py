"""What every game screen is built from.

| module | holds |
|---|---|
| ``game_screen`` | ``GameScreen``: a match on screen, its log, status line, keys and end |
| ``control`` | ``Control``: what a game screen's requests do (the base of the three below) |
| ``local_game`` | ``LocalGame``: a match on this machine: bots, hand-over screen, saving |
| ``saving`` | ``save_match``: a local game's match into the game store, failures shown |
| ``replay`` | ``Replay``, ``replay_screen``: a game's screen stepping through a stored game |
| ``canvas`` | ``Canvas`` (styled characters), ``side_by_side``, ``grid_of``, frames |
| ``cells`` | ``CellClicked(widget, key)``: the one message a clickable board posts |
| ``cell_grid`` | ``CellGrid``: a canvas widget repainting only the cells that changed; ``set_static`` |
| ``colours`` | ``game_colours`` (the game's palette), ``theme_colour``, ``ink_for`` |
| ``status`` | ``StatusLine``, where ``GameScreen.say`` writes |
| ``log`` | ``GameLog`` |
| ``overviews`` | ``BlocksScreen``: a scrolling window of titled blocks |
| ``modals`` | ``Window`` (closes only itself, once): hand-over, confirm, help, end |
| ``markdown_page`` | ``MarkdownPage``: help's Markdown, drawn once a width for the process |
| ``windows`` | ``Windows``: a game screen opens the windows through it (``ask``...) |
| ``words`` | ``plural``: "1 point", "2 points" |

The window classes (``modals``, ``overviews``) are loaded when first used
(``Windows``, or a name below asked for), not with the game screens: a first
frame shows none of them.
"""

from __future__ import annotations

import importlib
from typing import Any

from tideboard.ui.shared.canvas import (
    ROUNDED,
    Canvas,
    border_line,
    card_frame,
    grid_of,
    side_by_side,
)
from tideboard.ui.shared.cells import CellClicked
from tideboard.ui.shared.colours import game_colours, ink_for, luminance, theme_colour
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.status import StatusLine
from tideboard.ui.shared.words import plural

_WINDOWS = {
    "BlocksScreen": "overviews",
    "ConfirmScreen": "modals",
    "EndScreen": "modals",
    "HelpScreen": "modals",
    "PrivacyScreen": "modals",
    "Window": "modals",
}


def __getattr__(name: str) -> Any:
    module = _WINDOWS.get(name)
    if module is None:
        raise AttributeError(f"module 'tideboard.ui.shared' has no attribute {name!r}")
    return getattr(importlib.import_module(f"tideboard.ui.shared.{module}"), name)


__all__ = [
    "ROUNDED",
    "BlocksScreen",
    "Canvas",
    "CellClicked",
    "ConfirmScreen",
    "EndScreen",
    "GameLog",
    "GameScreen",
    "HelpScreen",
    "PrivacyScreen",
    "StatusLine",
    "Window",
    "border_line",
    "card_frame",
    "game_colours",
    "grid_of",
    "ink_for",
    "luminance",
    "plural",
    "side_by_side",
    "theme_colour",
]
