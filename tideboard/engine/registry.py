"""The games tideboard knows: every package under ``tideboard/games/``, by id.

A game package declares itself in ``info.py`` (its :class:`GameInfo`, plain data
importing only the engine's contract), so ``tideboard list``, the picker and flag
checks never import a game's rules; :func:`load` imports its ``game.py`` (which
holds ``GAME``) when it is played.  A package with an ``info.py`` and no
``game.py`` yet is listed as "coming".  Nothing here names a game: adding one is
adding its package.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import tideboard.games
from tideboard.engine.core import ConfigError, Game, GameInfo


def discover() -> tuple[dict[str, GameInfo], dict[str, str]]:
    """Every game package's ``INFO`` by id (in their ``order``, then by id), and
    the package each id is in."""
    found: list[tuple[GameInfo, str]] = []
    for module in pkgutil.iter_modules(tideboard.games.__path__, "tideboard.games."):
        if module.ispkg and importlib.util.find_spec(module.name + ".info") is not None:
            found.append((importlib.import_module(module.name + ".info").INFO, module.name))
    found.sort(key=lambda pair: (pair[0].order, pair[0].id))
    return {info.id: info for info, _ in found}, {info.id: package for info, package in found}


GAMES, PACKAGES = discover()


def is_available(game_id: str) -> bool:
    """True when the game's rules are built (not just announced by its ``info.py``)."""
    return importlib.util.find_spec(PACKAGES[game_id] + ".game") is not None


def get_info(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ConfigError(f"Unknown game {game_id!r}; choose from: {', '.join(GAMES)}.") from None


def load(game_id: str) -> Game:
    """The :class:`Game` object for ``game_id``; ConfigError if not built yet."""
    info = get_info(game_id)
    if not is_available(game_id):
        raise ConfigError(
            f"{info.name} is coming soon; playable now: "
            f"{', '.join(g for g in GAMES if is_available(g))}."
        )
    return importlib.import_module(PACKAGES[game_id] + ".game").GAME
