"""Colours: a game's palette for the active theme, theme colours, readable ink."""

from __future__ import annotations

from typing import Any

from tideboard.files.themes import DEFAULT_THEME, palette


def game_colours(app: Any, game_id: str) -> dict[str, str]:
    """``game_id``'s palette (tideboard/ui/GAME/palette.json) for the app's theme."""
    return palette(game_id, getattr(app, "theme", DEFAULT_THEME))


def theme_colour(app: Any, name: str, default: str) -> str:
    """A colour of the active Textual theme ('accent', 'success', ...)."""
    return app.theme_variables.get(name, default)


def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def ink_for(hex_colour: str) -> str:
    """Black or white text, whichever reads better on ``hex_colour``."""
    return "#000000" if luminance(hex_colour) > 140 else "#ffffff"
