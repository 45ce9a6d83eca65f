"""Moonshell: rotate the ocean, pull shells onto your rocks, fill your treasure chest.

Nothing is imported here, so that ``info.py`` (the game's metadata and options,
read by ``tideboard list`` and the picker) loads without the rules; the game
object is ``game.GAME``.
"""
