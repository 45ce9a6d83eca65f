"""Colour themes, game palettes and stylesheets (read without importing Textual).

In ``tideboard/themes/``:

- ``themes.json``: the Textual themes, an object per theme name.
- ``tideboard.tcss``: what every screen uses, parsed at start.
- ``picker.tcss`` and ``dialogs.tcss``: the picker's and the dialogs' layout.

In a game's screen package, ``tideboard/ui/<game>/`` (so a new game brings its
own and touches nothing outside its packages):

- ``palette.json``: the game's own colours, an object per theme name.
- ``screen.tcss``: the game screen's layout.

Every sheet but the base one is added to the app's stylesheet only when a screen
that uses it is first shown (:func:`named_stylesheet`), so a first frame parses
only what it shows.

Each JSON file's ``"about"`` entry is its note for whoever edits it (JSON has
no comments).  They are JSON, not TOML, because the json module is loaded at
start anyway and importing ``tomllib`` would slow every first frame
(benchmarks/README.md).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_THEME = "tide-dark"


@cache
def _themes_dir() -> Path:
    """``tideboard/themes/``: package data, a plain folder installed or in a checkout
    (read by path: :mod:`importlib.resources` and its zip support would cost the
    first frame)."""
    return Path(__file__).parent.parent / "themes"


def _read_json(path: Path) -> dict[str, Any]:
    """A themes file's tables, without its ``"about"`` note."""
    table = json.loads(path.read_text(encoding="utf-8"))
    table.pop("about", None)
    return table


@cache
def _screen_dir(game_id: str) -> Path | None:
    """``tideboard/ui/<game>/``, the screen package of ``game_id`` (None for a
    name that is no game's: ``picker``, ``dialogs``)."""
    from tideboard.engine.registry import PACKAGES

    package = PACKAGES.get(game_id)
    if package is None:
        return None
    return Path(__file__).parent.parent / "ui" / package.rpartition(".")[2]


@cache
def theme_table() -> dict[str, dict[str, Any]]:
    return _read_json(_themes_dir().joinpath("themes.json"))


def theme_names() -> list[str]:
    return list(theme_table())


@cache
def palette(game_id: str, theme: str) -> dict[str, str]:
    """``game_id``'s colours under ``theme`` (the default theme's if it has none)."""
    folder = _screen_dir(game_id)
    if folder is None:
        raise KeyError(f"no game {game_id!r}")
    table = _read_json(folder / "palette.json")
    return table.get(theme) or table[DEFAULT_THEME]


BASE_STYLESHEET = "tideboard.tcss"


def base_stylesheet() -> str:
    """The stylesheet every screen uses."""
    return _themes_dir().joinpath(BASE_STYLESHEET).read_text(encoding="utf-8")


def named_stylesheet(name: str) -> tuple[str, str] | None:
    """``(css, where)``: ``themes/<name>.tcss`` (``picker``, ``dialogs``) or, for a
    game's id, its screen package's ``screen.tcss``; None if there is none."""
    folder = _screen_dir(name)
    path = folder / "screen.tcss" if folder else _themes_dir().joinpath(f"{name}.tcss")
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except (FileNotFoundError, OSError):
        return None


def stylesheet() -> str:
    """Every stylesheet, the base one first (for tools that want them all)."""
    from tideboard.engine.registry import GAMES

    files = sorted(
        (f for f in _themes_dir().iterdir() if f.name.endswith(".tcss")),
        key=lambda f: (f.name != BASE_STYLESHEET, f.name),
    )
    for game_id in GAMES:
        folder = _screen_dir(game_id)
        if folder is not None and (folder / "screen.tcss").is_file():
            files.append(folder / "screen.tcss")
    return "\n\n".join(f.read_text(encoding="utf-8") for f in files)
