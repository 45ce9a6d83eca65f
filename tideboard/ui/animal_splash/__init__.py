"""The Animal Splash screen, one file per thing it draws.

| module | draws |
|---|---|
| ``cards`` | one card in three lines: animal, background, plants, pearls |
| ``grid`` | ``GridBoard``: the 3x3 grid and the twelve diver spots |
| ``tableau`` | ``TableauStrip``: the players' tableaus as rows of cards |
| ``info`` | the side panel (players, missions, the end card) and the end table |
| ``overview`` | the ``o`` window: every tableau, the missions, the end card |
| ``modes`` | ``Turn``: the cursor, the previewed action, what each key and click does |
| ``panels`` | ``TableDrawing``: what is redrawn when, the hints; the end table |
| ``screen`` | ``AnimalSplashScreen``: the widgets, the keys (handed to the turn) |
"""

from tideboard.ui.animal_splash.grid import GridBoard
from tideboard.ui.animal_splash.screen import AnimalSplashScreen
from tideboard.ui.animal_splash.tableau import TableauStrip

GAME_SCREEN = AnimalSplashScreen

__all__ = ["AnimalSplashScreen", "GAME_SCREEN", "GridBoard", "TableauStrip"]
