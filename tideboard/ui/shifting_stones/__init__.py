"""The Shifting Stones screen, one file per thing it draws.

| module | draws |
|---|---|
| ``board`` | ``StoneGrid``: the nine stones, the cursor, a previewed move |
| ``hand`` | ``HandStrip`` and the pattern cards (also the scored/discard view) |
| ``panels`` | ``StonesTable``: the players' table, the hint line, the end table |
| ``screen`` | ``ShiftingStonesScreen``: keys and clicks turned into actions |
"""

from tideboard.games.shifting_stones.content import LETTERS
from tideboard.ui.shifting_stones.board import StoneGrid
from tideboard.ui.shifting_stones.hand import GUTTER, HandStrip
from tideboard.ui.shifting_stones.panels import pack
from tideboard.ui.shifting_stones.screen import ShiftingStonesScreen

GAME_SCREEN = ShiftingStonesScreen

__all__ = ["GAME_SCREEN", "GUTTER", "LETTERS", "HandStrip", "ShiftingStonesScreen", "StoneGrid",
           "pack"]
