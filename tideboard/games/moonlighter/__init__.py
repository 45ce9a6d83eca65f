"""Moonlighter: roll dice to build and clear a dungeon, room by room (one player).

Nothing is imported here, so that ``info.py`` (the game's metadata and options,
read by ``tideboard list`` and the picker) loads without the rules; the game
object is ``game.GAME``.
"""
