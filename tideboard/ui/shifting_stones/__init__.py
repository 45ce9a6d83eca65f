"""The Shifting Stones screen, one file per thing it draws.

| module | draws |
|---|---|
| ``stone_grid`` | ``StoneGrid``: the nine stones, the cursor, a previewed move |
| ``hand`` | ``HandStrip``, the pattern cards, ``CardRows`` (the scored/discard view) |
| ``modes`` | ``Turn``: the cursor, the picked card, a shift or flip previewed |
| ``panels`` | ``TableDrawing``: what is redrawn when (state change, cursor move, card pick), hints |
| ``table`` | the players' table beside the grid and the end table, from a state |
| ``screen`` | ``ShiftingStonesScreen``: the widgets; keys and clicks turned into actions |
"""

from tideboard.games.shifting_stones.content import LETTERS
from tideboard.ui.shifting_stones.hand import GUTTER, CardRows, HandStrip
from tideboard.ui.shifting_stones.panels import pack
from tideboard.ui.shifting_stones.screen import ShiftingStonesScreen
from tideboard.ui.shifting_stones.stone_grid import StoneGrid

GAME_SCREEN = ShiftingStonesScreen

__all__ = [
    "GAME_SCREEN",
    "GUTTER",
    "LETTERS",
    "CardRows",
    "HandStrip",
    "ShiftingStonesScreen",
    "StoneGrid",
    "pack",
]
