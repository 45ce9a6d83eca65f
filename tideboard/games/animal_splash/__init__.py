"""Animal Splash: dive around the grid, collect sea animals, score pearls and missions.

Nothing is imported here, so that ``info.py`` (the game's metadata and options,
read by ``tideboard list`` and the picker) loads without the rules; the game
object is ``game.GAME``.
"""
