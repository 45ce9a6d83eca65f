"""Mermaid Rain: meld cards at once, lay surf tiles, ride to the treasures.

Nothing is imported here, so that ``info.py`` (the game's metadata and options,
read by ``tideboard list`` and the picker) loads without the rules; the game
object is ``game.GAME``.
"""
