"""The Mermaid Rain screen, one file per thing it draws.

| module | draws |
|---|---|
| ``sea`` | ``HexBoard``: the sea in offset rows, tiles, mermaids, treasures, the cursor |
| ``modes`` | ``RainModes``: what the keys have picked and the action Enter takes |
| ``panels`` | ``RainTable``: the side table, your hand, the hints, the end table |
| ``screen`` | ``MermaidRainScreen``: keys and clicks turned into actions |
"""

from tideboard.ui.mermaid_rain.screen import MermaidRainScreen
from tideboard.ui.mermaid_rain.sea import HexBoard

GAME_SCREEN = MermaidRainScreen

__all__ = ["GAME_SCREEN", "HexBoard", "MermaidRainScreen"]
