"""The game-independent engine: the contract, the registry, bots and matches.

Nothing here imports Textual.
"""

from tideboard.engine.core import (ConfigError, Game, GameConfig, GameInfo,
                                   IllegalAction, NotationError, TideboardError,
                                   seat_label)
from tideboard.engine.rng import Rng

__all__ = ["ConfigError", "Game", "GameConfig", "GameInfo", "IllegalAction",
           "NotationError", "Rng", "TideboardError", "seat_label"]
