"""Which game has a screen, and its class: ``tideboard.ui.<game package>.GAME_SCREEN``.

The app and the picker both ask here, so neither imports the other.  A game's
screen is found by its package's name (``tideboard/games/moonshell`` ->
``tideboard/ui/moonshell``), so no table here names the games either.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from tideboard.engine import registry


def screen_module(game_id: str) -> str:
    """A game's screen lives in the package ``tideboard/ui/<game package>/`` as ``GAME_SCREEN``."""
    return "tideboard.ui." + registry.PACKAGES[game_id].rpartition(".")[2]


def has_screen(game_id: str) -> bool:
    return (
        registry.is_available(game_id)
        and importlib.util.find_spec(screen_module(game_id)) is not None
    )


def screen_class(game_id: str) -> Any:
    return importlib.import_module(screen_module(game_id)).GAME_SCREEN
