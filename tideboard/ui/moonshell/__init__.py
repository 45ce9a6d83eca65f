"""The Moonshell screen, one file per thing it draws or does.

``MoonshellScreen`` (``screen``) is one :class:`~tideboard.ui.shared.GameScreen` subclass:
its widgets and keys.  What a key or click does on your turn is its ``Turn``'s (``modes``,
``moves``, ``aim_mode``); what it draws, its ``TableDrawing``'s (``panels``); the rest
are functions and widgets.

| module | draws or does |
|---|---|
| ``tiles`` | tile glyphs, colours and labels, card patterns and words, what a tile fits |
| ``ocean`` | ``OceanBoard``: the 5x5 ocean and the rocks, turned to the viewer (2 sizes) |
| ``chest`` | ``ChestView`` (your chest, a collect's landing space), small chests |
| ``cards`` | ``OfferStrip`` (secret offers), the objectives window (key o) |
| ``choice`` | ``ChoiceWindow``: a list of moves (loaded when first opened) |
| ``journal`` | the log in the reader's frame (a pull's column or row as the board shows it) |
| ``sidebar`` | the side panels' text (``Side``: what they depend on) |
| ``fitting`` | how the side panel shares its height so that the log keeps some lines |
| ``panels`` | ``TableDrawing``: refresh_table (board, chest, offers, side, title), the hint |
| ``previews`` | what a pull or collect would do, said before Enter |
| ``modes`` | ``Turn``: the input mode (pull, rock, chest, aim) and its cursors, which keys apply |
| ``moves`` | the pull, the collect, the moonshell, rotating, passing; clicks |
| ``picks`` | ``Aim``: a power's moves as places to point at, the cursor among them, words |
| ``aim_mode`` | ``w``: ``AimMode`` (a power aimed on the table) or the window of its moves |
| ``mermaids`` | mermaid powers, events and the mermaid lines in words |
| ``targets`` | ``power_targets``: what a power move acts on, lit while the w window's cursor is on it |
| ``ending`` | the end table, the secrets revealed, ``tiebreak_text`` |
| ``table`` | ``MoonshellTable``, ``MoonshellTurn``: the screen as its turn and drawing see it, the turn as ``moves`` and ``aim_mode`` see it (Protocols) |
| ``screen`` | ``MoonshellScreen``: widgets, bindings, which keys apply, clicks |
"""

from tideboard.ui.moonshell.cards import OfferStrip
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.ending import tiebreak_text
from tideboard.ui.moonshell.ocean import CELL_H, CELL_W, GUTTER, ROCK_Y, OceanBoard
from tideboard.ui.moonshell.screen import MoonshellScreen

GAME_SCREEN = MoonshellScreen

__all__ = [
    "CELL_H",
    "CELL_W",
    "GAME_SCREEN",
    "GUTTER",
    "ROCK_Y",
    "ChestView",
    "MoonshellScreen",
    "OceanBoard",
    "OfferStrip",
    "tiebreak_text",
]
