"""The Moonshell screen, one file per thing it draws.

| module | draws or does |
|---|---|
| ``tiles`` | tile glyphs, colours and labels, card patterns and words, what a tile fits |
| ``board`` | ``OceanBoard``: the 5x5 ocean and the rocks, turned to the viewer (2 sizes) |
| ``chest`` | ``ChestView`` (your chest, a collect's landing space), small chests |
| ``cards`` | ``OfferStrip`` (secret offers), the objective cards (key o) |
| ``choice`` | ``ChoiceWindow``: a list of moves (loaded when first opened) |
| ``journal`` | the log in the reader's frame (a pull's column or row as the board shows it) |
| ``sidebar`` | ``MoonshellSidebar``: whose view, the side panels' text |
| ``panels`` | ``MoonshellTable``: refresh_table, the log, the hint line |
| ``previews`` | ``MoonshellPreviews``: what a pull or collect would do, said before Enter |
| ``modes`` | ``MoonshellModes``: which keys apply now, the pull / rock / chest input modes |
| ``mermaids`` | ``MermaidKeys``: the w window (mermaids, powers, events), the mermaid lines |
| ``targets`` | ``power_targets``: what a power move acts on, lit while the w window's cursor is on it |
| ``ending`` | ``MoonshellEnding``: the end table, the secrets revealed, ``tiebreak_text`` |
| ``screen`` | ``MoonshellScreen``: bindings, the other actions, clicks, the objectives view |
"""

from tideboard.ui.moonshell.board import CELL_H, CELL_W, GUTTER, ROCK_Y, OceanBoard
from tideboard.ui.moonshell.cards import OfferStrip
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.ending import tiebreak_text
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
