"""The Moonshell screen, one file per thing it draws.

| module | draws or does |
|---|---|
| ``tiles`` | tile glyphs, colours and labels, card patterns, what a tile fits |
| ``board`` | ``OceanBoard``: the 5x5 ocean and the rocks, turned to the viewer |
| ``chest`` | ``ChestView`` (your chest, a collect's landing space), small chests |
| ``cards`` | ``OfferStrip`` (secret offers), ``ObjectivesScreen`` (key o) |
| ``panels`` | ``MoonshellTable``: refresh_table, the side panels, the hint line |
| ``previews`` | ``MoonshellPreviews``: what a pull or collect would do, said before Enter |
| ``modes`` | ``MoonshellModes``: the pull / rock / chest input modes |
| ``ending`` | ``tiebreak_text``: why the winner won |
| ``screen`` | ``MoonshellScreen``: bindings, the other actions, clicks, the end table |
"""

from tideboard.ui.moonshell.board import CELL_H, CELL_W, GUTTER, ROCK_Y, OceanBoard
from tideboard.ui.moonshell.cards import ObjectivesScreen, OfferStrip
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.ending import tiebreak_text
from tideboard.ui.moonshell.screen import MoonshellScreen

GAME_SCREEN = MoonshellScreen

__all__ = ["CELL_H", "CELL_W", "GAME_SCREEN", "GUTTER", "ROCK_Y", "ChestView", "MoonshellScreen",
           "ObjectivesScreen", "OceanBoard", "OfferStrip", "tiebreak_text"]
