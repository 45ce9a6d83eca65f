"""The Mermaid Rain screen, one file per thing it draws.

| module | draws |
|---|---|
| ``sea`` | ``HexBoard``: the sea in offset rows, tiles, mermaids, treasures, the cursor |
| ``legend`` | the sea's legend: each mark on the sea now, drawn as there and named |
| ``modes`` | ``Picks``: what the keys have picked, the action Enter takes, the hints |
| ``panels`` | ``TableDrawing``: the side table, your hand, what is redrawn when; the end table |
| ``screen`` | ``MermaidRainScreen``: the widgets, keys and clicks turned into actions |
"""

from tideboard.ui.mermaid_rain.screen import MermaidRainScreen
from tideboard.ui.mermaid_rain.sea import HexBoard

GAME_SCREEN = MermaidRainScreen

__all__ = ["GAME_SCREEN", "HexBoard", "MermaidRainScreen"]
