"""Colour themes, game palettes and stylesheets from ``themes/`` (read
without importing Textual).

- ``themes.toml``: the Textual themes, a table per theme name.
- ``palettes/GAME-ID.toml``: a game's own colours, a table per theme name.
- ``*.tcss``: the app's stylesheets; every file is loaded, ``tideboard.tcss``
  first, so a game's screen can keep its layout in a file of its own.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_THEME = "tide-dark"


def _themes_dir() -> Any:
    return resources.files("tideboard.themes")


@cache
def theme_table() -> dict[str, dict[str, Any]]:
    return tomllib.loads(_themes_dir().joinpath("themes.toml").read_text(encoding="utf-8"))


def theme_names() -> list[str]:
    return list(theme_table())


@cache
def palette(game_id: str, theme: str) -> dict[str, str]:
    """``game_id``'s colours under ``theme`` (the default theme's if it has none)."""
    path = _themes_dir().joinpath("palettes", f"{game_id}.toml")
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    return table.get(theme) or table[DEFAULT_THEME]


def stylesheet() -> str:
    files = sorted((f for f in _themes_dir().iterdir() if f.name.endswith(".tcss")),
                   key=lambda f: (f.name != "tideboard.tcss", f.name))
    return "\n\n".join(f.read_text(encoding="utf-8") for f in files)
