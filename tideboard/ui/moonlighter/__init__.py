"""The Moonlighter screen, one file per thing it draws.

| module | draws |
|---|---|
| ``dungeon_map`` | ``DungeonMap`` (the rooms around you, open sides) and the whole-map view |
| ``dice`` | ``DiceBox``: the dice panel, its tumble and highlight |
| ``panels`` | your counters, the hint line, the end table (functions of the state) |
| ``moments`` | ``MomentScreen``: a death, a beaten boss, the next dungeon, until a key |
| ``log`` | ``MoonlighterLog``: the game log, drawn without keeping every line drawn |
| ``screen`` | ``MoonlighterScreen``: the widgets, their redraws, keys and clicks turned into actions |
"""

from tideboard.ui.moonlighter.dice import DiceBox
from tideboard.ui.moonlighter.dungeon_map import CELL_H, CELL_W, DungeonMap, fit_axis
from tideboard.ui.moonlighter.screen import MoonlighterScreen

GAME_SCREEN = MoonlighterScreen

__all__ = [
    "CELL_H",
    "CELL_W",
    "GAME_SCREEN",
    "DiceBox",
    "DungeonMap",
    "MoonlighterScreen",
    "fit_axis",
]
