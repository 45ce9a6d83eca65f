"""The game-independent engine: the contract, the registry, bots and matches.

Nothing here imports Textual.  The names below are loaded on first use, so
``from tideboard.engine import registry`` (``tideboard list``, flag checks)
imports only what the registry needs, not the generator or the seed source.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "ConfigError": "core",
    "Game": "core",
    "GameConfig": "core",
    "GameInfo": "core",
    "IllegalAction": "core",
    "NotationError": "core",
    "TideboardError": "core",
    "seat_label": "core",
    "Rng": "rng",
    "new_seed": "seeds",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tideboard.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tideboard.engine.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
