"""The game-independent engine: the contract, the registry, bots and matches.

Nothing here imports Textual.
"""

from tideboard.engine.core import (ConfigError, Game, GameConfig, GameInfo,
                                   IllegalAction, NotationError, TideboardError,
                                   seat_label)
from tideboard.engine.rng import Rng
from tideboard.engine.seeds import new_seed

__all__ = ["ConfigError", "Game", "GameConfig", "GameInfo", "IllegalAction",
           "NotationError", "Rng", "TideboardError", "new_seed", "seat_label"]
